import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionsResult, OfficeEntrance } from '@portal/contract';
import { auditLog, entrances, mailOutbox } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { postMultipart } from '../../../test/files';
import { ok, onPostgres, outcome, personIdOf, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { decisionsOf, insertCandidate, openEntrance } from './admissions.fixtures';
import { closePastDeadlineEntrances } from './entrances.service';

/**
 * The admissions office under concurrent requests sent to two server instances on one PostgreSQL
 * database (decision 44): imports of decisions lock their candidates in the order of their ids, so
 * that two at once neither interleave nor deadlock, and an unchanged decision is mailed once; the
 * closing job run twice at once closes each entrance once. PGlite runs one query at a time and
 * would hide the races, so these run on PostgreSQL only.
 */
describe.runIf(onPostgres)('the admissions office under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();
  let here: Client;
  let there: Client;
  let entrance: OfficeEntrance;

  beforeAll(async () => {
    const id = await personIdOf(cluster.t, DEMO_ACCOUNTS.admissions.matricule);
    here = await sessionFor(cluster.t, id, cluster.t.app);
    there = await sessionFor(cluster.t, id, cluster.other);
    entrance = await openEntrance(cluster.t, here, { specialities: ['BTS GSI', 'BTS CGE'] });
  });

  const candidatesOf = async (howMany: number) => {
    const made: { id: number; number: string; email: string }[] = [];
    for (let i = 0; i < howMany; i++) made.push(await insertCandidate(cluster.t, { entrance, first: 'GSI', second: 'CGE' }));
    return made;
  };
  const importCsv = (client: Client, lines: string[]) =>
    postMultipart(
      client,
      '/api/admissions/decisions/import',
      {},
      { data: Buffer.from(`CANDIDATE_NUMBER,DECISION,SPECIALITY\n${lines.join('\n')}\n`), filename: 'decisions.csv', type: 'text/csv' },
    );
  const mailsPer = async (emails: string[]) => {
    const rows = await cluster.t.db
      .select({ to: mailOutbox.toAddress, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, emails))
      .groupBy(mailOutbox.toAddress);
    return emails.map((email) => rows.find((row) => row.to === email)?.n ?? 0);
  };

  it('mails each candidate once when the same file is imported twice at once on two instances, in opposite orders', { timeout: 120_000 }, async () => {
    const made = await candidatesOf(40);
    const lines = made.map((c, i) => `${c.number},${i % 3 === 0 ? 'REFUSED' : 'ADMITTED'},`);
    const [a, b] = await Promise.all([importCsv(here, lines), importCsv(there, [...lines].reverse())]);
    const results = [ok<DecisionsResult>(a), ok<DecisionsResult>(b)];
    expect({ recorded: results[0]!.recorded + results[1]!.recorded, unchanged: results[0]!.unchanged + results[1]!.unchanged }).toEqual({
      recorded: 40,
      unchanged: 40,
    });
    expect(new Set(await mailsPer(made.map((c) => c.email)))).toEqual(new Set([1]));
  });

  it(
    'never interleaves nor deadlocks two different imports of the same candidates at once: one wins whole, each changed decision is mailed',
    { timeout: 180_000 },
    async () => {
      for (let round = 0; round < 3; round++) {
        const made = await candidatesOf(30);
        const admitted = made.map((c) => `${c.number},ADMITTED,GSI`);
        const waiting = made.map((c) => `${c.number},WAITING_LIST,CGE`).reverse();
        const [a, b] = await Promise.all([importCsv(here, admitted), importCsv(there, waiting)]);
        expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
        const decided = [
          ...(
            await decisionsOf(
              cluster.t,
              made.map((c) => c.id),
            )
          ).values(),
        ].map((row) => row.decision);
        // the import that went second holds every row: never half of each
        expect(new Set(decided).size, decided.join(',')).toBe(1);
        expect(new Set(await mailsPer(made.map((c) => c.email)))).toEqual(new Set([2]));
      }
    },
  );

  it('records nothing of a file with a faulty line, on PostgreSQL too', async () => {
    const made = await candidatesOf(5);
    const res = await importCsv(there, [...made.map((c) => `${c.number},ADMIS,`), 'C00000001,ADMIS,']);
    expect(outcome(res)).toEqual({ status: 400, code: 'DECISION_IMPORT_INVALID', fields: { 'line 7': 'validation.invalid' } });
    expect(
      [
        ...(
          await decisionsOf(
            cluster.t,
            made.map((c) => c.id),
          )
        ).values(),
      ].every((row) => row.decision === null),
    ).toBe(true);
    expect(await mailsPer(made.map((c) => c.email))).toEqual([0, 0, 0, 0, 0]);
  });

  it('closes each past entrance once when the job runs on both instances at once', { timeout: 60_000 }, async () => {
    const { t, other } = cluster;
    const past: number[] = [];
    // entered after their last day (yesterday): the next run closes them
    for (let i = 0; i < 6; i++) past.push((await openEntrance(t, i % 2 ? here : there, { deadline: -1 })).Entrance_ID);
    const [a, b] = await Promise.all([closePastDeadlineEntrances(t.app.ctx), closePastDeadlineEntrances(other.ctx)]);
    expect(a.closed + b.closed).toBeGreaterThanOrEqual(past.length);
    const rows = await t.db.select({ id: entrances.id, closedAt: entrances.closedAt }).from(entrances).where(inArray(entrances.id, past));
    expect(rows.every((row) => row.closedAt !== null)).toBe(true);
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entrance.closed'), inArray(auditLog.targetId, past.map(String))));
    expect(audits!.n).toBe(past.length);
  });
});
