/** Test data for the subject-choice tests: eligible lecturers, subjects by level and shift, office decisions. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applicationChoices,
  applications,
  applicationSessions,
  classes,
  identifications,
  persons,
  profiles,
  subjectConstraints,
  subjects,
} from '../../db/schema';

let serial = 0;

export interface LecturerOptions {
  status?: 'PERMANENT' | 'VACATAIRE' | 'STAGIAIRE' | 'STAFF';
  /** registration closed (default true) */
  closed?: boolean;
  /** identification complete (default true) */
  identified?: boolean;
  niu?: string | null;
}

/** Creates `count` staff in the registry, eligible for the choice session unless told otherwise. */
export async function createLecturers(db: Db, count: number, options: LecturerOptions = {}): Promise<{ id: number; email: string; matricule: string }[]> {
  const batch = ++serial;
  const stamp = Date.now().toString(36).slice(-4).toUpperCase();
  const rows = Array.from({ length: count }, (_, i) => {
    const matricule = `L${stamp}${batch}X${i}`.slice(0, 12);
    return {
      MATRICULE: matricule,
      KIND: 'STAFF' as const,
      STATUS: options.status ?? 'VACATAIRE',
      registrationClosedAt: (options.closed ?? true) ? new Date('2024-01-01T00:00:00Z') : null,
      FIRSTNAME: `Test${i}`,
      LASTNAME: `Lecturer${batch}`,
      EMAIL: `${matricule.toLowerCase()}@portal.example`,
    };
  });
  const inserted = await db.insert(persons).values(rows).returning({ id: persons.id, email: persons.EMAIL, matricule: persons.MATRICULE });
  if (options.identified ?? true)
    await db.insert(identifications).values(inserted.map((p) => ({ personId: p.id, completedAt: new Date('2024-01-02T00:00:00Z') })));
  if (options.niu) await db.insert(profiles).values(inserted.map((p) => ({ personId: p.id, NIU: options.niu! })));
  return inserted.map((p) => ({ id: p.id, email: p.email!, matricule: p.matricule }));
}

export type SubjectPick = {
  id: number;
  code: string;
  level: number;
  shift: string;
  classCode: string;
  hoursCm: number;
  hoursTd: number;
  hoursTp: number;
  hourlyRate: number;
};

/** Subjects of classes at a level and shift, by class code then subject code. */
export async function subjectsAt(db: Db, level: number, shift: 'DAY' | 'EVENING' | 'NIGHT' | 'MORNING', count = 100): Promise<SubjectPick[]> {
  return db
    .select({
      id: subjects.id,
      code: subjects.code,
      level: classes.levelId,
      shift: classes.shift,
      classCode: classes.code,
      hoursCm: subjects.hoursCm,
      hoursTd: subjects.hoursTd,
      hoursTp: subjects.hoursTp,
      hourlyRate: subjects.hourlyRate,
    })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(and(eq(classes.levelId, level), eq(classes.shift, shift)))
    .orderBy(asc(classes.code), asc(subjects.code))
    .limit(count);
}

export async function demoSession(db: Db) {
  const [row] = await db
    .select({ session: applicationSessions, constraint: subjectConstraints })
    .from(applicationSessions)
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applicationSessions.SUBJECT_CONSTRAINT_ID))
    .orderBy(asc(applicationSessions.id))
    .limit(1);
  return row!;
}

/** The academic office's decision on choices, written directly (its routes are tested elsewhere). */
export async function decide(db: Db, choiceIds: number[], affectation: 0 | 1 | 2): Promise<void> {
  await db.update(applicationChoices).set({ AFFECTATION: affectation }).where(inArray(applicationChoices.id, choiceIds));
}

/** An application with choices written directly, e.g. another lecturer's confirmed part. */
export async function applicationWith(
  db: Db,
  input: {
    personId: number;
    sessionId: number;
    constraintId: number;
    totalHours?: number;
    closed?: boolean;
    choices: { subjectId: number; category: 'CM' | 'TD' | 'TP'; affectation: 0 | 1 | 2 }[];
  },
) {
  const [application] = await db
    .insert(applications)
    .values({
      EMPLOYEE_ID: input.personId,
      SESSION_APPLICATION_ID: input.sessionId,
      SUBJECT_CONSTRAINT_ID: input.constraintId,
      TOTAL_HOURS: input.totalHours ?? 200,
      CLOSED: input.closed ?? false,
    })
    .returning();
  const choices = input.choices.length
    ? await db
        .insert(applicationChoices)
        .values(
          input.choices.map((c) => ({
            applicationId: application!.id,
            sessionId: input.sessionId,
            SUBJECT_ID: c.subjectId,
            CATEGORY: c.category,
            AFFECTATION: c.affectation,
          })),
        )
        .returning()
    : [];
  return { application: application!, choices };
}
