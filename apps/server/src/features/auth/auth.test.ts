import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_GRACE_SECONDS, SESSION_IDLE_SECONDS } from '@portal/contract';
import { accounts, auditLog, emailConfirmations, mailOutbox, persons, signInAttempts, signInLimits } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_UNCLAIMED } from '../../seed/demo';
import { Client, codeIn, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, mailsTo, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Kribi-Beach-2024';

function tokenIn(text: string | undefined): string {
  const match = /email-confirmation\?token=([\w%-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

describe('sign-up', () => {
  const GENERIC = { message: 'Mail send successfully', resendAfter: 60 };

  it('mails a confirmation link to the address on file, and answers only that a mail may have gone', async () => {
    const email = await emailOf(t.db, DEMO_UNCLAIMED.partTime);
    const res = await new Client(t.app).post('/api/auth/student/sign-up', { matricule: DEMO_UNCLAIMED.partTime.toLowerCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(GENERIC);
    const mail = await lastMailTo(t.db, email);
    expect(mail?.kind).toBe('email-confirmation');
    expect(mail?.textBody).toContain(`matricule ${DEMO_UNCLAIMED.partTime}`);
  });

  it('answers an unknown matricule exactly as a known one, and mails nobody', async () => {
    const before = await t.db.select().from(mailOutbox);
    const res = await new Client(t.app).post('/api/auth/student/sign-up', { matricule: 'NOPE9999' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(GENERIC);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('mails a student only with the right birthdate, answering alike in every case', async () => {
    const { matricule, birthdate } = DEMO_UNCLAIMED.student;
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    for (const body of [{ matricule }, { matricule, birthdate: '2004-02-18' }]) {
      const res = await c.post('/api/auth/student/sign-up', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(GENERIC);
      expect(await lastMailTo(t.db, email)).toBeUndefined();
      t.clock.advanceSeconds(61);
    }
    expect((await c.post('/api/auth/student/sign-up', { matricule, birthdate })).json()).toEqual(GENERIC);
    expect((await lastMailTo(t.db, email))?.kind).toBe('email-confirmation');
  });

  it('refuses a malformed birthdate with a field message', async () => {
    const res = await new Client(t.app).post('/api/auth/student/sign-up', { matricule: DEMO_UNCLAIMED.student.matricule, birthdate: '31/02/2004' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Fill correctly the blanks to continue', fields: { birthdate: 'validation.date' } });
  });

  it('tells a person who already has an account by mail, not in the answer', async () => {
    const email = await emailOf(t.db, DEMO_ACCOUNTS.permanent.matricule);
    const res = await new Client(t.app).post('/api/auth/student/sign-up', { matricule: DEMO_ACCOUNTS.permanent.matricule });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(GENERIC);
    const mail = await lastMailTo(t.db, email);
    expect(mail?.kind).toBe('account-exists');
    expect(mail?.textBody).toContain('http://portal.test/login');
  });

  it('answers alike for a person with no e-mail address on file', async () => {
    const res = await new Client(t.app).post('/api/auth/student/sign-up', { matricule: DEMO_UNCLAIMED.noEmail });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(GENERIC);
  });
});

describe('e-mail confirmation', () => {
  it('mails a link, confirms once with a password, then the account signs in', async () => {
    const matricule = DEMO_UNCLAIMED.permanent;
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    const sent = await c.post('/api/auth/student/email-verification', { matricule });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Mail send successfully');
    const mail = await lastMailTo(t.db, email);
    expect(mail?.kind).toBe('email-confirmation');
    expect(mail?.textBody).toContain('http://portal.test/email-confirmation?token=');
    const token = tokenIn(mail?.textBody);

    // Stored hashed only.
    const stored = await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.email, email));
    expect(stored[0]?.tokenHash).not.toContain(token);

    // Before confirmation there is no account: the answer of an unknown matricule (decision 23).
    const early = await c.post('/api/auth/students/', { identifier: matricule, password: NEW_PASSWORD });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Matricule or password incorrect' });

    const confirmed = await c.post('/api/auth/student/email-confirmation', { token, password: NEW_PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ MATRICULE: matricule });

    const reused = await c.post('/api/auth/student/email-confirmation', { token, password: NEW_PASSWORD });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CONFIRMATION_INVALID');

    const [account] = await t.db.select().from(accounts).innerJoin(persons, eq(persons.id, accounts.personId)).where(eq(persons.MATRICULE, matricule));
    expect(account?.accounts.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account?.accounts.passwordHash).not.toContain(NEW_PASSWORD);

    const { user } = await signIn(t, matricule, NEW_PASSWORD);
    expect(user.MATRICULE).toBe(matricule);
    expect(user.EMAIL_VERIFIED).toBe(true);

    t.clock.advanceSeconds(61);
    const again = await c.post('/api/auth/student/sign-up', { matricule });
    expect(again.statusCode).toBe(201);
    expect((await lastMailTo(t.db, email))?.kind).toBe('account-exists');
  });

  it('tells whether a link can still be used, without using it up nor saying whose it is', async () => {
    const matricule = 'VAC0006';
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app, '10.61.0.1');
    await c.post('/api/auth/student/email-verification', { matricule });
    const token = tokenIn((await lastMailTo(t.db, email))?.textBody);
    const check = (value: string) => c.get(`/api/auth/student/email-confirmation?token=${encodeURIComponent(value)}`);

    const live = await check(token);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ usable: true });
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.body).not.toContain(matricule);
    expect(live.body).not.toContain(email);
    // checking twice uses nothing up
    expect((await check(token)).json()).toEqual({ usable: true });
    expect((await c.post('/api/auth/student/email-confirmation', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    // used, unknown: the same answer
    expect((await check(token)).json()).toEqual({ usable: false });
    expect((await check('x'.repeat(43))).json()).toEqual({ usable: false });
    expect((await check('short')).statusCode).toBe(400);
  });

  it('tells an expired link is no longer usable', async () => {
    const matricule = 'VAC0007';
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app, '10.62.0.1');
    await c.post('/api/auth/student/email-verification', { matricule });
    const token = tokenIn((await lastMailTo(t.db, email))?.textBody);
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await c.get(`/api/auth/student/email-confirmation?token=${encodeURIComponent(token)}`)).json()).toEqual({ usable: false });
  });

  it('limits link checks per client address, as sign-up is limited', async () => {
    const c = new Client(t.app, '10.63.0.1');
    for (let i = 0; i < 200; i += 1) expect((await c.get(`/api/auth/student/email-confirmation?token=${'y'.repeat(43)}`)).statusCode).toBe(200);
    const past = await c.get(`/api/auth/student/email-confirmation?token=${'y'.repeat(43)}`);
    expect(past.statusCode).toBe(429);
    expect(past.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    expect((await new Client(t.app, '10.63.0.2').get(`/api/auth/student/email-confirmation?token=${'y'.repeat(43)}`)).statusCode).toBe(200);
  });

  it('refuses an expired link with the specification message', async () => {
    const matricule = 'VAC0003';
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    expect((await c.post('/api/auth/student/email-verification', { matricule, email })).statusCode).toBe(200);
    const token = tokenIn((await lastMailTo(t.db, email))?.textBody);
    t.clock.advanceSeconds(24 * 3600 + 1);
    const res = await c.post('/api/auth/student/email-confirmation', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'CONFIRMATION_EXPIRED', message: 'The time allowed to the confirmation has expired; register again' });
    // Registering again sends a fresh link that works.
    t.clock.advanceSeconds(61);
    expect((await c.post('/api/auth/student/email-verification', { matricule })).statusCode).toBe(200);
    const fresh = tokenIn((await lastMailTo(t.db, email))?.textBody);
    expect((await c.post('/api/auth/student/email-confirmation', { token: fresh, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('limits links to one a minute, and sends none to another address', async () => {
    const matricule = 'VAC0004';
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    const mismatch = await c.post('/api/auth/student/email-verification', { matricule, email: 'someone.else@example.org' });
    expect(mismatch.statusCode).toBe(200);
    expect(mismatch.json()).toEqual({ message: 'Mail send successfully', resendAfter: 60 });
    expect(await lastMailTo(t.db, email)).toBeUndefined();
    expect(await lastMailTo(t.db, 'someone.else@example.org')).toBeUndefined();
    t.clock.advanceSeconds(61);
    expect((await c.post('/api/auth/student/email-verification', { matricule })).statusCode).toBe(200);
    const soon = await c.post('/api/auth/student/email-verification', { matricule });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('60');
    t.clock.advanceSeconds(61);
    expect((await c.post('/api/auth/student/email-verification', { matricule })).statusCode).toBe(200);
  });

  it('refuses a weak or too short password and an invalid token, writing nothing', async () => {
    const matricule = 'VAC0005';
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    await c.post('/api/auth/student/email-verification', { matricule });
    const token = tokenIn((await lastMailTo(t.db, email))?.textBody);
    const short = await c.post('/api/auth/student/email-confirmation', { token, password: 'short' });
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'validation.passwordLength' } });
    const [person] = await t.db.select().from(persons).where(eq(persons.MATRICULE, matricule));
    for (const weak of ['Password123', 'AZERTY123', '12345678', 'aaaaaaaaaaab']) {
      const res = await c.post('/api/auth/student/email-confirmation', { token, password: weak });
      expect(res.json(), weak).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'validation.passwordWeak' } });
    }
    // A password holding the person's matricule or name says so, with a code of its own.
    for (const personal of [`${matricule}-abc`, `${person!.LASTNAME.split(' ')[0]}-2024!`, `x-${person!.FIRSTNAME.split(' ')[0]!.toUpperCase()}-77`]) {
      const res = await c.post('/api/auth/student/email-confirmation', { token, password: personal });
      expect(res.statusCode, personal).toBe(400);
      expect(res.json(), personal).toEqual({
        code: 'PASSWORD_PERSONAL',
        message: 'The password must not contain your name or matricule',
        fields: { password: 'validation.passwordPersonal' },
      });
    }
    const invalid = await c.post('/api/auth/student/email-confirmation', { token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('CONFIRMATION_INVALID');
    const [row] = await t.db.select().from(accounts).innerJoin(persons, eq(persons.id, accounts.personId)).where(eq(persons.MATRICULE, matricule));
    expect(row).toBeUndefined();
    // The link was not used up by the refused tries.
    expect((await c.post('/api/auth/student/email-confirmation', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('sign-in with password', () => {
  it('asks for both blanks', async () => {
    const res = await new Client(t.app).post('/api/auth/students/', { identifier: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Fill correctly the blanks to continue',
      fields: { identifier: 'validation.required', password: 'validation.required' },
    });
  });

  it('answers the same message for a wrong password and an unknown matricule', async () => {
    const c = new Client(t.app, '10.1.0.1');
    const wrong = await c.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.support.matricule, password: 'not-the-password' });
    const unknown = await c.post('/api/auth/students/', { identifier: 'ZZZ0000', password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Matricule or password incorrect' });
    }
    expect(c.cookies.has('portal_attempt')).toBe(false);
  });

  it('accepts a username, case-insensitively, and sends a 6-digit code stored hashed', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/auth/students/', { identifier: 'HR', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ MATRICULE: DEMO_ACCOUNTS.hr.matricule, resendAfter: 60 });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_attempt=.*HttpOnly/i);
    const email = await emailOf(t.db, DEMO_ACCOUNTS.hr.matricule);
    const code = codeIn((await lastMailTo(t.db, email))?.textBody);
    expect(code).toMatch(/^\d{6}$/);
    const [attempt] = await t.db.select().from(signInAttempts).where(eq(signInAttempts.personId, res.json().STUDENT_ID));
    expect(attempt?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(attempt?.codeHash).not.toContain(code);
  });

  it('signs a student in with matricule, e-mail and password, and refuses another e-mail', async () => {
    const matricule = DEMO_ACCOUNTS.student.matricule;
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    const bad = await c.post('/api/auth/student/sign-in', { matricule, email: 'other@portal.example', password: DEMO_PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_CREDENTIALS');
    const ok = await c.post('/api/auth/student/sign-in', { matricule, email: email.toUpperCase(), password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const code = codeIn((await lastMailTo(t.db, email))?.textBody);
    const verified = await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: ok.json().STUDENT_ID });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ MATRICULE: matricule, KIND: 'STUDENT', STUDENT_ID: ok.json().STUDENT_ID });
    expect(verified.json().TOKEN).toMatch(/^[\w-]{43}$/);
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(String(verified.headers['set-cookie'])).toMatch(/portal_session=.*HttpOnly.*SameSite=Lax/i);
  });

  it('locks an account after five failures with a growing delay', async () => {
    const matricule = DEMO_ACCOUNTS.intern.matricule;
    const c = new Client(t.app, '10.2.0.1');
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/auth/students/', { identifier: matricule, password: `wrong-${i}` })).statusCode).toBe(400);
    }
    const locked = await c.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfter: 60 });
    t.clock.advanceSeconds(61);
    // One more failure after the lock: the next lock is twice as long.
    expect((await c.post('/api/auth/students/', { identifier: matricule, password: 'wrong-again' })).statusCode).toBe(400);
    const longer = await c.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
    expect(longer.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfter: 120 });
    t.clock.advanceSeconds(121);
    const ok = await c.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const [limits] = await t.db
      .select()
      .from(signInLimits)
      .where(eq(signInLimits.key, `p:${ok.json().STUDENT_ID as number}`));
    expect(limits?.passwordFailures).toBe(0);
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign-in-failed'));
    expect(failures.filter((a) => a.targetId === String(ok.json().STUDENT_ID)).length).toBe(6);
  });

  it('throttles one address after many failures, but not another address', async () => {
    const attacker = new Client(t.app, '10.66.0.1');
    for (let i = 0; i < 100; i++) {
      await attacker.post('/api/auth/students/', { identifier: `GHOST${i}`, password: 'x' });
    }
    const blocked = await attacker.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.academic.username, password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    const other = await new Client(t.app, '10.67.0.1').post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.academic.username, password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(200);
    t.clock.advanceSeconds(15 * 60 + 1);
    expect((await attacker.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.academic.username, password: DEMO_PASSWORD })).statusCode).toBe(200);
    // (a hundred argon2 verifications: slow on a loaded machine)
  }, 180_000);
});

describe('the e-mailed code', () => {
  async function started(identifier: string) {
    const c = new Client(t.app);
    const res = await c.post('/api/auth/students/', { identifier, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const email = await emailOf(t.db, res.json().MATRICULE);
    return { c, id: res.json().STUDENT_ID as number, email, code: codeIn((await lastMailTo(t.db, email))?.textBody) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses an empty or malformed code, and a wrong one with the specification message', async () => {
    const { c, id, code } = await started(DEMO_ACCOUNTS.admissions.username);
    const empty = await c.post('/api/auth/student/code-verification', { SIGN_CODE: '', STUDENT_ID: id });
    expect(empty.json()).toMatchObject({ message: 'Fill correctly the blanks to continue', fields: { SIGN_CODE: 'validation.required' } });
    const bad = await c.post('/api/auth/student/code-verification', { SIGN_CODE: wrong(code), STUDENT_ID: id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'CODE_INCORRECT', message: 'The code you entered is incorrect' });
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id })).statusCode).toBe(200);
  });

  it('is void after five wrong entries, even with the right code', async () => {
    const { c, id, code } = await started(DEMO_ACCOUNTS.admin.username);
    // (the clock waits out the account's growing delay between tries: 0, 0, 5, 10, 20 s)
    for (let i = 0; i < 4; i++) {
      expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: wrong(code), STUDENT_ID: id })).json().code).toBe('CODE_INCORRECT');
      t.clock.advanceSeconds(20);
    }
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: wrong(code), STUDENT_ID: id })).json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
    t.clock.advanceSeconds(40);
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id })).json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('expires after 10 minutes', async () => {
    const { c, id, code } = await started(DEMO_ACCOUNTS.identification.username);
    t.clock.advanceSeconds(600);
    const res = await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('is single use, and tied to its attempt and person', async () => {
    const { c, id, code } = await started(DEMO_ACCOUNTS.partTime.matricule);
    // Another browser (no attempt cookie) cannot use it.
    const stranger = await new Client(t.app).post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id });
    expect(stranger.json().code).toBe('CODE_EXPIRED');
    // The right attempt but another person's id.
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id + 1 })).json().code).toBe('CODE_INCORRECT');
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id })).statusCode).toBe(200);
    const replay = new Client(t.app);
    replay.cookies.set('portal_attempt', 'forged');
    expect((await replay.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id })).json().code).toBe('CODE_EXPIRED');
  });

  it('can be sent again once a minute; the new code replaces the old one', async () => {
    const { c, id, email, code } = await started(DEMO_ACCOUNTS.academic.username);
    const soon = await c.post('/api/auth/code-resend');
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfter: 60 });
    t.clock.advanceSeconds(60);
    const resent = await c.post('/api/auth/code-resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.json().resendAfter).toBe(60);
    const fresh = codeIn((await lastMailTo(t.db, email))?.textBody);
    expect((await mailsTo(t.db, email)).filter((m) => m.kind === 'sign-code').length).toBeGreaterThanOrEqual(2);
    if (fresh !== code) expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID: id })).json().code).toBe('CODE_INCORRECT');
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: fresh, STUDENT_ID: id })).statusCode).toBe(200);
  });

  it('signs in with only a mailed code, and answers alike for an unknown identifier', async () => {
    const matricule = DEMO_ACCOUNTS.support.matricule;
    const email = await emailOf(t.db, matricule);
    const c = new Client(t.app);
    const res = await c.post('/api/auth/code-request', { identifier: matricule });
    expect(res.statusCode).toBe(200);
    const code = codeIn((await lastMailTo(t.db, email))?.textBody);
    const verified = await c.post('/api/auth/student/code-verification', { SIGN_CODE: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().MATRICULE).toBe(matricule);

    const ghost = new Client(t.app);
    const decoy = await ghost.post('/api/auth/code-request', { identifier: 'GHOST0001' });
    expect(decoy.statusCode).toBe(200);
    expect(decoy.json()).toEqual({ message: 'Mail send successfully', resendAfter: 60 });
    expect(ghost.cookies.has('portal_attempt')).toBe(true);
    expect((await ghost.post('/api/auth/student/code-verification', { SIGN_CODE: code })).json().code).toBe('CODE_INCORRECT');
  });

  it('does not mail codes to an address more than once a minute through code-only sign-in', async () => {
    const matricule = DEMO_ACCOUNTS.student.matricule;
    const c = new Client(t.app);
    t.clock.advanceSeconds(120);
    expect((await c.post('/api/auth/code-request', { identifier: matricule })).statusCode).toBe(200);
    const again = await c.post('/api/auth/code-request', { identifier: matricule });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RESEND_TOO_SOON');
  });
});

describe('sessions', () => {
  it('answer null, not 401, to a request that carries no session (a signed-out page load)', async () => {
    const anonymous = await new Client(t.app).get('/api/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toBeNull();
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('answer 401 to a session cookie or bearer token that is no longer valid, and drop the cookie', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    const stale = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: 'portal_session=revoked-or-unknown' } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('UNAUTHENTICATED');
    expect(String(stale.headers['set-cookie'])).toMatch(/^portal_session=;.*Expires=Thu, 01 Jan 1970/);
    const bearer = await new Client(t.app).get('/api/auth/session', { authorization: 'Bearer not-a-session' });
    expect(bearer.statusCode).toBe(401);
  });

  it('expire after 30 idle minutes (and the 2-minute grace), and activity keeps them alive', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    t.clock.advanceSeconds(20 * 60);
    expect((await client.get('/api/auth/session')).statusCode).toBe(200);
    t.clock.advanceSeconds(20 * 60);
    expect((await client.get('/api/auth/session')).statusCode).toBe(200);
    t.clock.advanceSeconds(SESSION_IDLE_SECONDS + SESSION_IDLE_GRACE_SECONDS - 1);
    expect((await client.get('/api/auth/session')).statusCode).toBe(200);
    t.clock.advanceSeconds(SESSION_IDLE_SECONDS + SESSION_IDLE_GRACE_SECONDS);
    const expired = await client.get('/api/auth/session');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Session time expired' });
  });

  it('end after 10 hours whatever the activity', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    for (let minutes = 0; minutes < 10 * 60 - 25; minutes += 25) {
      t.clock.advanceSeconds(25 * 60);
      expect((await client.get('/api/auth/session')).statusCode).toBe(200);
    }
    t.clock.advanceSeconds(30 * 60);
    expect((await client.get('/api/auth/session')).statusCode).toBe(401);
  });

  it('accept the bearer token, and logout revokes it on the server', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const bearer = { authorization: `Bearer ${user.TOKEN as string}` };
    const api = new Client(t.app);
    expect((await api.get('/api/auth/session', bearer)).statusCode).toBe(200);
    const out = await client.post('/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(client.cookies.has('portal_session')).toBe(false);
    expect((await api.get('/api/auth/session', bearer)).statusCode).toBe(401);
    // The old cookie value is refused too.
    const stolen = new Client(t.app);
    stolen.cookies.set('portal_session', user.TOKEN as string);
    expect((await stolen.get('/api/auth/session')).statusCode).toBe(401);
  });

  it('write sign-ins to the append-only audit log', async () => {
    const { user } = await signIn(t, DEMO_ACCOUNTS.hr.username);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id as number));
    expect(entries.some((e) => e.action === 'auth.sign-in')).toBe(true);
    await expect(t.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe('cross-site requests', () => {
  it('refuses state changes sent from another site', async () => {
    const c = new Client(t.app);
    const body = { identifier: DEMO_ACCOUNTS.permanent.matricule, password: DEMO_PASSWORD };
    const foreign = await c.post('/api/auth/students/', body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CSRF_REJECTED');
    expect((await c.post('/api/auth/students/', body, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await c.post('/api/auth/students/', body, { origin: 'http://portal.test', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('answers no CORS by default, and refuses a bearer request from another origin all the same', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/settings',
      headers: { origin: 'https://app.example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const { user } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    const api = new Client(t.app);
    const res = await api.post(
      '/api/settings',
      { theme: 'light' },
      { origin: 'https://app.example.org', 'sec-fetch-site': 'cross-site', authorization: `Bearer ${user.TOKEN as string}` },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS: API clients of other origins', () => {
  const APP = 'https://app.example.org';
  const ADMIN = 'https://admin.example.org';
  let c: TestApp;
  let token: string;
  let cookieClient: Client;
  beforeAll(async () => {
    c = await createTestApp({ env: { CORS_ORIGINS: `${APP}, ${ADMIN}` } });
    const signedIn = await signIn(c, DEMO_ACCOUNTS.student.matricule);
    token = signedIn.user.TOKEN as string;
    cookieClient = signedIn.client;
  });
  afterAll(async () => {
    await c?.close();
  });
  /** What a browser on `origin` sends with a cross-origin fetch. */
  const from = (origin: string, extra: Record<string, string> = {}) => ({ origin, 'sec-fetch-site': 'cross-site', ...extra });

  it('answers the preflight of an allowed origin with the methods and headers the API uses, without credentials', async () => {
    for (const origin of [APP, ADMIN]) {
      const res = await c.app.inject({
        method: 'OPTIONS',
        url: '/api/settings',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
      expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const other = await c.app.inject({
      method: 'OPTIONS',
      url: '/api/settings',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets an allowed origin with a bearer token change state, and reads the answer', async () => {
    const api = new Client(c.app);
    const res = await api.post('/api/settings', { theme: 'dark' }, from(APP, { authorization: `Bearer ${token}` }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ theme: 'dark' });
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await api.get('/api/settings', from(ADMIN, { authorization: `Bearer ${token}` }));
    expect(read.headers['access-control-allow-origin']).toBe(ADMIN);
    expect(read.headers.vary).toContain('Origin');
  });

  it('still refuses a cookie-only request from an allowed origin, and a bearer request from any other', async () => {
    const cookieOnly = await cookieClient.post('/api/settings', { theme: 'forged' }, from(APP));
    expect(cookieOnly.statusCode).toBe(403);
    expect(cookieOnly.json().code).toBe('CSRF_REJECTED');
    const withoutFetchMetadata = await cookieClient.post('/api/settings', { theme: 'forged' }, { origin: APP });
    expect(withoutFetchMetadata.json().code).toBe('CSRF_REJECTED');
    const otherOrigin = await new Client(c.app).post('/api/settings', { theme: 'forged' }, from('https://evil.example', { authorization: `Bearer ${token}` }));
    expect(otherOrigin.statusCode).toBe(403);
    expect(otherOrigin.json().code).toBe('CSRF_REJECTED');
    expect(otherOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect((await new Client(c.app).get('/api/settings', { authorization: `Bearer ${token}` })).json()).toEqual({ theme: 'dark' });
  });
});
