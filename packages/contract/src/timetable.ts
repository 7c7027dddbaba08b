// The timetable (issue 12, decision 35): lessons the academic office plans, validates and bills,
// the week each lecturer and student reads, the calendar feed and the hours against the volumes.
import { z } from 'zod';
import { id, isoDate, pageNumber, wholeNumber } from './common';
import { CHOICE_CATEGORIES } from './rules/applications';
import { daysBetween } from './rules/calendar';
import { LIST_PAGE_SIZE } from './rules/limits';
import {
  isLessonTimeRange,
  LESSON_BULK_MAX,
  LESSON_CONFLICT_KINDS,
  LESSON_DECISION_NAMES,
  LESSON_HOURS_FORMATS,
  LESSON_IMPORT_REASONS,
  LESSON_STATUSES,
  TIMETABLE_MAX_DAYS,
} from './rules/timetable';
import { V } from './rules/validation';

export const LessonStatus = z.enum(LESSON_STATUSES, { error: V.invalid });
export type LessonStatus = z.infer<typeof LessonStatus>;
/** A lesson's part: lecture (CM), tutorial (TD) or practical (TP), the parts a subject's hours and assignments are counted in. */
export const LessonPart = z.enum(CHOICE_CATEGORIES, { error: V.invalid });
export type LessonPart = z.infer<typeof LessonPart>;
export const LessonDecision = z.enum(LESSON_DECISION_NAMES, { error: V.invalid });
export type LessonDecision = z.infer<typeof LessonDecision>;
const conflictKind = z.enum(LESSON_CONFLICT_KINDS);

/** A time of day, `HH:MM` (24 hours). */
export const clockTime = z.string({ error: V.required }).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: V.invalid });

const place = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(60, { error: V.tooLong })
      .nullish()
      .transform((v) => v ?? null),
  );

// ---------------------------------------------------------------- what everyone reads

export const LessonClass = z.object({ id: z.number().int(), code: z.string() });
export const LessonSubject = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string() });
/** The lecturer as a lesson shows them: names only (a matricule is a sign-in name; students never get it). */
export const LessonLecturer = z.object({ id: z.number().int(), FIRSTNAME: z.string(), LASTNAME: z.string() });

/** A lesson as a timetable shows it. Times are university time (`HH:MM`); `hours` is its length. */
export const Lesson = z
  .object({
    id: z.number().int(),
    date: z.string(),
    begin: z.string(),
    end: z.string(),
    hours: z.number(),
    status: LessonStatus,
    part: LessonPart,
    class: LessonClass,
    subject: LessonSubject,
    lecturer: LessonLecturer,
    room: z.string().nullable(),
    building: z.string().nullable(),
    campus: z.string().nullable(),
  })
  .meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof Lesson>;

/**
 * `POST /lessons/timetable`: the caller's lessons between two days (both included, at most
 * TIMETABLE_MAX_DAYS). PERSON_ID may name someone else for the back office only (`lessons.readAny`);
 * anybody else naming another person is refused.
 */
export const TimetableQuery = z
  .object({ START_DATE: isoDate, END_DATE: isoDate, PERSON_ID: id().optional() })
  .superRefine((q, ctx) => {
    if (q.END_DATE < q.START_DATE) ctx.addIssue({ code: 'custom', path: ['END_DATE'], message: V.endBeforeStart });
    else if (daysBetween(q.START_DATE, q.END_DATE) > TIMETABLE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['END_DATE'], message: V.tooLong });
  })
  .meta({ id: 'TimetableQuery' });
export type TimetableQuery = z.infer<typeof TimetableQuery>;

/** The student whose class timetable it is (the specification's student object); null for a lecturer's timetable. */
export const TimetableStudent = z
  .object({ id: z.number().int(), MATRICULE: z.string(), FIRSTNAME: z.string(), LASTNAME: z.string(), class: LessonClass.nullable() })
  .meta({ id: 'TimetableStudent' });
export type TimetableStudent = z.infer<typeof TimetableStudent>;

export const Timetable = z.object({ timetable: z.array(Lesson), student: TimetableStudent.nullable() }).meta({ id: 'Timetable' });
export type Timetable = z.infer<typeof Timetable>;

// ---------------------------------------------------------------- the calendar feed

/** `GET /lessons/calendar-feed`: whether the person has a feed address (the address itself is shown once, when made). */
export const CalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() }).meta({ id: 'CalendarFeedState' });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;
/** `POST /lessons/calendar-feed`: a new secret address; any earlier one stops working. */
export const CalendarFeed = z.object({ url: z.string(), createdAt: z.string() }).meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof CalendarFeed>;
/** `GET /calendar/{token}.ics`: the token of a feed address (43 base64url characters). */
export const CalendarFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: V.invalid }) });

// ---------------------------------------------------------------- planning (the academic office)

/** A lesson as the office lists it: the lecturer's matricule, the billing period and the times it was changed. */
export const PlannedLesson = Lesson.extend({
  lecturer: LessonLecturer.extend({ MATRICULE: z.string() }),
  billingPeriod: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  seriesId: z.string().nullable(),
  updatedAt: z.string(),
}).meta({ id: 'PlannedLesson' });
export type PlannedLesson = z.infer<typeof PlannedLesson>;

/** What the office types for a lesson; the class is the subject's. */
const lessonFields = {
  SUBJECT_ID: id(),
  PART: LessonPart,
  LECTURER_ID: id(),
  LESSON_DATE: isoDate,
  BEGIN_TIME: clockTime,
  END_TIME: clockTime,
  ROOM: place(),
  BUILDING: place(),
  CAMPUS: place(),
};
const timesInDay = (lesson: { BEGIN_TIME: string; END_TIME: string }, ctx: z.RefinementCtx) => {
  if (!isLessonTimeRange(lesson.BEGIN_TIME, lesson.END_TIME)) ctx.addIssue({ code: 'custom', path: ['END_TIME'], message: V.lessonTime });
};

/**
 * `POST /lessons`: one lesson, or the same lesson every week up to REPEAT_UNTIL (included, at most
 * LESSON_REPEAT_MAX_WEEKS weeks). All or nothing: a conflict on any week saves none and names it.
 * (Its OpenAPI component is NewLesson: the generator names the input form of `Lesson` LessonInput.)
 */
export const LessonInput = z
  .object({ ...lessonFields, REPEAT_UNTIL: isoDate.nullish() })
  .superRefine((lesson, ctx) => {
    timesInDay(lesson, ctx);
    if (lesson.REPEAT_UNTIL && lesson.REPEAT_UNTIL < lesson.LESSON_DATE) ctx.addIssue({ code: 'custom', path: ['REPEAT_UNTIL'], message: V.endBeforeStart });
  })
  .meta({ id: 'NewLesson' });
export type LessonInput = z.input<typeof LessonInput>;
/** `PATCH /lessons/{id}`: a pending lesson changed (the same fields, without repetition). */
export const LessonChange = z.object(lessonFields).superRefine(timesInDay).meta({ id: 'LessonChange' });
export type LessonChange = z.input<typeof LessonChange>;

export const LessonsCreated = z.object({ lessons: z.array(PlannedLesson) }).meta({ id: 'LessonsCreated' });
export type LessonsCreated = z.infer<typeof LessonsCreated>;

/** `DELETE /lessons/{id}?series=true`: the pending lessons of its series from its day on go with it. */
export const LessonDeleteQuery = z.object({
  series: z
    .enum(['true', 'false'], { error: V.invalid })
    .default('false')
    .transform((v) => v === 'true'),
});
export type LessonDeleteQuery = z.input<typeof LessonDeleteQuery>;

/** `GET /lessons`: the office's list, by period, class, lecturer, subject and status. */
export const LessonQuery = z.object({
  from: isoDate,
  to: isoDate,
  classId: id().optional(),
  lecturerId: id().optional(),
  subjectId: id().optional(),
  status: LessonStatus.optional(),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 500).default(LIST_PAGE_SIZE),
});
export type LessonQuery = z.input<typeof LessonQuery>;
export const LessonPage = z
  .object({ rows: z.array(PlannedLesson), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'LessonPage' });
export type LessonPage = z.infer<typeof LessonPage>;

/**
 * `POST /lessons/decisions`: validate or refuse lessons, either those named (one or a selection,
 * corrections of an earlier decision included, never a billed lesson) or every pending lesson of
 * the week starting WEEK_OF (a Monday), narrowed to a class or a lecturer.
 */
export const LessonDecisionInput = z
  .object({
    DECISION: LessonDecision,
    LESSON_IDS: z.array(id()).min(1, { error: V.required }).max(LESSON_BULK_MAX, { error: V.tooLong }).optional(),
    WEEK_OF: isoDate.optional(),
    CLASS_ID: id().optional(),
    LECTURER_ID: id().optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.LESSON_IDS === !input.WEEK_OF) ctx.addIssue({ code: 'custom', path: ['LESSON_IDS'], message: V.required });
  })
  .meta({ id: 'LessonDecisionInput' });
export type LessonDecisionInput = z.input<typeof LessonDecisionInput>;
export const LessonsChanged = z.object({ changed: z.number().int() }).meta({ id: 'LessonsChanged' });
export type LessonsChanged = z.infer<typeof LessonsChanged>;

/** A billing period: validated lessons dated within it are billed together. Periods do not overlap. (Component NewBillingPeriod: BillingPeriodInput is the input form of `BillingPeriod`.) */
export const BillingPeriodInput = z
  .object({ NAME: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }), BEGIN_DATE: isoDate, END_DATE: isoDate })
  .superRefine((p, ctx) => {
    if (p.END_DATE < p.BEGIN_DATE) ctx.addIssue({ code: 'custom', path: ['END_DATE'], message: V.endBeforeStart });
  })
  .meta({ id: 'NewBillingPeriod' });
export type BillingPeriodInput = z.input<typeof BillingPeriodInput>;
export const BillingPeriod = z
  .object({ id: z.number().int(), name: z.string(), beginDate: z.string(), endDate: z.string(), billedLessons: z.number().int(), billedHours: z.number() })
  .meta({ id: 'BillingPeriod' });
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** `POST /lessons/billing`: bill validated lessons dated within the period: those named, or all of them. */
export const LessonBillingInput = z
  .object({ BILLING_PERIOD_ID: id(), LESSON_IDS: z.array(id()).min(1, { error: V.required }).max(LESSON_BULK_MAX, { error: V.tooLong }).optional() })
  .meta({ id: 'LessonBillingInput' });
export type LessonBillingInput = z.input<typeof LessonBillingInput>;

/** `GET /lessons/hours`: planned, validated and billed hours per lecturer, subject and part against the subject's volume for that part. */
export const LessonHoursQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  lecturerId: id().optional(),
  classId: id().optional(),
  subjectId: id().optional(),
});
export type LessonHoursQuery = z.input<typeof LessonHoursQuery>;
export const LessonHoursExportQuery = LessonHoursQuery.extend({ format: z.enum(LESSON_HOURS_FORMATS, { error: V.invalid }) });
export const LessonHoursRow = z
  .object({
    lecturer: LessonLecturer.extend({ MATRICULE: z.string() }),
    subject: LessonSubject,
    class: LessonClass,
    part: LessonPart,
    /** the subject's hourly volume for this part */
    volume: z.number(),
    /** every lesson not refused */
    planned: z.number(),
    /** validated, billed or not */
    validated: z.number(),
    billed: z.number(),
  })
  .meta({ id: 'LessonHoursRow' });
export type LessonHoursRow = z.infer<typeof LessonHoursRow>;
export const LessonHours = z.object({ rows: z.array(LessonHoursRow) }).meta({ id: 'LessonHours' });
export type LessonHours = z.infer<typeof LessonHours>;

/** One refused line of an import: its number (the header is line 1), why, and the other lesson when it is a conflict. */
export const LessonImportRejection = z.object({
  LINE: z.number().int(),
  REASON: z.enum(LESSON_IMPORT_REASONS),
  COLUMN: z.string().nullable(),
  /** the lesson it collides with, in words the office reads (`INF201 CM, BTS1 GSI/J A, 2026-11-23 08:00-09:50, room B12`) */
  OTHER: z.string().nullable(),
});
export type LessonImportRejection = z.infer<typeof LessonImportRejection>;
/** `POST /lessons/import?dryRun=`: the good lines are planned, the others listed; a dry run saves nothing. */
export const LessonImportReport = z
  .object({ created: z.number().int(), rejected: z.array(LessonImportRejection), dryRun: z.boolean() })
  .meta({ id: 'LessonImportReport' });
export type LessonImportReport = z.infer<typeof LessonImportReport>;

/** A planning conflict in an error answer: what collides and the other lesson. */
export const LessonConflict = z.object({
  kind: conflictKind,
  lesson: z.object({
    id: z.number().int(),
    date: z.string(),
    begin: z.string(),
    end: z.string(),
    subject: z.string(),
    class: z.string(),
    lecturer: z.string(),
    room: z.string().nullable(),
  }),
});
export type LessonConflict = z.infer<typeof LessonConflict>;
