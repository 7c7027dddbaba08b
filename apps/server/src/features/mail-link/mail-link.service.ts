// Linking a mail account (issue 13, decision 40): `GMAIL_ACCOUNT` is an address of a mail provider a
// person proves theirs before it is linked; an address is linked to one person at most.
import { and, eq, ne, sql } from 'drizzle-orm';
import { MAIL_LINK_CODE_TTL_SECONDS, SIGN_CODE_RESEND_SECONDS, type MailLink, type MailLinkCodeSent } from '@portal/contract';
import type { Executor } from '../../db/client';
import { mailLinkCodes, mailLinks } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { maskEmail } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { mailPerson } from '../../lib/mail';
import { isUniqueViolation } from '../../lib/sql';
import { take, type WindowLimit } from '../../lib/throttle';
import { codeProof, sendLinkCode, type MailProof } from './mail-proof';

/**
 * The limits of asking for a linking code, per person (decision 23's counters): one code a minute,
 * five mails an hour, and twenty requests an hour in all, so that the answer "in use" cannot be
 * used to sweep addresses.
 */
export const MAIL_LINK_LIMITS = {
  spacing: { limit: 1, windowSeconds: SIGN_CODE_RESEND_SECONDS },
  mailsPerHour: { limit: 5, windowSeconds: 3600 },
  requestsPerHour: { limit: 20, windowSeconds: 3600 },
} as const satisfies Record<string, WindowLimit>;

const toMailLink = (row: typeof mailLinks.$inferSelect): MailLink => ({
  GMAIL_ACCOUNT: row.address,
  PROVIDER: row.provider,
  LINKED_AT: row.linkedAt.toISOString(),
});

/** Whether someone other than the person holds the address (case-insensitive, as mail_links_address_uq). */
async function linkedToSomeoneElse(exec: Executor, personId: number, address: string): Promise<boolean> {
  const [other] = await exec
    .select({ personId: mailLinks.personId })
    .from(mailLinks)
    .where(and(sql`lower(${mailLinks.address}) = ${address.toLowerCase()}`, ne(mailLinks.personId, personId)))
    .limit(1);
  return Boolean(other);
}

/** `GET /students/gmail-account`: the person's linked address, its provider and date; null when none. */
export async function mailLinkOf(ctx: ServiceContext, input: { personId: number }): Promise<MailLink | null> {
  const [row] = await ctx.db.select().from(mailLinks).where(eq(mailLinks.personId, input.personId));
  return row ? toMailLink(row) : null;
}

/**
 * `POST /students/gmail-account`: mails a code to the address, which links it once typed back. An
 * address linked to someone else is refused at once (409 MAIL_ACCOUNT_IN_USE, nothing about whom),
 * and nothing is mailed to it.
 */
export async function requestMailLinkCode(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; address: string }): Promise<MailLinkCodeSent> {
  const { actor, meta, address } = input;
  const subject = `p:${actor.id}`;
  await take(ctx, `mail-link-ask:${subject}`, MAIL_LINK_LIMITS.requestsPerHour, 'TOO_MANY_REQUESTS');
  if (await linkedToSomeoneElse(ctx.db, actor.id, address)) {
    await audit(ctx.db, { at: ctx.clock.now(), actorId: actor.id, action: 'mail-link.refused-in-use', targetType: 'person', targetId: actor.id, ip: meta.ip });
    throw new AppError('MAIL_ACCOUNT_IN_USE');
  }
  await take(ctx, `mail-link-1m:${subject}`, MAIL_LINK_LIMITS.spacing, 'RESEND_TOO_SOON');
  await take(ctx, `mail-link:${subject}`, MAIL_LINK_LIMITS.mailsPerHour, 'MAIL_RATE_LIMITED');
  await sendLinkCode(ctx, { personId: actor.id, address, meta });
  return {
    message: 'Mail send successfully',
    GMAIL_ACCOUNT: address,
    expiresIn: MAIL_LINK_CODE_TTL_SECONDS,
    resendAfter: MAIL_LINK_LIMITS.spacing.windowSeconds,
  };
}

/**
 * Links the address a proof stands for to the person, replacing the one they had: the proof is
 * checked, then used up and the link written in one transaction. mail_links_address_uq decides
 * between two people proving the same address at once: the second gets 409 MAIL_ACCOUNT_IN_USE.
 * The person is told at their account's address, in case it was not them.
 */
export async function linkProvenAddress<Evidence>(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta; proof: MailProof<Evidence>; evidence: Evidence },
): Promise<MailLink> {
  const { actor, meta, proof, evidence } = input;
  const address = await proof.check(ctx, { personId: actor.id, evidence, meta });
  if (await linkedToSomeoneElse(ctx.db, actor.id, address)) throw new AppError('MAIL_ACCOUNT_IN_USE');
  const now = ctx.clock.now();
  try {
    const link = await ctx.db.transaction(async (tx) => {
      if (!(await proof.useUp(tx, { personId: actor.id, evidence }))) throw new AppError('MAIL_LINK_CODE_EXPIRED');
      const [earlier] = await tx.select({ address: mailLinks.address }).from(mailLinks).where(eq(mailLinks.personId, actor.id)).for('update');
      const values = { address, provider: proof.provider, linkedAt: now };
      const [row] = await tx
        .insert(mailLinks)
        .values({ personId: actor.id, ...values })
        .onConflictDoUpdate({ target: mailLinks.personId, set: values })
        .returning();
      await audit(tx, {
        at: now,
        actorId: actor.id,
        action: 'mail-link.linked',
        targetType: 'person',
        targetId: actor.id,
        ip: meta.ip,
        details: { provider: proof.provider, address: maskEmail(address), ...(earlier ? { replaced: maskEmail(earlier.address) } : {}) },
      });
      await mailPerson(ctx.mailer, tx, { personId: actor.id, kind: 'mail-link-linked', key: 'mailLinked', vars: () => ({ address: maskEmail(address) }) });
      return row!;
    });
    ctx.mailer.kick();
    return toMailLink(link);
  } catch (error) {
    if (isUniqueViolation(error)) {
      await audit(ctx.db, {
        at: ctx.clock.now(),
        actorId: actor.id,
        action: 'mail-link.refused-in-use',
        targetType: 'person',
        targetId: actor.id,
        ip: meta.ip,
      });
      throw new AppError('MAIL_ACCOUNT_IN_USE');
    }
    throw error;
  }
}

/** `POST /students/gmail-account/confirm`: the mailed code links its address. */
export const confirmMailLinkCode = (ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; code: string }): Promise<MailLink> =>
  linkProvenAddress(ctx, { actor: input.actor, meta: input.meta, proof: codeProof, evidence: { CODE: input.code } });

/** `DELETE /students/gmail-account`: unlinks the person's address, and drops a pending code; nothing when there is none. */
export async function unlinkMailAccount(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta }): Promise<void> {
  const { actor, meta } = input;
  await ctx.db.transaction(async (tx) => {
    await tx.delete(mailLinkCodes).where(eq(mailLinkCodes.personId, actor.id));
    const [removed] = await tx.delete(mailLinks).where(eq(mailLinks.personId, actor.id)).returning();
    if (removed) {
      await audit(tx, {
        at: ctx.clock.now(),
        actorId: actor.id,
        action: 'mail-link.unlinked',
        targetType: 'person',
        targetId: actor.id,
        ip: meta.ip,
        details: { provider: removed.provider, address: maskEmail(removed.address) },
      });
    }
  });
}
