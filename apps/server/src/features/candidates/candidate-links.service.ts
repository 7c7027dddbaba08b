// The links that open a candidate's file (decision 42): candidates have no password. A link is
// mailed on registration, on a repeated registration and on `POST /candidate/auth-email`; it is
// single use, valid CANDIDATE_LINK_TTL_SECONDS, and a newer one voids the older ones. The token
// travels in the link's fragment (never in a server log) and is stored only as its SHA-256.
import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  CANDIDATE_AUTH_EMAIL_MESSAGE,
  CANDIDATE_CODE_TRIES,
  CANDIDATE_CODE_TTL_SECONDS,
  CANDIDATE_LINK_SPACING_SECONDS,
  CANDIDATE_LINK_TTL_SECONDS,
  formatFcfa,
  isoToDmy,
  type CandidateAuthEmailAnswer,
  type CandidateFile,
} from '@portal/contract';
import type { Executor } from '../../db/client';
import { candidateLinks, candidates, entrances } from '../../db/schema';
import { openCandidateSession } from '../../lib/candidate-session';
import type { ServiceContext } from '../../lib/context';
import { hashCode, hashToken, randomCode, randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { composeMail, type OutgoingMail } from '../../lib/mail';
import { consume, MAIL_LIMITS, take } from '../../lib/throttle';
import { candidateFile, ownDocumentUrl } from './candidate-file.service';

/**
 * The limits of mailing links (decision 23's counters): one mail a minute and five an hour per
 * address (each mail of a repeated registration carries a new code: decision 65), and a generous
 * ceiling per client address; the tries of a mailed code, per registration sent and per client address.
 */
export const CANDIDATE_LINK_LIMITS = {
  perAddress: { limit: 1, windowSeconds: CANDIDATE_LINK_SPACING_SECONDS },
  perAddressHour: MAIL_LIMITS.linkPerSubject,
  perIp: MAIL_LIMITS.perAddress,
  codeTries: { limit: CANDIDATE_CODE_TRIES, windowSeconds: CANDIDATE_CODE_TTL_SECONDS },
  codeTriesPerIp: MAIL_LIMITS.perAddress,
} as const;

const HOURS = CANDIDATE_LINK_TTL_SECONDS / 3600;
const CODE_MINUTES = CANDIDATE_CODE_TTL_SECONDS / 60;

/** The throttle's key of an address: its hash, so that the counters hold no address. */
const addressKey = (email: string) => `candidate-link:${hashToken(email.trim().toLowerCase())}`;

/** The page that opens a file from a link: the token in the fragment, which the page posts to `POST /candidate/auth-link`. */
export const candidateLinkUrl = (ctx: ServiceContext, token: string): string => `${ctx.config.publicUrl}/candidate/open#token=${token}`;

/** The columns of a new link's row (`newCandidateLink`), for a statement built once (placeholdersOf). */
export const CANDIDATE_LINK_ROW_KEYS = [
  'tokenHash',
  'candidateId',
  'createdAt',
  'expiresAt',
] as const satisfies readonly (keyof typeof candidateLinks.$inferInsert)[];

/** A new link to a candidate's file: its token (answered once, stored hashed) and the row that keeps its hash. */
export function newCandidateLink(
  ctx: ServiceContext,
  candidateId: number,
): { token: string; row: Required<Pick<typeof candidateLinks.$inferInsert, (typeof CANDIDATE_LINK_ROW_KEYS)[number]>> } {
  const token = randomToken();
  const now = ctx.clock.now();
  return { token, row: { tokenHash: hashToken(token), candidateId, createdAt: now, expiresAt: new Date(now.getTime() + CANDIDATE_LINK_TTL_SECONDS * 1000) } };
}

/**
 * The proof a registration mails (decision 65): a code, and the row that keeps it as one more way into
 * the file, a candidate link whose token is the code salted with the registration's attempt (the
 * cookie of the browser that sent it), valid CANDIDATE_CODE_TTL_SECONDS. Without the attempt the
 * code opens nothing; with it, CANDIDATE_CODE_TRIES tries.
 */
export function newCandidateProof(
  ctx: ServiceContext,
  input: { candidateId: number; attempt: string },
): { code: string; row: Required<Pick<typeof candidateLinks.$inferInsert, (typeof CANDIDATE_LINK_ROW_KEYS)[number]>> } {
  const code = randomCode();
  const now = ctx.clock.now();
  return {
    code,
    row: {
      tokenHash: hashCode(hashToken(input.attempt), code),
      candidateId: input.candidateId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CANDIDATE_CODE_TTL_SECONDS * 1000),
    },
  };
}

/** A new link to a candidate's file, written: its token. The candidate's older links are voided. */
export async function createCandidateLink(ctx: ServiceContext, exec: Executor, candidateId: number): Promise<string> {
  const { token, row } = newCandidateLink(ctx, candidateId);
  await exec.delete(candidateLinks).where(and(eq(candidateLinks.candidateId, candidateId), ne(candidateLinks.tokenHash, row.tokenHash)));
  await exec.insert(candidateLinks).values(row);
  return token;
}

/** What a mail says of a registration: only what the university wrote and the number, never what was typed (decision 65). */
async function registrationsForMail(exec: Executor, where: SQL) {
  return exec
    .select({
      id: candidates.id,
      email: candidates.EMAIL,
      number: candidates.CANDIDATE_NUMBER,
      language: candidates.language,
      entrance: entrances.name,
      school: entrances.schoolName,
      year: entrances.yearName,
      fee: entrances.amount,
      deadline: entrances.registrationLimitDate,
    })
    .from(candidates)
    .innerJoin(entrances, eq(entrances.id, candidates.entranceId))
    .where(where)
    .orderBy(desc(candidates.createdAt), desc(candidates.id));
}
/** What a mail names of a registration (a new one's, from what it writes). */
export type RegistrationForMail = Awaited<ReturnType<typeof registrationsForMail>>[number];

const langOf = (row: RegistrationForMail): Lang => (row.language === 'fr' ? 'fr' : 'en');
const entranceVars = (row: RegistrationForMail) => ({ number: row.number, entrance: row.entrance, school: row.school, year: row.year });

/**
 * The "registration received" mail of a new registration, in the candidate's language, with the code
 * to type on the page that sent it and the first link to the file (`token`, from `newCandidateLink`);
 * the registration writes it with its row. Nobody has proven the address yet, so the mail carries
 * nothing the sender typed: no name, not even in the greeting (decision 65).
 */
export function registrationMail(ctx: ServiceContext, input: { registration: RegistrationForMail; token: string; code: string }): OutgoingMail {
  const row = input.registration;
  return composeMail(langOf(row), {
    to: row.email,
    name: null,
    kind: 'candidate-registered',
    key: 'candidate.registered',
    vars: {
      ...entranceVars(row),
      fee: formatFcfa(row.fee),
      deadline: isoToDmy(row.deadline),
      hours: HOURS,
      minutes: CODE_MINUTES,
      code: input.code,
      link: candidateLinkUrl(ctx, input.token),
    },
  });
}

/**
 * Mails an address a new link to each of its registrations (`candidateIds`: only those), in one
 * mail, at most one a minute and five an hour per address: past that, nothing is sent and nothing
 * is said. An address with no registration gets nothing (its minute is counted all the same).
 * `repeated`: the mail says a registration was sent again, with a code for the browser that sent it
 * (`attempt`); `links`: the mail answers a request for links. No mail names the candidate: the
 * address may never have been proven (decision 65).
 */
export async function mailLinksTo(
  ctx: ServiceContext,
  input: { email: string; candidateIds?: number[] } & ({ kind: 'repeated'; attempt: string } | { kind: 'links' }),
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const { allowed } = await consume(ctx, addressKey(email), CANDIDATE_LINK_LIMITS.perAddress);
  if (!allowed) return;
  if (!(await consume(ctx, `${addressKey(email)}:hour`, CANDIDATE_LINK_LIMITS.perAddressHour)).allowed) return;
  const sent = await ctx.db.transaction(async (tx) => {
    const byAddress = sql`lower(${candidates.EMAIL}) = ${email}`;
    const rows = await registrationsForMail(tx, input.candidateIds ? and(byAddress, inArray(candidates.id, input.candidateIds))! : byAddress);
    const newest = rows[0];
    if (!newest) return false;
    const lang = langOf(newest);
    const links = await Promise.all(rows.map(async (row) => ({ row, url: candidateLinkUrl(ctx, await createCandidateLink(ctx, tx, row.id)) })));
    let mail: OutgoingMail;
    if (input.kind === 'repeated') {
      const proof = newCandidateProof(ctx, { candidateId: newest.id, attempt: input.attempt });
      await tx.insert(candidateLinks).values(proof.row);
      mail = composeMail(lang, {
        to: email,
        name: null,
        kind: 'candidate-repeated',
        key: 'candidate.repeated',
        vars: { ...entranceVars(newest), hours: HOURS, minutes: CODE_MINUTES, code: proof.code, link: links[0]!.url },
      });
    } else {
      mail = composeMail(lang, {
        to: email,
        name: null,
        kind: 'candidate-link',
        key: 'candidate.links',
        vars: { hours: HOURS, links: links.map(({ row, url }) => tr(lang, 'candidate.links.item', { ...entranceVars(row), link: url })).join('\n\n') },
      });
    }
    await ctx.mailer.enqueue(tx, mail);
    return true;
  });
  if (sent) ctx.mailer.kick();
}

/**
 * `POST /candidate/auth-email`: the same answer whatever the address; the address's registrations
 * (any entrance) each get a new link, in one mail (see mailLinksTo). A client address asking too
 * often is refused (429), whatever it asks for.
 */
export async function requestCandidateLinks(ctx: ServiceContext, input: { email: string; ip: string }): Promise<CandidateAuthEmailAnswer> {
  await take(ctx, `candidate-link-ip:${input.ip}`, CANDIDATE_LINK_LIMITS.perIp, 'TOO_MANY_REQUESTS');
  await mailLinksTo(ctx, { email: input.email, kind: 'links' });
  return { message: CANDIDATE_AUTH_EMAIL_MESSAGE };
}

/**
 * `POST /candidate/auth-link`: a mailed link opens its candidate's file once. The link is used up in
 * the statement that checks it (two clicks at once: one opens, the other is refused); unknown, used,
 * voided or past its time: 400 CANDIDATE_LINK_INVALID. Answers the file and the session's token.
 */
export async function openCandidateLink(ctx: ServiceContext, input: { token: string }): Promise<{ candidate: CandidateFile; sessionToken: string }> {
  return openByTokenHash(ctx, hashToken(input.token), 'CANDIDATE_LINK_INVALID');
}

/**
 * `POST /candidate/confirm`: the code a registration mailed, typed in the browser that sent it (its
 * attempt cookie), opens the file there once, as its link would (decision 65). A wrong or expired
 * code, or no attempt: 400 CANDIDATE_CODE_INVALID; past CANDIDATE_CODE_TRIES tries of an attempt, or
 * a client address trying too many attempts: 429 (the mailed link still opens the file).
 */
export async function confirmCandidateCode(
  ctx: ServiceContext,
  input: { attempt: string | undefined; code: string; ip: string },
): Promise<{ candidate: CandidateFile; sessionToken: string }> {
  await take(ctx, `candidate-code-ip:${input.ip}`, CANDIDATE_LINK_LIMITS.codeTriesPerIp, 'TOO_MANY_REQUESTS');
  if (!input.attempt) throw new AppError('CANDIDATE_CODE_INVALID');
  const attempt = hashToken(input.attempt);
  await take(ctx, `candidate-code:${attempt}`, CANDIDATE_LINK_LIMITS.codeTries, 'TOO_MANY_REQUESTS');
  return openByTokenHash(ctx, hashCode(attempt, input.code), 'CANDIDATE_CODE_INVALID');
}

/** A link's or a code's row used up in the statement that checks it (two at once: one opens), and the file opened in a new session. */
async function openByTokenHash(
  ctx: ServiceContext,
  tokenHash: string,
  invalid: 'CANDIDATE_LINK_INVALID' | 'CANDIDATE_CODE_INVALID',
): Promise<{ candidate: CandidateFile; sessionToken: string }> {
  const now = ctx.clock.now();
  const { candidateId, sessionToken } = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(candidateLinks)
      .set({ usedAt: now })
      .where(and(eq(candidateLinks.tokenHash, tokenHash), isNull(candidateLinks.usedAt), gt(candidateLinks.expiresAt, now)))
      .returning({ candidateId: candidateLinks.candidateId });
    if (!used) throw new AppError(invalid);
    return { candidateId: used.candidateId, sessionToken: await openCandidateSession(ctx, tx, used.candidateId) };
  });
  return { candidate: await candidateFile(ctx.db, { candidateId, documentUrl: ownDocumentUrl }), sessionToken };
}
