import { z } from 'zod';
import { id, isoDate, pageNumber, personId, wholeNumber } from './common';
import { LESSON_SLOTS } from './rules/calendar';
import { LIST_PAGE_SIZE } from './rules/limits';
import { FIELD_PRESENCES, REQUEST_COUNTERS, REQUEST_STATUSES } from './rules/requests';
import { V } from './rules/validation';

export const RequestStatus = z.enum(REQUEST_STATUSES, { error: V.invalid });
export type RequestStatus = z.infer<typeof RequestStatus>;

export const FieldPresence = z.enum(FIELD_PRESENCES, { error: V.invalid });
export type FieldPresence = z.infer<typeof FieldPresence>;

/** Which detail fields a sub-category's form shows and requires (REQUEST_FIELD_GROUPS), and whether the week's timetable is shown beside it. */
export const RequestDisplayConfig = z
  .object({
    CLASS_ID: FieldPresence,
    REQUEST_PBLM_DATE: FieldPresence,
    CONTRACT_NUMBER: FieldPresence,
    VH: FieldPresence,
    TH: FieldPresence,
    TI: FieldPresence,
    AMOUNT: FieldPresence,
    REPRO: FieldPresence,
    DESCRIPTION: FieldPresence,
    FILE: FieldPresence,
    TIME_TABLE: z.boolean(),
  })
  .meta({ id: 'RequestDisplayConfig' });
export type RequestDisplayConfig = z.infer<typeof RequestDisplayConfig>;

export const RequestUnit = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string() }).meta({ id: 'RequestUnit' });
export type RequestUnit = z.infer<typeof RequestUnit>;

/** What categories and sub-categories both carry: a code, and a name and description in each language. */
const LabelledRequestKind = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameFr: z.string(),
  description: z.string(),
  descriptionFr: z.string(),
});

export const RequestSubcategory = LabelledRequestKind.extend({ REQUEST_DISPCONFIG: RequestDisplayConfig }).meta({ id: 'RequestSubcategory' });
export type RequestSubcategory = z.infer<typeof RequestSubcategory>;

/** `GET /request-categories`: the enabled categories, each with its enabled sub-categories. */
export const RequestCategory = LabelledRequestKind.extend({ sousCategories: z.array(RequestSubcategory) }).meta({ id: 'RequestCategory' });
export type RequestCategory = z.infer<typeof RequestCategory>;

const SLOT_STARTS = LESSON_SLOTS.map((slot) => slot.start) as [string, ...string[]];
const SLOT_ENDS = LESSON_SLOTS.map((slot) => slot.end) as [string, ...string[]];

/** An optional field: absent, null or an empty string mean not given. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A non-negative amount, rate or hour count with at most two decimals. */
const quantity = (max: number) => z.number({ error: V.invalid }).min(0, { error: V.invalid }).max(max, { error: V.invalid }).multipleOf(0.01, { error: V.invalid });

/**
 * `POST /requests`: a request as the lecturer files it. Which detail fields are taken and which are
 * required is the sub-category's display configuration (checked by the server); the others are
 * ignored. The author is the session's person; REQUEST_AUTHOR, when sent, must name them. The ISO
 * week (REQUEST_PBLM_WEEK) is computed by the server from the problem date.
 */
export const RequestBody = z
  .strictObject({
    REQUEST_CATEGORY_ID: id(),
    REQUEST_AUTHOR: optional(personId),
    CLASS_ID: optional(id()),
    SUBJECT_ID: optional(id()),
    REQUEST_PBLM_DATE: optional(isoDate),
    REQUEST_PBLM_HOUR_START: optional(z.enum(SLOT_STARTS, { error: V.lessonSlot })),
    REQUEST_PBLM_HOUR_END: optional(z.enum(SLOT_ENDS, { error: V.lessonSlot })),
    CONTRACT_NUMBER: optional(z.string().trim().min(1, { error: V.required }).max(50, { error: V.tooLong })),
    VH_DISPLAYED: optional(quantity(10_000)),
    VH_EXPECTED: optional(quantity(10_000)),
    TH_DISPLAYED: optional(quantity(10_000_000)),
    TH_EXPECTED: optional(quantity(10_000_000)),
    TI_DISPLAYED: optional(quantity(100)),
    TI_EXPECTED: optional(quantity(100)),
    AMOUNT_RECEIVED: optional(quantity(1_000_000_000)),
    AMOUNT_EXPECTED: optional(quantity(1_000_000_000)),
    REPRO_COPY_NUMBER: optional(wholeNumber(1, 100_000)),
    REPRO_STUDENT_COUNT: optional(wholeNumber(1, 10_000)),
    REQUEST_OBJECT: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.tooLong }),
    DESCRIPTION: optional(z.string().trim().max(4000, { error: V.tooLong })),
  })
  .meta({ id: 'RequestBody' });
export type RequestBody = z.infer<typeof RequestBody>;
export type RequestBodyInput = z.input<typeof RequestBody>;

export const RequestStep = z
  .object({
    id: z.number().int(),
    unit: RequestUnit.nullable(),
    decision: z.object({ id: z.number().int(), label: z.string(), labelFr: z.string() }).nullable(),
    /** the deciding unit's comment, shown to the lecturer as the deliberation */
    comment: z.string().nullable(),
    status: RequestStatus,
    at: z.string(),
  })
  .meta({ id: 'RequestStep' });
export type RequestStep = z.infer<typeof RequestStep>;

const SubcategoryRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string(), categoryName: z.string(), categoryNameFr: z.string() });

/** A line of the lecturer's list of requests. */
export const RequestRow = z
  .object({
    id: z.number().int(),
    REQUEST_ID: z.string(),
    REQUEST_OBJECT: z.string(),
    REQUEST_STATUS: RequestStatus,
    subcategory: SubcategoryRef,
    /** the unit holding the request; null once back with the lecturer */
    unit: RequestUnit.nullable(),
    CLASS_ID: z.number().int().nullable(),
    className: z.string().nullable(),
    REQUEST_PBLM_DATE: z.string().nullable(),
    filedAt: z.string(),
    signedAt: z.string().nullable(),
  })
  .meta({ id: 'RequestRow' });
export type RequestRow = z.infer<typeof RequestRow>;

/** `GET /requests/{id}`: every field, and the steps oldest first. */
export const RequestDetail = RequestRow.extend({
  REQUEST_AUTHOR: z.number().int(),
  SUBJECT_ID: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  subjectNameFr: z.string().nullable(),
  REQUEST_PBLM_WEEK: z.string().nullable(),
  REQUEST_PBLM_HOUR_START: z.string().nullable(),
  REQUEST_PBLM_HOUR_END: z.string().nullable(),
  CONTRACT_NUMBER: z.string().nullable(),
  VH_DISPLAYED: z.number().nullable(),
  VH_EXPECTED: z.number().nullable(),
  TH_DISPLAYED: z.number().nullable(),
  TH_EXPECTED: z.number().nullable(),
  TI_DISPLAYED: z.number().nullable(),
  TI_EXPECTED: z.number().nullable(),
  AMOUNT_RECEIVED: z.number().nullable(),
  AMOUNT_EXPECTED: z.number().nullable(),
  REPRO_COPY_NUMBER: z.number().int().nullable(),
  REPRO_STUDENT_COUNT: z.number().int().nullable(),
  DESCRIPTION: z.string().nullable(),
  REQUEST_FILE: z.string().nullable(),
  steps: z.array(RequestStep),
}).meta({ id: 'RequestDetail' });
export type RequestDetail = z.infer<typeof RequestDetail>;

/** Filters and paging of `GET /requests` (the caller's own requests, newest first). */
export const RequestQuery = z.object({
  status: optional(RequestStatus),
  subcategory: optional(id()),
  /** free text in the reference, the title and the description */
  search: optional(z.string().trim().max(100, { error: V.tooLong })),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 150).default(LIST_PAGE_SIZE),
});
export type RequestQuery = z.infer<typeof RequestQuery>;

export const RequestPage = z.object({ rows: z.array(RequestRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }).meta({ id: 'RequestPage' });
export type RequestPage = z.infer<typeof RequestPage>;

const counters = Object.fromEntries(Object.keys(REQUEST_COUNTERS).map((key) => [key, z.number().int()])) as Record<keyof typeof REQUEST_COUNTERS, z.ZodNumber>;

/**
 * `GET /requests/stats/user/{id}`: the contract notes' counters over the status of record
 * (REQUEST_COUNTERS; totalDone counts all), the requests filed in each of the last twelve months
 * (oldest first, the current month last) and their monthly average.
 */
export const RequestStats = z
  .object({
    totalDone: z.number().int(),
    ...counters,
    monthly: z.array(z.object({ month: z.string(), count: z.number().int() })),
    monthlyAverage: z.number(),
  })
  .meta({ id: 'RequestStats' });
export type RequestStats = z.infer<typeof RequestStats>;
