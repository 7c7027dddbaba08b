// Requests (lecturers' claims): statuses, the detail fields a sub-category's display
// configuration shows, the counters and the ISO week of a problem date (issue 11, decision 31).
import { DAY_MS } from './calendar';
import type { PersonKind } from './person';

/**
 * The status of record of a request (one column; every list and counter reads it). A new request
 * is REGISTERED; PROCESSING once a unit works on it; a unit's decision produces one of the others.
 */
export const REQUEST_STATUSES = [
  'REGISTERED',
  'PROCESSING',
  'VALIDATED',
  'VALIDATED_BILLED',
  'VALIDATED_NOT_BILLED',
  'NOT_VALIDATED',
  'REJECTED',
  'CLOSED',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** How a sub-category shows a group of detail fields on the filing form. */
export const FIELD_PRESENCES = ['HIDDEN', 'OPTIONAL', 'REQUIRED'] as const;
export type FieldPresence = (typeof FIELD_PRESENCES)[number];

/**
 * The groups of detail fields a display configuration decides, and the request fields each one
 * shows. The title (REQUEST_OBJECT) is always shown and always required.
 */
export const REQUEST_FIELD_GROUPS = {
  /** the class and the subject, among those assigned to the lecturer */
  CLASS_ID: ['CLASS_ID', 'SUBJECT_ID'],
  /** the problem date, the lesson slot (start and end), and the ISO week computed from the date */
  REQUEST_PBLM_DATE: ['REQUEST_PBLM_DATE', 'REQUEST_PBLM_HOUR_START', 'REQUEST_PBLM_HOUR_END'],
  CONTRACT_NUMBER: ['CONTRACT_NUMBER'],
  /** hourly volume noted versus expected */
  VH: ['VH_DISPLAYED', 'VH_EXPECTED'],
  /** hourly rate noted versus expected */
  TH: ['TH_DISPLAYED', 'TH_EXPECTED'],
  /** tax rate noted versus expected */
  TI: ['TI_DISPLAYED', 'TI_EXPECTED'],
  /** amount received versus expected */
  AMOUNT: ['AMOUNT_RECEIVED', 'AMOUNT_EXPECTED'],
  /** reprography: copies and students */
  REPRO: ['REPRO_COPY_NUMBER', 'REPRO_STUDENT_COUNT'],
  DESCRIPTION: ['DESCRIPTION'],
  /** the attachment (PDF or image) */
  FILE: ['REQUEST_FILE'],
} as const;
export type RequestFieldGroup = keyof typeof REQUEST_FIELD_GROUPS;
export const REQUEST_FIELD_GROUP_NAMES = Object.keys(REQUEST_FIELD_GROUPS) as RequestFieldGroup[];
export type RequestDetailField = (typeof REQUEST_FIELD_GROUPS)[RequestFieldGroup][number];

/** A sub-category's display configuration: each group's presence, and whether the week's timetable is shown beside the form. */
export type RequestDisplayConfig = Record<RequestFieldGroup, FieldPresence> & { TIME_TABLE: boolean };

/** The counters of `GET /requests/stats/user/{id}` (contract notes) and the statuses each one counts; totalDone counts all. */
export const REQUEST_COUNTERS = {
  totalRegistered: ['REGISTERED'],
  totalProcessing: ['PROCESSING'],
  totalValidated: ['VALIDATED', 'VALIDATED_BILLED', 'VALIDATED_NOT_BILLED'],
  totalRejected: ['REJECTED', 'NOT_VALIDATED'],
  totalClose: ['CLOSED'],
} as const satisfies Record<string, readonly RequestStatus[]>;
export type RequestCounter = keyof typeof REQUEST_COUNTERS;

/** Days a lecturer has to sign the printed request at the lecturers' service, or it is rejected. */
export const REQUEST_SIGNATURE_DAYS = 7;
/** The day after filing on which an unsigned request's author is reminded of the signature. */
export const REQUEST_REMINDER_DAYS = 5;
/** When an unsigned request is rejected: REQUEST_SIGNATURE_DAYS × 24 h after filing. */
export const signatureDeadlineOf = (filedAt: Date | string): Date => new Date(new Date(filedAt).getTime() + REQUEST_SIGNATURE_DAYS * DAY_MS);
/** When the author of an unsigned request is reminded: REQUEST_REMINDER_DAYS × 24 h after filing. */
export const signatureReminderOf = (filedAt: Date | string): Date => new Date(new Date(filedAt).getTime() + REQUEST_REMINDER_DAYS * DAY_MS);

/**
 * What a step of a request's history records (decision 32): filing; the signature of the printed
 * request at the first unit; a rejection by the first unit (with its reason); the automatic
 * rejection of a request still unsigned after REQUEST_SIGNATURE_DAYS; sending in a transmittal
 * batch; a batch cancelled (the request is back with the sender); reception by the destination
 * unit; a unit's decision (with its comment, shown to the lecturer as the deliberation).
 */
export const REQUEST_STEP_KINDS = ['FILED', 'SIGNED', 'REJECTED', 'EXPIRED', 'SENT', 'RETURNED', 'RECEIVED', 'DECIDED'] as const;
export type RequestStepKind = (typeof REQUEST_STEP_KINDS)[number];

/** A transmittal batch: prepared (its slip can be printed), sent, received by the destination unit, or cancelled (its requests back with the sender). */
export const REQUEST_BATCH_STATUSES = ['DRAFT', 'SENT', 'RECEIVED', 'CANCELLED'] as const;
export type RequestBatchStatus = (typeof REQUEST_BATCH_STATUSES)[number];

/**
 * Where a request stands for the units (derived, never stored):
 * - AWAITING_SIGNATURE: at its first unit, the printed form not signed yet;
 * - READY_TO_SEND: signed, held by a unit that may send it on (its first unit, or a unit whose decision forwards it);
 * - AWAITING_DECISION: received by a unit that has not decided yet;
 * - IN_BATCH: in a transmittal batch not yet received (prepared or sent);
 * - FINISHED: back with the lecturer (a final decision, a rejection or the 7-day rule).
 */
export const REQUEST_STAGES = ['AWAITING_SIGNATURE', 'READY_TO_SEND', 'AWAITING_DECISION', 'IN_BATCH', 'FINISHED'] as const;
export type RequestStage = (typeof REQUEST_STAGES)[number];

/** What the stage of a request is computed from: its holder, signature, open batch, arrival hop and forward target. */
export interface RequestStageState {
  unitId: number | null;
  signedAt: Date | string | null;
  batchId: number | null;
  arrivalHopId: number | null;
  forwardUnitId: number | null;
}

/** The stage of a request (REQUEST_STAGES); the server's inbox filters and the pages agree through this one rule. */
export function requestStageOf(state: RequestStageState): RequestStage {
  if (state.unitId === null) return 'FINISHED';
  if (state.batchId !== null) return 'IN_BATCH';
  if (state.arrivalHopId === null) return state.signedAt === null ? 'AWAITING_SIGNATURE' : 'READY_TO_SEND';
  return state.forwardUnitId === null ? 'AWAITING_DECISION' : 'READY_TO_SEND';
}

/** The class regimes a report distinguishes (a class's shift): day and evening classes. */
export const REQUEST_REPORT_REGIMES = ['DAY', 'EVENING'] as const;
export type RequestReportRegime = (typeof REQUEST_REPORT_REGIMES)[number];

/** The export formats of the requests report. */
export const REQUEST_REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type RequestReportFormat = (typeof REQUEST_REPORT_FORMATS)[number];
/** The most requests one report export carries; a larger selection is refused (REPORT_TOO_LARGE): narrow the period or the filters. */
export const REQUEST_REPORT_EXPORT_MAX = 50_000;

/** A draft attachment not filed with a request within this many days is deleted. */
export const REQUEST_ATTACHMENT_DRAFT_DAYS = 7;
/** The most requests one transmittal batch carries. */
export const MAX_BATCH_REQUESTS = 200;

/** The ISO 8601 week of a `YYYY-MM-DD` day: `2026-W48` (the week-year may differ from the calendar year near 1 January). */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same week decides the week-year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Who files requests of a category (issue 13): STAFF (lecturers and support staff: teaching,
 * payment, contract, reprography) or STUDENT (certificates, grade disputes, enrolment ...), each
 * offered only its own categories.
 */
export const REQUEST_AUDIENCES = ['STAFF', 'STUDENT'] as const;
export type RequestAudience = (typeof REQUEST_AUDIENCES)[number];

/**
 * Whose categories a person files under (decision 41): a student the STUDENT ones, staff the STAFF
 * ones; an office account files none and reads every category (the units' filters): null.
 */
export function requestAudienceOf(kind: PersonKind): RequestAudience | null {
  if (kind === 'STUDENT') return 'STUDENT';
  if (kind === 'STAFF') return 'STAFF';
  return null;
}

/** The groups of detail fields only staff requests carry (contract, hours, rates, taxes, amounts, reprography): never on a student's form. */
export const STAFF_ONLY_FIELD_GROUPS = ['CONTRACT_NUMBER', 'VH', 'TH', 'TI', 'AMOUNT', 'REPRO'] as const satisfies readonly RequestFieldGroup[];

/**
 * A sub-category's display configuration as the form of its category's audience uses it: a
 * student's form never shows the staff-only groups nor the lecturer's week beside the form,
 * whatever the configuration says (decision 41). The server keeps and requires what this shows.
 */
export function displayForAudience(display: RequestDisplayConfig, audience: RequestAudience): RequestDisplayConfig {
  if (audience === 'STAFF') return display;
  const hidden = Object.fromEntries(STAFF_ONLY_FIELD_GROUPS.map((group) => [group, 'HIDDEN'])) as Record<
    (typeof STAFF_ONLY_FIELD_GROUPS)[number],
    FieldPresence
  >;
  return { ...display, ...hidden, TIME_TABLE: false };
}

/**
 * Whether requests of an audience wait for the signature of their printed form (the 7-day rule,
 * decision 32): staff requests do; a student's request is signed by its filing, made in the
 * student's own session (decision 41), and never waits for one.
 */
export const signatureRequiredFor = (audience: RequestAudience): boolean => audience === 'STAFF';
