import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { candidates } from '../db/schema';
import { Client, createTestApp, ok, onPostgres, personIdOf, sessionFor, type TestApp } from '../../test/helpers';
import { candidateCookieName, openCandidateSession } from './candidate-session';

/**
 * The session lookups run on every request whose session is not in memory (after a sign-in, or a
 * change to the person). PostgreSQL plans a prepared statement with its values the first five times,
 * then keeps one plan if it costs no more. A limit sent as a parameter made the kept plan look
 * costlier, so a person's lookup (six joins) was planned on every run (docs/performance.md, kept plans); a candidate's
 * (one table) kept its plan all along, and is checked so that it stays so. One connection here, so
 * that every run is on the connection whose statements are read.
 */
describe.runIf(onPostgres)('session lookups keep one plan (PostgreSQL)', () => {
  let t: TestApp;
  const RUNS = 8;

  beforeAll(async () => {
    t = await createTestApp({ env: { DATABASE_POOL_SIZE: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const plansOf = async (name: string) => {
    const rows = (await t.db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = ${name}`,
    )) as unknown as { rows: { generic: number; custom: number }[] };
    return rows.rows[0];
  };

  it("plans a person's session lookup only for its first runs", async () => {
    const personId = await personIdOf(t, 'PER0001');
    for (let i = 0; i < RUNS; i++) {
      const client = await sessionFor(t, personId);
      ok(await client.get('/api/settings'));
    }
    const plans = await plansOf('session_by_token');
    expect(plans).toBeDefined();
    expect(plans!.generic).toBeGreaterThan(0);
    expect(plans!.custom).toBeLessThanOrEqual(5);
  });

  it("plans a candidate's session lookup only for its first runs", async () => {
    const [candidate] = await t.db.select({ id: candidates.id }).from(candidates).orderBy(asc(candidates.id)).limit(1);
    for (let i = 0; i < RUNS; i++) {
      const client = new Client(t.app, '10.0.0.7');
      client.cookies.set(candidateCookieName(t.config.secureCookies), await openCandidateSession(t.app.ctx, t.db, candidate!.id));
      ok(await client.get('/api/candidate/me'));
    }
    const plans = await plansOf('candidate_session_by_token');
    expect(plans).toBeDefined();
    expect(plans!.generic).toBeGreaterThan(0);
    expect(plans!.custom).toBeLessThanOrEqual(5);
  });
});
