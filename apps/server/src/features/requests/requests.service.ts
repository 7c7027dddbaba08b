import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  displayForAudience,
  isoWeekOf,
  minutesOf,
  requestAudienceOf,
  requestStageOf,
  signatureDeadlineOf,
  REQUEST_COUNTERS,
  REQUEST_FIELD_GROUP_NAMES,
  REQUEST_FIELD_GROUPS,
  REQUEST_SIGNATURE_DAYS,
  signatureRequiredFor,
  universityDayOf,
  universityMoment,
  UNIVERSITY_UTC_OFFSET,
  type RequestBody,
  type RequestCategory,
  type RequestCounter,
  type RequestDetail,
  type RequestPage,
  type RequestQuery,
  type RequestRow,
  type RequestStats,
  type RequestStatus,
  type StudentRequestSubject,
  type StudentRequestSubjects,
  V,
} from '@portal/contract';
import type { Db, Executor } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  auditLog,
  classes,
  files,
  mailOutbox,
  persons,
  requestBatches,
  requestCategories,
  requestDecisions,
  requests,
  requestSteps,
  requestSubcategories,
  requestUnits,
  subjects,
} from '../../db/schema';
import { AUDIT_ROW_KEYS, auditRow } from '../../lib/audit';
import { actorCan, refuseAccess } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { composeMail, OUTBOX_ROW_KEYS, recipientOf, type OutgoingMail, type Recipient } from '../../lib/mail';
import { brokenConstraint, isUniqueViolation, likePattern, placeholderValues, placeholdersOf } from '../../lib/sql';
import { isAssigned } from '../applications/affected.service';
import { studentSubjectsOf } from '../classes/classes.service';

/**
 * The `files.purpose` of a request's attachment (decision 32): uploaded before filing as a draft
 * (`POST /requests/attachments`), named by one request at most (`REQUEST_FILE`); a draft never
 * filed is deleted after REQUEST_ATTACHMENT_DRAFT_DAYS.
 */
export const REQUEST_ATTACHMENT_PURPOSE = 'REQUEST_ATTACHMENT';
/** The partial unique index that lets one request only name an attachment (migration 0011). */
const REQUEST_FILE_INDEX = 'requests_file_uq';

const attachmentInvalid = () => new AppError('REQUEST_ATTACHMENT_INVALID', { fields: { REQUEST_FILE: 'validation.invalid' } });

/**
 * Locks the author's draft attachment `fileId` (purpose REQUEST_ATTACHMENT) and checks that no
 * request names it yet; anything else is REQUEST_ATTACHMENT_INVALID. The lock makes a second filing
 * naming the same attachment wait and then find it taken; the unique index holds it regardless.
 */
async function takeAttachment(tx: Executor, authorId: number, fileId: string): Promise<void> {
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, authorId), eq(files.purpose, REQUEST_ATTACHMENT_PURPOSE)))
    .for('update');
  if (!file) throw attachmentInvalid();
  const [used] = await tx.select({ id: requests.id }).from(requests).where(eq(requests.REQUEST_FILE, fileId)).limit(1);
  if (used) throw attachmentInvalid();
}

/**
 * The enabled categories, each with its enabled sub-categories and their display configuration
 * (`GET /request-categories`): a student's or a staff member's own audience only; every category
 * for an office account and for whoever processes or reports on requests (the units' filters; the
 * filing form keeps its own audience's). A student category's configuration is shown as its form
 * uses it (displayForAudience: no staff-only field, decision 41).
 */
export async function requestCategoryList(ctx: ServiceContext, input: { actor: Actor }): Promise<RequestCategory[]> {
  const { actor } = input;
  const audience = actorCan(actor, 'requests.process') || actorCan(actor, 'requests.report') ? null : requestAudienceOf(actor.kind);
  const rows = await ctx.db
    .select({ category: requestCategories, sub: requestSubcategories })
    .from(requestCategories)
    .innerJoin(requestSubcategories, and(eq(requestSubcategories.categoryId, requestCategories.id), eq(requestSubcategories.enabled, true)))
    .where(and(eq(requestCategories.enabled, true), audience === null ? undefined : eq(requestCategories.audience, audience)))
    .orderBy(asc(requestCategories.position), asc(requestCategories.id), asc(requestSubcategories.position), asc(requestSubcategories.id));
  const byId = new Map<number, RequestCategory>();
  for (const { category, sub } of rows) {
    let entry = byId.get(category.id);
    if (!entry) {
      entry = {
        id: category.id,
        code: category.code,
        name: category.name,
        nameFr: category.nameFr,
        description: category.description,
        descriptionFr: category.descriptionFr,
        audience: category.audience,
        sousCategories: [],
      };
      byId.set(category.id, entry);
    }
    entry.sousCategories.push({
      id: sub.id,
      code: sub.code,
      name: sub.name,
      nameFr: sub.nameFr,
      description: sub.description,
      descriptionFr: sub.descriptionFr,
      REQUEST_DISPCONFIG: displayForAudience(sub.display, category.audience),
    });
  }
  return [...byId.values()];
}

// ---------------------------------------------------------------- a student's class and subjects (decision 41)

/** A student's class (persons.class_id), or null when none is on their file yet. */
async function studentClassOf(exec: Executor, studentId: number): Promise<StudentRequestSubjects['class']> {
  const [row] = await exec
    .select({ CLASS_ID: classes.id, code: classes.code, shift: classes.shift })
    .from(persons)
    .innerJoin(classes, eq(classes.id, persons.classId))
    .where(eq(persons.id, studentId));
  return row ?? null;
}

/**
 * The subjects a student's request may name, by code: the subjects of their class (`classId`, none
 * without one) and their optional subjects, each marked `optional` when it is not of their class;
 * `subjectId` narrows them to one. The classes feature's query, which both the form's picker and
 * the filing's check read.
 */
async function studentRequestSubjectsOf(
  exec: Executor,
  input: { studentId: number; classId: number | null; subjectId?: number },
): Promise<StudentRequestSubject[]> {
  const rows = await studentSubjectsOf(exec, { ...input, by: 'code' });
  return rows.map((row) => ({ SUBJECT_ID: row.id, code: row.CODE, name: row.NAME, nameFr: row.NAME_FR, optional: row.CLASS_ID !== input.classId }));
}

/**
 * `GET /requests/student-subjects`: what a student's request is about: their class and the subjects
 * they may name (their class's and their optional ones). Anyone else has no class and no subject.
 */
export async function studentRequestSubjects(ctx: ServiceContext, input: { actor: Actor }): Promise<StudentRequestSubjects> {
  if (input.actor.kind !== 'STUDENT') return { class: null, subjects: [] };
  const klass = await studentClassOf(ctx.db, input.actor.id);
  return { class: klass, subjects: await studentRequestSubjectsOf(ctx.db, { studentId: input.actor.id, classId: klass?.CLASS_ID ?? null }) };
}

type Details = Omit<RequestBody, 'REQUEST_CATEGORY_ID' | 'REQUEST_AUTHOR' | 'REQUEST_OBJECT'>;

/** Every detail field a filing may keep, each a column of `requests`. */
const REQUEST_DETAIL_FIELDS = REQUEST_FIELD_GROUP_NAMES.flatMap((group) => REQUEST_FIELD_GROUPS[group]) as readonly (keyof Details)[];

/** The columns a filing writes of its request and of its first step. */
const FILED_REQUEST_KEYS = [
  ...REQUEST_DETAIL_FIELDS,
  'id',
  'REQUEST_ID',
  'REQUEST_AUTHOR',
  'REQUEST_CATEGORY_ID',
  'REQUEST_OBJECT',
  'REQUEST_PBLM_WEEK',
  'REQUEST_STATUS',
  'REQUEST_UNITY_ID',
  'signedAt',
  'filedAt',
  'updatedAt',
] as const;
const FILED_STEP_KEYS = ['requestId', 'kind', 'unitId', 'status', 'at', 'by'] as const;

/**
 * A filing in one statement (docs/performance.md, writes in fewer round trips): the request (its id and reference drawn before), its
 * first step, its audit entry and, when `mailed`, its mail in the outbox, each written by a
 * data-modifying WITH of the one statement, so that all are written or none. Every value is a
 * placeholder, so that drizzle builds its SQL once (`filingStatementsOf`), not on every filing.
 */
function filingStatement(exec: Executor, mailed: boolean) {
  const filed = exec
    .$with('filed')
    .as(exec.insert(requests).overridingSystemValue().values(placeholdersOf('request_', FILED_REQUEST_KEYS)).returning({ id: requests.id }));
  const step = exec.$with('step').as(exec.insert(requestSteps).values(placeholdersOf('step_', FILED_STEP_KEYS)).returning({ id: requestSteps.id }));
  const audited = exec.$with('audited').as(exec.insert(auditLog).values(placeholdersOf('audit_', AUDIT_ROW_KEYS)).returning({ id: auditLog.id }));
  const mail = exec.$with('mailed').as(exec.insert(mailOutbox).values(placeholdersOf('mail_', OUTBOX_ROW_KEYS)).returning({ id: mailOutbox.id }));
  return exec
    .with(filed, step, audited, ...(mailed ? [mail] : []))
    .select({ id: filed.id })
    .from(filed)
    .prepare(mailed ? 'request_filing_mailed' : 'request_filing');
}
const filingStatementsOf = perDatabase((db: Db) => ({
  /** an enabled sub-category of an enabled category, with what a filing needs of it */
  subcategory: db
    .select({
      id: requestSubcategories.id,
      code: requestSubcategories.code,
      display: requestSubcategories.display,
      firstUnitId: requestSubcategories.firstUnitId,
      audience: requestCategories.audience,
    })
    .from(requestSubcategories)
    .innerJoin(requestCategories, eq(requestCategories.id, requestSubcategories.categoryId))
    .where(and(eq(requestSubcategories.id, sql.placeholder('id')), eq(requestSubcategories.enabled, true), eq(requestCategories.enabled, true)))
    .prepare('request_filing_subcategory'),
  mailed: filingStatement(db, true),
  unmailed: filingStatement(db, false),
}));

/**
 * Files a request for the actor: a sub-category of the actor's audience (a student's or a staff
 * member's categories, decision 41; REQUEST_CATEGORY_UNAVAILABLE otherwise); its display
 * configuration decides which detail fields are kept (the others are dropped) and which are
 * required; the problem date is not in the future and gives the ISO week; the slot is one of the
 * lesson slots, ending after it starts; a lecturer's class and subject are among those assigned to
 * them, a student's class is their own (always recorded) and the subject one of its subjects or of
 * their optional ones; the attachment (REQUEST_FILE) is a draft the author uploaded that no request
 * names yet (REQUEST_ATTACHMENT_INVALID otherwise). The request starts REGISTERED at the
 * sub-category's first unit, with its first step and an audit entry; a student's is signed by its
 * filing (no printed form to sign, no 7-day rule).
 */
export async function fileRequest(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; body: RequestBody }): Promise<RequestDetail> {
  const { actor, meta, body } = input;
  const audience = requestAudienceOf(actor.kind);
  const [sub] = await filingStatementsOf(ctx.db).subcategory.execute({ id: body.REQUEST_CATEGORY_ID });
  if (!sub || sub.audience !== audience) throw new AppError('REQUEST_CATEGORY_UNAVAILABLE', { fields: { REQUEST_CATEGORY_ID: 'validation.invalid' } });
  const display = displayForAudience(sub.display, sub.audience);

  // A student's class is their own: naming another is refused; it is recorded on every request of theirs.
  const student = audience === 'STUDENT';
  const ownClass = student ? await studentClassOf(ctx.db, actor.id) : null;
  if (student) {
    if (body.CLASS_ID !== undefined && body.CLASS_ID !== ownClass?.CLASS_ID) throw new AppError('CLASS_NOT_YOURS', { fields: { CLASS_ID: V.invalid } });
    if (display.CLASS_ID === 'REQUIRED' && ownClass === null) throw new AppError('STUDENT_CLASS_MISSING');
  }
  const given: RequestBody = student ? { ...body, CLASS_ID: ownClass?.CLASS_ID } : body;

  // Keep the fields the configuration shows; name every required one missing.
  const details: Partial<Details> = {};
  const missing: Record<string, string> = {};
  for (const group of REQUEST_FIELD_GROUP_NAMES) {
    const presence = display[group];
    if (presence === 'HIDDEN') continue;
    for (const field of REQUEST_FIELD_GROUPS[group] as readonly (keyof Details)[]) {
      const value = given[field];
      if (value !== undefined) (details as Record<string, unknown>)[field] = value;
      else if (presence === 'REQUIRED') missing[field] = 'validation.required';
    }
  }
  if (Object.keys(missing).length > 0) throw new AppError('REQUEST_DETAILS_MISSING', { fields: missing });

  const now = ctx.clock.now();
  const today = universityDayOf(now);
  const problemDate = details.REQUEST_PBLM_DATE;
  if (problemDate !== undefined && problemDate > today)
    throw new AppError('REQUEST_DATE_IN_FUTURE', { fields: { REQUEST_PBLM_DATE: 'validation.futureDate' } });
  const start = details.REQUEST_PBLM_HOUR_START;
  const end = details.REQUEST_PBLM_HOUR_END;
  if ((start === undefined) !== (end === undefined))
    throw new AppError('REQUEST_DETAILS_MISSING', {
      fields: { [start === undefined ? 'REQUEST_PBLM_HOUR_START' : 'REQUEST_PBLM_HOUR_END']: 'validation.required' },
    });
  if (start !== undefined && end !== undefined && minutesOf(end) <= minutesOf(start))
    throw new AppError('REQUEST_SLOT_INVALID', { fields: { REQUEST_PBLM_HOUR_END: 'validation.endBeforeStart' } });

  if (student) {
    if (ownClass !== null) details.CLASS_ID = ownClass.CLASS_ID;
    const subjectId = details.SUBJECT_ID;
    if (
      subjectId !== undefined &&
      (await studentRequestSubjectsOf(ctx.db, { studentId: actor.id, classId: ownClass?.CLASS_ID ?? null, subjectId })).length === 0
    ) {
      throw new AppError('SUBJECT_NOT_YOURS', { fields: { SUBJECT_ID: V.invalid } });
    }
  } else {
    const classId = details.CLASS_ID;
    const subjectId = details.SUBJECT_ID;
    if (subjectId !== undefined && classId === undefined) throw new AppError('REQUEST_DETAILS_MISSING', { fields: { CLASS_ID: 'validation.required' } });
    if (classId !== undefined && !(await isAssigned(ctx.db, { personId: actor.id, classId })))
      throw new AppError('CLASS_NOT_ASSIGNED', { fields: { CLASS_ID: 'validation.notAssigned' } });
    if (subjectId !== undefined && !(await isAssigned(ctx.db, { personId: actor.id, classId: classId!, subjectId }))) {
      throw new AppError('SUBJECT_NOT_ASSIGNED', { fields: { SUBJECT_ID: 'validation.notAssigned' } });
    }
  }
  const signedAtFiling = !signatureRequiredFor(sub.audience);

  // Attachment ids are lower-case uuids (randomUUID); one typed in upper case names the same file.
  const fileId = details.REQUEST_FILE?.toLowerCase();

  // The author's address and language, read before the writing statement: usually from memory.
  const recipient = await recipientOf(ctx.db, actor.id);
  // The request's id and reference are drawn first, so that its mail is written with it: the request,
  // its first step, its audit entry and its mail are then one statement (docs/performance.md, writes in fewer round trips).
  const { id, number } = await drawRequestNumbers(ctx.db);
  const reference = requestReferenceOf(sub.code, today, number);
  const mail = recipient
    ? filingMail(ctx, { recipient, requestId: id, reference, title: body.REQUEST_OBJECT, filedAt: now, signature: !signedAtFiling })
    : undefined;
  const request: Pick<typeof requests.$inferSelect, (typeof FILED_REQUEST_KEYS)[number]> = {
    // (every detail column is written: null where the configuration hides it or the author left it)
    ...(Object.fromEntries(REQUEST_DETAIL_FIELDS.map((field) => [field, details[field] ?? null])) as Pick<typeof requests.$inferSelect, keyof Details>),
    REQUEST_FILE: fileId ?? null,
    id,
    REQUEST_ID: reference,
    REQUEST_AUTHOR: actor.id,
    REQUEST_CATEGORY_ID: sub.id,
    REQUEST_OBJECT: body.REQUEST_OBJECT,
    REQUEST_PBLM_WEEK: problemDate ? isoWeekOf(problemDate) : null,
    REQUEST_STATUS: 'REGISTERED',
    REQUEST_UNITY_ID: sub.firstUnitId,
    // a student's request is signed by its filing, in their own session (decision 41)
    signedAt: signedAtFiling ? now : null,
    filedAt: now,
    updatedAt: now,
  };
  const step: Required<Pick<typeof requestSteps.$inferInsert, (typeof FILED_STEP_KEYS)[number]>> = {
    requestId: id,
    kind: 'FILED',
    unitId: sub.firstUnitId,
    status: 'REGISTERED',
    at: now,
    by: actor.id,
  };
  const values = {
    ...placeholderValues('request_', requests, request),
    ...placeholderValues('step_', requestSteps, step),
    ...placeholderValues(
      'audit_',
      auditLog,
      auditRow({
        at: now,
        actorId: actor.id,
        action: 'request.filed',
        targetType: 'request',
        targetId: id,
        ip: meta.ip,
        details: { reference, subcategory: sub.code, ...(fileId ? { fileId } : {}) },
      }),
    ),
    ...(mail ? placeholderValues('mail_', mailOutbox, ctx.mailer.outboxRow(mail)) : {}),
  };
  try {
    if (fileId === undefined) await filingStatementsOf(ctx.db)[mail ? 'mailed' : 'unmailed'].execute(values);
    else {
      await ctx.db.transaction(async (tx) => {
        await takeAttachment(tx, actor.id, fileId);
        await filingStatement(tx, mail !== undefined).execute(values);
      });
    }
  } catch (error) {
    // Another filing took the attachment between the check and the insert.
    if (isUniqueViolation(error) && brokenConstraint(error) === REQUEST_FILE_INDEX) throw attachmentInvalid();
    throw error;
  }
  if (mail) ctx.mailer.written(mail);
  ctx.mailer.kick();
  return (await loadRequest(ctx.db, id))!;
}

/** A new request's id and the next number of the references' sequence, drawn before its insert (one round trip). */
export async function drawRequestNumbers(exec: Executor): Promise<{ id: number; number: string }> {
  const [drawn] = await numbersStatementOf(exec).execute();
  return drawn!;
}
const numbersStatementOf = perDatabase((exec: Executor) =>
  exec
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('requests', 'id'))::int`, number: sql<string>`nextval('request_reference_seq')::text` })
    .from(sql`(select 1) as one`)
    .prepare('request_numbers'),
);

/**
 * A new request's reference: the sub-category's code, the year of `day` (a university day) and
 * `number`, drawn from the references' sequence, at least six digits (0301@2026-000042).
 */
export const requestReferenceOf = (subcategoryCode: string, day: string, number: string) => `${subcategoryCode}@${day.slice(0, 4)}-${number.padStart(6, '0')}`;

/**
 * The filing mail, in the author's language (decision 32): the reference, the title, and the rule
 * in plain words: print the request and sign it at the lecturers' service within
 * REQUEST_SIGNATURE_DAYS days, before the deadline (day and hour, university time), or it is
 * rejected; with the link to the request. A student's (`signature` false) says it is on its way to
 * their school, with no signature to give (decision 41). Written by the filing's own statement; none
 * without an address.
 */
function filingMail(
  ctx: ServiceContext,
  input: { recipient: Recipient; requestId: number; reference: string; title: string; filedAt: Date; signature: boolean },
): OutgoingMail {
  const filed = universityMoment(input.filedAt);
  const deadline = universityMoment(signatureDeadlineOf(input.filedAt));
  const { lang, to, name } = input.recipient;
  return composeMail(lang, {
    to,
    name,
    kind: 'request-filed',
    key: input.signature ? 'requestFiled' : 'requestFiledStudent',
    vars: {
      reference: input.reference,
      title: input.title,
      filedDate: filed.day,
      filedTime: filed.time,
      days: REQUEST_SIGNATURE_DAYS,
      date: deadline.day,
      time: deadline.time,
      link: `${ctx.config.publicUrl}/requests/${input.requestId}`,
    },
  });
}

const holdingUnit = alias(requestUnits, 'holding_unit');

const rowColumns = {
  id: requests.id,
  REQUEST_ID: requests.REQUEST_ID,
  REQUEST_OBJECT: requests.REQUEST_OBJECT,
  REQUEST_STATUS: requests.REQUEST_STATUS,
  subcategory: {
    id: requestSubcategories.id,
    code: requestSubcategories.code,
    name: requestSubcategories.name,
    nameFr: requestSubcategories.nameFr,
    categoryName: requestCategories.name,
    categoryNameFr: requestCategories.nameFr,
  },
  audience: requestCategories.audience,
  unitId: holdingUnit.id,
  unitCode: holdingUnit.code,
  unitName: holdingUnit.name,
  unitNameFr: holdingUnit.nameFr,
  CLASS_ID: requests.CLASS_ID,
  className: classes.code,
  REQUEST_PBLM_DATE: requests.REQUEST_PBLM_DATE,
  REQUEST_PBLM_HOUR_START: requests.REQUEST_PBLM_HOUR_START,
  REQUEST_PBLM_HOUR_END: requests.REQUEST_PBLM_HOUR_END,
  filedAt: requests.filedAt,
  signedAt: requests.signedAt,
  batchId: requests.batchId,
  arrivalHopId: requests.arrivalHopId,
  forwardUnitId: requests.forwardUnitId,
};

type RowRecord = { [K in keyof typeof rowColumns]: unknown } & {
  unitId: number | null;
  unitCode: string | null;
  unitName: string | null;
  unitNameFr: string | null;
  filedAt: Date;
  signedAt: Date | null;
  batchId: number | null;
  arrivalHopId: number | null;
  forwardUnitId: number | null;
};

/** A request's list line from the columns of `rowColumns`: its holder, dates, signature deadline and stage (REQUEST_STAGES). */
export function toRow(r: RowRecord): RequestRow {
  const { unitId, unitCode, unitName, unitNameFr, filedAt, signedAt, batchId, arrivalHopId, forwardUnitId, ...rest } = r;
  return {
    ...(rest as Omit<RequestRow, 'unit' | 'filedAt' | 'signedAt' | 'signatureDeadline' | 'stage'>),
    unit: unitId === null ? null : { id: unitId, code: unitCode!, name: unitName!, nameFr: unitNameFr! },
    filedAt: filedAt.toISOString(),
    signedAt: signedAt ? signedAt.toISOString() : null,
    signatureDeadline: signatureDeadlineOf(filedAt).toISOString(),
    stage: requestStageOf({ unitId, signedAt, batchId, arrivalHopId, forwardUnitId }),
  };
}

/** The author's matricule and names, for the back office's lines. */
export const authorColumns = { id: persons.id, MATRICULE: persons.MATRICULE, FIRSTNAME: persons.FIRSTNAME, LASTNAME: persons.LASTNAME };

const detailColumns = {
  ...rowColumns,
  request: requests,
  subjectName: subjects.name,
  subjectNameFr: subjects.nameFr,
  author: authorColumns,
  fileName: files.originalName,
};

/** The requests with what their list lines show (sub-category, category, holding unit, class): add a where, an order and a page. */
export const listFrom = (exec: Executor) =>
  exec
    .select(detailColumns)
    .from(requests)
    .innerJoin(requestSubcategories, eq(requestSubcategories.id, requests.REQUEST_CATEGORY_ID))
    .innerJoin(requestCategories, eq(requestCategories.id, requestSubcategories.categoryId))
    .innerJoin(persons, eq(persons.id, requests.REQUEST_AUTHOR))
    .leftJoin(holdingUnit, eq(holdingUnit.id, requests.REQUEST_UNITY_ID))
    .leftJoin(classes, eq(classes.id, requests.CLASS_ID))
    .leftJoin(subjects, eq(subjects.id, requests.SUBJECT_ID))
    .leftJoin(files, eq(files.id, requests.REQUEST_FILE));

/** One request and its steps, prepared once per database: read on every view, filing and action, they would otherwise be planned each time. */
function detailStatements(db: Db) {
  const stepBy = alias(persons, 'step_by');
  return {
    request: listFrom(db)
      .where(eq(requests.id, sql.placeholder('id')))
      .prepare('request_by_id'),
    steps: db
      .select({
        step: requestSteps,
        unit: requestUnits,
        decision: { id: requestDecisions.id, label: requestDecisions.label, labelFr: requestDecisions.labelFr },
        batch: { id: requestBatches.id, reference: requestBatches.reference },
        by: { FIRSTNAME: stepBy.FIRSTNAME, LASTNAME: stepBy.LASTNAME },
      })
      .from(requestSteps)
      .leftJoin(requestUnits, eq(requestUnits.id, requestSteps.unitId))
      .leftJoin(requestDecisions, eq(requestDecisions.id, requestSteps.decisionId))
      .leftJoin(requestBatches, eq(requestBatches.id, requestSteps.batchId))
      .leftJoin(stepBy, eq(stepBy.id, requestSteps.by))
      .where(eq(requestSteps.requestId, sql.placeholder('id')))
      .orderBy(asc(requestSteps.at), asc(requestSteps.id))
      .prepare('request_steps_by_request'),
  };
}
const detailStatementsOf = perDatabase(detailStatements);

/** What nobody but the units may do: the lecturer's view of a request. */
export const NO_ACTIONS: RequestDetail['actions'] = { sign: false, reject: false, decisions: [] };

/**
 * One request with its steps, oldest first; null when none has this id. `backOffice`: the viewer is
 * a unit or an administrator (the steps then name who took them); `actions`: what the viewer may do.
 */
export async function loadRequest(
  db: Db,
  id: number,
  options: { backOffice?: boolean; actions?: RequestDetail['actions'] } = {},
): Promise<RequestDetail | null> {
  const statements = detailStatementsOf(db);
  const [[r], steps] = await Promise.all([statements.request.execute({ id }), statements.steps.execute({ id })]);
  if (!r) return null;
  const { request, subjectName, subjectNameFr, author, fileName, ...row } = r;
  return {
    ...toRow(row as RowRecord),
    REQUEST_AUTHOR: request.REQUEST_AUTHOR,
    author,
    SUBJECT_ID: request.SUBJECT_ID,
    subjectName,
    subjectNameFr,
    REQUEST_PBLM_WEEK: request.REQUEST_PBLM_WEEK,
    REQUEST_PBLM_HOUR_START: request.REQUEST_PBLM_HOUR_START,
    REQUEST_PBLM_HOUR_END: request.REQUEST_PBLM_HOUR_END,
    CONTRACT_NUMBER: request.CONTRACT_NUMBER,
    VH_DISPLAYED: request.VH_DISPLAYED,
    VH_EXPECTED: request.VH_EXPECTED,
    TH_DISPLAYED: request.TH_DISPLAYED,
    TH_EXPECTED: request.TH_EXPECTED,
    TI_DISPLAYED: request.TI_DISPLAYED,
    TI_EXPECTED: request.TI_EXPECTED,
    AMOUNT_RECEIVED: request.AMOUNT_RECEIVED,
    AMOUNT_EXPECTED: request.AMOUNT_EXPECTED,
    REPRO_COPY_NUMBER: request.REPRO_COPY_NUMBER,
    REPRO_STUDENT_COUNT: request.REPRO_STUDENT_COUNT,
    DESCRIPTION: request.DESCRIPTION,
    REQUEST_FILE: request.REQUEST_FILE ? `/api/requests/${request.id}/file` : null,
    fileName: request.REQUEST_FILE ? fileName : null,
    formUrl: `/api/requests/${request.id}/form`,
    verificationUrl: `/verify/${request.verificationToken}`,
    steps: steps.map(({ step, unit, decision, batch, by }) => ({
      id: step.id,
      kind: step.kind,
      unit: unit ? { id: unit.id, code: unit.code, name: unit.name, nameFr: unit.nameFr } : null,
      decision: decision && decision.id !== null ? decision : null,
      comment: step.comment,
      status: step.status,
      batch: batch && batch.id !== null ? batch : null,
      at: step.at.toISOString(),
      by: options.backOffice && by && by.FIRSTNAME !== null ? by : null,
    })),
    actions: options.actions ?? NO_ACTIONS,
  };
}

/** How the actor sees a request: as its author, as a unit that holds or held it, or as an administrator (every request). */
export type RequestViewer = 'author' | 'unit' | 'admin';

/**
 * Who may see a request, its attachment, its printable form and its steps (decision 32): its
 * author; a member of a unit that holds it or held it (a step names the unit); an administrator
 * (`requests.configure`). Anyone else is refused (403, audited); no request with this id is 404.
 */
export async function assertCanViewRequest(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<RequestViewer> {
  const { actor, id } = input;
  const [row] = await ctx.db.select({ author: requests.REQUEST_AUTHOR, unitId: requests.REQUEST_UNITY_ID }).from(requests).where(eq(requests.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.author === actor.id) return 'author';
  if (actorCan(actor, 'requests.configure')) return 'admin';
  if (actor.requestUnitId !== null && actorCan(actor, 'requests.process')) {
    if (row.unitId === actor.requestUnitId) return 'unit';
    const [held] = await ctx.db
      .select({ id: requestSteps.id })
      .from(requestSteps)
      .where(and(eq(requestSteps.requestId, id), eq(requestSteps.unitId, actor.requestUnitId)))
      .limit(1);
    if (held) return 'unit';
  }
  return refuseAccess(ctx, { actor, meta: input.meta, target: { type: 'request', id } });
}

/** The author's requests, newest first, filtered by status, sub-category and free text (reference, title, description). */
export async function authorRequests(ctx: ServiceContext, input: { authorId: number; query: RequestQuery }): Promise<RequestPage> {
  const { authorId, query } = input;
  const values = {
    author: authorId,
    status: query.status ?? null,
    subcategory: query.subcategory ?? null,
    week: query.week ?? null,
    search: query.search ? likePattern(query.search) : null,
  };
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  return keptAnswer(ctx, { name: 'requests.author', of: [values, page], tables: AUTHOR_LIST_TABLES }, async () => {
    const statements = authorStatementsOf(ctx.db);
    const [[counted], rows] = await Promise.all([statements.count.execute(values), statements.page.execute({ ...values, ...page })]);
    return { rows: rows.map((r) => toRow(r as RowRecord)), total: counted?.n ?? 0, page: query.page, pageSize: query.pageSize };
  });
}

/** What the author's list reads (its lines' joins). */
const AUTHOR_LIST_TABLES = [requests, requestSubcategories, requestCategories, requestUnits, classes];

/**
 * The lecturer's list and counters, prepared once per database (as the session lookup and the
 * subject search are): every call would otherwise plan the joins again, which costs more than
 * running them. Filters not given are null. The list lines read only what a line shows.
 */
function authorStatements(db: Db) {
  const p = sql.placeholder;
  const where = and(
    eq(requests.REQUEST_AUTHOR, p('author')),
    sql`(${p('status')}::text is null or ${requests.REQUEST_STATUS} = ${p('status')})`,
    sql`(${p('subcategory')}::int is null or ${requests.REQUEST_CATEGORY_ID} = ${p('subcategory')})`,
    sql`(${p('week')}::text is null or ${requests.REQUEST_PBLM_WEEK} = ${p('week')})`,
    sql`(${p('search')}::text is null or lower(${requests.REQUEST_ID}) like ${p('search')} or lower(${requests.REQUEST_OBJECT}) like ${p('search')} or lower(coalesce(${requests.DESCRIPTION}, '')) like ${p('search')})`,
  );
  const ofAuthor = eq(requests.REQUEST_AUTHOR, p('author'));
  return {
    count: db.select({ n: count() }).from(requests).where(where).prepare('requests_of_author_count'),
    page: db
      .select(rowColumns)
      .from(requests)
      .innerJoin(requestSubcategories, eq(requestSubcategories.id, requests.REQUEST_CATEGORY_ID))
      .innerJoin(requestCategories, eq(requestCategories.id, requestSubcategories.categoryId))
      .leftJoin(holdingUnit, eq(holdingUnit.id, requests.REQUEST_UNITY_ID))
      .leftJoin(classes, eq(classes.id, requests.CLASS_ID))
      .where(where)
      .orderBy(desc(requests.filedAt), desc(requests.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('requests_of_author_page'),
    byStatus: db
      .select({ status: requests.REQUEST_STATUS, n: count() })
      .from(requests)
      .where(ofAuthor)
      .groupBy(requests.REQUEST_STATUS)
      .prepare('requests_of_author_by_status'),
    // counted per university month by the database: twelve rows whatever the number filed
    filedPerMonth: db
      .select({
        month: sql<string>`to_char((${requests.filedAt} at time zone 'UTC') + ${sql.raw(`'${UNIVERSITY_UTC_OFFSET}'`)}::interval, 'YYYY-MM')`,
        n: count(),
      })
      .from(requests)
      .where(and(ofAuthor, gte(requests.filedAt, p('since'))))
      .groupBy(sql`1`)
      .prepare('requests_of_author_filed_per_month'),
  };
}
const authorStatementsOf = perDatabase(authorStatements);

/** The university month (`YYYY-MM`) `back` months before the one of `day`. */
const monthBefore = (day: string, back: number): string => {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/**
 * The author's counters over the status of record (the contract notes' keys), the requests filed in
 * each of the last twelve months (university time, the current one included) and their average.
 */
export async function requestStats(ctx: ServiceContext, input: { authorId: number }): Promise<RequestStats> {
  const today = universityDayOf(ctx.clock.now());
  return keptAnswer(ctx, { name: 'requests.stats', of: [input.authorId, today], tables: AUTHOR_STATS_TABLES }, () =>
    authorStats(ctx.db, input.authorId, today),
  );
}

/** What the counters read (a constant: the kept answers remember each list's table names by identity). */
const AUTHOR_STATS_TABLES = [requests];

/** The counters of `requestStats` as read on `today` (a university day). */
async function authorStats(db: Db, authorId: number, today: string): Promise<RequestStats> {
  const statements = authorStatementsOf(db);
  const byStatus = await statements.byStatus.execute({ author: authorId });
  const counted = new Map<RequestStatus, number>(byStatus.map((r) => [r.status, r.n]));
  const counters = Object.fromEntries(
    (Object.entries(REQUEST_COUNTERS) as [RequestCounter, readonly RequestStatus[]][]).map(([key, statuses]) => [
      key,
      statuses.reduce((sum, status) => sum + (counted.get(status) ?? 0), 0),
    ]),
  ) as Record<RequestCounter, number>;

  const months = Array.from({ length: 12 }, (_, i) => monthBefore(today, 11 - i));
  const since = new Date(`${months[0]}-01T00:00:00+01:00`);
  const filed = await statements.filedPerMonth.execute({ author: authorId, since });
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const { month, n } of filed) if (perMonth.has(month)) perMonth.set(month, n);
  const monthly = months.map((month) => ({ month, count: perMonth.get(month)! }));
  const inYear = monthly.reduce((sum, m) => sum + m.count, 0);
  return {
    totalDone: byStatus.reduce((sum, r) => sum + r.n, 0),
    ...counters,
    monthly,
    monthlyAverage: Math.round((inYear / 12) * 100) / 100,
  };
}
