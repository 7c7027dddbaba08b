// How a lesson is read, once for every part of the timetable feature: the columns, the joins and
// the contract's `Lesson` made of a row (decision 35).
import { eq } from 'drizzle-orm';
import { lessonHoursOf, type Lesson, type PlannedLesson } from '@portal/contract';
import type { Executor } from '../../db/client';
import { billingPeriods, classes, lessons, persons, subjects } from '../../db/schema';

/** The columns a lesson is shown with: its own, its class's code, its subject's names and its lecturer's names. */
export const lessonColumns = {
  id: lessons.id,
  date: lessons.date,
  begin: lessons.begin,
  end: lessons.end,
  status: lessons.status,
  part: lessons.part,
  room: lessons.room,
  building: lessons.building,
  campus: lessons.campus,
  classId: lessons.classId,
  classCode: classes.code,
  subjectId: lessons.subjectId,
  subjectCode: subjects.code,
  subjectName: subjects.name,
  subjectNameFr: subjects.nameFr,
  lecturerId: lessons.lecturerId,
  lecturerFirstname: persons.FIRSTNAME,
  lecturerLastname: persons.LASTNAME,
};

/** The office's columns: the lecturer's matricule, the billing period, the series and the last change. */
export const plannedLessonColumns = {
  ...lessonColumns,
  lecturerMatricule: persons.MATRICULE,
  billingPeriodId: lessons.billingPeriodId,
  billingPeriodName: billingPeriods.name,
  seriesId: lessons.seriesId,
  updatedAt: lessons.updatedAt,
};

/** Lessons with what they are shown with; add `.where(...)`, an order and paging. */
export const selectLessons = (exec: Executor) =>
  exec
    .select(lessonColumns)
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .innerJoin(persons, eq(persons.id, lessons.lecturerId));

/** The same for the office, with the billing period. */
export const selectPlannedLessons = (exec: Executor) =>
  exec
    .select(plannedLessonColumns)
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .innerJoin(persons, eq(persons.id, lessons.lecturerId))
    .leftJoin(billingPeriods, eq(billingPeriods.id, lessons.billingPeriodId));

/** A column's value as a select reads it: null where the column may be null (room, building, campus). */
type ValueOf<C extends { _: { data: unknown; notNull: boolean } }> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;
type LessonRow = { [K in keyof typeof lessonColumns]: ValueOf<(typeof lessonColumns)[K]> };
type PlannedLessonRow = LessonRow & {
  [K in Exclude<keyof typeof plannedLessonColumns, keyof typeof lessonColumns>]: (typeof plannedLessonColumns)[K]['_']['data'] | null;
};

/** `HH:MM` of PostgreSQL's `HH:MM:SS`. */
export const clockOf = (time: string): string => time.slice(0, 5);

export function toLesson(row: LessonRow): Lesson {
  const begin = clockOf(row.begin);
  const end = clockOf(row.end);
  return {
    id: row.id,
    date: row.date,
    begin,
    end,
    hours: lessonHoursOf(begin, end),
    status: row.status,
    part: row.part,
    class: { id: row.classId, code: row.classCode },
    subject: { id: row.subjectId, code: row.subjectCode, name: row.subjectName, nameFr: row.subjectNameFr },
    lecturer: { id: row.lecturerId, FIRSTNAME: row.lecturerFirstname, LASTNAME: row.lecturerLastname },
    room: row.room,
    building: row.building,
    campus: row.campus,
  };
}

export function toPlannedLesson(row: PlannedLessonRow): PlannedLesson {
  const lesson = toLesson(row);
  return {
    ...lesson,
    lecturer: { ...lesson.lecturer, MATRICULE: row.lecturerMatricule ?? '' },
    billingPeriod: row.billingPeriodId !== null && row.billingPeriodName !== null ? { id: row.billingPeriodId, name: row.billingPeriodName } : null,
    seriesId: row.seriesId,
    updatedAt: (row.updatedAt ?? new Date(0)).toISOString(),
  };
}
