// The timetable's vocabulary (issue 12, decision 35): lessons planned by the academic office,
// their statuses and colours, the day the week view spans, the import's columns and the limits.
import { minutesOf } from './calendar';

/**
 * A lesson's status, named as the reference system's planning colours are: planned and waiting
 * (PendingValidation), then validated (ValidatedButNotBilled) or not (NotValidated) by the academic
 * office, then billed for a billing period (ValidatedAndBilled). One status of record per lesson.
 */
export const LESSON_STATUSES = ['PendingValidation', 'ValidatedButNotBilled', 'ValidatedAndBilled', 'NotValidated'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/** The colour of each status in the week view and its legend (the reference system's colours). */
export const LESSON_STATUS_COLOURS: Record<LessonStatus, string> = {
  ValidatedAndBilled: 'rgb(71,173,103)',
  ValidatedButNotBilled: 'rgb(178,234,197)',
  PendingValidation: 'rgb(255,201,107)',
  NotValidated: 'rgb(235,85,59)',
};

/**
 * The office's decisions on a lesson and the status each gives: a pending lesson is validated or
 * not; a decision may be corrected until the lesson is billed. Billing is its own step
 * (`POST /lessons/billing`), and a billed lesson changes no more.
 */
export const LESSON_DECISION_NAMES = ['VALIDATE', 'REFUSE'] as const;
export type LessonDecision = (typeof LESSON_DECISION_NAMES)[number];
export const LESSON_DECISIONS: Record<LessonDecision, LessonStatus> = { VALIDATE: 'ValidatedButNotBilled', REFUSE: 'NotValidated' };

/** Which statuses a decision may be taken from (a billed lesson is final). */
export const isDecidable = (status: LessonStatus): boolean => status !== 'ValidatedAndBilled';
/** A lesson may be changed or deleted only while nobody decided on it. */
export const isLessonEditable = (status: LessonStatus): boolean => status === 'PendingValidation';

/** The hours of the day a lesson may take, and the week view spans (`HH:MM`, university time). */
export const TIMETABLE_DAY_START = '08:00';
export const TIMETABLE_DAY_END = '21:30';

/** A lesson's times: within the day, on the five-minute grid, ending after they begin. */
export function isLessonTimeRange(begin: string, end: string): boolean {
  const from = minutesOf(begin);
  const to = minutesOf(end);
  return from >= minutesOf(TIMETABLE_DAY_START) && to <= minutesOf(TIMETABLE_DAY_END) && to > from && from % 5 === 0 && to % 5 === 0;
}

/**
 * A lesson's length in hours, exact (110 minutes are 1.8333… hours): sums are rounded once, at the
 * end, so that three lessons of 110 minutes make 5.5 hours, not 3 × 1.83.
 */
export const lessonHoursOf = (begin: string, end: string): number => (minutesOf(end) - minutesOf(begin)) / 60;

/** The most days `POST /lessons/timetable` answers for at once (a view of five weeks, as the reference system loaded, fits). */
export const TIMETABLE_MAX_DAYS = 62;
/** The most weeks a lesson is repeated over in one go (a semester and a half). */
export const LESSON_REPEAT_MAX_WEEKS = 30;
/** The most lessons one request decides on or bills. */
export const LESSON_BULK_MAX = 500;
/** The most lines an import reads. */
export const LESSON_IMPORT_MAX_ROWS = 5_000;

/** The columns of a lessons import (CSV or XLSX, first row the header); the place columns may be left out. */
export const LESSON_IMPORT_COLUMNS = ['DATE', 'BEGIN', 'END', 'CLASS_CODE', 'SUBJECT_CODE', 'PART', 'LECTURER', 'ROOM', 'BUILDING', 'CAMPUS'] as const;
export type LessonImportColumn = (typeof LESSON_IMPORT_COLUMNS)[number];
export const LESSON_IMPORT_OPTIONAL_COLUMNS: readonly LessonImportColumn[] = ['ROOM', 'BUILDING', 'CAMPUS'];

/** Why an import line was refused: the translation key under `timetable.import.reasons.` and the line's column, when one. */
export const LESSON_IMPORT_REASONS = [
  'DATE_INVALID',
  'TIME_INVALID',
  'CLASS_UNKNOWN',
  'SUBJECT_UNKNOWN',
  'PART_INVALID',
  'LECTURER_UNKNOWN',
  'NOT_ASSIGNED',
  'CONFLICT_LECTURER',
  'CONFLICT_CLASS',
  'CONFLICT_ROOM',
  'DUPLICATE_LINE',
] as const;
export type LessonImportReason = (typeof LESSON_IMPORT_REASONS)[number];

/** What a conflict is about: the same lecturer, the same class or the same room at overlapping times. */
export const LESSON_CONFLICT_KINDS = ['LECTURER', 'CLASS', 'ROOM'] as const;
export type LessonConflictKind = (typeof LESSON_CONFLICT_KINDS)[number];

/** The export formats of the hours report. */
export const LESSON_HOURS_FORMATS = ['csv', 'xlsx'] as const;
export type LessonHoursFormat = (typeof LESSON_HOURS_FORMATS)[number];

/** The setting (settings key) that turns the weekly planning mail off when false; it is on by default. */
export const WEEKLY_PLANNING_MAIL_SETTING = 'WEEKLY_PLANNING_MAIL';

/** The hours of a set of lessons as a lecturer's week shows them: planned (every lesson not refused), validated (billed or not) and billed. */
export function lessonTotalsOf(lessons: readonly { status: LessonStatus; hours: number }[]): { planned: number; validated: number; billed: number } {
  const sum = (keep: (status: LessonStatus) => boolean) =>
    Math.round(lessons.filter((lesson) => keep(lesson.status)).reduce((total, lesson) => total + lesson.hours, 0) * 100) / 100;
  return {
    planned: sum((status) => status !== 'NotValidated'),
    validated: sum((status) => status === 'ValidatedButNotBilled' || status === 'ValidatedAndBilled'),
    billed: sum((status) => status === 'ValidatedAndBilled'),
  };
}
