// How a person proves they hold a mail address before it is linked to them (decision 40). One way
// today, a code mailed to the address (codeProof); a Google or Microsoft sign-in (OpenID Connect: an
// id_token whose verified e-mail is the address) is another implementation of the same interface,
// recorded as its own provider, and links through the same linkProvenAddress.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { MAIL_LINK_CODE_MAX_ATTEMPTS, MAIL_LINK_CODE_TTL_SECONDS, type MailLinkProvider } from '@portal/contract';
import type { Executor } from '../../db/client';
import { mailLinkCodes, persons } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { RequestMeta, ServiceContext } from '../../lib/context';
import { hashCode, maskEmail, randomCode, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { composeMail } from '../../lib/mail';
import { languageOfPerson } from '../../lib/person-record';

/**
 * A way of proving that the signed-in person holds an address. Linking asks the proof twice:
 * - `check`, outside any transaction (a failed try must stay counted): the address the evidence
 *   proves, or a typed error (wrong, expired, too many tries);
 * - `useUp`, inside the transaction that links: spends what proved it, so that it proves once
 *   (a code is deleted; an id_token's identifier would be recorded against replay). False when it
 *   was spent or replaced in the meantime.
 */
export interface MailProof<Evidence> {
  readonly provider: MailLinkProvider;
  check(ctx: ServiceContext, input: { personId: number; evidence: Evidence; meta: RequestMeta }): Promise<string>;
  useUp(tx: Executor, input: { personId: number; evidence: Evidence }): Promise<boolean>;
}

/** A code is stored salted with its person and address: the same code for two people never shares a hash. */
const codeHashOf = (personId: number, address: string, code: string) => hashCode(`mail-link:${personId}:${address.toLowerCase()}`, code);

const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/**
 * Mails a new 6-digit code to the address, replacing any pending one of the person (one pending
 * proof a person): valid MAIL_LINK_CODE_TTL_SECONDS, MAIL_LINK_CODE_MAX_ATTEMPTS tries. The code is
 * stored as its SHA-256 and goes nowhere but the mail (neither the log nor the audit).
 */
export async function sendLinkCode(ctx: ServiceContext, input: { personId: number; address: string; meta: RequestMeta }): Promise<void> {
  const { personId, address, meta } = input;
  const code = randomCode();
  const now = ctx.clock.now();
  const values = { address, codeHash: codeHashOf(personId, address, code), expiresAt: plus(now, MAIL_LINK_CODE_TTL_SECONDS), failures: 0, sentAt: now };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(mailLinkCodes)
      .values({ personId, ...values })
      .onConflictDoUpdate({ target: mailLinkCodes.personId, set: values });
    const [person] = await tx.select({ FIRSTNAME: persons.FIRSTNAME, LASTNAME: persons.LASTNAME }).from(persons).where(eq(persons.id, personId));
    const lang = await languageOfPerson(tx, personId);
    await ctx.mailer.enqueue(
      tx,
      composeMail(lang, {
        to: address,
        name: `${person!.FIRSTNAME} ${person!.LASTNAME}`,
        kind: 'mail-link-code',
        key: 'mailLinkCode',
        vars: { code, minutes: MAIL_LINK_CODE_TTL_SECONDS / 60 },
      }),
    );
    await audit(tx, {
      at: now,
      actorId: personId,
      action: 'mail-link.code-sent',
      targetType: 'person',
      targetId: personId,
      ip: meta.ip,
      details: { address: maskEmail(address) },
    });
  });
  ctx.mailer.kick();
}

/**
 * The mailed code. A check first takes one of the code's tries, in one statement (so concurrent
 * guesses never pass MAIL_LINK_CODE_MAX_ATTEMPTS), then compares; a right code's try is spent too,
 * as the code is used up when the address is linked.
 */
export const codeProof: MailProof<{ CODE: string }> = {
  provider: 'CODE',

  async check(ctx, { personId, evidence, meta }) {
    const now = ctx.clock.now();
    const [reserved] = await ctx.db
      .update(mailLinkCodes)
      .set({ failures: sql`${mailLinkCodes.failures} + 1` })
      .where(and(eq(mailLinkCodes.personId, personId), lt(mailLinkCodes.failures, MAIL_LINK_CODE_MAX_ATTEMPTS), gt(mailLinkCodes.expiresAt, now)))
      .returning();
    if (!reserved) {
      const [pending] = await ctx.db
        .select({ failures: mailLinkCodes.failures, expiresAt: mailLinkCodes.expiresAt })
        .from(mailLinkCodes)
        .where(eq(mailLinkCodes.personId, personId));
      if (pending && pending.expiresAt > now && pending.failures >= MAIL_LINK_CODE_MAX_ATTEMPTS) throw new AppError('MAIL_LINK_CODE_ATTEMPTS_EXCEEDED');
      throw new AppError('MAIL_LINK_CODE_EXPIRED');
    }
    if (!safeEqual(reserved.codeHash, codeHashOf(personId, reserved.address, evidence.CODE))) {
      await audit(ctx.db, {
        at: now,
        actorId: personId,
        action: 'mail-link.code-failed',
        targetType: 'person',
        targetId: personId,
        ip: meta.ip,
        details: { failures: reserved.failures },
      });
      if (reserved.failures >= MAIL_LINK_CODE_MAX_ATTEMPTS) throw new AppError('MAIL_LINK_CODE_ATTEMPTS_EXCEEDED');
      throw new AppError('CODE_INCORRECT', { fields: { CODE: 'validation.codeIncorrect' } });
    }
    return reserved.address;
  },

  async useUp(tx, { personId, evidence }) {
    const [pending] = await tx.select({ address: mailLinkCodes.address }).from(mailLinkCodes).where(eq(mailLinkCodes.personId, personId));
    if (!pending) return false;
    const spent = await tx
      .delete(mailLinkCodes)
      .where(and(eq(mailLinkCodes.personId, personId), eq(mailLinkCodes.codeHash, codeHashOf(personId, pending.address, evidence.CODE))))
      .returning({ personId: mailLinkCodes.personId });
    return spent.length > 0;
  },
};
