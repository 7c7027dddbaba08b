import { and, eq } from 'drizzle-orm';
import type { LessonInput, LessonsCreated } from '@portal/contract';
import { applicationChoices, applications, applicationSessions, auditLog, classes, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { ok, personIdOf, sessionFor, type Client, type TestApp } from '../../../test/helpers';

/** Test data and the people who plan lessons, for the tests of the academic office's planning (decision 35). */

/** A subject of a class by their codes, with its hourly volumes. */
export async function subjectIn(t: TestApp, classCode: string, subjectCode: string) {
  const [row] = await t.db
    .select({
      id: subjects.id,
      code: subjects.code,
      classId: classes.id,
      classCode: classes.code,
      hoursCm: subjects.hoursCm,
      hoursTd: subjects.hoursTd,
      hoursTp: subjects.hoursTp,
    })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(and(eq(classes.code, classCode), eq(subjects.code, subjectCode)));
  if (!row) throw new Error(`no subject ${classCode} ${subjectCode}`);
  return row;
}
export type TestSubject = Awaited<ReturnType<typeof subjectIn>>;

/**
 * A lecturer's application in the demo choice session, closed, with choices of parts of subjects
 * the office decided (AFFECTATION 1 confirmed, the default; 2 declined): their assignments.
 */
export async function assign(t: TestApp, matricule: string, parts: { subjectId: number; part: 'CM' | 'TD' | 'TP'; affectation?: 1 | 2 }[]): Promise<number> {
  const employeeId = await personIdOf(t, matricule);
  const [session] = await t.db.select().from(applicationSessions).where(eq(applicationSessions.DESIGNATION, 'Subject choices, semester 1, 2023-2024'));
  const [application] = await t.db
    .insert(applications)
    .values({
      EMPLOYEE_ID: employeeId,
      SESSION_APPLICATION_ID: session!.id,
      SUBJECT_CONSTRAINT_ID: session!.SUBJECT_CONSTRAINT_ID,
      TOTAL_HOURS: 200,
      CLOSED: true,
      closedAt: new Date(),
    })
    .returning({ id: applications.id });
  await t.db.insert(applicationChoices).values(
    parts.map((p) => ({
      applicationId: application!.id,
      sessionId: session!.id,
      SUBJECT_ID: p.subjectId,
      CATEGORY: p.part,
      AFFECTATION: p.affectation ?? 1,
    })),
  );
  return employeeId;
}

/** Everyone the planning tests act as, signed in. */
export async function planningCast(t: TestApp) {
  const as = async (matricule: string) => {
    const id = await personIdOf(t, matricule);
    return { id, client: await sessionFor(t, id) };
  };
  return {
    office: await as(DEMO_ACCOUNTS.academic.matricule),
    admin: await as(DEMO_ACCOUNTS.admin.matricule),
    hr: await as(DEMO_ACCOUNTS.hr.matricule),
    lecturer: await as(DEMO_ACCOUNTS.permanent.matricule),
    student: await as(DEMO_ACCOUNTS.student.matricule),
  };
}

/** A lesson's body: CM of the subject by the lecturer, on a day, in a slot (08:00-09:50 unless told), in no room unless told. */
export const lessonOf = (subject: { id: number }, lecturerId: number, date: string, more: Partial<LessonInput> = {}): LessonInput => ({
  SUBJECT_ID: subject.id,
  PART: 'CM',
  LECTURER_ID: lecturerId,
  LESSON_DATE: date,
  BEGIN_TIME: '08:00',
  END_TIME: '09:50',
  ...more,
});

export async function plan(client: Client, body: LessonInput): Promise<LessonsCreated['lessons']> {
  return ok<LessonsCreated>(await client.post('/api/lessons', body), 201).lessons;
}

/** The audit entries of an action about a target. */
export async function auditedFor(t: TestApp, action: string, targetId?: number) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), ...(targetId === undefined ? [] : [eq(auditLog.targetId, String(targetId))])));
  return rows;
}
