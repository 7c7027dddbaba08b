import { randomBytes } from 'node:crypto';
import type { LessonPart, LessonStatus } from '@portal/contract';
import { applicationChoices, applications, applicationSessions, classes, lessons, persons, settings, subjects } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';

/**
 * Test data of the timetable's readers (decision 35), written straight to the database: a class of
 * their own (the demo data may plan lessons in the seeded classes), its subjects, lecturers assigned
 * to them, students of the class, and lessons. Every name carries a suffix of its own, so that the
 * tests of one file never see another's rows.
 */

const suffix = () => randomBytes(3).toString('hex').toUpperCase();

export interface FixtureClass {
  id: number;
  code: string;
}
export interface FixtureSubject {
  id: number;
  code: string;
  name: string;
  nameFr: string;
  classId: number;
}
export interface FixturePerson {
  id: number;
  matricule: string;
  email: string;
  firstname: string;
  lastname: string;
}

/** A new class, on the branch, cycle and level of a seeded one. */
export async function makeClass(t: TestApp, prefix = 'TT'): Promise<FixtureClass> {
  const [model] = await t.db.select().from(classes).limit(1);
  const code = `${prefix} ${suffix()}`;
  const [row] = await t.db
    .insert(classes)
    .values({ code, branchId: model!.branchId, cycleId: model!.cycleId, levelId: model!.levelId, shift: model!.shift })
    .returning({ id: classes.id });
  return { id: row!.id, code };
}

let subjectSerial = 0;
/** A subject of a class, with its English and French names. */
export async function makeSubject(t: TestApp, klass: FixtureClass, names: { name: string; nameFr: string }): Promise<FixtureSubject> {
  subjectSerial += 1;
  const code = `TT${subjectSerial}${suffix()}`;
  const [row] = await t.db
    .insert(subjects)
    .values({ code, name: names.name, nameFr: names.nameFr, classId: klass.id, hoursCm: 30, hoursTd: 20, hoursTp: 10, hourlyRate: 5000 })
    .returning({ id: subjects.id });
  return { id: row!.id, code, ...names, classId: klass.id };
}

async function makePerson(
  t: TestApp,
  input: { kind: 'STAFF' | 'STUDENT'; prefix: string; firstname: string; classId?: number | null; lang?: 'en' | 'fr'; email?: boolean },
): Promise<FixturePerson> {
  const matricule = `${input.prefix}${suffix()}`;
  const email = `${matricule.toLowerCase()}@portal.example`;
  const lastname = `Tt${matricule.slice(-6)}`;
  const [row] = await t.db
    .insert(persons)
    .values({
      MATRICULE: matricule,
      KIND: input.kind,
      ...(input.kind === 'STAFF' ? { STATUS: 'VACATAIRE' as const } : {}),
      FIRSTNAME: input.firstname,
      LASTNAME: lastname,
      EMAIL: input.email === false ? null : email,
      classId: input.classId ?? null,
    })
    .returning({ id: persons.id });
  if (input.lang) await t.db.insert(settings).values({ personId: row!.id, values: { LANGUAGE: input.lang } });
  return { id: row!.id, matricule, email, firstname: input.firstname, lastname };
}

/** A part-time lecturer with an e-mail address, in `lang` when given. */
export const makeLecturer = (t: TestApp, input: { firstname?: string; lang?: 'en' | 'fr' } = {}) =>
  makePerson(t, { kind: 'STAFF', prefix: 'TTL', firstname: input.firstname ?? 'Lecturer', ...(input.lang ? { lang: input.lang } : {}) });

/** A student of `klass` (or of no class), in `lang` when given. */
export const makeStudent = (t: TestApp, input: { klass: FixtureClass | null; firstname?: string; lang?: 'en' | 'fr' }) =>
  makePerson(t, {
    kind: 'STUDENT',
    prefix: 'TTS',
    firstname: input.firstname ?? 'Student',
    classId: input.klass?.id ?? null,
    ...(input.lang ? { lang: input.lang } : {}),
  });

/** The lecturer's confirmed assignments to parts of subjects (what planning a lesson requires): a closed application in a seeded session, its choices confirmed. */
export async function assign(t: TestApp, lecturer: FixturePerson, parts: { subject: FixtureSubject; part: LessonPart }[]): Promise<void> {
  const [session] = await t.db.select().from(applicationSessions).limit(1);
  const now = t.clock.now();
  const [application] = await t.db
    .insert(applications)
    .values({
      EMPLOYEE_ID: lecturer.id,
      SESSION_APPLICATION_ID: session!.id,
      SUBJECT_CONSTRAINT_ID: session!.SUBJECT_CONSTRAINT_ID,
      TOTAL_HOURS: 200,
      CLOSED: true,
      closedAt: now,
    })
    .returning({ id: applications.id });
  await t.db.insert(applicationChoices).values(
    parts.map((p) => ({
      applicationId: application!.id,
      sessionId: session!.id,
      SUBJECT_ID: p.subject.id,
      CATEGORY: p.part,
      AFFECTATION: 1,
      decidedAt: now,
    })),
  );
}

export interface LessonFixture {
  subject: FixtureSubject;
  lecturer: FixturePerson;
  date: string;
  begin?: string;
  end?: string;
  part?: LessonPart;
  status?: Exclude<LessonStatus, 'ValidatedAndBilled'>;
  room?: string | null;
  building?: string | null;
  campus?: string | null;
}

/** A lesson inserted as the office's planning would leave it (08:00-09:50, CM, room B12 unless told). */
export async function planLesson(t: TestApp, lesson: LessonFixture): Promise<number> {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(lessons)
    .values({
      date: lesson.date,
      begin: lesson.begin ?? '08:00',
      end: lesson.end ?? '09:50',
      classId: lesson.subject.classId,
      subjectId: lesson.subject.id,
      part: lesson.part ?? 'CM',
      lecturerId: lesson.lecturer.id,
      room: lesson.room === undefined ? 'B12' : lesson.room,
      building: lesson.building === undefined ? 'Building B' : lesson.building,
      campus: lesson.campus === undefined ? 'Main campus' : lesson.campus,
      status: lesson.status ?? 'PendingValidation',
      ...(lesson.status && lesson.status !== 'PendingValidation' ? { decidedAt: now } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: lessons.id });
  return row!.id;
}

/** Moves the test clock forward to an instant (never back). */
export function moveTo(t: TestApp, instant: string | Date): void {
  const target = new Date(instant).getTime();
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock only moves forward (now ${t.clock.now().toISOString()}, asked ${new Date(instant).toISOString()})`);
  t.clock.advance(target - now);
}
