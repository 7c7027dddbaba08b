import { z } from 'zod';
import { id, isoDate, pageNumber, personId, wholeNumber } from './common';
import { LESSON_SLOTS } from './rules/calendar';
import { LIST_PAGE_SIZE } from './rules/limits';
import {
  MAX_BATCH_REQUESTS,
  FIELD_PRESENCES,
  REQUEST_AUDIENCES,
  REQUEST_BATCH_STATUSES,
  REQUEST_COUNTERS,
  REQUEST_REPORT_FORMATS,
  REQUEST_REPORT_REGIMES,
  REQUEST_STAGES,
  REQUEST_STATUSES,
  REQUEST_STEP_KINDS,
} from './rules/requests';
import { REGIMES } from './rules/applications';
import { V } from './rules/validation';

export const RequestStatus = z.enum(REQUEST_STATUSES, { error: V.invalid });
export type RequestStatus = z.infer<typeof RequestStatus>;

export const RequestStepKind = z.enum(REQUEST_STEP_KINDS, { error: V.invalid });
export type RequestStepKind = z.infer<typeof RequestStepKind>;
export const RequestStage = z.enum(REQUEST_STAGES, { error: V.invalid });
export type RequestStage = z.infer<typeof RequestStage>;
export const RequestBatchStatus = z.enum(REQUEST_BATCH_STATUSES, { error: V.invalid });
export type RequestBatchStatus = z.infer<typeof RequestBatchStatus>;

/** Who files requests of a category: staff (lecturers and support staff) or students (decision 41). */
export const RequestAudience = z.enum(REQUEST_AUDIENCES, { error: V.invalid });
export type RequestAudience = z.infer<typeof RequestAudience>;

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

/**
 * `GET /request-categories`: the enabled categories, each with its enabled sub-categories: a
 * student's or a staff member's own audience only (the units read all); a student category's
 * display configuration never shows the staff-only groups (decision 41).
 */
export const RequestCategory = LabelledRequestKind.extend({ audience: RequestAudience, sousCategories: z.array(RequestSubcategory) }).meta({
  id: 'RequestCategory',
});
export type RequestCategory = z.infer<typeof RequestCategory>;

/** A stored file's id (a UUID). Plain patterns rather than Zod's format validators: pages using any schema load less. */
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: V.invalid });
/** An instant with its offset: `2026-11-25T09:30:00+01:00` (seconds and fractions optional, `Z` allowed). */
const instant = z
  .string({ error: V.date })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, { error: V.date, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: V.date });

const SLOT_STARTS = LESSON_SLOTS.map((slot) => slot.start) as [string, ...string[]];
const SLOT_ENDS = LESSON_SLOTS.map((slot) => slot.end) as [string, ...string[]];

/** An optional field: absent, null or an empty string mean not given. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A non-negative amount, rate or hour count with at most two decimals. */
const quantity = (max: number) =>
  z.number({ error: V.invalid }).min(0, { error: V.invalid }).max(max, { error: V.invalid }).multipleOf(0.01, { error: V.invalid });

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
    /** the id of an attachment uploaded by the author (`POST /requests/attachments`), not yet filed with another request */
    REQUEST_FILE: optional(uuid),
  })
  .meta({ id: 'RequestBody' });
export type RequestBody = z.infer<typeof RequestBody>;
export type RequestBodyInput = z.input<typeof RequestBody>;

export const RequestStep = z
  .object({
    id: z.number().int(),
    kind: RequestStepKind,
    /** the unit that took the step (the destination unit for SENT, the unit it returned to for RETURNED) */
    unit: RequestUnit.nullable(),
    decision: z.object({ id: z.number().int(), label: z.string(), labelFr: z.string() }).nullable(),
    /** the deciding unit's comment, shown to the lecturer as the deliberation; a rejection's reason */
    comment: z.string().nullable(),
    /** the status of record after the step */
    status: RequestStatus,
    /** the transmittal batch of a SENT, RETURNED or RECEIVED step */
    batch: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
    at: z.string(),
    /** who took the step: shown to the back office only (null for the lecturer) */
    by: z.object({ FIRSTNAME: z.string(), LASTNAME: z.string() }).nullable(),
  })
  .meta({ id: 'RequestStep' });
export type RequestStep = z.infer<typeof RequestStep>;

const SubcategoryRef = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameFr: z.string(),
  categoryName: z.string(),
  categoryNameFr: z.string(),
});

/** A request's author as the back office sees them. */
export const RequestAuthor = z
  .object({ id: z.number().int(), MATRICULE: z.string(), FIRSTNAME: z.string(), LASTNAME: z.string() })
  .meta({ id: 'RequestAuthor' });
export type RequestAuthor = z.infer<typeof RequestAuthor>;

/** A line of the lecturer's list of requests. */
export const RequestRow = z
  .object({
    id: z.number().int(),
    REQUEST_ID: z.string(),
    REQUEST_OBJECT: z.string(),
    REQUEST_STATUS: RequestStatus,
    subcategory: SubcategoryRef,
    /** who files requests of its category: STAFF or STUDENT (a student's request is signed by its filing, decision 41) */
    audience: RequestAudience,
    /** the unit holding the request; null once back with the lecturer */
    unit: RequestUnit.nullable(),
    CLASS_ID: z.number().int().nullable(),
    className: z.string().nullable(),
    REQUEST_PBLM_DATE: z.string().nullable(),
    /** the time slot of the problem (`HH:MM`, one of LESSON_SLOTS), or null: the week beside the filing form draws it */
    REQUEST_PBLM_HOUR_START: z.string().nullable(),
    REQUEST_PBLM_HOUR_END: z.string().nullable(),
    filedAt: z.string(),
    signedAt: z.string().nullable(),
    /** when an unsigned request is rejected (filing + REQUEST_SIGNATURE_DAYS) */
    signatureDeadline: z.string(),
    stage: RequestStage,
  })
  .meta({ id: 'RequestRow' });
export type RequestRow = z.infer<typeof RequestRow>;

/** A decision the caller's unit may take on a request it holds, and what it does. */
export const RequestDecisionOption = z
  .object({
    id: z.number().int(),
    label: z.string(),
    labelFr: z.string(),
    status: RequestStatus,
    /** the unit the request goes to next (in a batch); null: it goes back to the lecturer */
    forwardUnit: RequestUnit.nullable(),
  })
  .meta({ id: 'RequestDecisionOption' });
export type RequestDecisionOption = z.infer<typeof RequestDecisionOption>;

/** What the caller may do on a request now (all false, and no decision, for the lecturer). */
export const RequestActions = z
  .object({
    /** record the signature of the printed request (the first unit, while unsigned) */
    sign: z.boolean(),
    /** reject with a reason (the first unit, before sending it on) */
    reject: z.boolean(),
    /** the decisions allowed (a unit that received the request and has not decided) */
    decisions: z.array(RequestDecisionOption),
  })
  .meta({ id: 'RequestActions' });
export type RequestActions = z.infer<typeof RequestActions>;

/** `GET /requests/{id}`: every field, and the steps oldest first. */
export const RequestDetail = RequestRow.extend({
  REQUEST_AUTHOR: z.number().int(),
  author: RequestAuthor,
  SUBJECT_ID: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  subjectNameFr: z.string().nullable(),
  REQUEST_PBLM_WEEK: z.string().nullable(),
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
  /** where the attachment is served (`/api/requests/{id}/file`), or null */
  REQUEST_FILE: z.string().nullable(),
  /** the attachment's file name, or null */
  fileName: z.string().nullable(),
  /** the printable request form (`/api/requests/{id}/form`) */
  formUrl: z.string(),
  /** the public page the form's QR code opens (reference, filing date and status only) */
  verificationUrl: z.string(),
  steps: z.array(RequestStep),
  actions: RequestActions,
}).meta({ id: 'RequestDetail' });
export type RequestDetail = z.infer<typeof RequestDetail>;

/** An ISO week: `2026-W48`. */
export const isoWeek = z.string().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, { error: V.invalid });

/** Filters and paging of `GET /requests` (the caller's own requests, newest first). */
export const RequestQuery = z.object({
  status: optional(RequestStatus),
  subcategory: optional(id()),
  /** the requests about a problem of this ISO week (the week beside the filing form) */
  week: optional(isoWeek),
  /** free text in the reference, the title and the description */
  search: optional(z.string().trim().max(100, { error: V.tooLong })),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 150).default(LIST_PAGE_SIZE),
});
export type RequestQuery = z.infer<typeof RequestQuery>;

export const RequestPage = z
  .object({ rows: z.array(RequestRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'RequestPage' });
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

// ---------------------------------------------------------------- attachments, verification, the lecturer's classes

/** `POST /requests/attachments` (multipart FILE or a JSON data URL): a draft attachment, filed later with `REQUEST_FILE`. */
export const RequestAttachmentBody = z.object({ FILE: z.string() }).meta({ id: 'RequestAttachmentBody' });
export type RequestAttachmentBody = z.infer<typeof RequestAttachmentBody>;
export const RequestAttachment = z.object({ id: uuid, name: z.string(), mime: z.string(), size: z.number().int() }).meta({ id: 'RequestAttachment' });
export type RequestAttachment = z.infer<typeof RequestAttachment>;

/** `GET /public/requests/{token}`: what the printed form's QR code shows anyone, and nothing more. */
export const RequestVerification = z.object({ REQUEST_ID: z.string(), filedAt: z.string(), REQUEST_STATUS: RequestStatus }).meta({ id: 'RequestVerification' });
export type RequestVerification = z.infer<typeof RequestVerification>;
export const VerificationParams = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/, { error: V.invalid }) });

/** `GET /classes/school/affected/{id}`: the schools (branches) where the lecturer has a confirmed assignment. */
export const AffectedSchool = z.object({ BRANCH_ABREVIATION: z.string(), name: z.string(), nameFr: z.string() }).meta({ id: 'AffectedSchool' });
export type AffectedSchool = z.infer<typeof AffectedSchool>;
export const AffectedClassesParams = z.object({ x: z.string().trim().min(1, { error: V.required }).max(20, { error: V.tooLong }), id: personId });
/** `GET /classes/affected/{x}/{id}`: the lecturer's assigned classes of branch x. */
export const AffectedClass = z.object({ CLASS_ID: z.number().int(), code: z.string(), shift: z.enum(REGIMES) }).meta({ id: 'AffectedClass' });
export type AffectedClass = z.infer<typeof AffectedClass>;
/** `POST /subjects/affected`: the lecturer's assigned subjects of a class. */
export const AffectedSubjectsBody = z.strictObject({ CLASS_ID: id(), EMPLOYEE_ID: optional(personId) }).meta({ id: 'AffectedSubjectsBody' });
export type AffectedSubjectsBody = z.infer<typeof AffectedSubjectsBody>;
export const AffectedSubject = z
  .object({ SUBJECT_ID: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string() })
  .meta({ id: 'AffectedSubject' });
export type AffectedSubject = z.infer<typeof AffectedSubject>;

/** A subject a student's request may name: one of their class's, or one of their optional subjects (`optional`). */
export const StudentRequestSubject = AffectedSubject.extend({ optional: z.boolean() }).meta({ id: 'StudentRequestSubject' });
export type StudentRequestSubject = z.infer<typeof StudentRequestSubject>;
/**
 * `GET /requests/student-subjects`: what a student's request is about (decision 41): their class
 * (null when none is on their file yet) and the subjects they may name, by code; for anyone else,
 * no class and no subject.
 */
export const StudentRequestSubjects = z
  .object({ class: AffectedClass.nullable(), subjects: z.array(StudentRequestSubject) })
  .meta({ id: 'StudentRequestSubjects' });
export type StudentRequestSubjects = z.infer<typeof StudentRequestSubjects>;

// ---------------------------------------------------------------- processing (the units)

/** A line of a unit's inbox: the request, its author and where it stands. */
export const InboxRow = RequestRow.extend({ author: RequestAuthor }).meta({ id: 'InboxRow' });
export type InboxRow = z.infer<typeof InboxRow>;

/**
 * `GET /requests/inbox`: the requests the caller's unit holds now (`scope=held`, the default) or held
 * before (`scope=history`), newest first; administrators see every unit's (`unit` narrows them).
 */
export const InboxQuery = z.object({
  scope: z.enum(['held', 'history'], { error: V.invalid }).default('held'),
  stage: optional(RequestStage),
  status: optional(RequestStatus),
  subcategory: optional(id()),
  unit: optional(id()),
  /** staff's or students' requests only */
  audience: optional(RequestAudience),
  /** free text in the reference, the title, and the author's matricule and names */
  search: optional(z.string().trim().max(100, { error: V.tooLong })),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 150).default(LIST_PAGE_SIZE),
});
export type InboxQuery = z.infer<typeof InboxQuery>;
export const InboxPage = z
  .object({ rows: z.array(InboxRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'InboxPage' });
export type InboxPage = z.infer<typeof InboxPage>;

/** `POST /requests/{id}/signature`: the printed request was signed at the first unit, at this instant (now when absent). */
export const SignatureBody = z.strictObject({ SIGNED_AT: optional(instant) }).meta({ id: 'SignatureBody' });
export type SignatureBody = z.infer<typeof SignatureBody>;
/** `POST /requests/{id}/rejection`: the first unit rejects the request, with the reason the lecturer reads. */
export const RejectionBody = z
  .strictObject({ REASON: z.string({ error: V.reason }).trim().min(3, { error: V.reason }).max(1000, { error: V.tooLong }) })
  .meta({ id: 'RejectionBody' });
export type RejectionBody = z.infer<typeof RejectionBody>;
/** `POST /requests/{id}/decision`: one of the decisions allowed, with the comment the lecturer reads as the deliberation. */
export const DecisionBody = z
  .strictObject({ DECISION_ID: id(), COMMENT: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(2000, { error: V.tooLong }) })
  .meta({ id: 'DecisionBody' });
export type DecisionBody = z.infer<typeof DecisionBody>;

// ---------------------------------------------------------------- transmittal batches

export const RequestBatch = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    from: RequestUnit,
    to: RequestUnit,
    status: RequestBatchStatus,
    count: z.number().int(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
  })
  .meta({ id: 'RequestBatch' });
export type RequestBatch = z.infer<typeof RequestBatch>;
/** `GET /request-batches/{id}`: the batch and its requests. */
export const RequestBatchDetail = RequestBatch.extend({ requests: z.array(InboxRow) }).meta({ id: 'RequestBatchDetail' });
export type RequestBatchDetail = z.infer<typeof RequestBatchDetail>;

/** `GET /request-batches`: the caller's unit's batches, outgoing (`OUT`), incoming (`IN`) or both; administrators see all. */
export const BatchQuery = z.object({
  direction: z.enum(['OUT', 'IN', 'ALL'], { error: V.invalid }).default('ALL'),
  status: optional(RequestBatchStatus),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 150).default(LIST_PAGE_SIZE),
});
export type BatchQuery = z.infer<typeof BatchQuery>;
export const BatchPage = z
  .object({ rows: z.array(RequestBatch), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'BatchPage' });
export type BatchPage = z.infer<typeof BatchPage>;

/** `GET /request-batches/eligible`: requests the caller's unit may send now, each with the units it may go to. */
export const EligibleRequest = InboxRow.extend({ destinations: z.array(RequestUnit) }).meta({ id: 'EligibleRequest' });
export type EligibleRequest = z.infer<typeof EligibleRequest>;
/** Administrators name the sending unit (`unit`); a unit member sends from their own. */
export const EligibleQuery = z.object({ unit: optional(id()) });

/** `POST /request-batches`: a batch prepared for one destination unit (DRAFT; sent with `/send`, or at once with SEND). */
export const BatchBody = z
  .strictObject({
    TO_UNIT_ID: id(),
    REQUEST_IDS: z.array(id(), { error: V.required }).min(1, { error: V.required }).max(MAX_BATCH_REQUESTS, { error: V.tooLong }),
    /** administrators: the sending unit (the unit holding the requests) */
    FROM_UNIT_ID: optional(id()),
    SEND: z.boolean().default(false),
  })
  .meta({ id: 'BatchBody' });
export type BatchBody = z.infer<typeof BatchBody>;
export type BatchBodyInput = z.input<typeof BatchBody>;

// ---------------------------------------------------------------- reports

/** Filters of the requests report: filing period (required, inclusive), unit (held or held), category, status, class regime. */
export const ReportQuery = z.object({
  from: isoDate,
  to: isoDate,
  unit: optional(id()),
  category: optional(id()),
  status: optional(RequestStatus),
  regime: optional(z.enum(REQUEST_REPORT_REGIMES, { error: V.invalid })),
  /** staff's or students' requests only */
  audience: optional(RequestAudience),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 500).default(LIST_PAGE_SIZE),
});
export type ReportQuery = z.infer<typeof ReportQuery>;
export const ReportExportQuery = ReportQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(REQUEST_REPORT_FORMATS, { error: V.invalid }) });
export type ReportExportQuery = z.infer<typeof ReportExportQuery>;

/** A request as the report lists it. */
export const ReportRow = z
  .object({
    id: z.number().int(),
    REQUEST_ID: z.string(),
    REQUEST_OBJECT: z.string(),
    filedAt: z.string(),
    REQUEST_STATUS: RequestStatus,
    category: z.object({ id: z.number().int(), name: z.string(), nameFr: z.string() }),
    subcategory: z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string() }),
    /** the unit holding it; null once back with the lecturer */
    unit: RequestUnit.nullable(),
    /** filed by staff or by a student (its category's audience) */
    audience: RequestAudience,
    author: RequestAuthor,
    className: z.string().nullable(),
    regime: z.enum(REGIMES).nullable(),
    REQUEST_PBLM_DATE: z.string().nullable(),
    /** the last decision taken on it, if any */
    lastDecision: z.object({ label: z.string(), labelFr: z.string(), at: z.string() }).nullable(),
  })
  .meta({ id: 'ReportRow' });
export type ReportRow = z.infer<typeof ReportRow>;

const CountBy = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));
/** `GET /requests/reports`: counts by status, category, unit and regime over the whole selection, and a page of its rows. */
export const RequestReport = z
  .object({
    total: z.number().int(),
    byStatus: CountBy(RequestStatus),
    byCategory: CountBy(z.object({ id: z.number().int(), name: z.string(), nameFr: z.string() })),
    /** null: back with the lecturer */
    byUnit: CountBy(RequestUnit.nullable()),
    /** null: no class */
    byRegime: CountBy(z.enum(REGIMES).nullable()),
    rows: z.array(ReportRow),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'RequestReport' });
export type RequestReport = z.infer<typeof RequestReport>;

// ---------------------------------------------------------------- configuration (administrators)

const bilingual = {
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(120, { error: V.tooLong }),
  nameFr: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(120, { error: V.tooLong }),
};
const descriptions = {
  description: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(1000, { error: V.tooLong }),
  descriptionFr: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(1000, { error: V.tooLong }),
};
const code = (max: number) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: V.tooLong })
    .regex(/^[A-Za-z0-9-]+$/, { error: V.invalid })
    .transform((s) => s.toUpperCase());

export const UnitInput = z.strictObject({ code: code(20), ...bilingual, departmentId: z.union([id(), z.null()]).default(null) }).meta({ id: 'UnitInput' });
export type UnitInput = z.infer<typeof UnitInput>;
export type UnitInputValues = z.input<typeof UnitInput>;
/** A category; its audience (who files under it) is STAFF when a new one names none, and unchanged when an edit names none. */
export const CategoryInput = z
  .strictObject({
    code: code(10),
    ...bilingual,
    ...descriptions,
    audience: optional(RequestAudience),
    position: wholeNumber(0, 1000).default(0),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'CategoryInput' });
export type CategoryInput = z.infer<typeof CategoryInput>;
export type CategoryInputValues = z.input<typeof CategoryInput>;
export const SubcategoryInput = z
  .strictObject({
    code: code(10),
    categoryId: id(),
    ...bilingual,
    ...descriptions,
    display: RequestDisplayConfig,
    firstUnitId: id(),
    position: wholeNumber(0, 1000).default(0),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'SubcategoryInput' });
export type SubcategoryInput = z.infer<typeof SubcategoryInput>;
export type SubcategoryInputValues = z.input<typeof SubcategoryInput>;
export const HopInput = z.strictObject({ subcategoryId: id(), fromUnitId: id(), toUnitId: id() }).meta({ id: 'HopInput' });
export type HopInput = z.infer<typeof HopInput>;
/** A decision on a hop: its labels, the status it gives, and where it sends the request (null: back to the lecturer). */
export const DecisionInput = z
  .strictObject({
    hopId: id(),
    label: bilingual.name,
    labelFr: bilingual.nameFr,
    status: RequestStatus,
    forwardUnitId: z.union([id(), z.null()]).default(null),
  })
  .meta({ id: 'DecisionInput' });
export type DecisionInput = z.infer<typeof DecisionInput>;
export type DecisionInputValues = z.input<typeof DecisionInput>;
/** `PUT /request-config/members/{id}`: the unit a back-office account belongs to (null: none). */
export const MemberInput = z.strictObject({ REQUEST_UNIT_ID: z.union([id(), z.null()]) }).meta({ id: 'MemberInput' });
export type MemberInput = z.infer<typeof MemberInput>;

export const UnitConfig = RequestUnit.extend({ departmentId: z.number().int().nullable(), members: z.number().int() }).meta({ id: 'UnitConfig' });
export type UnitConfig = z.infer<typeof UnitConfig>;
export const DecisionConfig = z
  .object({
    id: z.number().int(),
    hopId: z.number().int(),
    label: z.string(),
    labelFr: z.string(),
    status: RequestStatus,
    forwardUnitId: z.number().int().nullable(),
    used: z.boolean(),
  })
  .meta({ id: 'DecisionConfig' });
export type DecisionConfig = z.infer<typeof DecisionConfig>;
export const HopConfig = z
  .object({
    id: z.number().int(),
    subcategoryId: z.number().int(),
    fromUnitId: z.number().int(),
    toUnitId: z.number().int(),
    used: z.boolean(),
    decisions: z.array(DecisionConfig),
  })
  .meta({ id: 'HopConfig' });
export type HopConfig = z.infer<typeof HopConfig>;
export const SubcategoryConfig = RequestSubcategory.extend({
  categoryId: z.number().int(),
  firstUnitId: z.number().int(),
  position: z.number().int(),
  enabled: z.boolean(),
}).meta({ id: 'SubcategoryConfig' });
export type SubcategoryConfig = z.infer<typeof SubcategoryConfig>;
export const CategoryConfig = LabelledRequestKind.extend({
  audience: RequestAudience,
  position: z.number().int(),
  enabled: z.boolean(),
  subcategories: z.array(SubcategoryConfig),
}).meta({ id: 'CategoryConfig' });
export type CategoryConfig = z.infer<typeof CategoryConfig>;
/** `GET /request-config`: everything the administrators' screens edit, disabled entries included. */
export const RequestConfig = z
  .object({ units: z.array(UnitConfig), categories: z.array(CategoryConfig), hops: z.array(HopConfig) })
  .meta({ id: 'RequestConfig' });
export type RequestConfig = z.infer<typeof RequestConfig>;

/** `GET /request-config/members`: the back-office accounts and the unit each belongs to. */
export const UnitMember = z
  .object({
    id: z.number().int(),
    MATRICULE: z.string(),
    username: z.string().nullable(),
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    ROLES: z.array(z.string()),
    REQUEST_UNIT_ID: z.number().int().nullable(),
  })
  .meta({ id: 'UnitMember' });
export type UnitMember = z.infer<typeof UnitMember>;
