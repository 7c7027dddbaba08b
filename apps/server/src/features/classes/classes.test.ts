import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceCategory, StudentClass } from '@portal/contract';
import {
  applicationChoices,
  applications,
  applicationSessions,
  branches,
  classes,
  cycles,
  departments,
  levels,
  studentSubjects,
  subjects,
} from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, sessionFor, type TestApp } from '../../../test/helpers';
import { personId } from '../academic/academic.fixtures';
import { makeClass, makeLecturer, makeStudent, makeSubject, type FixtureClass, type FixturePerson, type FixtureSubject } from '../timetable/timetable.fixtures';

let t: TestApp;
let klass: FixtureClass;
let elsewhere: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let databases: FixtureSubject;
let optional: FixtureSubject;
let ada: FixturePerson;
let blaise: FixturePerson;
let carl: FixturePerson;
let dora: FixturePerson;
let student: FixturePerson;
let classless: FixturePerson;
let older: number;
let newer: number;

/** An application of the lecturer in a session, its choices decided as told (1 confirmed, 0 chosen, 2 declined). */
async function choose(lecturer: FixturePerson, sessionId: number, choices: { subject: FixtureSubject; part: ChoiceCategory; affectation: 0 | 1 | 2 }[]) {
  const [session] = await t.db.select().from(applicationSessions).where(eq(applicationSessions.id, sessionId));
  const [application] = await t.db
    .insert(applications)
    .values({
      EMPLOYEE_ID: lecturer.id,
      SESSION_APPLICATION_ID: sessionId,
      SUBJECT_CONSTRAINT_ID: session!.SUBJECT_CONSTRAINT_ID,
      TOTAL_HOURS: 200,
      CLOSED: true,
      closedAt: t.clock.now(),
    })
    .returning({ id: applications.id });
  await t.db
    .insert(applicationChoices)
    .values(choices.map((c) => ({ applicationId: application!.id, sessionId, SUBJECT_ID: c.subject.id, CATEGORY: c.part, AFFECTATION: c.affectation })));
  await t.settled();
}

const answerOf = async (client: Client) => {
  const res = await client.get('/api/students/class');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudentClass;
};

beforeAll(async () => {
  t = await createTestApp();
  const sessions = await t.db.select({ id: applicationSessions.id }).from(applicationSessions).orderBy(asc(applicationSessions.START_DATE));
  expect(sessions.length).toBeGreaterThanOrEqual(2);
  older = sessions[0]!.id;
  newer = sessions.at(-1)!.id;

  klass = await makeClass(t, 'CL');
  elsewhere = await makeClass(t, 'CL');
  // inserted out of code order: the answer sorts them
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  databases = await makeSubject(t, klass, { name: 'Databases', nameFr: 'Bases de données' });
  optional = await makeSubject(t, elsewhere, { name: 'Japanese', nameFr: 'Japonais' });
  await makeSubject(t, elsewhere, { name: 'Not followed', nameFr: 'Pas suivie' });
  ada = await makeLecturer(t, { firstname: 'Ada' });
  blaise = await makeLecturer(t, { firstname: 'Blaise' });
  carl = await makeLecturer(t, { firstname: 'Carl' });
  dora = await makeLecturer(t, { firstname: 'Dora' });
  student = await makeStudent(t, { klass, firstname: 'Chloé' });
  classless = await makeStudent(t, { klass: null });

  // Algorithms: Ada had CM and TD in the older session; Blaise has CM in the newer one; Carl only chose TP, Dora's TP was declined.
  await choose(ada, older, [
    { subject: algo, part: 'CM', affectation: 1 },
    { subject: algo, part: 'TD', affectation: 1 },
  ]);
  await choose(blaise, newer, [{ subject: algo, part: 'CM', affectation: 1 }]);
  await choose(carl, newer, [{ subject: algo, part: 'TP', affectation: 0 }]);
  await choose(dora, newer, [
    { subject: algo, part: 'TP', affectation: 2 },
    { subject: networks, part: 'TP', affectation: 1 },
    { subject: networks, part: 'CM', affectation: 1 },
    { subject: optional, part: 'CM', affectation: 1 },
  ]);
  await t.db.insert(studentSubjects).values({ studentId: student.id, subjectId: optional.id, createdAt: t.clock.now() });
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/students/class: the student's class", () => {
  it('answers the class in the catalogue, its subjects by code with hours and credits, and the lecturers confirmed for their parts, newest session first', async () => {
    const res = await (await sessionFor(t, student.id)).get('/api/students/class');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json() as StudentClass;

    const [place] = await t.db
      .select({ cycle: cycles, level: levels, branch: branches, department: departments, shift: classes.shift })
      .from(classes)
      .innerJoin(cycles, eq(cycles.id, classes.cycleId))
      .innerJoin(levels, eq(levels.id, classes.levelId))
      .innerJoin(branches, eq(branches.id, classes.branchId))
      .innerJoin(departments, eq(departments.id, branches.departmentId))
      .where(eq(classes.id, klass.id));
    expect(answer.class).toEqual({
      id: klass.id,
      CODE: klass.code,
      CYCLE_NAME: place!.cycle.name,
      CYCLE_NAME_FR: place!.cycle.nameFr,
      LEVEL_ID: place!.level.id,
      LEVEL_NAME: place!.level.name,
      LEVEL_NAME_FR: place!.level.nameFr,
      BRANCH_ABBREVIATION: place!.branch.abbreviation,
      BRANCH_NAME: place!.branch.name,
      BRANCH_NAME_FR: place!.branch.nameFr,
      SHIFT: place!.shift,
      DEPARTMENT_NAME: place!.department.name,
      DEPARTMENT_NAME_FR: place!.department.nameFr,
    });

    const byCode = [networks, algo, databases].sort((a, b) => a.code.localeCompare(b.code));
    expect(answer.subjects.map((s) => s.CODE)).toEqual(byCode.map((s) => s.code));
    const [row] = await t.db.select().from(subjects).where(eq(subjects.id, algo.id));
    expect(answer.subjects.find((s) => s.id === algo.id)).toEqual({
      id: algo.id,
      CODE: algo.code,
      NAME: 'Algorithms',
      NAME_FR: 'Algorithmique',
      CLASS_CODE: klass.code,
      HOURS_CM: row!.hoursCm,
      HOURS_TD: row!.hoursTd,
      HOURS_TP: row!.hoursTp,
      CREDITS: row!.credits,
      // CM is Blaise's now (the newer session); TD is still Ada's (nobody newer); Carl's choice and Dora's declined one are not confirmed
      LECTURERS: [
        { FIRSTNAME: 'Blaise', LASTNAME: blaise.lastname, PARTS: ['CM'] },
        { FIRSTNAME: 'Ada', LASTNAME: ada.lastname, PARTS: ['TD'] },
      ],
    });
    // a lecturer of two parts is named once
    expect(answer.subjects.find((s) => s.id === networks.id)!.LECTURERS).toEqual([{ FIRSTNAME: 'Dora', LASTNAME: dora.lastname, PARTS: ['CM', 'TP'] }]);
    expect(answer.subjects.find((s) => s.id === databases.id)!.LECTURERS).toEqual([]);
  });

  it('adds the optional subjects the student follows, of another class, with their lecturers', async () => {
    const answer = await answerOf(await sessionFor(t, student.id));
    expect(answer.optionalSubjects).toHaveLength(1);
    expect(answer.optionalSubjects[0]).toMatchObject({
      id: optional.id,
      NAME: 'Japanese',
      NAME_FR: 'Japonais',
      CLASS_CODE: elsewhere.code,
      LECTURERS: [{ FIRSTNAME: 'Dora', PARTS: ['CM'] }],
    });
    expect(answer.subjects.map((s) => s.id)).not.toContain(optional.id);
  });

  it('names lecturers only: no matricule, address or id of theirs', async () => {
    const body = (await (await sessionFor(t, student.id)).get('/api/students/class')).body;
    for (const lecturer of [ada, blaise, dora]) {
      expect(body).not.toContain(lecturer.matricule);
      expect(body).not.toContain(lecturer.email);
    }
    const answer = JSON.parse(body) as StudentClass;
    expect(Object.keys(answer.subjects[0]!.LECTURERS[0] ?? answer.subjects[1]!.LECTURERS[0]!).sort()).toEqual(['FIRSTNAME', 'LASTNAME', 'PARTS']);
  });

  it('answers a student without a class with no class and no subjects', async () => {
    expect(await answerOf(await sessionFor(t, classless.id))).toEqual({ class: null, subjects: [], optionalSubjects: [] });
  });

  it("reads the demo student's class with the demo lecturers' assignments", async () => {
    const answer = await answerOf(await sessionFor(t, await personId(t.db, DEMO_ACCOUNTS.student.matricule)));
    expect(answer.class?.CODE).toBe('BTS1 GSI/J A');
    const gsi101 = answer.subjects.find((s) => s.CODE === 'GSI101');
    expect(gsi101?.LECTURERS.map((l) => `${l.FIRSTNAME} ${l.LASTNAME}`)).toContain('Jean-Pierre Mbarga');
  });

  it('is for students: staff are refused, and whoever is not signed in', async () => {
    expect((await (await sessionFor(t, ada.id)).get('/api/students/class')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/students/class')).statusCode).toBe(401);
  });
});
