import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMETABLE_MAX_DAYS, type Timetable } from '@portal/contract';
import { auditLog, classes, lessons, persons, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, outcome, sessionFor, type TestApp } from '../../../test/helpers';
import { personId } from '../academic/academic.fixtures';

import {
  assign,
  makeClass,
  makeLecturer,
  makeStudent,
  makeSubject,
  planLesson,
  type FixtureClass,
  type FixturePerson,
  type FixtureSubject,
} from './timetable.fixtures';

let t: TestApp;
let klass: FixtureClass;
let otherClass: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let elsewhere: FixtureSubject;
let lecturer: FixturePerson;
let colleague: FixturePerson;
let student: FixturePerson;
let outsider: FixturePerson;
let classless: FixturePerson;
/** lesson ids by name */
const ids = {} as Record<'sundayLate' | 'mondayLate' | 'mondayEarly' | 'refused' | 'otherClass' | 'before' | 'after' | 'colleague', number>;

const body = (res: { json: () => unknown }) => res.json() as Timetable;
const idsOf = (timetable: Timetable) => timetable.timetable.map((lesson) => lesson.id);
const week = { START_DATE: '2031-03-10', END_DATE: '2031-03-16' };

beforeAll(async () => {
  t = await createTestApp();
  klass = await makeClass(t);
  otherClass = await makeClass(t);
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  elsewhere = await makeSubject(t, otherClass, { name: 'Databases', nameFr: 'Bases de données' });
  lecturer = await makeLecturer(t, { firstname: 'Ada' });
  colleague = await makeLecturer(t, { firstname: 'Blaise' });
  student = await makeStudent(t, { klass, firstname: 'Chloé' });
  outsider = await makeStudent(t, { klass: otherClass });
  classless = await makeStudent(t, { klass: null });
  await assign(t, lecturer, [
    { subject: algo, part: 'CM' },
    { subject: algo, part: 'TD' },
    { subject: elsewhere, part: 'CM' },
  ]);
  await assign(t, colleague, [{ subject: networks, part: 'TP' }]);

  // Inserted out of order: the answer sorts them by date, then time.
  ids.sundayLate = await planLesson(t, {
    subject: algo,
    lecturer,
    date: '2031-03-16',
    begin: '13:00',
    end: '14:50',
    part: 'TD',
    room: null,
    building: null,
    campus: null,
  });
  ids.mondayLate = await planLesson(t, {
    subject: algo,
    lecturer,
    date: '2031-03-10',
    begin: '10:10',
    end: '12:00',
    part: 'TD',
    status: 'ValidatedButNotBilled',
  });
  ids.mondayEarly = await planLesson(t, { subject: algo, lecturer, date: '2031-03-10', begin: '08:00', end: '09:50' });
  ids.refused = await planLesson(t, { subject: algo, lecturer, date: '2031-03-12', begin: '15:10', end: '17:00', status: 'NotValidated' });
  ids.otherClass = await planLesson(t, { subject: elsewhere, lecturer, date: '2031-03-11', begin: '08:00', end: '09:50', room: 'C3' });
  ids.before = await planLesson(t, { subject: algo, lecturer, date: '2031-03-09', begin: '08:00', end: '09:50' });
  ids.after = await planLesson(t, { subject: algo, lecturer, date: '2031-03-17', begin: '08:00', end: '09:50' });
  ids.colleague = await planLesson(t, { subject: networks, lecturer: colleague, date: '2031-03-13', begin: '17:30', end: '19:30', part: 'TP', room: 'Lab 1' });
});
afterAll(async () => {
  await t?.close();
});

describe("POST /api/lessons/timetable: one's own lessons", () => {
  it("answers a lecturer's own lessons between the two days, both included, by date then time, refused ones shown; no student", async () => {
    const res = await (await sessionFor(t, lecturer.id)).post('/api/lessons/timetable', week);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = body(res);
    expect(answer.student).toBeNull();
    expect(idsOf(answer)).toEqual([ids.mondayEarly, ids.mondayLate, ids.otherClass, ids.refused, ids.sundayLate]);
    expect(answer.timetable[0]).toEqual({
      id: ids.mondayEarly,
      date: '2031-03-10',
      begin: '08:00',
      end: '09:50',
      hours: 110 / 60,
      status: 'PendingValidation',
      part: 'CM',
      class: { id: klass.id, code: klass.code },
      subject: { id: algo.id, code: algo.code, name: 'Algorithms', nameFr: 'Algorithmique' },
      lecturer: { id: lecturer.id, FIRSTNAME: 'Ada', LASTNAME: lecturer.lastname },
      room: 'B12',
      building: 'Building B',
      campus: 'Main campus',
    });
    expect(answer.timetable.map((lesson) => lesson.status)).toEqual([
      'PendingValidation',
      'ValidatedButNotBilled',
      'PendingValidation',
      'NotValidated',
      'PendingValidation',
    ]);
    expect(answer.timetable.at(-1)).toMatchObject({ date: '2031-03-16', begin: '13:00', end: '14:50', room: null, building: null, campus: null });

    // one day: both ends are that day
    const oneDay = body(await (await sessionFor(t, lecturer.id)).post('/api/lessons/timetable', { START_DATE: '2031-03-17', END_DATE: '2031-03-17' }));
    expect(idsOf(oneDay)).toEqual([ids.after]);
    // their own id is themself
    const named = await (await sessionFor(t, lecturer.id)).post('/api/lessons/timetable', { ...week, PERSON_ID: lecturer.id });
    expect(idsOf(body(named))).toEqual(idsOf(answer));
  });

  it("never shows another lecturer's lessons, even in the same class and week", async () => {
    const mine = body(await (await sessionFor(t, colleague.id)).post('/api/lessons/timetable', week));
    expect(idsOf(mine)).toEqual([ids.colleague]);
    const ada = body(await (await sessionFor(t, lecturer.id)).post('/api/lessons/timetable', week));
    expect(idsOf(ada)).not.toContain(ids.colleague);
  });

  it("answers a student their class's lessons, whoever teaches them, with the student and their class", async () => {
    const res = await (await sessionFor(t, student.id)).post('/api/lessons/timetable', week);
    expect(res.statusCode, res.body).toBe(200);
    const answer = body(res);
    expect(answer.student).toEqual({
      id: student.id,
      MATRICULE: student.matricule,
      FIRSTNAME: 'Chloé',
      LASTNAME: student.lastname,
      class: { id: klass.id, code: klass.code },
    });
    expect(idsOf(answer)).toEqual([ids.mondayEarly, ids.mondayLate, ids.refused, ids.colleague, ids.sundayLate]);
    expect(answer.timetable.find((lesson) => lesson.id === ids.colleague)).toMatchObject({
      lecturer: { id: colleague.id, FIRSTNAME: 'Blaise' },
      part: 'TP',
      room: 'Lab 1',
      begin: '17:30',
      end: '19:30',
      hours: 2,
    });
    // the other class's student sees only theirs
    expect(idsOf(body(await (await sessionFor(t, outsider.id)).post('/api/lessons/timetable', week)))).toEqual([ids.otherClass]);
  });

  it('answers a student without a class an empty timetable, with the student and no class', async () => {
    const res = await (await sessionFor(t, classless.id)).post('/api/lessons/timetable', week);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({
      timetable: [],
      student: { id: classless.id, MATRICULE: classless.matricule, FIRSTNAME: 'Student', LASTNAME: classless.lastname, class: null },
    });
  });
});

describe("POST /api/lessons/timetable: someone else's", () => {
  const refusedNow = async (client: Client, other: number) => {
    const [last] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const since = last?.id ?? 0;
    const res = await client.post('/api/lessons/timetable', { ...week, PERSON_ID: other });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, since), eq(auditLog.action, 'access.refused')));
    return { res, audited };
  };

  it('refuses a lecturer and a student naming another person (403, audited), and a back-office account that reads no timetables', async () => {
    for (const [who, other] of [
      [lecturer, colleague],
      [student, lecturer],
      [student, outsider],
    ] as const) {
      const { res, audited } = await refusedNow(await sessionFor(t, who.id), other.id);
      expect(outcome(res)).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ actorId: who.id, targetType: 'route', targetId: '/api/lessons/timetable', details: { requestedId: other.id } });
    }
    const identification = await sessionFor(t, await personId(t.db, DEMO_ACCOUNTS.identification.matricule));
    const { res, audited } = await refusedNow(identification, lecturer.id);
    expect(outcome(res)).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(audited).toHaveLength(1);
    expect((await new Client(t.app).post('/api/lessons/timetable', week)).statusCode).toBe(401);
  });

  it("lets the academic office, human resources, a unit that checks claims and administrators read anyone's: a lecturer's lessons, a student's class with the student", async () => {
    for (const matricule of [DEMO_ACCOUNTS.academic.matricule, DEMO_ACCOUNTS.hr.matricule, DEMO_ACCOUNTS.finance.matricule, DEMO_ACCOUNTS.admin.matricule]) {
      const office = await sessionFor(t, await personId(t.db, matricule));
      const ofLecturer = await office.post('/api/lessons/timetable', { ...week, PERSON_ID: lecturer.id });
      expect(ofLecturer.statusCode, `${matricule} ${ofLecturer.body}`).toBe(200);
      expect(body(ofLecturer)).toMatchObject({ student: null });
      expect(idsOf(body(ofLecturer))).toEqual([ids.mondayEarly, ids.mondayLate, ids.otherClass, ids.refused, ids.sundayLate]);
      const ofStudent = body(await office.post('/api/lessons/timetable', { ...week, PERSON_ID: student.id }));
      expect(ofStudent.student).toMatchObject({ id: student.id, class: { id: klass.id, code: klass.code } });
      expect(idsOf(ofStudent)).toEqual([ids.mondayEarly, ids.mondayLate, ids.refused, ids.colleague, ids.sundayLate]);
      // their own (an office account teaches nothing): empty
      expect(body(await office.post('/api/lessons/timetable', week))).toEqual({ timetable: [], student: null });
      // nobody by that id
      expect(outcome(await office.post('/api/lessons/timetable', { ...week, PERSON_ID: 99_999_999 }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('POST /api/lessons/timetable: the period', () => {
  it(`refuses an end before the start and more than ${TIMETABLE_MAX_DAYS} days (400, the field named), takes exactly ${TIMETABLE_MAX_DAYS}`, async () => {
    const client = await sessionFor(t, lecturer.id);
    expect(outcome(await client.post('/api/lessons/timetable', { START_DATE: '2031-03-16', END_DATE: '2031-03-10' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { END_DATE: 'validation.endBeforeStart' },
    });
    expect(outcome(await client.post('/api/lessons/timetable', { START_DATE: '2031-03-01', END_DATE: '2031-05-02' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { END_DATE: 'validation.tooLong' },
    });
    const longest = await client.post('/api/lessons/timetable', { START_DATE: '2031-03-01', END_DATE: '2031-05-01' });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(idsOf(body(longest))).toEqual([ids.before, ids.mondayEarly, ids.mondayLate, ids.otherClass, ids.refused, ids.sundayLate, ids.after]);
    const missing = outcome(await client.post('/api/lessons/timetable', { START_DATE: '2031-02-30' }));
    expect(missing).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(['END_DATE', 'START_DATE']);
  });
});

describe('POST /api/lessons/timetable: read again after a change', () => {
  it('answers the same week anew after a lesson is added, moved or refused and after its subject, class or people are renamed: the lecturer, the student and the office alike', async () => {
    const june = { START_DATE: '2031-06-02', END_DATE: '2031-06-08' };
    const k = await makeClass(t);
    const subject = await makeSubject(t, k, { name: 'Compilers', nameFr: 'Compilation' });
    const teacher = await makeLecturer(t, { firstname: 'Edsger' });
    const pupil = await makeStudent(t, { klass: k, firstname: 'Grace' });
    const office = await sessionFor(t, await personId(t.db, DEMO_ACCOUNTS.academic.matricule));
    const [asTeacher, asPupil] = [await sessionFor(t, teacher.id), await sessionFor(t, pupil.id)];
    const read = async () => {
      const answers = [
        await asTeacher.post('/api/lessons/timetable', june),
        await asPupil.post('/api/lessons/timetable', june),
        await office.post('/api/lessons/timetable', { ...june, PERSON_ID: pupil.id }),
      ];
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      return answers.map(body);
    };
    const first = await planLesson(t, { subject, lecturer: teacher, date: '2031-06-03' });
    for (const answer of await read()) expect(idsOf(answer)).toEqual([first]);

    // lessons: one added, one moved out of the week, one refused
    const second = await planLesson(t, { subject, lecturer: teacher, date: '2031-06-05', begin: '10:10', end: '12:00' });
    for (const answer of await read()) expect(idsOf(answer)).toEqual([first, second]);
    await t.db.update(lessons).set({ date: '2031-06-10' }).where(eq(lessons.id, first));
    await t.db.update(lessons).set({ status: 'NotValidated' }).where(eq(lessons.id, second));
    for (const answer of await read()) expect(answer.timetable.map((lesson) => [lesson.id, lesson.status])).toEqual([[second, 'NotValidated']]);

    // what a lesson is shown with, each read after one change: its subject's names, its class's code, its lecturer's names; the student's own names
    await t.db.update(subjects).set({ name: 'Compiler construction' }).where(eq(subjects.id, subject.id));
    for (const answer of await read()) expect(answer.timetable[0]?.subject.name).toBe('Compiler construction');
    await t.db
      .update(classes)
      .set({ code: `${k.code}B` })
      .where(eq(classes.id, k.id));
    for (const answer of await read()) expect(answer.timetable[0]?.class.code).toBe(`${k.code}B`);
    await t.db.update(persons).set({ FIRSTNAME: 'Edsger W.' }).where(eq(persons.id, teacher.id));
    for (const answer of await read()) expect(answer.timetable[0]?.lecturer.FIRSTNAME).toBe('Edsger W.');
    await t.db.update(persons).set({ LASTNAME: 'Hopper' }).where(eq(persons.id, pupil.id));
    const [ofTeacher, ofPupil, byOffice] = await read();
    expect(ofTeacher!.student).toBeNull();
    for (const answer of [ofPupil!, byOffice!]) expect(answer.student).toMatchObject({ LASTNAME: 'Hopper', class: { code: `${k.code}B` } });
  });
});
