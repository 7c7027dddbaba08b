import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestBatchDetail, RequestDetail } from '@portal/contract';
import { requestBatchItems, requests, requestSteps, requestSubcategories, requestUnits } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { ok, onPostgres, personIdOf, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { decisionId, unitMember } from './processing.fixtures';

/**
 * The request lock (lockRequest: SELECT ... FOR UPDATE on the request's row) under concurrent
 * changes sent to two server instances on one PostgreSQL database (decision 32). PGlite runs one
 * query at a time and would hide the races, so these run on PostgreSQL only.
 */
describe.runIf(onPostgres)('processing requests under concurrency (PostgreSQL, two instances)', () => {
  const REQUESTS = 20;
  const cluster = twoInstances();
  let units: Record<string, number>;
  let sub: number;
  let lecturer: Client;
  let seng: Client;

  beforeAll(async () => {
    const { t } = cluster;
    units = Object.fromEntries((await t.db.select({ id: requestUnits.id, code: requestUnits.code }).from(requestUnits)).map((u) => [u.code, u.id]));
    sub = (await t.db.select({ id: requestSubcategories.id }).from(requestSubcategories).where(eq(requestSubcategories.code, '0201')))[0]!.id;
    lecturer = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.permanent.matricule));
    seng = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.seng.matricule));
  });

  /** `count` payment claims filed and signed at SENG: ready to send. */
  async function readyToSend(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const filed = ok<RequestDetail>(
        await lecturer.post('/api/requests', {
          REQUEST_CATEGORY_ID: sub,
          AMOUNT_RECEIVED: 1000,
          AMOUNT_EXPECTED: 2000 + i,
          REQUEST_OBJECT: `Concurrent ${i}`,
          DESCRIPTION: 'x',
        }),
        201,
      );
      ok(await seng.post(`/api/requests/${filed.id}/signature`, {}));
      ids.push(filed.id);
    }
    return ids;
  }

  const tally = (codes: string[]) => codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});
  const answer = (res: { statusCode: number; json: () => unknown }) =>
    res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${(res.json() as { code: string }).code}`;

  it(
    `lets exactly one of finance and an administrator decide each of ${REQUESTS} requests when both decide at the same moment on two instances`,
    { timeout: 180_000 },
    async () => {
      const { t, other } = cluster;
      const ids = await readyToSend(REQUESTS);
      const finance = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.finance.matricule), t.app);
      const admin = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.admin.matricule), other);
      const batch = ok<RequestBatchDetail>(await seng.post('/api/request-batches', { TO_UNIT_ID: units.FIN, REQUEST_IDS: ids, SEND: true }), 201);
      ok(await finance.post(`/api/request-batches/${batch.id}/receive`));
      const billed = await decisionId(t, { sub, from: units.SENG!, to: units.FIN!, label: 'Validated and billed' });
      const notValidated = await decisionId(t, { sub, from: units.SENG!, to: units.FIN!, label: 'Not validated' });

      const responses = await Promise.all(
        ids.flatMap((id) => [
          finance.post(`/api/requests/${id}/decision`, { DECISION_ID: billed, COMMENT: 'Finance' }),
          admin.post(`/api/requests/${id}/decision`, { DECISION_ID: notValidated, COMMENT: 'Administration' }),
        ]),
      );
      const perRequest = ids.map((_, i) => [answer(responses[2 * i]!), answer(responses[2 * i + 1]!)].sort().join(' | '));
      const steps = await t.db
        .select({ requestId: requestSteps.requestId })
        .from(requestSteps)
        .where(and(inArray(requestSteps.requestId, ids), eq(requestSteps.kind, 'DECIDED')));
      const decidedSteps = tally(steps.map((s) => String(s.requestId)));
      const rows = await t.db
        .select({ id: requests.id, status: requests.REQUEST_STATUS, unit: requests.REQUEST_UNITY_ID })
        .from(requests)
        .where(inArray(requests.id, ids));
      // One summary, so that a failure shows every number at once.
      expect({
        answers: tally(perRequest),
        requestsWithOneDecidedStep: ids.filter((id) => decidedSteps[String(id)] === 1).length,
        finished: rows.filter((r) => r.unit === null).length,
        // the status of record is the winner's decision
        statusMatchesWinner: ids.filter(
          (id, i) => rows.find((r) => r.id === id)!.status === (responses[2 * i]!.statusCode === 200 ? 'VALIDATED_BILLED' : 'NOT_VALIDATED'),
        ).length,
      }).toEqual({
        answers: { '200 | 409 REQUEST_CHANGED': REQUESTS },
        requestsWithOneDecidedStep: REQUESTS,
        finished: REQUESTS,
        statusMatchesWinner: REQUESTS,
      });
    },
  );

  it(
    `puts each of ${REQUESTS} requests in one batch only when two agents of the unit batch it at the same moment on two instances`,
    { timeout: 180_000 },
    async () => {
      const { t, other } = cluster;
      const ids = await readyToSend(REQUESTS);
      const first = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.seng.matricule), t.app);
      // a second agent of the lecturers' service, on the other instance
      const secondOnOther = await sessionFor(t, (await unitMember(t, units.SENG!, 'BOSENG02')).id, other);

      const responses = await Promise.all(
        ids.flatMap((id) => [
          first.post('/api/request-batches', { TO_UNIT_ID: units.FIN, REQUEST_IDS: [id] }),
          secondOnOther.post('/api/request-batches', { TO_UNIT_ID: units.FIN, REQUEST_IDS: [id], SEND: true }),
        ]),
      );
      const perRequest = ids.map((_, i) => [answer(responses[2 * i]!), answer(responses[2 * i + 1]!)].sort().join(' | '));
      const items = await t.db
        .select({ requestId: requestBatchItems.requestId, batchId: requestBatchItems.batchId })
        .from(requestBatchItems)
        .where(inArray(requestBatchItems.requestId, ids));
      const rows = await t.db.select({ id: requests.id, batchId: requests.batchId }).from(requests).where(inArray(requests.id, ids));
      const winners = ids.map((_, i) => [responses[2 * i]!, responses[2 * i + 1]!].find((r) => r.statusCode === 201)?.json() as RequestBatchDetail | undefined);
      expect({
        answers: tally(perRequest),
        requestsInOneBatch: ids.filter((id) => items.filter((item) => item.requestId === id).length === 1).length,
        batchOfRecordIsTheWinner: ids.filter((id, i) => rows.find((r) => r.id === id)!.batchId === winners[i]?.id).length,
      }).toEqual({ answers: { '201 | 409 BATCH_REQUESTS_UNAVAILABLE': REQUESTS }, requestsInOneBatch: REQUESTS, batchOfRecordIsTheWinner: REQUESTS });
    },
  );
});
