// A student's class (issue 13): the class in the catalogue, its subjects with the lecturers confirmed
// for their parts, and the optional subjects the student follows besides (student_subjects).
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { AFFECTATION, type ChoiceCategory, type ClassSubject, type StudentClass, type StudentClassHeading, type SubjectLecturer } from '@portal/contract';
import type { Executor } from '../../db/client';
import {
  applicationChoices,
  applications,
  applicationSessions,
  branches,
  classes,
  cycles,
  departments,
  levels,
  persons,
  studentSubjects,
  subjects,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { subjectColumns } from '../academic/catalogue.service';
import { joinClassCatalogue, joinSubjectCatalogue } from '../applications/subjects.service';

/** The class with its cycle, level, branch and department, names in both languages. */
async function classHeading(exec: Executor, classId: number): Promise<StudentClassHeading | null> {
  const [row] = await joinClassCatalogue(
    exec
      .select({
        id: classes.id,
        CODE: classes.code,
        CYCLE_NAME: cycles.name,
        CYCLE_NAME_FR: cycles.nameFr,
        LEVEL_ID: classes.levelId,
        LEVEL_NAME: levels.name,
        LEVEL_NAME_FR: levels.nameFr,
        BRANCH_ABBREVIATION: branches.abbreviation,
        BRANCH_NAME: branches.name,
        BRANCH_NAME_FR: branches.nameFr,
        SHIFT: classes.shift,
        DEPARTMENT_NAME: departments.name,
        DEPARTMENT_NAME_FR: departments.nameFr,
      })
      .from(classes)
      .$dynamic(),
  )
    .innerJoin(levels, eq(levels.id, classes.levelId))
    .where(eq(classes.id, classId));
  return row ?? null;
}

/**
 * The lecturers of these subjects, by name, with their parts: for each part, the person confirmed
 * to it (AFFECTATION 1) in the latest application session that confirmed someone to it, so that a
 * new session keeps showing the lecturers of the last one until its own are confirmed. A part is
 * confirmed to one person per session (application_choices_one_assignment_uq).
 */
async function lecturersOf(exec: Executor, subjectIds: number[]): Promise<Map<number, SubjectLecturer[]>> {
  const bySubject = new Map<number, SubjectLecturer[]>();
  if (!subjectIds.length) return bySubject;
  const rows = await exec
    .selectDistinctOn([applicationChoices.SUBJECT_ID, applicationChoices.CATEGORY], {
      subjectId: applicationChoices.SUBJECT_ID,
      part: applicationChoices.CATEGORY,
      lecturerId: persons.id,
      FIRSTNAME: persons.FIRSTNAME,
      LASTNAME: persons.LASTNAME,
    })
    .from(applicationChoices)
    .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
    .innerJoin(persons, eq(persons.id, applications.EMPLOYEE_ID))
    .innerJoin(applicationSessions, eq(applicationSessions.id, applicationChoices.sessionId))
    .where(and(inArray(applicationChoices.SUBJECT_ID, subjectIds), eq(applicationChoices.AFFECTATION, AFFECTATION.CONFIRMED)))
    .orderBy(asc(applicationChoices.SUBJECT_ID), asc(applicationChoices.CATEGORY), desc(applicationSessions.START_DATE), desc(applicationSessions.id));
  // Parts in CM, TD, TP order (the query's); a lecturer of several parts once, at their first part.
  const byLecturer = new Map<string, SubjectLecturer>();
  for (const row of rows) {
    const key = `${row.subjectId}|${row.lecturerId}`;
    const known = byLecturer.get(key);
    if (known) {
      known.PARTS.push(row.part as ChoiceCategory);
      continue;
    }
    const lecturer: SubjectLecturer = { FIRSTNAME: row.FIRSTNAME, LASTNAME: row.LASTNAME, PARTS: [row.part as ChoiceCategory] };
    byLecturer.set(key, lecturer);
    bySubject.set(row.subjectId, [...(bySubject.get(row.subjectId) ?? []), lecturer]);
  }
  return bySubject;
}

/** The catalogue's columns of a subject, less its hourly rate (what the university pays is not for students). */
const { HOURLY_RATE: _rate, ...studentSubjectColumns } = subjectColumns;

/**
 * A student's subjects: those of their class (`classId`; none without one) and the optional ones
 * they follow besides (student_subjects); `subjectId` narrows them to one. By class then code
 * (`by: 'class'`, the default) or by code alone (`by: 'code'`). The one query of a student's subjects:
 * the Classes page and a student's requests (the form's picker and the filing's check) read it.
 */
export async function studentSubjectsOf(exec: Executor, input: { studentId: number; classId: number | null; subjectId?: number; by?: 'class' | 'code' }) {
  const { studentId, classId, subjectId, by = 'class' } = input;
  const followed = exec.select({ subjectId: studentSubjects.subjectId }).from(studentSubjects).where(eq(studentSubjects.studentId, studentId));
  return joinSubjectCatalogue(exec.select(studentSubjectColumns).from(subjects).$dynamic())
    .where(
      and(
        or(classId === null ? sql`false` : eq(subjects.classId, classId), inArray(subjects.id, followed)),
        subjectId === undefined ? undefined : eq(subjects.id, subjectId),
      ),
    )
    .orderBy(...(by === 'class' ? [asc(classes.code)] : []), asc(subjects.code), asc(subjects.id));
}

/**
 * `GET /students/class`: the student's class, its subjects by code, and the optional subjects they
 * follow besides (by class, then code; one of their own class is listed with the class's). Without
 * a class: no class and no class subjects.
 */
export async function studentClass(ctx: ServiceContext, input: { studentId: number; classId: number | null }): Promise<StudentClass> {
  const { studentId, classId } = input;
  const heading = classId === null ? null : await classHeading(ctx.db, classId);
  const rows = await studentSubjectsOf(ctx.db, { studentId, classId: heading?.id ?? null });
  const lecturers = await lecturersOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  const toSubject = ({ CLASS_ID: _class, ...row }: (typeof rows)[number]): ClassSubject => ({ ...row, LECTURERS: lecturers.get(row.id) ?? [] });
  const ofClass = (row: (typeof rows)[number]) => heading !== null && row.CLASS_ID === heading.id;
  return {
    class: heading,
    subjects: rows.filter(ofClass).map(toSubject),
    optionalSubjects: rows.filter((row) => !ofClass(row)).map(toSubject),
  };
}
