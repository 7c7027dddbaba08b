import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  SIGN_CODE_MAX_ATTEMPTS,
  SIGN_CODE_RESEND_SECONDS,
  SIGN_CODE_TTL_SECONDS,
  type CodeRequestBody,
  type CodeVerificationBody,
  type EmailConfirmationBody,
  type EmailVerificationBody,
  type SessionUser,
  type SignInResponse,
  type SignUpBody,
  type SignUpResponse,
} from '@portal/contract';
import { accounts, emailConfirmations, persons, signInAttempts, type Account, type Person } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { RequestMeta, ServiceContext } from '../../lib/context';
import { hashCode, hashToken, maskEmail, randomCode, randomToken, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { composeMail } from '../../lib/mail';
import { isWeakPassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createSession, revokeSession } from '../../lib/session';
import { assertAddressAllowed, recordAddressFailure } from '../../lib/throttle';
import { languageOfPerson, loadPersonRecord } from '../../lib/person-record';

/** Per-account lockout: from the 5th consecutive failure, 1 minute, doubling up to 1 hour. */
export const LOCK_AFTER_FAILURES = 5;
const LOCK_BASE_SECONDS = 60;
const LOCK_MAX_SECONDS = 3600;
/** A sign-in attempt lives 30 minutes; each code 10 of them; at most 5 codes are sent. */
const ATTEMPT_TTL_SECONDS = 1800;
const MAX_CODE_SENDS = 5;

const secondsUntil = (ctx: ServiceContext, date: Date) => Math.max(1, Math.ceil((date.getTime() - ctx.clock.now().getTime()) / 1000));
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const fullName = (p: Pick<Person, 'FIRSTNAME' | 'LASTNAME'>) => `${p.FIRSTNAME} ${p.LASTNAME}`;

// ---------------------------------------------------------------- sign-up

interface Claim {
  person: Person;
  email: string;
}

/** The registry person a sign-up names, if they may still claim an account. */
async function findClaimable(ctx: ServiceContext, input: { matricule: string; birthdate?: string | undefined }, meta: RequestMeta): Promise<Claim> {
  await assertAddressAllowed(ctx, meta.ip);
  const [row] = await ctx.db
    .select({ person: persons, account: accounts })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .where(eq(persons.MATRICULE, input.matricule))
    .limit(1);
  const unknown = async () => {
    await recordAddressFailure(ctx, meta.ip);
    return new AppError('UNKNOWN_MATRICULE');
  };
  if (!row) throw await unknown();
  if (row.person.KIND === 'STUDENT') {
    if (!input.birthdate) throw new AppError('BIRTHDATE_REQUIRED', { fields: { birthdate: 'validation.required' } });
    if (input.birthdate !== row.person.BIRTHDATE) throw await unknown();
  }
  if (row.account?.passwordHash) throw new AppError('ACCOUNT_EXISTS');
  if (!row.person.EMAIL) throw new AppError('NO_EMAIL_ON_FILE');
  return { person: row.person, email: row.person.EMAIL.toLowerCase() };
}

export async function signUp(ctx: ServiceContext, input: SignUpBody, meta: RequestMeta): Promise<SignUpResponse> {
  const { person, email } = await findClaimable(ctx, input, meta);
  return { MATRICULE: person.MATRICULE, FIRSTNAME: person.FIRSTNAME, LASTNAME: person.LASTNAME, EMAIL: maskEmail(email), KIND: person.KIND };
}

/** Mails a single-use confirmation link valid 24 hours to the address on file. */
export async function sendEmailVerification(ctx: ServiceContext, input: EmailVerificationBody, meta: RequestMeta): Promise<{ message: string; EMAIL: string }> {
  const { person, email } = await findClaimable(ctx, input, meta);
  if (input.email && input.email !== email) throw new AppError('EMAIL_MISMATCH', { fields: { email: 'validation.emailMismatch' } });
  const now = ctx.clock.now();
  const [recent] = await ctx.db
    .select({ createdAt: emailConfirmations.createdAt })
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.personId, person.id), gte(emailConfirmations.createdAt, plus(now, -SIGN_CODE_RESEND_SECONDS))))
    .limit(1);
  if (recent) throw new AppError('RESEND_TOO_SOON', { retryAfter: secondsUntil(ctx, plus(recent.createdAt, SIGN_CODE_RESEND_SECONDS)) });

  const token = randomToken();
  const link = `${ctx.config.publicUrl}/email-confirmation?token=${encodeURIComponent(token)}`;
  const lang = await languageOfPerson(ctx.db, person.id);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(emailConfirmations).values({ personId: person.id, tokenHash: hashToken(token), email, expiresAt: plus(now, EMAIL_CONFIRMATION_TTL_HOURS * 3600), createdAt: now });
    await ctx.mailer.enqueue(tx, composeMail(lang, { to: email, name: fullName(person), kind: 'email-confirmation', key: 'emailConfirmation', vars: { link, matricule: person.MATRICULE } }));
    await audit(tx, { at: now, actorId: person.id, action: 'account.confirmation-sent', targetType: 'person', targetId: person.id, ip: meta.ip });
  });
  ctx.mailer.kick();
  return { message: 'Mail send successfully', EMAIL: maskEmail(email) };
}

/** Confirms the address with the link's token and sets the password: the account becomes usable. */
export async function confirmEmail(ctx: ServiceContext, input: EmailConfirmationBody, meta: RequestMeta): Promise<{ MATRICULE: string; USERNAME: string | null }> {
  const tokenHash = hashToken(input.token);
  const [link] = await ctx.db.select().from(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash));
  if (!link || link.usedAt) throw new AppError('CONFIRMATION_INVALID');
  if (ctx.clock.now() >= link.expiresAt) throw new AppError('CONFIRMATION_EXPIRED');
  const [person] = await ctx.db.select().from(persons).where(eq(persons.id, link.personId));
  if (!person) throw new AppError('CONFIRMATION_INVALID');
  if (isWeakPassword(input.password, person)) {
    throw new AppError('VALIDATION_FAILED', { fields: { password: 'validation.passwordWeak' } });
  }
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();

  const result = await ctx.db.transaction(async (tx) => {
    // Single use, even when the link is submitted twice at once.
    const used = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.id, link.id), isNull(emailConfirmations.usedAt)))
      .returning({ id: emailConfirmations.id });
    if (used.length === 0) throw new AppError('CONFIRMATION_INVALID');
    const claimed = await tx
      .insert(accounts)
      .values({ personId: person.id, email: link.email, passwordHash, emailVerifiedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: accounts.personId,
        set: { email: link.email, passwordHash, emailVerifiedAt: now, failedLogins: 0, lockedUntil: null, updatedAt: now },
        setWhere: isNull(accounts.passwordHash),
      })
      .returning({ username: accounts.username });
    if (claimed.length === 0) throw new AppError('ACCOUNT_EXISTS');
    await tx.update(emailConfirmations).set({ usedAt: now }).where(and(eq(emailConfirmations.personId, person.id), isNull(emailConfirmations.usedAt)));
    await audit(tx, { at: now, actorId: person.id, action: 'account.activated', targetType: 'person', targetId: person.id, ip: meta.ip });
    return { MATRICULE: person.MATRICULE, USERNAME: claimed[0]!.username };
  });
  return result;
}

// ---------------------------------------------------------------- sign-in

interface Found {
  person: Person;
  account: Account | null;
}

async function findByIdentifier(ctx: ServiceContext, identifier: string): Promise<Found | null> {
  const id = identifier.trim();
  const [row] = await ctx.db
    .select({ person: persons, account: accounts })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .where(or(eq(persons.MATRICULE, id.toUpperCase()), sql`lower(${accounts.username}) = ${id.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

const isActive = (account: Account | null): account is Account & { passwordHash: string } =>
  Boolean(account?.passwordHash && account.emailVerifiedAt);

export interface AttemptStarted {
  response: SignInResponse;
  /** goes into the HttpOnly attempt cookie */
  attemptToken: string;
}

/** Creates a sign-in attempt and mails its code; a decoy attempt (no person) sends nothing. */
async function startAttempt(ctx: ServiceContext, found: Found | null, meta: RequestMeta): Promise<AttemptStarted> {
  const now = ctx.clock.now();
  const attemptToken = randomToken();
  const tokenHash = hashToken(attemptToken);
  const code = randomCode();
  const person = found?.person;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(signInAttempts).values({
      tokenHash,
      personId: person?.id ?? null,
      codeHash: person ? hashCode(tokenHash, code) : null,
      codeExpiresAt: plus(now, SIGN_CODE_TTL_SECONDS),
      expiresAt: plus(now, ATTEMPT_TTL_SECONDS),
      lastSentAt: now,
      ip: meta.ip,
      createdAt: now,
    });
    if (person && found.account) {
      const lang = await languageOfPerson(tx, person.id);
      await ctx.mailer.enqueue(tx, composeMail(lang, { to: found.account.email, name: fullName(person), kind: 'sign-code', key: 'signCode', vars: { code } }));
    }
  });
  ctx.mailer.kick();
  return {
    attemptToken,
    response: {
      message: 'Mail send successfully',
      ...(person && found.account ? { STUDENT_ID: person.id, MATRICULE: person.MATRICULE, EMAIL: maskEmail(found.account.email) } : {}),
      resendAfter: SIGN_CODE_RESEND_SECONDS,
    },
  };
}

async function recordPasswordFailure(ctx: ServiceContext, account: Account, meta: RequestMeta): Promise<never> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(accounts)
    .set({ failedLogins: sql`${accounts.failedLogins} + 1` })
    .where(eq(accounts.personId, account.personId))
    .returning({ failedLogins: accounts.failedLogins });
  const failures = row?.failedLogins ?? 1;
  if (failures >= LOCK_AFTER_FAILURES) {
    const seconds = Math.min(LOCK_BASE_SECONDS * 2 ** (failures - LOCK_AFTER_FAILURES), LOCK_MAX_SECONDS);
    await ctx.db.update(accounts).set({ lockedUntil: plus(now, seconds) }).where(eq(accounts.personId, account.personId));
  }
  await recordAddressFailure(ctx, meta.ip);
  await audit(ctx.db, { at: now, actorId: null, action: 'auth.sign-in-failed', targetType: 'person', targetId: account.personId, ip: meta.ip, details: { failures } });
  throw new AppError('INVALID_CREDENTIALS');
}

/** Password sign-in (identifier = matricule or username; the student variant also checks the e-mail). */
export async function signInWithPassword(ctx: ServiceContext, input: { identifier: string; password: string; email?: string }, meta: RequestMeta): Promise<AttemptStarted> {
  await assertAddressAllowed(ctx, meta.ip);
  const found = await findByIdentifier(ctx, input.identifier);
  if (!found) {
    await verifyPassword(null, input.password);
    await recordAddressFailure(ctx, meta.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const { account } = found;
  if (!isActive(account)) {
    await audit(ctx.db, { at: ctx.clock.now(), action: 'auth.sign-in-inactive', targetType: 'person', targetId: found.person.id, ip: meta.ip });
    throw new AppError('ACCOUNT_INACTIVE');
  }
  if (account.lockedUntil && account.lockedUntil > ctx.clock.now()) {
    throw new AppError('ACCOUNT_LOCKED', { retryAfter: secondsUntil(ctx, account.lockedUntil) });
  }
  const passwordOk = await verifyPassword(account.passwordHash, input.password);
  const emailOk = input.email === undefined || input.email.toLowerCase() === account.email.toLowerCase();
  if (!passwordOk || !emailOk) return recordPasswordFailure(ctx, account, meta);
  if (account.failedLogins > 0 || account.lockedUntil) {
    await ctx.db.update(accounts).set({ failedLogins: 0, lockedUntil: null }).where(eq(accounts.personId, account.personId));
  }
  return startAttempt(ctx, found, meta);
}

/**
 * Sign-in with only a code mailed to the address on file. The answer is the same whether
 * or not the identifier exists; an unknown one gets a decoy attempt that no code opens.
 */
export async function requestSignInCode(ctx: ServiceContext, input: CodeRequestBody, meta: RequestMeta): Promise<AttemptStarted> {
  await assertAddressAllowed(ctx, meta.ip);
  const found = await findByIdentifier(ctx, input.identifier);
  if (!found || !isActive(found.account)) {
    await recordAddressFailure(ctx, meta.ip);
    return startAttempt(ctx, null, meta);
  }
  const now = ctx.clock.now();
  const [recent] = await ctx.db
    .select({ lastSentAt: signInAttempts.lastSentAt })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.personId, found.person.id), gte(signInAttempts.lastSentAt, plus(now, -SIGN_CODE_RESEND_SECONDS))))
    .orderBy(desc(signInAttempts.lastSentAt))
    .limit(1);
  if (recent) throw new AppError('RESEND_TOO_SOON', { retryAfter: secondsUntil(ctx, plus(recent.lastSentAt, SIGN_CODE_RESEND_SECONDS)) });
  return startAttempt(ctx, found, meta);
}

async function loadAttempt(ctx: ServiceContext, attemptToken: string | undefined) {
  if (!attemptToken) throw new AppError('CODE_EXPIRED');
  const [attempt] = await ctx.db.select().from(signInAttempts).where(eq(signInAttempts.tokenHash, hashToken(attemptToken)));
  if (!attempt || attempt.consumedAt || ctx.clock.now() >= attempt.expiresAt) throw new AppError('CODE_EXPIRED');
  return attempt;
}

/** A new code for the same attempt, at most once a minute and five times in all. */
export async function resendSignInCode(ctx: ServiceContext, attemptToken: string | undefined): Promise<{ message: string; resendAfter: number }> {
  const attempt = await loadAttempt(ctx, attemptToken);
  const now = ctx.clock.now();
  const allowedAt = plus(attempt.lastSentAt, SIGN_CODE_RESEND_SECONDS);
  if (now < allowedAt) throw new AppError('RESEND_TOO_SOON', { retryAfter: secondsUntil(ctx, allowedAt) });
  if (attempt.sends >= MAX_CODE_SENDS) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: secondsUntil(ctx, attempt.expiresAt) });
  const code = randomCode();
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(signInAttempts)
      .set({
        codeHash: attempt.personId ? hashCode(attempt.tokenHash, code) : null,
        codeExpiresAt: new Date(Math.min(plus(now, SIGN_CODE_TTL_SECONDS).getTime(), attempt.expiresAt.getTime())),
        failedCodes: 0,
        sends: sql`${signInAttempts.sends} + 1`,
        lastSentAt: now,
      })
      .where(and(eq(signInAttempts.id, attempt.id), lt(signInAttempts.lastSentAt, allowedAt)))
      .returning({ id: signInAttempts.id });
    if (updated.length === 0) throw new AppError('RESEND_TOO_SOON', { retryAfter: SIGN_CODE_RESEND_SECONDS });
    if (!attempt.personId) return;
    const [row] = await tx.select({ person: persons, email: accounts.email }).from(persons).innerJoin(accounts, eq(accounts.personId, persons.id)).where(eq(persons.id, attempt.personId));
    if (!row) return;
    const lang = await languageOfPerson(tx, row.person.id);
    await ctx.mailer.enqueue(tx, composeMail(lang, { to: row.email, name: fullName(row.person), kind: 'sign-code', key: 'signCode', vars: { code } }));
  });
  ctx.mailer.kick();
  return { message: 'Mail send successfully', resendAfter: SIGN_CODE_RESEND_SECONDS };
}

/** Checks the e-mailed code of this attempt; on success opens a session. */
export async function verifySignInCode(
  ctx: ServiceContext,
  attemptToken: string | undefined,
  input: CodeVerificationBody,
  meta: RequestMeta,
): Promise<{ user: SessionUser; sessionToken: string }> {
  const attempt = await loadAttempt(ctx, attemptToken);
  const now = ctx.clock.now();
  if (attempt.failedCodes >= SIGN_CODE_MAX_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
  if (now >= attempt.codeExpiresAt) throw new AppError('CODE_EXPIRED');

  const matches =
    attempt.personId !== null &&
    attempt.codeHash !== null &&
    (input.STUDENT_ID === undefined || input.STUDENT_ID === attempt.personId) &&
    safeEqual(attempt.codeHash, hashCode(attempt.tokenHash, input.SIGN_CODE));

  if (!matches) {
    const [row] = await ctx.db
      .update(signInAttempts)
      .set({ failedCodes: sql`${signInAttempts.failedCodes} + 1` })
      .where(eq(signInAttempts.id, attempt.id))
      .returning({ failedCodes: signInAttempts.failedCodes });
    await audit(ctx.db, { at: now, action: 'auth.code-failed', targetType: 'person', targetId: attempt.personId ?? undefined, ip: meta.ip, details: { failures: row?.failedCodes } });
    if ((row?.failedCodes ?? 0) >= SIGN_CODE_MAX_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    throw new AppError('CODE_INCORRECT', { fields: { SIGN_CODE: 'validation.codeIncorrect' } });
  }
  const personId = attempt.personId!;

  const sessionToken = await ctx.db.transaction(async (tx) => {
    // Single use: of two requests with the right code, one opens a session.
    const consumed = await tx
      .update(signInAttempts)
      .set({ consumedAt: now })
      .where(and(eq(signInAttempts.id, attempt.id), isNull(signInAttempts.consumedAt), lt(signInAttempts.failedCodes, SIGN_CODE_MAX_ATTEMPTS)))
      .returning({ id: signInAttempts.id });
    if (consumed.length === 0) throw new AppError('CODE_EXPIRED');
    const token = await createSession(ctx, tx, personId, meta);
    await audit(tx, { at: now, actorId: personId, action: 'auth.sign-in', targetType: 'person', targetId: personId, ip: meta.ip });
    return token;
  });
  const record = await loadPersonRecord(ctx.db, personId);
  if (!record) throw new AppError('CODE_EXPIRED');
  return { user: { ...record, TOKEN: sessionToken }, sessionToken };
}

export async function signOut(ctx: ServiceContext, input: { sessionId: number; personId: number }, meta: RequestMeta): Promise<void> {
  await revokeSession(ctx, input.sessionId);
  await audit(ctx.db, { at: ctx.clock.now(), actorId: input.personId, action: 'auth.sign-out', targetType: 'person', targetId: input.personId, ip: meta.ip });
}
