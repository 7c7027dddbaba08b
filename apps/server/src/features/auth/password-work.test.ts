import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../../../test/helpers';

// Password work (argon2id) goes through a gate (docs/performance.md, password gate): one at a time here, none waiting.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PASSWORD_WORK_CONCURRENCY: '1', PASSWORD_WORK_QUEUE: '0' } });
});
afterAll(async () => {
  await t?.close();
});

/** Sent at once (an injected request leaves only when its answer is asked for). */
const signInCall = (identifier: string) =>
  t.app
    .inject({ method: 'POST', url: '/api/auth/students/', payload: { identifier, password: DEMO_PASSWORD }, headers: { 'content-type': 'application/json' } })
    .then((answer) => answer);

describe('password work past capacity', () => {
  it('is answered 503 SERVER_BUSY with Retry-After at once, and the next try goes through', async () => {
    const answers = await Promise.all([DEMO_ACCOUNTS.permanent.matricule, DEMO_ACCOUNTS.partTime.matricule, DEMO_ACCOUNTS.hr.matricule].map(signInCall));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 503, 503]);
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(busy.json()).toMatchObject({ code: 'SERVER_BUSY' });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(2);
    }
    // One at a time, everyone gets through.
    for (const matricule of [DEMO_ACCOUNTS.partTime.matricule, DEMO_ACCOUNTS.hr.matricule]) expect((await signInCall(matricule)).statusCode).toBe(200);
  });

  it('holds every call that hashes or verifies a password, and nothing else', async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const slow = signInCall(DEMO_ACCOUNTS.partTime.matricule);
    const [signUp, codeRequest, read] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/auth/student/sign-up', payload: { matricule: 'VAC0011' }, headers: { 'content-type': 'application/json' } }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/code-request',
        payload: { identifier: DEMO_ACCOUNTS.hr.matricule },
        headers: { 'content-type': 'application/json' },
      }),
      client.get(`/api/students/${user.id as number}`),
    ]);
    expect((await slow).statusCode).toBe(200);
    expect([signUp.statusCode, codeRequest.statusCode]).toEqual([503, 503]);
    expect(read.statusCode).toBe(200);
  });
});
