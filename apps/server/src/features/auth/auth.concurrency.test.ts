import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, persons, sessions, signInLimits } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, codeIn, DEMO_PASSWORD, emailOf, lastMailTo, onPostgres, twoInstances } from '../../../test/helpers';

/**
 * Single-use codes and links, and failure counters, under truly concurrent requests:
 * PostgreSQL with two server instances (PGlite serialises everything and would hide races).
 */
describe.runIf(onPostgres)('sign-in under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();
  const { instance } = cluster;

  it('opens exactly one session when the right code is sent 20 times at once', async () => {
    const c = new Client(cluster.t.app);
    const res = await c.post('/api/auth/students/', { identifier: DEMO_ACCOUNTS.permanent.matricule, password: DEMO_PASSWORD });
    const personId = res.json().STUDENT_ID as number;
    const code = codeIn((await lastMailTo(cluster.t.db, await emailOf(cluster.t.db, DEMO_ACCOUNTS.permanent.matricule)))?.textBody);
    const cookie = `portal_attempt=${c.cookies.get('portal_attempt')!}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => instance(i).inject({ method: 'POST', url: '/api/auth/student/code-verification', headers: { cookie }, payload: { SIGN_CODE: code, STUDENT_ID: personId } })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'CODE_EXPIRED')).toBe(true);
    expect(await cluster.t.db.select().from(sessions).where(eq(sessions.personId, personId))).toHaveLength(1);
  });

  it('activates an account once when the confirmation link is submitted 10 times at once', async () => {
    const matricule = 'VAC0010';
    const email = await emailOf(cluster.t.db, matricule);
    await new Client(cluster.t.app).post('/api/auth/student/email-verification', { matricule });
    const token = decodeURIComponent(/token=([\w%-]+)/.exec((await lastMailTo(cluster.t.db, email))!.textBody)![1]!);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => instance(i).inject({ method: 'POST', url: '/api/auth/student/email-confirmation', payload: { token, password: `Password-${i}-long` } })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const winner = results.indexOf(ok[0]!);
    const rows = await cluster.t.db.select({ a: accounts }).from(accounts).innerJoin(persons, eq(persons.id, accounts.personId)).where(eq(persons.MATRICULE, matricule));
    expect(rows).toHaveLength(1);
    // The password in force is the winner's.
    expect((await new Client(cluster.t.app).post('/api/auth/students/', { identifier: matricule, password: `Password-${winner}-long` })).statusCode).toBe(200);
  });

  it('counts every one of 12 simultaneous wrong passwords', async () => {
    const matricule = DEMO_ACCOUNTS.support.matricule;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => instance(i).inject({ method: 'POST', url: '/api/auth/students/', remoteAddress: `10.9.0.${i}`, payload: { identifier: matricule, password: `nope-${i}` } })),
    );
    const [person] = await cluster.t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
    const [row] = await cluster.t.db.select().from(signInLimits).where(eq(signInLimits.key, `p:${person!.id}`));
    expect(row?.passwordFailures).toBe(12);
    expect(row?.passwordLockedUntil).not.toBeNull();
  });
});
