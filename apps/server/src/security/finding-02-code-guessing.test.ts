/**
 * Finding 2 of issue 9, replayed:
 *
 * > Once the password is known, the e-mailed code can be guessed: each password sign-in
 * > starts a new attempt with 5 tries, so guessing ran at 26 codes a second, never
 * > throttled (about 10 hours for the whole space), each attempt mailing the victim.
 * > Code-only sign-in still works while the password is locked.
 *
 * Wrong codes are now counted per account across attempts (lib/throttle.ts reserveCodeTry):
 * 10 checks an hour, a growing delay after the second; code-only sign-in honours that lock;
 * the person gets at most 10 sign-in codes an hour (decision 23).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { Client, codeIn, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, mailsTo, type TestApp } from '../../test/helpers';

// Each test replays an attack of dozens or hundreds of argon2-bound requests: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
const signCodes = async (email: string) => (await mailsTo(t.db, email)).filter((m) => m.kind === 'sign-code');

/** One round of the attack: a fresh password sign-in, then up to 5 wrong codes on its attempt. How many codes the server checked. */
async function round(identifier: string, email: string): Promise<{ checked: number; mailed: boolean }> {
  const before = (await signCodes(email)).length;
  const c = new Client(t.app, '10.20.0.1');
  const started = await c.post('/api/auth/students/', { identifier, password: DEMO_PASSWORD });
  const mailed = (await signCodes(email)).length > before;
  if (started.statusCode !== 200) return { checked: 0, mailed };
  const code = codeIn((await lastMailTo(t.db, email))?.textBody);
  let checked = 0;
  for (let i = 1; i <= 5; i++) {
    const res = await c.post('/api/auth/student/code-verification', { SIGN_CODE: wrong(code, i) });
    if (res.json().code === 'CODE_INCORRECT' || res.json().code === 'CODE_ATTEMPTS_EXCEEDED') checked++;
  }
  return { checked, mailed };
}

describe('finding 2: guessing the e-mailed code with a known password', () => {
  it('checks at most 10 codes an hour for one account, however many sign-ins the attacker starts', async () => {
    const identifier = DEMO_ACCOUNTS.intern.matricule;
    const email = await emailOf(t.db, identifier);
    let checked = 0;
    let mails = 0;
    // An hour of attack, a new password sign-in every minute (the old code let each one try 5 codes).
    for (let minute = 0; minute < 60; minute++) {
      const r = await round(identifier, email);
      checked += r.checked;
      if (r.mailed) mails++;
      t.clock.advanceSeconds(60);
    }
    expect(checked).toBeLessThanOrEqual(10);
    expect(mails).toBeLessThanOrEqual(10);
  });

  it('counts wrong codes across attempts, with a growing delay after the second', async () => {
    const identifier = DEMO_ACCOUNTS.support.matricule;
    const email = await emailOf(t.db, identifier);
    const first = await round(identifier, email);
    // After the second wrong code, the next waits 5 s, whatever the attempt.
    expect(first.checked).toBe(2);
    const c = new Client(t.app, '10.20.0.2');
    const again = await c.post('/api/auth/students/', { identifier, password: DEMO_PASSWORD });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'CODE_LOCKED', retryAfter: 5 });
    expect(again.headers['retry-after']).toBe('5');
    t.clock.advanceSeconds(5);
    const next = await round(identifier, email);
    // The third check is allowed, then the wait doubles to 10 s.
    expect(next.checked).toBe(1);
    t.clock.advanceSeconds(9);
    expect((await c.post('/api/auth/students/', { identifier, password: DEMO_PASSWORD })).json()).toMatchObject({ code: 'CODE_LOCKED', retryAfter: 1 });
  });

  it('keeps code-only sign-in closed while the account is locked, and mails nothing', async () => {
    const identifier = DEMO_ACCOUNTS.partTime.matricule;
    const email = await emailOf(t.db, identifier);
    for (let i = 0; i < 12; i++) {
      await round(identifier, email);
      t.clock.advanceSeconds(61);
    }
    const mailsBefore = (await signCodes(email)).length;
    const codeOnly = await new Client(t.app, '10.20.0.3').post('/api/auth/code-request', { identifier });
    expect(codeOnly.statusCode).toBe(429);
    expect(codeOnly.json().code).toBe('CODE_LOCKED');
    expect((await signCodes(email)).length).toBe(mailsBefore);
    // The lock ends with the hour: the person can then sign in with the code alone.
    t.clock.advanceSeconds(3600);
    const c = new Client(t.app, '10.20.0.3');
    expect((await c.post('/api/auth/code-request', { identifier })).statusCode).toBe(200);
    const code = codeIn((await lastMailTo(t.db, email))?.textBody);
    expect((await c.post('/api/auth/student/code-verification', { SIGN_CODE: code })).statusCode).toBe(200);
  });

  it('does not mail the person a new code at every password sign-in', async () => {
    const identifier = DEMO_ACCOUNTS.academic.username!;
    const email = await emailOf(t.db, DEMO_ACCOUNTS.academic.matricule);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push((await new Client(t.app, '10.20.0.4').post('/api/auth/students/', { identifier, password: DEMO_PASSWORD })).statusCode);
    expect((await signCodes(email)).length).toBe(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(20);
  });
});
