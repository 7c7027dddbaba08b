import { and, asc, count, desc, eq, exists, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  requestStageOf,
  V,
  type DecisionBody,
  type InboxPage,
  type InboxQuery,
  type InboxRow,
  type RejectionBody,
  type RequestActions,
  type RequestDecisionOption,
  type RequestDetail,
  type RequestStage,
  type RequestStatus,
  type RequestStepKind,
  type SignatureBody,
} from '@portal/contract';
import type { Executor, Tx } from '../../db/client';
import {
  ACCENTED,
  persons,
  requestCategories,
  requestDecisions,
  requests,
  requestSteps,
  requestSubcategories,
  requestUnits,
  UNACCENTED,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { actorCan, refuseAccess } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { tr, type Lang } from '../../lib/i18n';
import { mailPerson } from '../../lib/mail';
import { fold, likePattern, listPage } from '../../lib/sql';
import { assertCanViewRequest, listFrom, loadRequest, toRow } from './requests.service';

// ---------------------------------------------------------------- who acts, and where a request stands

/**
 * The side an actor processes requests on (decision 32): an administrator, who sees every unit's
 * requests and acts for the unit holding one, or a member of one unit. A REQUESTS account without
 * a unit processes nothing (403 NO_REQUEST_UNIT).
 */
export type Processor = { admin: true; unitId: null } | { admin: false; unitId: number };

export function processorOf(actor: Actor): Processor {
  if (actorCan(actor, 'requests.configure')) return { admin: true, unitId: null };
  if (actor.requestUnitId === null) throw new AppError('NO_REQUEST_UNIT');
  return { admin: false, unitId: actor.requestUnitId };
}

/**
 * The unit a member names in a query or body (`unit`, FROM_UNIT_ID ...): theirs, or a refusal
 * (403, audited) when it is another unit's. Administrators name any unit, or none.
 */
export async function ownUnitOr(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta; processor: Processor; named: number | undefined },
): Promise<number | null> {
  const { processor, named } = input;
  if (processor.admin) return named ?? null;
  if (named !== undefined && named !== processor.unitId)
    return refuseAccess(ctx, { actor: input.actor, meta: input.meta, target: { type: 'request_unit', id: named } });
  return processor.unitId;
}

/** The SQL form of requestStageOf (rules/requests.ts): the inbox's stage filter and the list's stage agree. */
export function stageCondition(stage: RequestStage): SQL {
  const held = isNotNull(requests.REQUEST_UNITY_ID);
  const free = and(held, isNull(requests.batchId))!;
  switch (stage) {
    case 'FINISHED':
      return isNull(requests.REQUEST_UNITY_ID);
    case 'IN_BATCH':
      return and(held, isNotNull(requests.batchId))!;
    case 'AWAITING_SIGNATURE':
      return and(free, isNull(requests.arrivalHopId), isNull(requests.signedAt))!;
    case 'READY_TO_SEND':
      return and(
        free,
        or(and(isNull(requests.arrivalHopId), isNotNull(requests.signedAt)), and(isNotNull(requests.arrivalHopId), isNotNull(requests.forwardUnitId))),
      )!;
    case 'AWAITING_DECISION':
      return and(free, isNotNull(requests.arrivalHopId), isNull(requests.forwardUnitId))!;
  }
}

/** A line of `listFrom` as a unit's inbox shows it: the request's line and its author. */
export function toInboxRow(r: Awaited<ReturnType<typeof listFrom>>[number]): InboxRow {
  const { request: _request, subjectName: _subject, subjectNameFr: _subjectFr, fileName: _file, author, ...row } = r;
  return { ...toRow(row as Parameters<typeof toRow>[0]), author };
}

/** What the processing of a request reads of it (under its row lock when changing it). */
const stateColumns = {
  id: requests.id,
  reference: requests.REQUEST_ID,
  title: requests.REQUEST_OBJECT,
  authorId: requests.REQUEST_AUTHOR,
  status: requests.REQUEST_STATUS,
  unitId: requests.REQUEST_UNITY_ID,
  signedAt: requests.signedAt,
  filedAt: requests.filedAt,
  batchId: requests.batchId,
  arrivalHopId: requests.arrivalHopId,
  forwardUnitId: requests.forwardUnitId,
  firstUnitId: requestSubcategories.firstUnitId,
};
type RequestState = {
  id: number;
  reference: string;
  title: string;
  authorId: number;
  status: RequestStatus;
  unitId: number | null;
  signedAt: Date | null;
  filedAt: Date;
  batchId: number | null;
  arrivalHopId: number | null;
  forwardUnitId: number | null;
  firstUnitId: number;
};

const stateOf = (exec: Executor) =>
  exec.select(stateColumns).from(requests).innerJoin(requestSubcategories, eq(requestSubcategories.id, requests.REQUEST_CATEGORY_ID));

/** THE LOCK of a request: its row read with SELECT ... FOR UPDATE, so that changes of one request run one after another. */
async function lockRequest(tx: Tx, id: number): Promise<RequestState> {
  const [row] = await stateOf(tx).where(eq(requests.id, id)).for('update', { of: requests });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Held by its first unit, which has not sent it on: where the signature and a rejection are recorded. */
const atFirstUnit = (s: RequestState) =>
  s.unitId !== null && s.unitId === s.firstUnitId && s.arrivalHopId === null && s.batchId === null && s.status === 'REGISTERED';

/** The decisions of a hop, with the unit each sends the request on to. */
async function decisionOptions(exec: Executor, hopId: number): Promise<RequestDecisionOption[]> {
  const rows = await exec
    .select({ decision: requestDecisions, unit: { id: requestUnits.id, code: requestUnits.code, name: requestUnits.name, nameFr: requestUnits.nameFr } })
    .from(requestDecisions)
    .leftJoin(requestUnits, eq(requestUnits.id, requestDecisions.forwardUnitId))
    .where(eq(requestDecisions.hopId, hopId))
    .orderBy(asc(requestDecisions.id));
  return rows.map(({ decision, unit }) => ({
    id: decision.id,
    label: decision.label,
    labelFr: decision.labelFr,
    status: decision.status,
    forwardUnit: unit && unit.id !== null ? unit : null,
  }));
}

/** What the actor may do on a request now: sign or reject it at its first unit, or take one of the decisions of the hop it arrived by. */
async function actionsFor(exec: Executor, actor: Actor, state: RequestState): Promise<RequestActions> {
  const admin = actorCan(actor, 'requests.configure');
  const holds = state.unitId !== null && (admin || (actorCan(actor, 'requests.process') && actor.requestUnitId === state.unitId));
  if (!holds) return { sign: false, reject: false, decisions: [] };
  const first = atFirstUnit(state);
  const awaiting = requestStageOf(state) === 'AWAITING_DECISION';
  return { sign: first && state.signedAt === null, reject: first, decisions: awaiting ? await decisionOptions(exec, state.arrivalHopId!) : [] };
}

/** A request as the back office sees it: who took each step, and what the viewer may do. */
async function backOfficeView(ctx: ServiceContext, actor: Actor, id: number): Promise<RequestDetail> {
  const [state] = await stateOf(ctx.db).where(eq(requests.id, id));
  return (await loadRequest(ctx.db, id, { backOffice: true, actions: await actionsFor(ctx.db, actor, state!) }))!;
}

/**
 * `GET /requests/{id}`: its author sees it as today (no actions, steps without who took them);
 * a unit that holds or held it and administrators see who took each step and what they may do.
 */
export async function requestForViewer(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestDetail> {
  const viewer = await assertCanViewRequest(ctx, input);
  if (viewer === 'author') return (await loadRequest(ctx.db, input.id))!;
  return backOfficeView(ctx, input.actor, input.id);
}

// ---------------------------------------------------------------- the inbox

/** Accent- and case-insensitive match of every word of a search in the reference, the title and the author's matricule and names. */
function searchCondition(search: string): SQL[] {
  const haystack = sql`lower(translate(concat_ws(' ', ${requests.REQUEST_ID}, ${requests.REQUEST_OBJECT}, ${persons.MATRICULE}, ${persons.FIRSTNAME}, ${persons.LASTNAME}), ${ACCENTED}, ${UNACCENTED}))`;
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => sql`${haystack} like ${likePattern(word)} escape '\\'`);
}

/**
 * `GET /requests/inbox`: the requests the actor's unit holds (`held`), or that a step names it in
 * (other than being sent to it) and it no longer holds (`history`); newest first; `audience` keeps
 * the staff's or the students' (decision 41). Administrators see every unit's (held: by any unit;
 * history: back with the lecturer), or one unit's with `unit`.
 */
export async function inbox(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; query: InboxQuery }): Promise<InboxPage> {
  const { query } = input;
  const processor = processorOf(input.actor);
  const unit = await ownUnitOr(ctx, { ...input, processor, named: query.unit });
  const conditions: SQL[] = [];
  if (query.scope === 'held') conditions.push(unit === null ? isNotNull(requests.REQUEST_UNITY_ID) : eq(requests.REQUEST_UNITY_ID, unit));
  else if (unit === null) conditions.push(isNull(requests.REQUEST_UNITY_ID));
  else {
    const named = ctx.db
      .select({ one: sql`1` })
      .from(requestSteps)
      .where(and(eq(requestSteps.requestId, requests.id), eq(requestSteps.unitId, unit), ne(requestSteps.kind, 'SENT')));
    conditions.push(exists(named), or(isNull(requests.REQUEST_UNITY_ID), ne(requests.REQUEST_UNITY_ID, unit))!);
  }
  if (query.stage) conditions.push(stageCondition(query.stage));
  if (query.status) conditions.push(eq(requests.REQUEST_STATUS, query.status));
  if (query.subcategory) conditions.push(eq(requests.REQUEST_CATEGORY_ID, query.subcategory));
  if (query.audience) {
    const ofAudience = ctx.db
      .select({ id: requestSubcategories.id })
      .from(requestSubcategories)
      .innerJoin(requestCategories, eq(requestCategories.id, requestSubcategories.categoryId))
      .where(eq(requestCategories.audience, query.audience));
    conditions.push(inArray(requests.REQUEST_CATEGORY_ID, ofAudience));
  }
  if (query.search) conditions.push(...searchCondition(query.search));
  const where = and(...conditions);
  return listPage(query, toInboxRow, {
    total: ctx.db.select({ n: count() }).from(requests).innerJoin(persons, eq(persons.id, requests.REQUEST_AUTHOR)).where(where),
    rows: listFrom(ctx.db).where(where).orderBy(desc(requests.filedAt), desc(requests.id)).$dynamic(),
  });
}

// ---------------------------------------------------------------- changes of a request

/** A step of a request's history and its audit entry. */
export async function recordStep(
  tx: Tx,
  input: {
    at: Date;
    actor: Actor;
    meta: RequestMeta;
    requestId: number;
    reference: string;
    kind: RequestStepKind;
    unitId: number | null;
    status: RequestStatus;
    decisionId?: number;
    batchId?: number;
    comment?: string;
  },
): Promise<void> {
  const { at, actor, meta, requestId, reference, kind, unitId, status } = input;
  await tx.insert(requestSteps).values({
    requestId,
    kind,
    unitId,
    status,
    at,
    by: actor.id,
    decisionId: input.decisionId ?? null,
    batchId: input.batchId ?? null,
    comment: input.comment ?? null,
  });
  await audit(tx, {
    at,
    actorId: actor.id,
    action: `request.${kind.toLowerCase()}`,
    targetType: 'request',
    targetId: requestId,
    ip: meta.ip,
    details: { reference, unitId, status, ...(input.decisionId ? { decisionId: input.decisionId } : {}), ...(input.batchId ? { batchId: input.batchId } : {}) },
  });
}

/** A unit's name in a language. */
const unitName = (lang: Lang, unit: { name: string; nameFr: string }) => (lang === 'fr' ? unit.nameFr : unit.name);

/** Queues a mail to a request's author, in their language, inside the change's transaction (`vars` gets the reference, title and link). */
async function mailAuthor(
  ctx: ServiceContext,
  tx: Tx,
  state: RequestState,
  input: { kind: string; key: string; vars: (lang: Lang) => Record<string, string> },
): Promise<void> {
  await mailPerson(ctx.mailer, tx, {
    personId: state.authorId,
    kind: input.kind,
    key: input.key,
    vars: (lang) => ({ reference: state.reference, title: state.title, link: `${ctx.config.publicUrl}/requests/${state.id}`, ...input.vars(lang) }),
  });
}

async function unitById(exec: Executor, id: number) {
  const [unit] = await exec.select().from(requestUnits).where(eq(requestUnits.id, id));
  return unit!;
}

/**
 * Before a change at the first unit (signature, rejection): the request exists and the actor may see
 * it, and a member acts only as a member of the sub-category's first unit (403, audited, otherwise).
 */
async function assertFirstUnitMember(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestState> {
  const processor = processorOf(input.actor);
  await assertCanViewRequest(ctx, input);
  const [state] = await stateOf(ctx.db).where(eq(requests.id, input.id));
  if (!processor.admin && processor.unitId !== state!.firstUnitId)
    return refuseAccess(ctx, { actor: input.actor, meta: input.meta, target: { type: 'request', id: input.id } });
  return state!;
}

const MINUTE_MS = 60_000;

/**
 * `POST /requests/{id}/signature`: the first unit records that the printed request was signed, at
 * SIGNED_AT (now when absent; not in the future nor before the filing), once (409
 * REQUEST_ALREADY_SIGNED); a SIGNED step and an audit entry.
 */
export async function signRequest(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number; body: SignatureBody }): Promise<RequestDetail> {
  const { actor, meta, id, body } = input;
  const before = await assertFirstUnitMember(ctx, input);
  const now = ctx.clock.now();
  const given = body.SIGNED_AT ? new Date(body.SIGNED_AT).getTime() : now.getTime();
  // People type the hour to the minute: the filing's minute and the current one count as theirs.
  const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  if (given >= minuteOf(now.getTime()) + MINUTE_MS || given < minuteOf(before.filedAt.getTime()))
    throw new AppError('REQUEST_SIGNATURE_DATE_INVALID', { fields: { SIGNED_AT: V.signatureDate } });
  // ... and what is kept lies between the filing and now.
  const signedAt = new Date(Math.min(Math.max(given, before.filedAt.getTime()), now.getTime()));
  await ctx.db.transaction(async (tx) => {
    const state = await lockRequest(tx, id);
    if (state.signedAt !== null) throw new AppError('REQUEST_ALREADY_SIGNED');
    if (!atFirstUnit(state)) throw new AppError('REQUEST_CHANGED');
    await tx.update(requests).set({ signedAt, updatedAt: now }).where(eq(requests.id, id));
    await recordStep(tx, { at: now, actor, meta, requestId: id, reference: state.reference, kind: 'SIGNED', unitId: state.unitId, status: state.status });
  });
  return backOfficeView(ctx, actor, id);
}

/**
 * `POST /requests/{id}/rejection`: the first unit rejects a request it has not sent on (signed or
 * not): REJECTED, back with the lecturer; a REJECTED step with the reason, an audit entry and a
 * mail to the author in their language.
 */
export async function rejectRequest(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number; body: RejectionBody }): Promise<RequestDetail> {
  const { actor, meta, id, body } = input;
  await assertFirstUnitMember(ctx, input);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const state = await lockRequest(tx, id);
    if (!atFirstUnit(state)) throw new AppError('REQUEST_CHANGED');
    await tx.update(requests).set({ REQUEST_STATUS: 'REJECTED', REQUEST_UNITY_ID: null, forwardUnitId: null, updatedAt: now }).where(eq(requests.id, id));
    await recordStep(tx, {
      at: now,
      actor,
      meta,
      requestId: id,
      reference: state.reference,
      kind: 'REJECTED',
      unitId: state.unitId,
      status: 'REJECTED',
      comment: body.REASON,
    });
    const unit = await unitById(tx, state.unitId!);
    await mailAuthor(ctx, tx, state, {
      kind: 'request-rejected',
      key: 'requestRejected',
      vars: (lang) => ({ reason: body.REASON, unit: unitName(lang, unit) }),
    });
  });
  ctx.mailer.kick();
  return backOfficeView(ctx, actor, id);
}

/**
 * `POST /requests/{id}/decision`: the unit holding a request it received (or an administrator, for
 * that unit) takes one of the decisions of the hop it arrived by (400 DECISION_NOT_ALLOWED
 * otherwise). A final decision sends it back to the lecturer; a forwarding one keeps it, ready to
 * go to the decision's unit in a batch. A DECIDED step with the comment (the lecturer's
 * deliberation), an audit entry and a mail to the author in their language.
 */
export async function decideRequest(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number; body: DecisionBody }): Promise<RequestDetail> {
  const { actor, meta, id, body } = input;
  const processor = processorOf(actor);
  await assertCanViewRequest(ctx, input);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const state = await lockRequest(tx, id);
    // A member acts for their own unit only: a request their unit no longer holds moved on.
    if (state.unitId === null || (!processor.admin && state.unitId !== processor.unitId)) throw new AppError('REQUEST_CHANGED');
    if (requestStageOf(state) !== 'AWAITING_DECISION') throw new AppError('REQUEST_CHANGED');
    const [decision] = await tx.select().from(requestDecisions).where(eq(requestDecisions.id, body.DECISION_ID));
    if (!decision || decision.hopId !== state.arrivalHopId) throw new AppError('DECISION_NOT_ALLOWED', { fields: { DECISION_ID: V.invalid } });
    const forward = decision.forwardUnitId;
    await tx
      .update(requests)
      .set({ REQUEST_STATUS: decision.status, forwardUnitId: forward, ...(forward === null ? { REQUEST_UNITY_ID: null } : {}), updatedAt: now })
      .where(eq(requests.id, id));
    await recordStep(tx, {
      at: now,
      actor,
      meta,
      requestId: id,
      reference: state.reference,
      kind: 'DECIDED',
      unitId: state.unitId,
      status: decision.status,
      decisionId: decision.id,
      comment: body.COMMENT,
    });
    const unit = await unitById(tx, state.unitId);
    await mailAuthor(ctx, tx, state, {
      kind: 'request-decided',
      key: 'requestDecided',
      vars: (lang) => ({
        decision: lang === 'fr' ? decision.labelFr : decision.label,
        status: tr(lang, `requestStatus.${decision.status}`),
        comment: body.COMMENT,
        unit: unitName(lang, unit),
      }),
    });
  });
  ctx.mailer.kick();
  return backOfficeView(ctx, actor, id);
}
