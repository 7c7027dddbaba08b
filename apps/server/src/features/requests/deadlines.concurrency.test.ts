import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail } from '@portal/contract';
import { auditLog, mailOutbox, persons, requests, requestSteps, requestSubcategories } from '../../db/schema';
import { onPostgres, sessionFor, twoInstances } from '../../../test/helpers';
import { runRequestDeadlines } from './deadlines.service';

const DAY = 86_400_000;
const REQUESTS = 30;
const ROUNDS = 4;

describe.runIf(onPostgres)('the 7-day rule on two instances at once (PostgreSQL)', () => {
  const both = twoInstances();
  let email: string;
  let ids: number[];
  let filedAt: number;

  beforeAll(async () => {
    const { t } = both;
    t.clock.advance(new Date('2024-01-15T08:00:00Z').getTime() - t.clock.now().getTime());
    email = `dlc${Date.now().toString(36)}@portal.example`;
    const [person] = await t.db
      .insert(persons)
      .values({
        MATRICULE: `DLC${Date.now().toString(36).slice(-6).toUpperCase()}`,
        KIND: 'STAFF',
        STATUS: 'VACATAIRE',
        FIRSTNAME: 'Two',
        LASTNAME: 'Instances',
        EMAIL: email,
      })
      .returning({ id: persons.id });
    const [sub] = await t.db.select({ id: requestSubcategories.id }).from(requestSubcategories).where(eq(requestSubcategories.code, '0301'));
    const client = await sessionFor(t, person!.id);
    ids = [];
    for (let i = 0; i < REQUESTS; i++) {
      const res = await client.post('/api/requests', { REQUEST_CATEGORY_ID: sub!.id, REQUEST_OBJECT: `Contract ${i}`, DESCRIPTION: 'Never received.' });
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as RequestDetail).id);
    }
    filedAt = t.clock.now().getTime();
  });

  /** Both instances run the job at once, twice each per round, ROUNDS rounds; answers the counts they reported. */
  async function runEverywhere() {
    const results = [];
    for (let round = 0; round < ROUNDS; round++) {
      results.push(...(await Promise.all([both.t.app.ctx, both.other.ctx, both.t.app.ctx, both.other.ctx].map((ctx) => runRequestDeadlines(ctx)))));
    }
    return results;
  }
  const mailsOf = (kind: string) =>
    both.t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
  const stepsOf = (kind: 'EXPIRED') =>
    both.t.db
      .select()
      .from(requestSteps)
      .where(and(inArray(requestSteps.requestId, ids), eq(requestSteps.kind, kind)));

  it('reminds each author once on day 5, whichever instance takes the request', async () => {
    both.t.clock.advance(filedAt + 5 * DAY - both.t.clock.now().getTime());
    const results = await runEverywhere();
    const reminded = await both.t.db.select({ id: requests.id, remindedAt: requests.remindedAt }).from(requests).where(inArray(requests.id, ids));
    expect(reminded.every((r) => r.remindedAt !== null)).toBe(true);
    expect(await mailsOf('request-reminder')).toHaveLength(REQUESTS);
    // Every reminder reported was written once: the runs' counts add up to the requests reminded (the demo's included).
    const [all] = await both.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(requests)
      .where(eq(requests.remindedAt, both.t.clock.now()));
    expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBe(all!.n);
  });

  it('rejects each request exactly once on day 7: one EXPIRED step, one audit entry and one mail each', async () => {
    both.t.clock.advance(filedAt + 7 * DAY - both.t.clock.now().getTime());
    const results = await runEverywhere();
    const rows = await both.t.db.select({ status: requests.REQUEST_STATUS, unitId: requests.REQUEST_UNITY_ID }).from(requests).where(inArray(requests.id, ids));
    expect(rows.filter((r) => r.status === 'REJECTED' && r.unitId === null)).toHaveLength(REQUESTS);
    const steps = await stepsOf('EXPIRED');
    expect(steps).toHaveLength(REQUESTS);
    expect(new Set(steps.map((s) => s.requestId)).size).toBe(REQUESTS);
    const entries = await both.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.expired'), inArray(auditLog.targetId, ids.map(String))));
    expect(entries).toHaveLength(REQUESTS);
    expect(await mailsOf('request-expired')).toHaveLength(REQUESTS);
    // The runs' counts add up to the EXPIRED steps written (the demo's requests included): none counted twice.
    const [all] = await both.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(requestSteps)
      .where(eq(requestSteps.kind, 'EXPIRED'));
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(all!.n);
  });
});
