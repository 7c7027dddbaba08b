// Requests (lecturers' claims): statuses, the detail fields a sub-category's display
// configuration shows, the counters and the ISO week of a problem date (issue 11, decision 31).

/**
 * The status of record of a request (one column; every list and counter reads it). A new request
 * is REGISTERED; PROCESSING once a unit works on it; a unit's decision produces one of the others.
 */
export const REQUEST_STATUSES = ['REGISTERED', 'PROCESSING', 'VALIDATED', 'VALIDATED_BILLED', 'VALIDATED_NOT_BILLED', 'NOT_VALIDATED', 'REJECTED', 'CLOSED'] as const;
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
