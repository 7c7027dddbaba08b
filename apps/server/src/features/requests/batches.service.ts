import { and, asc, count, desc, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  requestStageOf,
  universityDayOf,
  V,
  type BatchBody,
  type BatchPage,
  type BatchQuery,
  type EligibleRequest,
  type RequestBatch,
  type RequestBatchDetail,
  type RequestStatus,
  type RequestUnit,
} from '@portal/contract';
import type { Executor, Tx } from '../../db/client';
import { branches, classes, requestBatches, requestBatchItems, requestHops, requests, requestSteps, requestUnits } from '../../db/schema';
import { audit } from '../../lib/audit';
import { refuseAccess } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { loadInstitution } from '../../lib/institution';
import { listPage, rowsOf } from '../../lib/sql';
import { batchSlipPdf } from './batch-slip';
import { ownUnitOr, processorOf, recordStep, stageCondition, toInboxRow } from './processing.service';
import { listFrom } from './requests.service';

// ---------------------------------------------------------------- where a request may go

/** What deciding where a request may be sent reads of it. */
interface Sendable {
  id: number;
  subcategoryId: number;
  classId: number | null;
  arrivalHopId: number | null;
  forwardUnitId: number | null;
}

interface Destination {
  unit: RequestUnit;
  hopId: number;
}

/**
 * Where each request may go from `fromUnitId` (decision 32): at its first unit, every destination
 * of its sub-category's hops from there; after a forwarding decision, only the decision's unit (if a
 * hop leads there). A school (a unit with a department) receives only requests about a class of
 * its department; a request without a class may go to any.
 */
async function destinationsOf(exec: Executor, fromUnitId: number, candidates: Sendable[]): Promise<Map<number, Destination[]>> {
  const result = new Map<number, Destination[]>();
  if (candidates.length === 0) return result;
  const hops = await exec
    .select({ hopId: requestHops.id, subcategoryId: requestHops.subcategoryId, unit: requestUnits })
    .from(requestHops)
    .innerJoin(requestUnits, eq(requestUnits.id, requestHops.toUnitId))
    .where(
      and(
        eq(requestHops.fromUnitId, fromUnitId),
        ne(requestHops.toUnitId, fromUnitId),
        inArray(requestHops.subcategoryId, [...new Set(candidates.map((c) => c.subcategoryId))]),
      ),
    )
    .orderBy(asc(requestUnits.id));
  const classIds = [...new Set(candidates.map((c) => c.classId).filter((id): id is number => id !== null))];
  const departmentOf = new Map(
    classIds.length === 0
      ? []
      : (
          await exec
            .select({ id: classes.id, departmentId: branches.departmentId })
            .from(classes)
            .innerJoin(branches, eq(branches.id, classes.branchId))
            .where(inArray(classes.id, classIds))
        ).map((c) => [c.id, c.departmentId]),
  );
  for (const c of candidates) {
    const options = hops.filter(
      (h) =>
        h.subcategoryId === c.subcategoryId &&
        (c.arrivalHopId === null || h.unit.id === c.forwardUnitId) &&
        (h.unit.departmentId === null || c.classId === null || departmentOf.get(c.classId) === h.unit.departmentId),
    );
    result.set(
      c.id,
      options.map((h) => ({ hopId: h.hopId, unit: { id: h.unit.id, code: h.unit.code, name: h.unit.name, nameFr: h.unit.nameFr } })),
    );
  }
  return result;
}

const sendableColumns = {
  id: requests.id,
  subcategoryId: requests.REQUEST_CATEGORY_ID,
  classId: requests.CLASS_ID,
  arrivalHopId: requests.arrivalHopId,
  forwardUnitId: requests.forwardUnitId,
};

/** The sending unit: a member's own (naming another is 403, audited); an administrator names it (required). */
async function sendingUnit(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; named: number | undefined; field: string }): Promise<number> {
  const processor = processorOf(input.actor);
  const unit = await ownUnitOr(ctx, { ...input, processor });
  if (unit === null) throw new AppError('VALIDATION_FAILED', { fields: { [input.field]: V.required } });
  return unit;
}

/**
 * `GET /request-batches/eligible`: the requests the unit holds that are ready to send (signed at the
 * first unit, or forwarded by the unit's decision), not in a batch, each with the units it may go to
 * (those with none are left out); newest first.
 */
export async function eligibleRequests(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; unit: number | undefined }): Promise<EligibleRequest[]> {
  const unitId = await sendingUnit(ctx, { ...input, named: input.unit, field: 'unit' });
  const rows = await listFrom(ctx.db)
    .where(and(eq(requests.REQUEST_UNITY_ID, unitId), stageCondition('READY_TO_SEND')))
    .orderBy(desc(requests.filedAt), desc(requests.id));
  const destinations = await destinationsOf(
    ctx.db,
    unitId,
    rows.map((r) => ({
      id: r.request.id,
      subcategoryId: r.request.REQUEST_CATEGORY_ID,
      classId: r.request.CLASS_ID,
      arrivalHopId: r.request.arrivalHopId,
      forwardUnitId: r.request.forwardUnitId,
    })),
  );
  return rows
    .map((r) => ({ ...toInboxRow(r), destinations: (destinations.get(r.request.id) ?? []).map((d) => d.unit) }))
    .filter((r) => r.destinations.length > 0);
}

// ---------------------------------------------------------------- batches as they are shown

const fromUnit = alias(requestUnits, 'from_unit');
const toUnit = alias(requestUnits, 'to_unit');
const unitColumns = (u: typeof fromUnit | typeof toUnit) => ({ id: u.id, code: u.code, name: u.name, nameFr: u.nameFr });

const batchesFrom = (exec: Executor) =>
  exec
    .select({
      batch: requestBatches,
      from: unitColumns(fromUnit),
      to: unitColumns(toUnit),
      count: sql<number>`(select count(*)::int from ${requestBatchItems} where ${requestBatchItems.batchId} = ${requestBatches.id})`,
    })
    .from(requestBatches)
    .innerJoin(fromUnit, eq(fromUnit.id, requestBatches.fromUnitId))
    .innerJoin(toUnit, eq(toUnit.id, requestBatches.toUnitId));

type BatchRecord = Awaited<ReturnType<typeof batchesFrom>>[number];

function toBatch({ batch, from, to, count: n }: BatchRecord): RequestBatch {
  return {
    id: batch.id,
    reference: batch.reference,
    from,
    to,
    status: batch.status,
    count: Number(n),
    createdAt: batch.createdAt.toISOString(),
    sentAt: batch.sentAt?.toISOString() ?? null,
    receivedAt: batch.receivedAt?.toISOString() ?? null,
    cancelledAt: batch.cancelledAt?.toISOString() ?? null,
  };
}

/** A batch with its requests (as they stand now), in the order of their references. */
async function loadBatch(exec: Executor, id: number): Promise<RequestBatchDetail> {
  const [row] = await batchesFrom(exec).where(eq(requestBatches.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  const items = exec.select({ id: requestBatchItems.requestId }).from(requestBatchItems).where(eq(requestBatchItems.batchId, id));
  const lines = await listFrom(exec).where(inArray(requests.id, items)).orderBy(asc(requests.REQUEST_ID));
  return { ...toBatch(row), requests: lines.map(toInboxRow) };
}

/** Whether the actor may see a batch: administrators, and members of its sending or destination unit (anyone else: 403, audited). */
async function assertBatchParty(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number; side?: 'from' | 'to' }): Promise<void> {
  const processor = processorOf(input.actor);
  const [batch] = await ctx.db
    .select({ from: requestBatches.fromUnitId, to: requestBatches.toUnitId })
    .from(requestBatches)
    .where(eq(requestBatches.id, input.id));
  if (!batch) throw new AppError('NOT_FOUND');
  if (processor.admin) return;
  const allowed = input.side ? batch[input.side] === processor.unitId : batch.from === processor.unitId || batch.to === processor.unitId;
  if (!allowed) await refuseAccess(ctx, { actor: input.actor, meta: input.meta, target: { type: 'request_batch', id: input.id } });
}

/** `GET /request-batches/{id}` (and the printable slip): the batch and its requests, for its sender, its destination and administrators (403 otherwise). */
export async function loadBatchForViewer(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestBatchDetail> {
  await assertBatchParty(ctx, input);
  return loadBatch(ctx.db, input.id);
}

/**
 * `GET /request-batches`: the batches the actor's unit sends (OUT) or that were sent to it (IN, from
 * SENT on: a draft is the sender's own), or both; administrators see all. Newest first.
 */
export async function listBatches(ctx: ServiceContext, input: { actor: Actor; query: BatchQuery }): Promise<BatchPage> {
  const { query } = input;
  const processor = processorOf(input.actor);
  const conditions: SQL[] = [];
  if (!processor.admin) {
    const out = eq(requestBatches.fromUnitId, processor.unitId);
    const incoming = and(eq(requestBatches.toUnitId, processor.unitId), ne(requestBatches.status, 'DRAFT'))!;
    conditions.push(query.direction === 'OUT' ? out : query.direction === 'IN' ? incoming : or(out, incoming)!);
  }
  if (query.status) conditions.push(eq(requestBatches.status, query.status));
  const where = and(...conditions);
  return listPage(query, toBatch, {
    total: ctx.db.select({ n: count() }).from(requestBatches).where(where),
    rows: batchesFrom(ctx.db).where(where).orderBy(desc(requestBatches.createdAt), desc(requestBatches.id)).$dynamic(),
  });
}

// ---------------------------------------------------------------- changes of a batch

type BatchRow = typeof requestBatches.$inferSelect;

/** THE LOCK of a batch: its row read with SELECT ... FOR UPDATE; a batch no longer in `expected` is 409 BATCH_CHANGED. */
async function lockBatch(tx: Tx, id: number, expected: readonly BatchRow['status'][]): Promise<BatchRow> {
  const [batch] = await tx.select().from(requestBatches).where(eq(requestBatches.id, id)).for('update');
  if (!batch) throw new AppError('NOT_FOUND');
  if (!expected.includes(batch.status)) throw new AppError('BATCH_CHANGED');
  return batch;
}

/** The requests of a batch, their rows locked in id order (the order every batch change takes, so that two never wait for each other). */
async function lockBatchRequests(tx: Tx, batchId: number) {
  return tx
    .select({ id: requests.id, reference: requests.REQUEST_ID, status: requests.REQUEST_STATUS, batchId: requests.batchId, hopId: requestBatchItems.hopId })
    .from(requests)
    .innerJoin(requestBatchItems, and(eq(requestBatchItems.requestId, requests.id), eq(requestBatchItems.batchId, batchId)))
    .orderBy(asc(requests.id))
    .for('update', { of: requests });
}

/** Sends a DRAFT batch (locked by the caller): SENT, and a SENT step naming the destination for each request. */
async function send(tx: Tx, input: { actor: Actor; meta: RequestMeta; batch: BatchRow; now: Date }): Promise<void> {
  const { actor, meta, batch, now } = input;
  await tx.update(requestBatches).set({ status: 'SENT', sentAt: now, sentBy: actor.id }).where(eq(requestBatches.id, batch.id));
  for (const r of await lockBatchRequests(tx, batch.id)) {
    await recordStep(tx, {
      at: now,
      actor,
      meta,
      requestId: r.id,
      reference: r.reference,
      kind: 'SENT',
      unitId: batch.toUnitId,
      status: r.status,
      batchId: batch.id,
    });
  }
  await audit(tx, {
    at: now,
    actorId: actor.id,
    action: 'request-batch.sent',
    targetType: 'request_batch',
    targetId: batch.id,
    ip: meta.ip,
    details: { reference: batch.reference },
  });
}

/**
 * `POST /request-batches`: a DRAFT batch from the actor's unit (administrators: FROM_UNIT_ID) to
 * TO_UNIT_ID with the requests named, each locked (in id order) and checked to be still ready to
 * go there; otherwise nothing is created (409 BATCH_REQUESTS_UNAVAILABLE naming the references
 * refused). A member naming a request their unit neither holds nor held is refused (403, audited).
 * Reference `<from unit>-<year>-<number>`. SEND sends it at once.
 */
export async function createBatch(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; body: BatchBody }): Promise<RequestBatchDetail> {
  const { actor, meta, body } = input;
  const fromUnitId = await sendingUnit(ctx, { actor, meta, named: body.FROM_UNIT_ID, field: 'FROM_UNIT_ID' });
  const ids = [...new Set(body.REQUEST_IDS)].sort((a, b) => a - b);
  // Each request must exist and, for a member, be one their unit holds or held.
  const seen = await ctx.db
    .select({
      id: requests.id,
      visible: sql<boolean>`(${requests.REQUEST_UNITY_ID} = ${fromUnitId} or ${exists(
        ctx.db
          .select({ one: sql`1` })
          .from(requestSteps)
          .where(and(eq(requestSteps.requestId, requests.id), eq(requestSteps.unitId, fromUnitId))),
      )})`,
    })
    .from(requests)
    .where(inArray(requests.id, ids));
  if (seen.length !== ids.length) throw new AppError('NOT_FOUND');
  const unseen = seen.filter((r) => !r.visible).map((r) => r.id);
  if (unseen.length > 0 && !processorOf(actor).admin)
    return refuseAccess(ctx, { actor, meta, target: { type: 'request', id: unseen[0]! }, details: { requestIds: unseen } });

  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const locked = await tx
      .select({
        ...sendableColumns,
        reference: requests.REQUEST_ID,
        status: requests.REQUEST_STATUS,
        unitId: requests.REQUEST_UNITY_ID,
        signedAt: requests.signedAt,
        batchId: requests.batchId,
      })
      .from(requests)
      .where(inArray(requests.id, ids))
      .orderBy(asc(requests.id))
      .for('update');
    const destinations = await destinationsOf(tx, fromUnitId, locked);
    const hopOf = new Map<number, number>();
    const refused: string[] = [];
    for (const r of locked) {
      const hop = destinations.get(r.id)?.find((d) => d.unit.id === body.TO_UNIT_ID)?.hopId;
      if (r.unitId !== fromUnitId || requestStageOf(r) !== 'READY_TO_SEND' || hop === undefined) refused.push(r.reference);
      else hopOf.set(r.id, hop);
    }
    if (refused.length > 0) throw new AppError('BATCH_REQUESTS_UNAVAILABLE', { columns: refused });

    const [unit] = await tx.select({ code: requestUnits.code }).from(requestUnits).where(eq(requestUnits.id, fromUnitId));
    const [{ next }] = rowsOf<{ next: number }>(await tx.execute(sql`select nextval('request_batch_seq')::int as next`)) as [{ next: number }];
    const reference = `${unit!.code}-${universityDayOf(now).slice(0, 4)}-${String(next).padStart(4, '0')}`;
    const [batch] = await tx
      .insert(requestBatches)
      .values({ reference, fromUnitId, toUnitId: body.TO_UNIT_ID, status: 'DRAFT', createdAt: now, createdBy: actor.id })
      .returning();
    await tx.update(requests).set({ batchId: batch!.id, updatedAt: now }).where(inArray(requests.id, ids));
    await tx.insert(requestBatchItems).values(ids.map((requestId) => ({ batchId: batch!.id, requestId, hopId: hopOf.get(requestId)! })));
    await audit(tx, {
      at: now,
      actorId: actor.id,
      action: 'request-batch.created',
      targetType: 'request_batch',
      targetId: batch!.id,
      ip: meta.ip,
      details: { reference, toUnitId: body.TO_UNIT_ID, requests: locked.map((r) => r.reference) },
    });
    if (body.SEND) await send(tx, { actor, meta, batch: batch!, now });
    return batch!.id;
  });
  return loadBatch(ctx.db, id);
}

/** `POST /request-batches/{id}/send`: the sending unit sends its DRAFT batch (409 BATCH_CHANGED otherwise). */
export async function sendBatch(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestBatchDetail> {
  await assertBatchParty(ctx, { ...input, side: 'from' });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, input.id, ['DRAFT']);
    await send(tx, { actor: input.actor, meta: input.meta, batch, now });
  });
  return loadBatch(ctx.db, input.id);
}

/**
 * `POST /request-batches/{id}/receive`: the destination confirms a SENT batch (409 BATCH_CHANGED
 * otherwise) and takes its requests: holder the destination, arrival hop the item's, no forward
 * unit nor batch, PROCESSING if still REGISTERED; a RECEIVED step each.
 */
export async function receiveBatch(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestBatchDetail> {
  const { actor, meta } = input;
  await assertBatchParty(ctx, { ...input, side: 'to' });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, input.id, ['SENT']);
    await tx.update(requestBatches).set({ status: 'RECEIVED', receivedAt: now, receivedBy: actor.id }).where(eq(requestBatches.id, batch.id));
    for (const r of await lockBatchRequests(tx, batch.id)) {
      // A request of a sent batch stays in it until it is received or the batch cancelled.
      if (r.batchId !== batch.id) continue;
      const status: RequestStatus = r.status === 'REGISTERED' ? 'PROCESSING' : r.status;
      await tx
        .update(requests)
        .set({ REQUEST_UNITY_ID: batch.toUnitId, arrivalHopId: r.hopId, forwardUnitId: null, batchId: null, REQUEST_STATUS: status, updatedAt: now })
        .where(eq(requests.id, r.id));
      await recordStep(tx, {
        at: now,
        actor,
        meta,
        requestId: r.id,
        reference: r.reference,
        kind: 'RECEIVED',
        unitId: batch.toUnitId,
        status,
        batchId: batch.id,
      });
    }
    await audit(tx, {
      at: now,
      actorId: actor.id,
      action: 'request-batch.received',
      targetType: 'request_batch',
      targetId: batch.id,
      ip: meta.ip,
      details: { reference: batch.reference },
    });
  });
  return loadBatch(ctx.db, input.id);
}

/**
 * `POST /request-batches/{id}/cancel`: the sender cancels a batch not yet received (DRAFT or SENT;
 * 409 BATCH_CHANGED otherwise); its requests are free again, still with the sender (a RETURNED
 * step each when the batch had been sent).
 */
export async function cancelBatch(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestBatchDetail> {
  const { actor, meta } = input;
  await assertBatchParty(ctx, { ...input, side: 'from' });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, input.id, ['DRAFT', 'SENT']);
    await tx.update(requestBatches).set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: actor.id }).where(eq(requestBatches.id, batch.id));
    for (const r of await lockBatchRequests(tx, batch.id)) {
      if (r.batchId !== batch.id) continue;
      await tx.update(requests).set({ batchId: null, updatedAt: now }).where(eq(requests.id, r.id));
      if (batch.status === 'SENT')
        await recordStep(tx, {
          at: now,
          actor,
          meta,
          requestId: r.id,
          reference: r.reference,
          kind: 'RETURNED',
          unitId: batch.fromUnitId,
          status: r.status,
          batchId: batch.id,
        });
    }
    await audit(tx, {
      at: now,
      actorId: actor.id,
      action: 'request-batch.cancelled',
      targetType: 'request_batch',
      targetId: batch.id,
      ip: meta.ip,
      details: { reference: batch.reference, was: batch.status },
    });
  });
  return loadBatch(ctx.db, input.id);
}

/**
 * `GET /request-batches/{id}/slip`: the printable transmittal slip (A4 PDF in French and English),
 * to the batch's sending unit, its destination and administrators (403 audited otherwise).
 */
export async function batchSlip(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<{ data: Buffer; reference: string }> {
  const batch = await loadBatchForViewer(ctx, input);
  return { data: await batchSlipPdf({ batch, institution: await loadInstitution(ctx.db) }), reference: batch.reference };
}
