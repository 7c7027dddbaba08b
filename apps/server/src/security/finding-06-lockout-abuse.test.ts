/**
 * Finding 6 of issue 9, replayed:
 *
 * > Anyone can lock any account, and the per-address block shuts out everyone behind one
 * > address (a mobile carrier's or a campus's).
 *
 * The locks an outsider can trigger now spare the person's known device (the portal_device
 * cookie set by a successful sign-in), the address limit lets known devices through and leaves
 * code-only sign-in open, and a lock answers an unknown identifier as a real one (decision 23).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { Client, codeIn, createTestApp, DEMO_PASSWORD, emailOf, lastMailTo, type TestApp } from '../../test/helpers';

// Each test replays an attack of dozens or hundreds of argon2-bound requests: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Signs in with password and code through `c`, which keeps the device cookie it is given. */
async function signInThrough(c: Client, identifier: string, matricule: string) {
  const started = await c.post('/api/auth/students/', { identifier, password: DEMO_PASSWORD });
  if (started.statusCode !== 200) return started;
  const code = codeIn((await lastMailTo(t.db, await emailOf(t.db, matricule)))?.textBody);
  return c.post('/api/auth/student/code-verification', { SIGN_CODE: code });
}

/** The person's own browser, known from an earlier sign-in (its session dropped, its device cookie kept). */
async function knownBrowser(matricule: string, ip: string): Promise<Client> {
  const browser = new Client(t.app, ip);
  expect((await signInThrough(browser, matricule, matricule)).statusCode).toBe(200);
  expect(browser.cookies.get('portal_device')).toMatch(/^[\w-]{43}$/);
  for (const name of [...browser.cookies.keys()]) if (name !== 'portal_device') browser.cookies.delete(name);
  return browser;
}

describe('finding 6: shutting people out', () => {
  it('an attacker who locks the password does not shut the person out of their own browser', async () => {
    const matricule = DEMO_ACCOUNTS.permanent.matricule;
    const browser = await knownBrowser(matricule, '10.40.0.1');
    const attacker = new Client(t.app, '10.66.6.6');
    for (let i = 0; i < 8; i++) await attacker.post('/api/auth/students/', { identifier: matricule, password: `guess-${i}` });
    const locked = await attacker.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    // The person's browser signs in as usual.
    expect((await signInThrough(browser, matricule, matricule)).statusCode).toBe(200);
    // On a new device, the e-mailed code is the way in while the password is locked.
    const phone = new Client(t.app, '10.40.0.2');
    expect((await phone.post('/api/auth/code-request', { identifier: matricule })).statusCode).toBe(200);
    const code = codeIn((await lastMailTo(t.db, await emailOf(t.db, matricule)))?.textBody);
    expect((await phone.post('/api/auth/student/code-verification', { SIGN_CODE: code })).statusCode).toBe(200);
  });

  it('an attacker who locks the codes does not shut the person out of their own browser', async () => {
    const matricule = DEMO_ACCOUNTS.student.matricule;
    const browser = await knownBrowser(matricule, '10.40.0.3');
    // Code-only requests need nothing but the matricule: the attacker spends the hour's code checks.
    for (let i = 0; i < 12; i++) {
      const attacker = new Client(t.app, `10.66.7.${i}`);
      await attacker.post('/api/auth/code-request', { identifier: matricule });
      for (let j = 0; j < 5; j++) await attacker.post('/api/auth/student/code-verification', { SIGN_CODE: String(100000 + i * 10 + j) });
      t.clock.advanceSeconds(61);
    }
    expect((await new Client(t.app, '10.40.0.4').post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD })).json().code).toBe(
      'CODE_LOCKED',
    );
    expect((await signInThrough(browser, matricule, matricule)).statusCode).toBe(200);
  });

  it('a known device that fails five times in a row is forgotten', async () => {
    const matricule = DEMO_ACCOUNTS.intern.matricule;
    const browser = await knownBrowser(matricule, '10.40.0.5');
    for (let i = 0; i < 5; i++) expect((await browser.post('/api/auth/students/', { identifier: matricule, password: `typo-${i}` })).statusCode).toBe(400);
    // Forgotten: the account's own lock (five failures from it) applies now.
    expect((await browser.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await browser.post('/api/auth/students/', { identifier: matricule, password: `typo-${i}` });
    expect((await browser.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD })).json().code).toBe('ACCOUNT_LOCKED');
  });

  it('one attacker behind a shared address does not shut out the people behind it', async () => {
    const campus = '10.50.0.1';
    const colleague = await knownBrowser(DEMO_ACCOUNTS.support.matricule, campus);
    const attacker = new Client(t.app, campus);
    for (let i = 0; i < 110; i++) await attacker.post('/api/auth/students/', { identifier: `SPRAY${i}`, password: 'Summer2024!' });
    expect((await attacker.post('/api/auth/students/', { identifier: 'SPRAY999', password: 'x' })).json().code).toBe('TOO_MANY_REQUESTS');
    // A known device behind the address signs in as usual.
    expect((await signInThrough(colleague, DEMO_ACCOUNTS.support.matricule, DEMO_ACCOUNTS.support.matricule)).statusCode).toBe(200);
    // A new device behind it signs in with the e-mailed code.
    const newcomer = new Client(t.app, campus);
    const matricule = DEMO_ACCOUNTS.partTime.matricule;
    expect((await newcomer.post('/api/auth/code-request', { identifier: matricule })).statusCode).toBe(200);
    const code = codeIn((await lastMailTo(t.db, await emailOf(t.db, matricule)))?.textBody);
    expect((await newcomer.post('/api/auth/student/code-verification', { SIGN_CODE: code })).statusCode).toBe(200);
  });

  it('a lock answers an identifier that names nobody exactly as an account, so locking tells nothing', async () => {
    const answers = [];
    for (const identifier of [DEMO_ACCOUNTS.admissions.username!, 'NOBODY01']) {
      const c = new Client(t.app, '10.40.0.9');
      for (let i = 0; i < 5; i++) await c.post('/api/auth/students/', { identifier, password: `guess-${i}` });
      const res = await c.post('/api/auth/students/', { identifier, password: `guess-5` });
      answers.push({ status: res.statusCode, body: res.json() as unknown });
    }
    expect(answers[0]).toEqual({ status: 429, body: expect.objectContaining({ code: 'ACCOUNT_LOCKED', retryAfter: 60 }) });
    expect(answers[1]).toEqual(answers[0]);
  });
});
