import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REQUEST_BATCH_STATUSES, REQUEST_STATUSES, REQUEST_STEP_KINDS, REQUEST_AUDIENCES, type RequestDisplayConfig } from '@portal/contract/rules';
import { ts, updated, inList } from './columns';
import { departments, classes, subjects } from './catalogue';
import { persons } from './persons';
import { files } from './files';

/* Lecturers' requests (issue 11, decisions 31 and 32): units, categories, hops, decisions, requests, their steps and batches. */

const requestStatusCheck = (column: SQLWrapper) => inList(column, REQUEST_STATUSES);

/**
 * A unit that holds requests: the lecturers' service (SENG), a school, finance, human resources,
 * administration. A school's department (decision 32) narrows what it receives: a request about a
 * class goes to the school of that class's department.
 */
export const requestUnits = pgTable('request_units', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  departmentId: integer('department_id').references(() => departments.id),
});

/** A request category (Teaching, Payment, Contract, Reprography), shown as a card. */
export const requestCategories = pgTable(
  'request_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    description: text('description').notNull(),
    descriptionFr: text('description_fr').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** who files requests of this category: lecturers and staff, or students (issue 13) */
    audience: text('audience', { enum: REQUEST_AUDIENCES }).notNull().default('STAFF'),
  },
  (t) => [check('request_categories_audience', inList(t.audience, REQUEST_AUDIENCES))],
);

/** A sub-category: what the lecturer files, the detail fields its form shows, and the unit a new request goes to. */
export const requestSubcategories = pgTable(
  'request_subcategories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => requestCategories.id),
    name: text('name').notNull(),
    nameFr: text('name_fr').notNull(),
    description: text('description').notNull(),
    descriptionFr: text('description_fr').notNull(),
    /** which detail fields the form shows and requires (REQUEST_FIELD_GROUPS), validated by the contract's RequestDisplayConfig */
    display: jsonb('display').$type<RequestDisplayConfig>().notNull(),
    firstUnitId: integer('first_unit_id')
      .notNull()
      .references(() => requestUnits.id),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('request_subcategories_category_idx').on(t.categoryId)],
);

/** One allowed hop of a sub-category's requests: from the unit holding it to the next one. */
export const requestHops = pgTable(
  'request_hops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => requestSubcategories.id, { onDelete: 'cascade' }),
    fromUnitId: integer('from_unit_id')
      .notNull()
      .references(() => requestUnits.id),
    toUnitId: integer('to_unit_id')
      .notNull()
      .references(() => requestUnits.id),
  },
  (t) => [uniqueIndex('request_hops_uq').on(t.subcategoryId, t.fromUnitId, t.toUnitId)],
);

/**
 * A decision the destination unit of a hop may take on a request it received through that hop: the
 * status of record it gives, and where the request goes next: `forwardUnitId` (sent on in a batch,
 * along a hop from the deciding unit) or, when null, back to the lecturer (decision 32).
 */
export const requestDecisions = pgTable(
  'request_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hopId: integer('hop_id')
      .notNull()
      .references(() => requestHops.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    labelFr: text('label_fr').notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    forwardUnitId: integer('forward_unit_id').references(() => requestUnits.id),
  },
  (t) => [index('request_decisions_hop_idx').on(t.hopId), check('request_decisions_status', requestStatusCheck(t.status))],
);

/** The number in a request's reference (`<sub-category code>@<year>-<number>`), never reused. */
export const requestReferenceSeq = pgSequence('request_reference_seq');

/**
 * A lecturer's request. REQUEST_STATUS is its one status of record (lists and counters read it);
 * REQUEST_UNITY_ID the unit holding it. Detail fields the sub-category does not show stay null.
 */
export const requests = pgTable(
  'requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    REQUEST_ID: text('reference').notNull().unique(),
    REQUEST_AUTHOR: integer('author_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    REQUEST_CATEGORY_ID: integer('subcategory_id')
      .notNull()
      .references(() => requestSubcategories.id),
    CLASS_ID: integer('class_id').references(() => classes.id),
    SUBJECT_ID: integer('subject_id').references(() => subjects.id),
    REQUEST_PBLM_DATE: date('problem_date', { mode: 'string' }),
    /** ISO week of the problem date (`2026-W48`), computed by the server */
    REQUEST_PBLM_WEEK: text('problem_week'),
    REQUEST_PBLM_HOUR_START: text('slot_start'),
    REQUEST_PBLM_HOUR_END: text('slot_end'),
    CONTRACT_NUMBER: text('contract_number'),
    VH_DISPLAYED: numeric('hours_noted', { precision: 8, scale: 2, mode: 'number' }),
    VH_EXPECTED: numeric('hours_expected', { precision: 8, scale: 2, mode: 'number' }),
    TH_DISPLAYED: numeric('rate_noted', { precision: 12, scale: 2, mode: 'number' }),
    TH_EXPECTED: numeric('rate_expected', { precision: 12, scale: 2, mode: 'number' }),
    TI_DISPLAYED: numeric('tax_noted', { precision: 5, scale: 2, mode: 'number' }),
    TI_EXPECTED: numeric('tax_expected', { precision: 5, scale: 2, mode: 'number' }),
    AMOUNT_RECEIVED: numeric('amount_received', { precision: 14, scale: 2, mode: 'number' }),
    AMOUNT_EXPECTED: numeric('amount_expected', { precision: 14, scale: 2, mode: 'number' }),
    REPRO_COPY_NUMBER: integer('copies'),
    REPRO_STUDENT_COUNT: integer('students'),
    REQUEST_OBJECT: text('title').notNull(),
    DESCRIPTION: text('description'),
    REQUEST_FILE: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    REQUEST_STATUS: text('status', { enum: REQUEST_STATUSES }).notNull().default('REGISTERED'),
    REQUEST_UNITY_ID: integer('unit_id').references(() => requestUnits.id),
    /** when the lecturer signed the printed request at the lecturers' service; null until then */
    signedAt: ts('signed_at'),
    filedAt: ts('filed_at').notNull(),
    /** the random value the printed form's QR code names (the public verification page); never the id */
    verificationToken: text('verification_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** when the author of an unsigned request was reminded of the signature (once) */
    remindedAt: ts('reminded_at'),
    /** the hop through which the holding unit received the request (its decisions apply); null at the first unit */
    arrivalHopId: integer('arrival_hop_id').references(() => requestHops.id),
    /** set by the holding unit's decision: the unit the request goes to next, in a batch */
    forwardUnitId: integer('forward_unit_id').references(() => requestUnits.id),
    /** the transmittal batch carrying the request, until it is received or cancelled */
    batchId: integer('batch_id').references((): AnyPgColumn => requestBatches.id),
    updatedAt: updated(),
  },
  (t) => [
    // read backwards, newest first as the author's list is ordered: a page stops at its last line (docs/performance.md, PGlite upkeep)
    index('requests_author_idx').on(t.REQUEST_AUTHOR, t.filedAt, t.id),
    index('requests_unit_idx').on(t.REQUEST_UNITY_ID, t.REQUEST_STATUS),
    index('requests_filed_idx').on(t.filedAt),
    // The 7-day rule's job reads the unsigned requests still registered, oldest first.
    index('requests_unsigned_idx')
      .on(t.filedAt)
      .where(sql`${t.REQUEST_STATUS} = 'REGISTERED' and ${t.signedAt} is null`),
    // An attachment belongs to one request at most (decision 32): two filings naming it cannot both take it.
    uniqueIndex('requests_file_uq')
      .on(t.REQUEST_FILE)
      .where(sql`${t.REQUEST_FILE} is not null`),
    check('requests_status', requestStatusCheck(t.REQUEST_STATUS)),
    check(
      'requests_slot',
      sql`(${t.REQUEST_PBLM_HOUR_START} is null) = (${t.REQUEST_PBLM_HOUR_END} is null) and (${t.REQUEST_PBLM_HOUR_END} is null or ${t.REQUEST_PBLM_HOUR_END} > ${t.REQUEST_PBLM_HOUR_START})`,
    ),
    check('requests_counts', sql`coalesce(${t.REPRO_COPY_NUMBER}, 0) >= 0 and coalesce(${t.REPRO_STUDENT_COUNT}, 0) >= 0`),
  ],
);

/**
 * A request's history, append-only (migrations 0009, 0010): filing, signature, rejection, expiry,
 * sending, return and reception in batches, each unit's decision with its comment (the deliberation).
 */
export const requestSteps = pgTable(
  'request_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REQUEST_STEP_KINDS }).notNull(),
    unitId: integer('unit_id').references(() => requestUnits.id),
    decisionId: integer('decision_id').references(() => requestDecisions.id),
    batchId: integer('batch_id').references((): AnyPgColumn => requestBatches.id),
    comment: text('comment'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    at: ts('at').notNull(),
    by: integer('by_id').references(() => persons.id),
  },
  (t) => [
    index('request_steps_request_idx').on(t.requestId, t.at),
    // What a unit held: the requests whose steps name it.
    index('request_steps_unit_idx').on(t.unitId, t.requestId),
    check('request_steps_status', requestStatusCheck(t.status)),
    check('request_steps_kind', inList(t.kind, REQUEST_STEP_KINDS)),
  ],
);

/** The number in a batch's reference (`<from unit>-<year>-<number>`), never reused. */
export const requestBatchSeq = pgSequence('request_batch_seq');

/** A transmittal batch: requests a unit bundles for one destination unit, which confirms their reception. */
export const requestBatches = pgTable(
  'request_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique(),
    fromUnitId: integer('from_unit_id')
      .notNull()
      .references(() => requestUnits.id),
    toUnitId: integer('to_unit_id')
      .notNull()
      .references(() => requestUnits.id),
    status: text('status', { enum: REQUEST_BATCH_STATUSES }).notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => persons.id),
    sentAt: ts('sent_at'),
    sentBy: integer('sent_by').references(() => persons.id),
    receivedAt: ts('received_at'),
    receivedBy: integer('received_by').references(() => persons.id),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => persons.id),
  },
  (t) => [
    index('request_batches_from_idx').on(t.fromUnitId, t.status),
    index('request_batches_to_idx').on(t.toUnitId, t.status),
    check('request_batches_status', inList(t.status, REQUEST_BATCH_STATUSES)),
    check('request_batches_units', sql`${t.fromUnitId} <> ${t.toUnitId}`),
  ],
);

/** The requests of a batch, each with the hop it travels along (kept after reception or cancellation: the batch's history). */
export const requestBatchItems = pgTable(
  'request_batch_items',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => requestBatches.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    hopId: integer('hop_id')
      .notNull()
      .references(() => requestHops.id),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.requestId] }), index('request_batch_items_request_idx').on(t.requestId)],
);
