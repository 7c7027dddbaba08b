import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { universityDayOf, type BatchPage, type EligibleRequest, type RequestBatchDetail, type RequestDetail } from '@portal/contract';
import { auditLog, requestBatchItems, requestBatches, requests, requestSteps } from '../../db/schema';
import { createTestApp, ok, outcome, type TestApp } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf';
import { deliver, file, paymentClaim, processingCast, signedRequest, teachingClaim, type ProcessingCast } from './processing.fixtures';

let t: TestApp;
let cast: ProcessingCast;
const yesterday = () => universityDayOf(new Date(t.clock.now().getTime() - 86_400_000));

beforeAll(async () => {
  t = await createTestApp();
  cast = await processingCast(t);
});
afterAll(async () => {
  await t?.close();
});

type Who = ProcessingCast['seng'];
const eligible = async (who: Who, query = '') => ok<EligibleRequest[]>(await who.client.get(`/api/request-batches/eligible${query}`));
const create = (who: Who, body: Record<string, unknown>) => who.client.post('/api/request-batches', body);
const batchOf = async (id: number) => (await t.db.select().from(requestBatches).where(eq(requestBatches.id, id)))[0]!;
const requestRow = async (id: number) => (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const stepsOf = async (id: number, kind: 'SENT' | 'RECEIVED' | 'RETURNED') =>
  t.db
    .select()
    .from(requestSteps)
    .where(and(eq(requestSteps.requestId, id), eq(requestSteps.kind, kind)));

describe('what a unit may send', () => {
  it('offers the signed requests it holds, each with where it may go; never an unsigned one', async () => {
    const unsigned = await file(cast.permanent, paymentClaim(cast));
    const signed = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    const contract = await signedRequest(cast, cast.permanent, {
      REQUEST_CATEGORY_ID: cast.subs['0301'],
      REQUEST_OBJECT: 'Contract',
      DESCRIPTION: 'Not received',
    });
    const list = await eligible(cast.seng);
    expect(list.map((r) => r.id)).not.toContain(unsigned.id);
    expect(list.find((r) => r.id === signed.id)).toMatchObject({ stage: 'READY_TO_SEND', author: { MATRICULE: 'PER0001' }, destinations: [{ code: 'FIN' }] });
    expect(list.find((r) => r.id === contract.id)?.destinations.map((d) => d.code)).toEqual(['HR']);
    expect(list.every((r) => r.stage === 'READY_TO_SEND' && r.unit?.code === 'SENG')).toBe(true);
    // An unsigned request cannot go in a batch: nothing is created.
    const before = await t.db.$count(requestBatches);
    expect(outcome(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [signed.id, unsigned.id] }))).toEqual({
      status: 409,
      code: 'BATCH_REQUESTS_UNAVAILABLE',
      columns: [unsigned.REQUEST_ID],
    });
    expect(await t.db.$count(requestBatches)).toBe(before);
    expect((await requestRow(signed.id)).batchId).toBeNull();
    // Finance holds none of these; the administrator names the unit (required).
    expect((await eligible(cast.finance)).map((r) => r.id)).not.toContain(signed.id);
    expect((await eligible(cast.admin, `?unit=${cast.units.SENG}`)).map((r) => r.id)).toContain(signed.id);
    expect(outcome(await cast.admin.client.get('/api/request-batches/eligible'))).toMatchObject({ status: 400, fields: { unit: 'validation.required' } });
    expect(outcome(await cast.finance.client.get(`/api/request-batches/eligible?unit=${cast.units.SENG}`))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it("sends a teaching claim only to the school of its class's department", async () => {
    const claim = await signedRequest(cast, cast.partTime, teachingClaim(cast, yesterday()));
    expect((await eligible(cast.seng)).find((r) => r.id === claim.id)?.destinations.map((d) => d.code)).toEqual(['SCH-INF']);
    expect(outcome(await create(cast.seng, { TO_UNIT_ID: cast.units['SCH-ACC'], REQUEST_IDS: [claim.id] }))).toEqual({
      status: 409,
      code: 'BATCH_REQUESTS_UNAVAILABLE',
      columns: [claim.REQUEST_ID],
    });
    expect(outcome(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [claim.id] }))).toMatchObject({
      status: 409,
      columns: [claim.REQUEST_ID],
    });
    expect(outcome(await create(cast.seng, { TO_UNIT_ID: cast.units.SENG, REQUEST_IDS: [claim.id] }))).toMatchObject({
      status: 409,
      columns: [claim.REQUEST_ID],
    });
    ok(await create(cast.seng, { TO_UNIT_ID: cast.units['SCH-INF'], REQUEST_IDS: [claim.id] }), 201);
  });
});

describe('a batch from preparation to reception', () => {
  it('is prepared (DRAFT), sent (SENT steps naming the destination) and received (the requests change hands, PROCESSING); each change once', async () => {
    const a = await signedRequest(cast, cast.permanent, paymentClaim(cast, 'A'));
    const b = await signedRequest(cast, cast.partTime, paymentClaim(cast, 'B'));
    const draft = ok<RequestBatchDetail>(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [b.id, a.id, a.id] }), 201);
    expect(draft).toMatchObject({
      status: 'DRAFT',
      from: { code: 'SENG' },
      to: { code: 'FIN' },
      count: 2,
      sentAt: null,
      receivedAt: null,
      cancelledAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(draft.reference).toMatch(new RegExp(`^SENG-${universityDayOf(t.clock.now()).slice(0, 4)}-\\d{4}$`));
    expect(draft.requests.map((r) => [r.id, r.stage])).toEqual([a, b].sort((x, y) => x.REQUEST_ID.localeCompare(y.REQUEST_ID)).map((r) => [r.id, 'IN_BATCH']));
    const items = await t.db.select().from(requestBatchItems).where(eq(requestBatchItems.batchId, draft.id));
    expect(items).toHaveLength(2);
    expect((await requestRow(a.id)).batchId).toBe(draft.id);
    // no longer eligible, nor in another batch
    expect((await eligible(cast.seng)).map((r) => r.id)).not.toContain(a.id);
    expect(outcome(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [a.id] }))).toEqual({
      status: 409,
      code: 'BATCH_REQUESTS_UNAVAILABLE',
      columns: [a.REQUEST_ID],
    });
    // A draft is not received; finance does not list it yet, but may read it.
    expect(outcome(await cast.finance.client.post(`/api/request-batches/${draft.id}/receive`))).toEqual({ status: 409, code: 'BATCH_CHANGED' });
    expect(ok<BatchPage>(await cast.finance.client.get('/api/request-batches?direction=IN')).rows.map((r) => r.id)).not.toContain(draft.id);
    expect(ok<RequestBatchDetail>(await cast.finance.client.get(`/api/request-batches/${draft.id}`)).id).toBe(draft.id);

    // Only the sender sends it.
    expect(outcome(await cast.finance.client.post(`/api/request-batches/${draft.id}/send`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const sent = ok<RequestBatchDetail>(await cast.seng.client.post(`/api/request-batches/${draft.id}/send`));
    expect(sent).toMatchObject({ status: 'SENT', sentAt: t.clock.now().toISOString() });
    expect(outcome(await cast.seng.client.post(`/api/request-batches/${draft.id}/send`))).toEqual({ status: 409, code: 'BATCH_CHANGED' });
    expect(await stepsOf(a.id, 'SENT')).toMatchObject([{ unitId: cast.units.FIN, batchId: draft.id, status: 'REGISTERED', by: cast.seng.id }]);
    expect(ok<BatchPage>(await cast.finance.client.get('/api/request-batches?direction=IN&status=SENT')).rows.map((r) => r.id)).toContain(draft.id);
    expect(ok<BatchPage>(await cast.seng.client.get('/api/request-batches?direction=OUT')).rows.find((r) => r.id === draft.id)).toMatchObject({
      status: 'SENT',
      count: 2,
    });
    expect(ok<BatchPage>(await cast.seng.client.get('/api/request-batches?direction=IN')).rows.map((r) => r.id)).not.toContain(draft.id);

    // Only the destination receives it, once.
    expect(outcome(await cast.seng.client.post(`/api/request-batches/${draft.id}/receive`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const received = ok<RequestBatchDetail>(await cast.finance.client.post(`/api/request-batches/${draft.id}/receive`));
    expect(received).toMatchObject({ status: 'RECEIVED', receivedAt: t.clock.now().toISOString() });
    expect(received.requests.every((r) => r.stage === 'AWAITING_DECISION' && r.unit?.code === 'FIN' && r.REQUEST_STATUS === 'PROCESSING')).toBe(true);
    expect(outcome(await cast.finance.client.post(`/api/request-batches/${draft.id}/receive`))).toEqual({ status: 409, code: 'BATCH_CHANGED' });
    expect(outcome(await cast.seng.client.post(`/api/request-batches/${draft.id}/cancel`))).toEqual({ status: 409, code: 'BATCH_CHANGED' });
    const row = await requestRow(a.id);
    expect(row).toMatchObject({
      REQUEST_UNITY_ID: cast.units.FIN,
      arrivalHopId: items[0]!.hopId,
      batchId: null,
      forwardUnitId: null,
      REQUEST_STATUS: 'PROCESSING',
    });
    expect(await stepsOf(a.id, 'RECEIVED')).toMatchObject([{ unitId: cast.units.FIN, batchId: draft.id, status: 'PROCESSING', by: cast.finance.id }]);
    expect(await batchOf(draft.id)).toMatchObject({ status: 'RECEIVED', createdBy: cast.seng.id, sentBy: cast.seng.id, receivedBy: cast.finance.id });
    for (const action of ['request-batch.created', 'request-batch.sent', 'request-batch.received']) {
      expect(
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(draft.id)))),
      ).toHaveLength(1);
    }
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'request.received'), eq(auditLog.targetId, String(a.id)))),
    ).toHaveLength(1);
    // The batch stays, with its items: the slip's history.
    expect(ok<RequestBatchDetail>(await cast.seng.client.get(`/api/request-batches/${draft.id}`)).requests).toHaveLength(2);

    // Its printable slip, to both units: the reference, both units, each request and the boxes to sign; no one else's.
    for (const who of [cast.seng, cast.finance]) {
      const slip = await who.client.get(`/api/request-batches/${draft.id}/slip`);
      expect(slip.statusCode).toBe(200);
      expect(slip.headers['content-type']).toBe('application/pdf');
      expect(slip.headers['content-disposition']).toBe(`inline; filename="${draft.reference}.pdf"`);
      expect(slip.headers['cache-control']).toBe('no-store');
      const text = await pdfText(slip.rawPayload);
      for (const expected of [draft.reference, 'Service aux enseignants', "Lecturers' service", 'Finances', a.REQUEST_ID, b.REQUEST_ID])
        expect(text).toContain(expected);
    }
    expect(outcome(await cast.school.client.get(`/api/request-batches/${draft.id}/slip`))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it('a status kept by a decision stays through a reception (not PROCESSING again)', async () => {
    const claim = await signedRequest(cast, cast.partTime, teachingClaim(cast, yesterday()));
    await deliver(cast.seng, cast.school, { toUnit: cast.units['SCH-INF']!, ids: [claim.id] });
    const atSchool = ok<RequestDetail>(await cast.school.client.get(`/api/requests/${claim.id}`));
    ok(
      await cast.school.client.post(`/api/requests/${claim.id}/decision`, {
        DECISION_ID: atSchool.actions.decisions.find((d) => d.forwardUnit)!.id,
        COMMENT: 'Confirmed',
      }),
    );
    // forwarded to finance: nowhere else
    expect(outcome(await create(cast.school, { TO_UNIT_ID: cast.units.HR, REQUEST_IDS: [claim.id] }))).toMatchObject({
      status: 409,
      columns: [claim.REQUEST_ID],
    });
    await deliver(cast.school, cast.finance, { toUnit: cast.units.FIN!, ids: [claim.id] });
    expect(await requestRow(claim.id)).toMatchObject({ REQUEST_STATUS: 'VALIDATED', REQUEST_UNITY_ID: cast.units.FIN, forwardUnitId: null });
  });
});

describe('cancelling a batch', () => {
  it('returns the requests of a sent batch to the sender (RETURNED steps), free to go again; a draft cancelled leaves no step', async () => {
    const a = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    const sent = ok<RequestBatchDetail>(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [a.id], SEND: true }), 201);
    expect(sent.status).toBe('SENT');
    expect(outcome(await cast.finance.client.post(`/api/request-batches/${sent.id}/cancel`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const cancelled = ok<RequestBatchDetail>(await cast.seng.client.post(`/api/request-batches/${sent.id}/cancel`));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledAt: t.clock.now().toISOString() });
    expect(cancelled.requests.map((r) => [r.stage, r.unit?.code])).toEqual([['READY_TO_SEND', 'SENG']]);
    expect(await stepsOf(a.id, 'RETURNED')).toMatchObject([{ unitId: cast.units.SENG, batchId: sent.id, status: 'REGISTERED' }]);
    expect(outcome(await cast.finance.client.post(`/api/request-batches/${sent.id}/receive`))).toEqual({ status: 409, code: 'BATCH_CHANGED' });
    expect(outcome(await cast.seng.client.post(`/api/request-batches/${sent.id}/cancel`))).toEqual({ status: 409, code: 'BATCH_CHANGED' });
    expect((await eligible(cast.seng)).map((r) => r.id)).toContain(a.id);
    // The lecturer reads where it went and that it came back.
    const mine = ok<RequestDetail>(await cast.permanent.client.get(`/api/requests/${a.id}`));
    expect(mine.steps.map((s) => `${s.kind} ${s.unit?.code}`)).toEqual(['FILED SENG', 'SIGNED SENG', 'SENT FIN', 'RETURNED SENG']);

    const draft = ok<RequestBatchDetail>(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [a.id] }), 201);
    ok(await cast.seng.client.post(`/api/request-batches/${draft.id}/cancel`));
    expect(await stepsOf(a.id, 'RETURNED')).toHaveLength(1);
    expect((await requestRow(a.id)).batchId).toBeNull();
    expect(await batchOf(draft.id)).toMatchObject({ status: 'CANCELLED', cancelledBy: cast.seng.id });
  });
});

describe('who deals with a batch', () => {
  it('is its sender, its destination and administrators; another unit is refused (403, audited), naming another unit or its requests too', async () => {
    const a = await signedRequest(cast, cast.permanent, paymentClaim(cast));
    // finance names SENG's request, or SENG as the sender
    expect(outcome(await create(cast.finance, { TO_UNIT_ID: cast.units.HR, REQUEST_IDS: [a.id] }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(outcome(await create(cast.finance, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [a.id], FROM_UNIT_ID: cast.units.SENG }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(outcome(await create(cast.seng, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [2147483647] }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    // the administrator names the sending unit
    expect(outcome(await create(cast.admin, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [a.id] }))).toMatchObject({
      status: 400,
      fields: { FROM_UNIT_ID: 'validation.required' },
    });
    const batch = ok<RequestBatchDetail>(await create(cast.admin, { TO_UNIT_ID: cast.units.FIN, REQUEST_IDS: [a.id], FROM_UNIT_ID: cast.units.SENG }), 201);
    expect(batch).toMatchObject({ from: { code: 'SENG' }, status: 'DRAFT' });
    for (const who of [cast.school, cast.hr]) {
      expect(outcome(await who.client.get(`/api/request-batches/${batch.id}`))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(outcome(await who.client.post(`/api/request-batches/${batch.id}/send`))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(outcome(await who.client.post(`/api/request-batches/${batch.id}/cancel`))).toEqual({ status: 403, code: 'FORBIDDEN' });
      const refused = await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'access.refused'),
            eq(auditLog.actorId, who.id),
            eq(auditLog.targetType, 'request_batch'),
            eq(auditLog.targetId, String(batch.id)),
          ),
        );
      expect(refused).toHaveLength(3);
      expect(ok<BatchPage>(await who.client.get('/api/request-batches')).rows.map((r) => r.id)).not.toContain(batch.id);
    }
    expect((await cast.permanent.client.get(`/api/request-batches/${batch.id}`)).statusCode).toBe(403);
    expect((await cast.seng.client.get('/api/request-batches/2147483647')).statusCode).toBe(404);
    // the administrator sends and receives for the units, and lists every batch
    ok(await cast.admin.client.post(`/api/request-batches/${batch.id}/send`));
    ok(await cast.admin.client.post(`/api/request-batches/${batch.id}/receive`));
    const [received] = await stepsOf(a.id, 'RECEIVED');
    expect(received).toMatchObject({ unitId: cast.units.FIN, by: cast.admin.id });
    const all = ok<BatchPage>(await cast.admin.client.get('/api/request-batches?pageSize=150'));
    expect(all.total).toBe(await t.db.$count(requestBatches));
    expect(all.rows.map((r) => r.id)).toContain(batch.id);
  });
});
