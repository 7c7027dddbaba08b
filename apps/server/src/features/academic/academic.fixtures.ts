import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationChoices, applications, applicationSessions, classes, persons, subjects } from '../../db/schema';

/** Test data written straight to the database (the lecturers' own routes are not used here). */

export async function personId(db: Db, matricule: string): Promise<number> {
  const [p] = await db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
  if (!p) throw new Error(`no person ${matricule}`);
  return p.id;
}

export async function seedApplicationSessionId(db: Db): Promise<number> {
  const [s] = await db
    .select({ id: applicationSessions.id })
    .from(applicationSessions)
    .where(eq(applicationSessions.DESIGNATION, 'Subject choices, semester 1, 2023-2024'));
  return s!.id;
}

export async function subjectByCode(db: Db, classCode: string, code: string) {
  const [s] = await db
    .select({
      id: subjects.id,
      code: subjects.code,
      name: subjects.name,
      nameFr: subjects.nameFr,
      hoursCm: subjects.hoursCm,
      hoursTd: subjects.hoursTd,
      hoursTp: subjects.hoursTp,
      hourlyRate: subjects.hourlyRate,
    })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(and(eq(classes.code, classCode), eq(subjects.code, code)));
  if (!s) throw new Error(`no subject ${classCode} ${code}`);
  return s;
}

/** An application of a person in a session, with its choices (AFFECTATION 0 unless told). */
export async function apply(
  db: Db,
  input: {
    matricule: string;
    sessionId: number;
    totalHours?: number;
    closed?: boolean;
    choices: { subjectId: number; category: 'CM' | 'TD' | 'TP'; affectation?: 0 | 1 | 2 }[];
  },
): Promise<{ applicationId: number; choiceIds: number[]; employeeId: number }> {
  const employeeId = await personId(db, input.matricule);
  const [session] = await db.select().from(applicationSessions).where(eq(applicationSessions.id, input.sessionId));
  const [app] = await db
    .insert(applications)
    .values({
      EMPLOYEE_ID: employeeId,
      SESSION_APPLICATION_ID: input.sessionId,
      SUBJECT_CONSTRAINT_ID: session!.SUBJECT_CONSTRAINT_ID,
      TOTAL_HOURS: input.totalHours ?? 200,
      CLOSED: input.closed ?? false,
      closedAt: input.closed ? new Date() : null,
    })
    .returning({ id: applications.id });
  const choiceIds: number[] = [];
  for (const c of input.choices) {
    const [row] = await db
      .insert(applicationChoices)
      .values({ applicationId: app!.id, sessionId: input.sessionId, SUBJECT_ID: c.subjectId, CATEGORY: c.category, AFFECTATION: c.affectation ?? 0 })
      .returning({ id: applicationChoices.id });
    choiceIds.push(row!.id);
  }
  return { applicationId: app!.id, choiceIds, employeeId };
}
