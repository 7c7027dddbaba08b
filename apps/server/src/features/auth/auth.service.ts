import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  SIGN_CODE_MAX_ATTEMPTS,
  SIGN_CODE_RESEND_SECONDS,
  SIGN_CODE_TTL_SECONDS,
  type CodeRequestBody,
  type CodeVerificationBody,
  type EmailConfirmationBody,
  type EmailConfirmationCheck,
  type EmailConfirmationQuery,
  type EmailVerificationBody,
  type LinkRequestResponse,
  type SessionUser,
  type SignInResponse,
  type SignUpBody,
} from '@portal/contract';
import { accounts, emailConfirmations, persons, signInAttempts, type Account, type Person } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Acting, RequestMeta, ServiceContext } from '../../lib/context';
import { hashCode, hashToken, maskEmail, randomCode, randomToken, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { composeMail } from '../../lib/mail';
import { passwordWeakness } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createSession, revokeSession } from '../../lib/session';
import {
  assertAddressAllowed,
  assertCodeNotLocked,
  assertPasswordNotLocked,
  MAIL_LIMITS,
  recordAddressFailure,
  recordPasswordFailure,
  reserveCodeTry,
  resetCodeTries,
  resetPasswordFailures,
  subjectKey,
  take,
} from '../../lib/throttle';
import { languageOfPerson, loadPersonRecord } from '../../lib/person-record';
import { knownDeviceOf, recordDeviceFailure, rememberDevice, type KnownDevice } from './known-devices';

/** A sign-in attempt lives 30 minutes; each code 10 of them; at most 5 codes are sent. */
const ATTEMPT_TTL_SECONDS = 1800;
const MAX_CODE_SENDS = 5;

const secondsUntil = (ctx: ServiceContext, date: Date) => Math.max(1, Math.ceil((date.getTime() - ctx.clock.now().getTime()) / 1000));
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const fullName = (p: Pick<Person, 'FIRSTNAME' | 'LASTNAME'>) => `${p.FIRSTNAME} ${p.LASTNAME}`;

/**
 * Runs `work` while the same slow step (an argon2 verification of a decoy hash) runs beside it,
 * and answers when both are done: every request of an anonymous call then takes the time of
 * that step, whether or not the identifier names someone (decision 23).
 */
async function inConstantTime<T>(work: () => Promise<T>): Promise<T> {
  const pad = verifyPassword(null, 'decoy');
  try {
    return await work();
  } finally {
    await pad;
  }
}

// ---------------------------------------------------------------- sign-up

const LINK_SENT = (): LinkRequestResponse => ({ message: 'Mail send successfully', resendAfter: SIGN_CODE_RESEND_SECONDS });

/**
 * Sign-up and e-mail verification, one answer for everyone: if the matricule (with the student's
 * birthdate, and the address when one is given) matches a registry person with an address on
 * file, a confirmation link goes to that address, or, when the account already exists, a mail
 * saying so. Nothing in the answer, nor its time, tells whether the person exists (decisions 6 and 23).
 */
async function requestConfirmationLink(
  ctx: ServiceContext,
  input: { matricule: string; birthdate?: string | undefined; email?: string | undefined },
  meta: RequestMeta,
): Promise<LinkRequestResponse> {
  return inConstantTime(async () => {
    await take(ctx, `signup-ip:${meta.ip}`, MAIL_LIMITS.perAddress, 'TOO_MANY_REQUESTS');
    const [row] = await ctx.db
      .select({ person: persons, account: accounts })
      .from(persons)
      .leftJoin(accounts, eq(accounts.personId, persons.id))
      .where(eq(persons.MATRICULE, input.matricule))
      .limit(1);
    const subject = subjectKey(row?.person.id, input.matricule);
    await take(ctx, `link1m:${subject}`, MAIL_LIMITS.linkSpacing, 'RESEND_TOO_SOON');
    await take(ctx, `link:${subject}`, MAIL_LIMITS.linkPerSubject, 'MAIL_RATE_LIMITED');

    const person = row?.person;
    const onFile = person?.EMAIL?.toLowerCase();
    const matches =
      person &&
      onFile &&
      (person.KIND !== 'STUDENT' || input.birthdate === person.BIRTHDATE) &&
      (input.email === undefined || input.email.toLowerCase() === onFile);
    const now = ctx.clock.now();
    if (!matches) {
      await audit(ctx.db, { at: now, action: 'account.sign-up-unmatched', targetType: 'person', targetId: person?.id, ip: meta.ip });
      return LINK_SENT();
    }
    const lang = await languageOfPerson(ctx.db, person.id);
    await ctx.db.transaction(async (tx) => {
      if (row.account?.passwordHash) {
        const login = `${ctx.config.publicUrl}/login`;
        await ctx.mailer.enqueue(
          tx,
          composeMail(lang, {
            to: onFile,
            name: fullName(person),
            kind: 'account-exists',
            key: 'accountExists',
            vars: { link: login, matricule: person.MATRICULE },
          }),
        );
        await audit(tx, { at: now, action: 'account.exists-notice-sent', targetType: 'person', targetId: person.id, ip: meta.ip });
        return;
      }
      const token = randomToken();
      const link = `${ctx.config.publicUrl}/email-confirmation?token=${encodeURIComponent(token)}`;
      await tx
        .insert(emailConfirmations)
        .values({ personId: person.id, tokenHash: hashToken(token), email: onFile, expiresAt: plus(now, EMAIL_CONFIRMATION_TTL_HOURS * 3600), createdAt: now });
      await ctx.mailer.enqueue(
        tx,
        composeMail(lang, {
          to: onFile,
          name: fullName(person),
          kind: 'email-confirmation',
          key: 'emailConfirmation',
          vars: { link, matricule: person.MATRICULE },
        }),
      );
      await audit(tx, { at: now, actorId: person.id, action: 'account.confirmation-sent', targetType: 'person', targetId: person.id, ip: meta.ip });
    });
    ctx.mailer.kick();
    return LINK_SENT();
  });
}

export const signUp = (ctx: ServiceContext, input: SignUpBody, meta: RequestMeta) => requestConfirmationLink(ctx, input, meta);

/** The specification's e-mail verification: the same as sign-up, with the address the person typed. */
export const sendEmailVerification = (ctx: ServiceContext, input: EmailVerificationBody, meta: RequestMeta) => requestConfirmationLink(ctx, input, meta);

/**
 * Whether a confirmation link can still be used (neither used nor expired), read without using
 * it up, so that the page offers the password form only for a live link. The answer says nothing
 * else (not whose link it is, nor whether it was used or expired); checks are limited per client
 * address, as sign-up is.
 */
export async function checkConfirmationLink(ctx: ServiceContext, input: EmailConfirmationQuery, meta: RequestMeta): Promise<EmailConfirmationCheck> {
  await take(ctx, `link-check-ip:${meta.ip}`, MAIL_LIMITS.linkChecksPerAddress, 'TOO_MANY_REQUESTS');
  const [link] = await ctx.db
    .select({ usedAt: emailConfirmations.usedAt, expiresAt: emailConfirmations.expiresAt })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, hashToken(input.token)));
  return { usable: Boolean(link && !link.usedAt && ctx.clock.now() < link.expiresAt) };
}

/** Confirms the address with the link's token and sets the password: the account becomes usable. */
export async function confirmEmail(
  ctx: ServiceContext,
  input: EmailConfirmationBody,
  meta: RequestMeta,
): Promise<{ MATRICULE: string; USERNAME: string | null }> {
  const tokenHash = hashToken(input.token);
  const [link] = await ctx.db.select().from(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash));
  if (!link || link.usedAt) throw new AppError('CONFIRMATION_INVALID');
  if (ctx.clock.now() >= link.expiresAt) throw new AppError('CONFIRMATION_EXPIRED');
  const [person] = await ctx.db.select().from(persons).where(eq(persons.id, link.personId));
  if (!person) throw new AppError('CONFIRMATION_INVALID');
  const weakness = passwordWeakness(input.password, person);
  if (weakness === 'personal') throw new AppError('PASSWORD_PERSONAL', { fields: { password: 'validation.passwordPersonal' } });
  if (weakness === 'common') throw new AppError('VALIDATION_FAILED', { fields: { password: 'validation.passwordWeak' } });
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
        set: { email: link.email, passwordHash, emailVerifiedAt: now, updatedAt: now },
        setWhere: isNull(accounts.passwordHash),
      })
      .returning({ username: accounts.username });
    if (claimed.length === 0) throw new AppError('ACCOUNT_EXISTS');
    await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.personId, person.id), isNull(emailConfirmations.usedAt)));
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

const isActive = (account: Account | null): account is Account & { passwordHash: string } => Boolean(account?.passwordHash && account.emailVerifiedAt);

export interface AttemptStarted {
  response: SignInResponse;
  /** goes into the HttpOnly attempt cookie */
  attemptToken: string;
}

/** Where a sign-in call comes from: the client address and the portal_device cookie, if any. */
export interface SignInOrigin {
  meta: RequestMeta;
  deviceToken: string | undefined;
}

/**
 * Creates a sign-in attempt and mails its code. A decoy attempt (no active account) mails
 * nothing, but counts against the same limits as a real one, so the two answer alike.
 */
async function startAttempt(
  ctx: ServiceContext,
  input: { found: Found | null; subject: string; device: KnownDevice | null; meta: RequestMeta; codeOnly: boolean },
): Promise<AttemptStarted> {
  const { found, subject, device, meta, codeOnly } = input;
  if (codeOnly) await take(ctx, `code1m:${subject}`, MAIL_LIMITS.codeSpacing, 'RESEND_TOO_SOON');
  if (!device) {
    await take(ctx, `code:${subject}`, MAIL_LIMITS.codePerSubject);
    if (codeOnly) await take(ctx, `mail-ip:${meta.ip}`, MAIL_LIMITS.perAddress, 'TOO_MANY_REQUESTS');
  }
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
      subject,
      deviceId: device?.id ?? null,
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
      // Only the password proves who is asking; a code-only request learns nothing.
      ...(!codeOnly && person && found.account ? { STUDENT_ID: person.id, MATRICULE: person.MATRICULE, EMAIL: maskEmail(found.account.email) } : {}),
      resendAfter: SIGN_CODE_RESEND_SECONDS,
    },
  };
}

/**
 * Password sign-in (identifier = matricule or username; the student variant also checks the
 * e-mail). Every identifier costs one argon2 verification, and one that names nobody, or a
 * registry person without an account, answers as a wrong password. The per-subject and
 * per-address locks spare the person's known device (decision 23).
 */
export async function signInWithPassword(
  ctx: ServiceContext,
  input: { identifier: string; password: string; email?: string },
  origin: SignInOrigin,
): Promise<AttemptStarted> {
  const { meta } = origin;
  const found = await findByIdentifier(ctx, input.identifier);
  const subject = subjectKey(found?.person.id, input.identifier);
  const device = await knownDeviceOf(ctx, origin.deviceToken, found?.person.id);
  if (!device) {
    await assertAddressAllowed(ctx, meta.ip);
    await assertPasswordNotLocked(ctx, subject);
    await assertCodeNotLocked(ctx, subject);
  }
  const account = found?.account ?? null;
  const passwordOk = await verifyPassword(account?.passwordHash ?? null, input.password);
  const emailOk = input.email === undefined || input.email.toLowerCase() === account?.email.toLowerCase();
  if (!passwordOk || !emailOk || !account) {
    let failures: number | undefined;
    if (device) await recordDeviceFailure(ctx, device);
    else {
      failures = await recordPasswordFailure(ctx, subject);
      await recordAddressFailure(ctx, meta.ip);
    }
    await audit(ctx.db, {
      at: ctx.clock.now(),
      action: 'auth.sign-in-failed',
      targetType: 'person',
      targetId: found?.person.id,
      ip: meta.ip,
      details: { failures, knownDevice: Boolean(device) },
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  // The right password of an account whose address was never confirmed (the specification's 401).
  if (!isActive(account)) {
    await audit(ctx.db, { at: ctx.clock.now(), action: 'auth.sign-in-inactive', targetType: 'person', targetId: found!.person.id, ip: meta.ip });
    throw new AppError('ACCOUNT_INACTIVE');
  }
  await resetPasswordFailures(ctx, subject);
  return startAttempt(ctx, { found, subject, device, meta, codeOnly: false });
}

/**
 * Sign-in with only a code mailed to the address on file. The answer, and its time, are the
 * same whether or not the identifier names an active account: an unknown one gets a decoy
 * attempt that no code opens, limited exactly as a real one. It honours the subject's code lock.
 */
export async function requestSignInCode(ctx: ServiceContext, input: CodeRequestBody, origin: SignInOrigin): Promise<AttemptStarted> {
  return inConstantTime(async () => {
    const found = await findByIdentifier(ctx, input.identifier);
    const subject = subjectKey(found?.person.id, input.identifier);
    const device = await knownDeviceOf(ctx, origin.deviceToken, found?.person.id);
    if (!device) await assertCodeNotLocked(ctx, subject);
    const active = found && isActive(found.account) ? found : null;
    return startAttempt(ctx, { found: active, subject, device, meta: origin.meta, codeOnly: true });
  });
}

async function loadAttempt(ctx: ServiceContext, attemptToken: string | undefined) {
  if (!attemptToken) throw new AppError('CODE_EXPIRED');
  const [attempt] = await ctx.db
    .select()
    .from(signInAttempts)
    .where(eq(signInAttempts.tokenHash, hashToken(attemptToken)));
  if (!attempt || attempt.consumedAt || ctx.clock.now() >= attempt.expiresAt) throw new AppError('CODE_EXPIRED');
  return attempt;
}

/** A new code for the same attempt, at most once a minute and five times in all, within the person's hourly mails. */
export async function resendSignInCode(ctx: ServiceContext, attemptToken: string | undefined): Promise<{ message: string; resendAfter: number }> {
  const attempt = await loadAttempt(ctx, attemptToken);
  const now = ctx.clock.now();
  const allowedAt = plus(attempt.lastSentAt, SIGN_CODE_RESEND_SECONDS);
  if (now < allowedAt) throw new AppError('RESEND_TOO_SOON', { retryAfter: secondsUntil(ctx, allowedAt) });
  if (attempt.sends >= MAX_CODE_SENDS) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: secondsUntil(ctx, attempt.expiresAt) });
  if (!attempt.deviceId) await take(ctx, `code:${attempt.subject}`, MAIL_LIMITS.codePerSubject);
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
    const [row] = await tx
      .select({ person: persons, email: accounts.email })
      .from(persons)
      .innerJoin(accounts, eq(accounts.personId, persons.id))
      .where(eq(persons.id, attempt.personId));
    if (!row) return;
    const lang = await languageOfPerson(tx, row.person.id);
    await ctx.mailer.enqueue(tx, composeMail(lang, { to: row.email, name: fullName(row.person), kind: 'sign-code', key: 'signCode', vars: { code } }));
  });
  ctx.mailer.kick();
  return { message: 'Mail send successfully', resendAfter: SIGN_CODE_RESEND_SECONDS };
}

/**
 * Checks the e-mailed code of this attempt; on success opens a session and knows the device.
 * Each check first takes one of the subject's code checks (10 an hour, growing delay), across
 * every attempt of the person; an attempt from their known device is spared.
 */
export async function verifySignInCode(
  ctx: ServiceContext,
  attemptToken: string | undefined,
  input: CodeVerificationBody,
  meta: RequestMeta,
): Promise<{ user: SessionUser; sessionToken: string; deviceToken: string | null }> {
  const attempt = await loadAttempt(ctx, attemptToken);
  const now = ctx.clock.now();
  if (attempt.failedCodes >= SIGN_CODE_MAX_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
  if (now >= attempt.codeExpiresAt) throw new AppError('CODE_EXPIRED');
  const device = attempt.deviceId && attempt.personId ? { id: attempt.deviceId, personId: attempt.personId } : null;
  if (!device) await reserveCodeTry(ctx, attempt.subject);

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
    if (device) await recordDeviceFailure(ctx, device);
    await audit(ctx.db, {
      at: now,
      action: 'auth.code-failed',
      targetType: 'person',
      targetId: attempt.personId ?? undefined,
      ip: meta.ip,
      details: { failures: row?.failedCodes },
    });
    if ((row?.failedCodes ?? 0) >= SIGN_CODE_MAX_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    throw new AppError('CODE_INCORRECT', { fields: { SIGN_CODE: 'validation.codeIncorrect' } });
  }
  const personId = attempt.personId!;

  const opened = await ctx.db.transaction(async (tx) => {
    // Single use: of two requests with the right code, one opens a session.
    const consumed = await tx
      .update(signInAttempts)
      .set({ consumedAt: now })
      .where(and(eq(signInAttempts.id, attempt.id), isNull(signInAttempts.consumedAt), lt(signInAttempts.failedCodes, SIGN_CODE_MAX_ATTEMPTS)))
      .returning({ id: signInAttempts.id });
    if (consumed.length === 0) throw new AppError('CODE_EXPIRED');
    const token = await createSession(ctx, tx, personId, meta);
    const deviceToken = await rememberDevice(ctx, tx, { personId, deviceId: attempt.deviceId });
    await audit(tx, { at: now, actorId: personId, action: 'auth.sign-in', targetType: 'person', targetId: personId, ip: meta.ip });
    return { token, deviceToken };
  });
  await resetCodeTries(ctx, attempt.subject);
  await resetPasswordFailures(ctx, attempt.subject);
  const record = await loadPersonRecord(ctx.db, personId);
  if (!record) throw new AppError('CODE_EXPIRED');
  return { user: { ...record, TOKEN: opened.token }, sessionToken: opened.token, deviceToken: opened.deviceToken };
}

export async function signOut(ctx: ServiceContext, input: Acting & { sessionId: number }): Promise<void> {
  await revokeSession(ctx, input.sessionId);
  await audit(ctx.db, {
    at: ctx.clock.now(),
    actorId: input.actor.id,
    action: 'auth.sign-out',
    targetType: 'person',
    targetId: input.actor.id,
    ip: input.meta.ip,
  });
}
