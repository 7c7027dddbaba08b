import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, persons, sessions, signInLimits } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, codeIn, DEMO_PASSWORD, emailOf, lastMailTo, mailsTo, onPostgres, twoInstances } from '../../../test/helpers';

/**
 * Single-use codes and links, and failure counters, under truly concurrent requests:
 * PostgreSQL with two server instances (PGlite serialises everything and would hide races).
 */
describe.runIf(onPostgres)('sign-in under concurrency (PostgreSQL, two instances)', () => {
  // Every sign-in reaches its check: the password gate (docs/performance.md) is not what is tested here.
  const cluster = twoInstances({ env: { PASSWORD_WORK_CONCURRENCY: '16' } });
  const { instance } = cluster;

  it('opens exactly one session when the right code is sent 20 times at once', async () => {
    const c = new Client(cluster.t.app);
    const res = await c.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.permanent.matricule, password: DEMO_PASSWORD });
    const personId = res.json().STUDENT_ID as number;
    const code = codeIn((await lastMailTo(cluster.t.db, await emailOf(cluster.t.db, DEMO_ACCOUNTS.permanent.matricule)))?.textBody);
    const cookie = `portal_attempt=${c.cookies.get('portal_attempt')!}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        instance(i).inject({
          method: 'POST',
          url: '/api/auth/student/code-verification',
          headers: { cookie },
          payload: { SIGN_CODE: code, STUDENT_ID: personId },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The others find the attempt used, or the account's code checks taken by the ones before them (decision 23).
    expect(results.filter((r) => r.statusCode !== 200).every((r) => ['CODE_EXPIRED', 'CODE_LOCKED'].includes(r.json().code as string))).toBe(true);
    expect(await cluster.t.db.select().from(sessions).where(eq(sessions.personId, personId))).toHaveLength(1);
  });

  it('activates an account once when the confirmation link is submitted 10 times at once', async () => {
    const matricule = 'VAC0010';
    const email = await emailOf(cluster.t.db, matricule);
    await new Client(cluster.t.app).post('/api/auth/student/email-verification', { matricule });
    const token = decodeURIComponent(/token=([\w%-]+)/.exec((await lastMailTo(cluster.t.db, email))!.textBody)![1]!);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        instance(i).inject({ method: 'POST', url: '/api/auth/student/email-confirmation', payload: { token, password: `Password-${i}-long` } }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const winner = results.indexOf(ok[0]!);
    const rows = await cluster.t.db
      .select({ a: accounts })
      .from(accounts)
      .innerJoin(persons, eq(persons.id, accounts.personId))
      .where(eq(persons.MATRICULE, matricule));
    expect(rows).toHaveLength(1);
    // The password in force is the winner's.
    expect((await new Client(cluster.t.app).post('/api/auth/students/', { identifier: matricule, password: `Password-${winner}-long` })).statusCode).toBe(200);
  });

  it('checks at most 10 codes an hour for one account when 40 wrong codes arrive at once, wave after wave (finding 2)', async () => {
    const matricule = DEMO_ACCOUNTS.intern.matricule;
    // Eight attempts (eight password sign-ins), five tries each: 40 chances without the account's limit.
    const attempts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const c = new Client(cluster.t.app, `10.8.0.${i}`);
      expect((await c.post('/api/auth/students/', { identifier: matricule, password: DEMO_PASSWORD })).statusCode).toBe(200);
      attempts.push(`portal_attempt=${c.cookies.get('portal_attempt')!}`);
    }
    let checked = 0;
    for (let wave = 0; wave < 5; wave++) {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          instance(i).inject({
            method: 'POST',
            url: '/api/auth/student/code-verification',
            headers: { cookie: attempts[i % 8]! },
            payload: { SIGN_CODE: String(100000 + wave * 40 + i) },
          }),
        ),
      );
      checked += results.filter((r) => ['CODE_INCORRECT', 'CODE_ATTEMPTS_EXCEEDED'].includes(r.json().code as string)).length;
      expect(results.every((r) => r.statusCode !== 500)).toBe(true);
      // Past the growing delay (at most 5 minutes), still within the hour.
      cluster.t.clock.advanceSeconds(301);
    }
    const [person] = await cluster.t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
    const [row] = await cluster.t.db
      .select()
      .from(signInLimits)
      .where(eq(signInLimits.key, `p:${person!.id}`));
    expect(checked).toBeLessThanOrEqual(10);
    expect(row?.codeTries).toBeLessThanOrEqual(10);
  });

  it('mails one code when 30 code-only requests for one person arrive at once (finding 8)', async () => {
    const matricule = DEMO_ACCOUNTS.academic.matricule;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        instance(i).inject({ method: 'POST', url: '/api/auth/code-request', remoteAddress: `10.7.0.${i}`, payload: { identifier: matricule } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const mails = (await mailsTo(cluster.t.db, await emailOf(cluster.t.db, matricule))).filter((m) => m.kind === 'sign-code');
    expect(mails).toHaveLength(1);
  });

  it('counts every one of 12 simultaneous wrong passwords', async () => {
    const matricule = DEMO_ACCOUNTS.support.matricule;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        instance(i).inject({
          method: 'POST',
          url: '/api/auth/students/',
          remoteAddress: `10.9.0.${i}`,
          payload: { identifier: matricule, password: `nope-${i}` },
        }),
      ),
    );
    const [person] = await cluster.t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
    const [row] = await cluster.t.db
      .select()
      .from(signInLimits)
      .where(eq(signInLimits.key, `p:${person!.id}`));
    expect(row?.passwordFailures).toBe(12);
    expect(row?.passwordLockedUntil).not.toBeNull();
  });
});
