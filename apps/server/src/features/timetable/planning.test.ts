import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_REPEAT_MAX_WEEKS, type LessonPage, type LessonsChanged, type PlannedLesson } from '@portal/contract';
import { lessons, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, ok, outcome, personIdOf, type TestApp } from '../../../test/helpers';
import { assign, auditedFor, lessonOf, plan, planningCast, subjectIn, type TestSubject } from './planning.fixtures';

let t: TestApp;
let office: Client;
let officeId: number;
let cast: Awaited<ReturnType<typeof planningCast>>;
/** PER0001, assigned GSI101 and GSI102 (BTS1 GSI/J A) and GSI201 (BTS2 GSI/S A), CM, by the demo data */
let per: number;
/** VAC0001, assigned GSI103 (BTS1 GSI/J B), CM */
let vac: number;
/** PER0004, assigned GSI104 (BTS1 GSI/J A), CM */
let ready: number;
let gsi101: TestSubject;
let gsi102: TestSubject;
let gsi103: TestSubject;
let gsi104: TestSubject;
let gsi201: TestSubject;
const PLACE = { ROOM: 'B12', BUILDING: 'Bloc B', CAMPUS: 'Logbessou' };

beforeAll(async () => {
  t = await createTestApp();
  cast = await planningCast(t);
  office = cast.office.client;
  officeId = cast.office.id;
  per = await personIdOf(t, DEMO_ACCOUNTS.permanent.matricule);
  vac = await personIdOf(t, DEMO_ACCOUNTS.partTime.matricule);
  ready = await personIdOf(t, DEMO_ACCOUNTS.readyLecturer.matricule);
  gsi101 = await subjectIn(t, 'BTS1 GSI/J A', 'GSI101');
  gsi102 = await subjectIn(t, 'BTS1 GSI/J A', 'GSI102');
  gsi103 = await subjectIn(t, 'BTS1 GSI/J B', 'GSI103');
  gsi104 = await subjectIn(t, 'BTS1 GSI/J A', 'GSI104');
  gsi201 = await subjectIn(t, 'BTS2 GSI/S A', 'GSI201');
});
afterAll(async () => {
  await t?.close();
});

const nameOf = async (id: number) => {
  const [p] = await t.db.select({ FIRSTNAME: persons.FIRSTNAME, LASTNAME: persons.LASTNAME }).from(persons).where(eq(persons.id, id));
  return `${p!.FIRSTNAME} ${p!.LASTNAME}`;
};
const lessonsBetween = (lecturerId: number, from: string, to: string) =>
  t.db
    .select({ id: lessons.id, date: lessons.date, status: lessons.status })
    .from(lessons)
    .where(and(eq(lessons.lecturerId, lecturerId), gte(lessons.date, from), lte(lessons.date, to)))
    .orderBy(lessons.date);
const statusOf = async (id: number) => (await t.db.select({ status: lessons.status }).from(lessons).where(eq(lessons.id, id)))[0]?.status;
const decide = (body: object) => office.post('/api/lessons/decisions', body);
const patch = (id: number, body: object) => office.request('PATCH', `/api/lessons/${id}`, body);
const remove = (id: number, series = false) => office.request('DELETE', `/api/lessons/${id}${series ? '?series=true' : ''}`);

describe('planning a lesson', () => {
  it('plans a lesson of a lecturer assigned to that part of the subject: 201 with the lesson as the office lists it, audited with the lecturer', async () => {
    const [lesson] = await plan(office, lessonOf(gsi101, per, '2031-03-03', PLACE));
    expect(lesson).toMatchObject({
      date: '2031-03-03',
      begin: '08:00',
      end: '09:50',
      hours: 110 / 60,
      status: 'PendingValidation',
      part: 'CM',
      class: { id: gsi101.classId, code: 'BTS1 GSI/J A' },
      subject: { id: gsi101.id, code: 'GSI101' },
      lecturer: { id: per, MATRICULE: 'PER0001' },
      room: 'B12',
      building: 'Bloc B',
      campus: 'Logbessou',
      billingPeriod: null,
      seriesId: null,
    });
    const [entry] = await auditedFor(t, 'lesson.planned', lesson!.id);
    expect(entry).toMatchObject({
      actorId: officeId,
      targetType: 'lesson',
      details: { lecturerId: per, date: '2031-03-03', begin: '08:00', end: '09:50', subjectId: gsi101.id, classId: gsi101.classId, part: 'CM', room: 'B12' },
    });
  });

  it('refuses a lecturer not assigned to that part (another part, another subject, a declined choice): 409 LESSON_NOT_ASSIGNED, nothing saved', async () => {
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi101, per, '2031-03-04', { PART: 'TD' })))).toMatchObject({
      status: 409,
      code: 'LESSON_NOT_ASSIGNED',
    });
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi101, vac, '2031-03-04')))).toMatchObject({ status: 409, code: 'LESSON_NOT_ASSIGNED' });
    // a choice the office declined (AFFECTATION 2) is no assignment
    const declined = await subjectIn(t, 'BTS1 GSI/J B', 'GSI105');
    const declinedLecturer = await assign(t, 'VAC0003', [{ subjectId: declined.id, part: 'CM', affectation: 2 }]);
    expect(outcome(await office.post('/api/lessons', lessonOf(declined, declinedLecturer, '2031-03-04')))).toMatchObject({
      status: 409,
      code: 'LESSON_NOT_ASSIGNED',
    });
    expect(await lessonsBetween(per, '2031-03-04', '2031-03-04')).toEqual([]);
    expect(await lessonsBetween(vac, '2031-03-04', '2031-03-04')).toEqual([]);
  });

  it('refuses a subject that does not exist (400 on SUBJECT_ID) and times off the day or the five-minute grid (400 on END_TIME), takes free times within the day', async () => {
    expect(outcome(await office.post('/api/lessons', { ...lessonOf(gsi101, per, '2031-03-05'), SUBJECT_ID: 999_999 }))).toMatchObject({
      status: 400,
      fields: { SUBJECT_ID: 'validation.invalid' },
    });
    for (const [begin, end] of [
      ['08:03', '09:50'],
      ['07:00', '08:30'],
      ['20:00', '21:45'],
      ['10:00', '09:00'],
      ['10:00', '10:00'],
    ]) {
      expect(
        outcome(await office.post('/api/lessons', lessonOf(gsi101, per, '2031-03-05', { BEGIN_TIME: begin, END_TIME: end }))),
        `${begin}-${end}`,
      ).toMatchObject({ status: 400, fields: { END_TIME: 'validation.lessonTime' } });
    }
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi101, per, '2031-03-05', { BEGIN_TIME: '8:00' })))).toMatchObject({
      status: 400,
      fields: { BEGIN_TIME: 'validation.invalid' },
    });
    const [free] = await plan(office, lessonOf(gsi101, per, '2031-03-05', { BEGIN_TIME: '14:05', END_TIME: '15:35' }));
    expect(free).toMatchObject({ begin: '14:05', end: '15:35', hours: 1.5 });
  });

  it('refuses a lecturer, a class or a room taken at overlapping times: 409 LESSON_CONFLICT naming the other lesson (kind, subject, class, times, lecturer, room)', async () => {
    const [taken] = await plan(office, lessonOf(gsi101, per, '2031-03-10', PLACE));
    const other = {
      id: taken!.id,
      date: '2031-03-10',
      begin: '08:00',
      end: '09:50',
      subject: 'GSI101',
      class: 'BTS1 GSI/J A',
      lecturer: await nameOf(per),
      room: 'B12',
    };
    // the same lecturer with another class (BTS2 GSI/S A), from 09:00
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi201, per, '2031-03-10', { BEGIN_TIME: '09:00', END_TIME: '10:00' })))).toEqual({
      status: 409,
      code: 'LESSON_CONFLICT',
      conflict: { kind: 'LECTURER', lesson: other },
    });
    // the same class with another lecturer
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi104, ready, '2031-03-10', { BEGIN_TIME: '09:45', END_TIME: '11:00' })))).toEqual({
      status: 409,
      code: 'LESSON_CONFLICT',
      conflict: { kind: 'CLASS', lesson: other },
    });
    // the same room (written otherwise) with another lecturer and class
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi103, vac, '2031-03-10', { ROOM: 'b12', BUILDING: 'BLOC B', CAMPUS: 'logbessou' })))).toEqual({
      status: 409,
      code: 'LESSON_CONFLICT',
      conflict: { kind: 'ROOM', lesson: other },
    });
    // a room of the same name in another building, and a lesson starting when the other ends, are no conflicts
    await plan(office, lessonOf(gsi103, vac, '2031-03-10', { ROOM: 'B12', BUILDING: 'Bloc C', CAMPUS: 'Logbessou' }));
    await plan(office, lessonOf(gsi104, ready, '2031-03-10', { BEGIN_TIME: '09:50', END_TIME: '11:00', ...PLACE }));
    // a refused lesson frees its slot
    expect(ok<LessonsChanged>(await decide({ DECISION: 'REFUSE', LESSON_IDS: [taken!.id] }))).toEqual({ changed: 1 });
    const [instead] = await plan(office, lessonOf(gsi201, per, '2031-03-10', { BEGIN_TIME: '09:00', END_TIME: '09:45', ...PLACE }));
    expect(instead).toMatchObject({ status: 'PendingValidation', class: { code: 'BTS2 GSI/S A' } });
  });

  it('repeats a lesson every week on the same weekday up to REPEAT_UNTIL, one series; all or nothing when any week collides', async () => {
    const series = await plan(office, lessonOf(gsi102, per, '2031-04-07', { REPEAT_UNTIL: '2031-05-07', BEGIN_TIME: '10:10', END_TIME: '12:00' }));
    expect(series.map((l) => l.date)).toEqual(['2031-04-07', '2031-04-14', '2031-04-21', '2031-04-28', '2031-05-05']);
    expect(new Set(series.map((l) => l.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await auditedFor(t, 'lesson.planned', series[4]!.id)).toHaveLength(1);

    // more than LESSON_REPEAT_MAX_WEEKS lessons, and an end before the start
    const tooMany = lessonOf(gsi102, per, '2032-01-05', { REPEAT_UNTIL: '2032-12-31' });
    expect(outcome(await office.post('/api/lessons', tooMany))).toMatchObject({ status: 400, fields: { REPEAT_UNTIL: 'validation.tooLong' } });
    const exactly = await plan(office, lessonOf(gsi102, per, '2032-01-05', { REPEAT_UNTIL: `2032-07-${String(26).padStart(2, '0')}` }));
    expect(exactly).toHaveLength(LESSON_REPEAT_MAX_WEEKS);
    expect(outcome(await office.post('/api/lessons', lessonOf(gsi102, per, '2031-04-08', { REPEAT_UNTIL: '2031-04-01' })))).toMatchObject({
      status: 400,
      fields: { REPEAT_UNTIL: 'validation.endBeforeStart' },
    });

    // the class is taken on the fourth Tuesday: nothing of the series is saved, the other lesson named
    const [blocking] = await plan(office, lessonOf(gsi104, ready, '2031-06-24', { BEGIN_TIME: '13:00', END_TIME: '14:50' }));
    const refused = outcome(
      await office.post('/api/lessons', lessonOf(gsi101, per, '2031-06-03', { REPEAT_UNTIL: '2031-07-29', BEGIN_TIME: '14:00', END_TIME: '15:00' })),
    );
    expect(refused).toMatchObject({
      status: 409,
      code: 'LESSON_CONFLICT',
      conflict: { kind: 'CLASS', lesson: { id: blocking!.id, date: '2031-06-24', begin: '13:00', end: '14:50', subject: 'GSI104' } },
    });
    expect(await lessonsBetween(per, '2031-06-01', '2031-07-31')).toEqual([]);
  });

  it('is for the academic office and administrators only: 403 for human resources, lecturers and students, 401 signed out', async () => {
    const body = lessonOf(gsi101, per, '2031-08-04');
    for (const who of [cast.hr, cast.lecturer, cast.student]) {
      expect(outcome(await who.client.post('/api/lessons', body))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(outcome(await who.client.get('/api/lessons?from=2031-01-01&to=2031-12-31'))).toMatchObject({ status: 403 });
    }
    expect((await new Client(t.app).post('/api/lessons', body)).statusCode).toBe(401);
    expect(await lessonsBetween(per, '2031-08-04', '2031-08-04')).toEqual([]);
    const [byAdmin] = await plan(cast.admin.client, body);
    expect(byAdmin).toMatchObject({ date: '2031-08-04' });
  });
});

describe('the office list', () => {
  it('lists the lessons of a period by date, begin and class code, filtered by class, lecturer, subject and status, paged', async () => {
    await plan(office, lessonOf(gsi201, per, '2031-09-02', { BEGIN_TIME: '17:30', END_TIME: '19:30' }));
    await plan(office, lessonOf(gsi103, vac, '2031-09-01', { BEGIN_TIME: '10:10', END_TIME: '12:00' }));
    await plan(office, lessonOf(gsi104, ready, '2031-09-01', { BEGIN_TIME: '10:10', END_TIME: '12:00' }));
    const [early] = await plan(office, lessonOf(gsi101, per, '2031-09-01'));
    const page = ok<LessonPage>(await office.get('/api/lessons?from=2031-09-01&to=2031-09-07'));
    expect(page.total).toBe(4);
    expect(page.rows.map((l) => [l.date, l.begin, l.class.code])).toEqual([
      ['2031-09-01', '08:00', 'BTS1 GSI/J A'],
      ['2031-09-01', '10:10', 'BTS1 GSI/J A'],
      ['2031-09-01', '10:10', 'BTS1 GSI/J B'],
      ['2031-09-02', '17:30', 'BTS2 GSI/S A'],
    ]);
    const codes = async (query: string) =>
      ok<LessonPage>(await office.get(`/api/lessons?from=2031-09-01&to=2031-09-07&${query}`)).rows.map((l) => l.subject.code);
    expect(await codes(`classId=${gsi101.classId}`)).toEqual(['GSI101', 'GSI104']);
    expect(await codes(`lecturerId=${per}`)).toEqual(['GSI101', 'GSI201']);
    expect(await codes(`subjectId=${gsi103.id}`)).toEqual(['GSI103']);
    ok(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [early!.id] }));
    expect(await codes('status=ValidatedButNotBilled')).toEqual(['GSI101']);
    const second = ok<LessonPage>(await office.get('/api/lessons?from=2031-09-01&to=2031-09-07&pageSize=3&page=2'));
    expect({ total: second.total, page: second.page, rows: second.rows.map((l) => l.subject.code) }).toEqual({ total: 4, page: 2, rows: ['GSI201'] });
    expect(outcome(await office.get('/api/lessons?from=2031-09-07&to=2031-09-01'))).toMatchObject({ status: 400, fields: { to: 'validation.endBeforeStart' } });
  });
});

describe('changing and deleting a lesson', () => {
  it('changes a pending lesson under the same rules (itself aside), audited with what changed; a decided lesson is 409 LESSON_DECIDED', async () => {
    const [lesson] = await plan(office, lessonOf(gsi101, per, '2031-10-06', PLACE));
    const [neighbour] = await plan(office, lessonOf(gsi104, ready, '2031-10-06', { BEGIN_TIME: '10:10', END_TIME: '12:00' }));
    // moved within its own time: no conflict with itself
    const moved = ok<PlannedLesson>(await patch(lesson!.id, lessonOf(gsi101, per, '2031-10-06', { BEGIN_TIME: '08:30', END_TIME: '10:00', ...PLACE })));
    expect(moved).toMatchObject({ id: lesson!.id, begin: '08:30', end: '10:00', room: 'B12' });
    const [entry] = await auditedFor(t, 'lesson.changed', lesson!.id);
    expect(entry!.details).toMatchObject({ lecturerId: per, begin: '08:30', changed: ['begin', 'end'] });
    // onto the neighbour's slot: its class is taken
    expect(outcome(await patch(lesson!.id, lessonOf(gsi101, per, '2031-10-06', { BEGIN_TIME: '11:00', END_TIME: '12:30' })))).toMatchObject({
      status: 409,
      code: 'LESSON_CONFLICT',
      conflict: { kind: 'CLASS', lesson: { id: neighbour!.id } },
    });
    // to another subject and lecturer, assigned
    const swapped = ok<PlannedLesson>(await patch(lesson!.id, lessonOf(gsi103, vac, '2031-10-07', { ROOM: null })));
    expect(swapped).toMatchObject({ class: { code: 'BTS1 GSI/J B' }, lecturer: { id: vac }, date: '2031-10-07', room: null });
    expect(outcome(await patch(lesson!.id, lessonOf(gsi101, vac, '2031-10-07')))).toMatchObject({ status: 409, code: 'LESSON_NOT_ASSIGNED' });
    ok(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [lesson!.id] }));
    expect(outcome(await patch(lesson!.id, lessonOf(gsi103, vac, '2031-10-08')))).toMatchObject({ status: 409, code: 'LESSON_DECIDED' });
    expect(outcome(await patch(999_999, lessonOf(gsi103, vac, '2031-10-08')))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await t.db.select({ date: lessons.date }).from(lessons).where(eq(lessons.id, lesson!.id)))[0]!.date).toBe('2031-10-07');
  });

  it('deletes a pending lesson (audited), never a decided one; series=true takes the pending lessons of its series from its day on', async () => {
    const [single] = await plan(office, lessonOf(gsi101, per, '2031-11-03'));
    expect(ok<LessonsChanged>(await remove(single!.id))).toEqual({ changed: 1 });
    expect(await statusOf(single!.id)).toBeUndefined();
    expect((await auditedFor(t, 'lesson.deleted', single!.id))[0]!.details).toMatchObject({ lecturerId: per, date: '2031-11-03', subjectId: gsi101.id });

    const series = await plan(office, lessonOf(gsi101, per, '2031-11-04', { REPEAT_UNTIL: '2031-12-09' }));
    expect(series).toHaveLength(6);
    // the fifth is validated: it stays
    ok(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [series[4]!.id] }));
    expect(outcome(await remove(series[4]!.id))).toMatchObject({ status: 409, code: 'LESSON_DECIDED' });
    expect(ok<LessonsChanged>(await remove(series[2]!.id, true))).toEqual({ changed: 3 });
    expect((await lessonsBetween(per, '2031-11-04', '2031-12-31')).map((l) => [l.date, l.status])).toEqual([
      ['2031-11-04', 'PendingValidation'],
      ['2031-11-11', 'PendingValidation'],
      ['2031-12-02', 'ValidatedButNotBilled'],
    ]);
    expect(outcome(await remove(999_999))).toMatchObject({ status: 404 });
  });
});

describe('decisions', () => {
  it('validates a lesson, corrects the decision (refused, validated again), audits each with the lecturer; a billed lesson is final', async () => {
    const [lesson] = await plan(office, lessonOf(gsi103, vac, '2033-01-03'));
    expect(ok<LessonsChanged>(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [lesson!.id] }))).toEqual({ changed: 1 });
    expect(await statusOf(lesson!.id)).toBe('ValidatedButNotBilled');
    // deciding the same again changes nothing
    expect(ok<LessonsChanged>(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [lesson!.id] }))).toEqual({ changed: 0 });
    expect(ok<LessonsChanged>(await decide({ DECISION: 'REFUSE', LESSON_IDS: [lesson!.id] }))).toEqual({ changed: 1 });
    expect(await statusOf(lesson!.id)).toBe('NotValidated');
    expect(ok<LessonsChanged>(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [lesson!.id] }))).toEqual({ changed: 1 });
    const entries = await auditedFor(t, 'lesson.decided', lesson!.id);
    expect(
      entries.map((e) => [
        e.actorId,
        (e.details as { from: string }).from,
        (e.details as { status: string }).status,
        (e.details as { lecturerId: number }).lecturerId,
      ]),
    ).toEqual([
      [officeId, 'PendingValidation', 'ValidatedButNotBilled', vac],
      [officeId, 'ValidatedButNotBilled', 'NotValidated', vac],
      [officeId, 'NotValidated', 'ValidatedButNotBilled', vac],
    ]);

    // billed: final, and a selection naming it changes nothing at all
    const [other] = await plan(office, lessonOf(gsi103, vac, '2033-01-04'));
    const period = ok<{ id: number }>(
      await office.post('/api/billing-periods', { NAME: 'January 2033', BEGIN_DATE: '2033-01-01', END_DATE: '2033-01-31' }),
      201,
    );
    ok(await office.post('/api/lessons/billing', { BILLING_PERIOD_ID: period.id, LESSON_IDS: [lesson!.id] }));
    for (const decision of ['VALIDATE', 'REFUSE']) {
      expect(outcome(await decide({ DECISION: decision, LESSON_IDS: [other!.id, lesson!.id] }))).toMatchObject({ status: 409, code: 'LESSON_DECIDED' });
    }
    expect(await statusOf(lesson!.id)).toBe('ValidatedAndBilled');
    expect(await statusOf(other!.id)).toBe('PendingValidation');
    expect(outcome(await patch(lesson!.id, lessonOf(gsi103, vac, '2033-01-05')))).toMatchObject({ status: 409, code: 'LESSON_DECIDED' });
    expect(outcome(await remove(lesson!.id))).toMatchObject({ status: 409, code: 'LESSON_DECIDED' });
    expect(outcome(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [other!.id, 999_999] }))).toMatchObject({ status: 404 });
    expect(await statusOf(other!.id)).toBe('PendingValidation');
  });

  it('refuses to validate again a refused lesson whose slot another lesson took: 409 LESSON_CONFLICT naming it', async () => {
    const [refused] = await plan(office, lessonOf(gsi103, vac, '2033-02-07', PLACE));
    ok(await decide({ DECISION: 'REFUSE', LESSON_IDS: [refused!.id] }));
    const [taker] = await plan(office, lessonOf(gsi101, per, '2033-02-07', { BEGIN_TIME: '09:00', END_TIME: '10:00', ...PLACE }));
    expect(outcome(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [refused!.id] }))).toMatchObject({
      status: 409,
      code: 'LESSON_CONFLICT',
      conflict: { kind: 'ROOM', lesson: { id: taker!.id, subject: 'GSI101', begin: '09:00' } },
    });
    expect(await statusOf(refused!.id)).toBe('NotValidated');
    // once the other is refused too, the first takes its slot back
    ok(await decide({ DECISION: 'REFUSE', LESSON_IDS: [taker!.id] }));
    expect(ok<LessonsChanged>(await decide({ DECISION: 'VALIDATE', LESSON_IDS: [refused!.id] }))).toEqual({ changed: 1 });
  });

  it('decides every pending lesson of a week (WEEK_OF a Monday), narrowed to a class or a lecturer; decided lessons and other weeks are left alone', async () => {
    const monday = '2033-03-07';
    const [a1] = await plan(office, lessonOf(gsi101, per, monday));
    const [a2] = await plan(office, lessonOf(gsi104, ready, '2033-03-09'));
    const [b1] = await plan(office, lessonOf(gsi103, vac, '2033-03-13', { BEGIN_TIME: '10:10', END_TIME: '12:00' }));
    const [c1] = await plan(office, lessonOf(gsi201, per, '2033-03-08', { BEGIN_TIME: '17:30', END_TIME: '19:30' }));
    const [nextWeek] = await plan(office, lessonOf(gsi101, per, '2033-03-14'));
    ok(await decide({ DECISION: 'REFUSE', LESSON_IDS: [c1!.id] }));

    expect(outcome(await decide({ DECISION: 'VALIDATE', WEEK_OF: '2033-03-08' }))).toMatchObject({ status: 400, fields: { WEEK_OF: 'validation.invalid' } });
    expect(outcome(await decide({ DECISION: 'VALIDATE' }))).toMatchObject({ status: 400, fields: { LESSON_IDS: 'validation.required' } });
    expect(ok<LessonsChanged>(await decide({ DECISION: 'VALIDATE', WEEK_OF: monday, CLASS_ID: gsi101.classId, LECTURER_ID: ready }))).toEqual({ changed: 1 });
    expect(await statusOf(a2!.id)).toBe('ValidatedButNotBilled');
    expect(ok<LessonsChanged>(await decide({ DECISION: 'VALIDATE', WEEK_OF: monday, CLASS_ID: gsi101.classId }))).toEqual({ changed: 1 });
    expect(await statusOf(a1!.id)).toBe('ValidatedButNotBilled');
    expect(ok<LessonsChanged>(await decide({ DECISION: 'REFUSE', WEEK_OF: monday }))).toEqual({ changed: 1 });
    expect([await statusOf(b1!.id), await statusOf(c1!.id), await statusOf(a1!.id), await statusOf(nextWeek!.id)]).toEqual([
      'NotValidated',
      'NotValidated',
      'ValidatedButNotBilled',
      'PendingValidation',
    ]);
    const [entry] = await auditedFor(t, 'lesson.decided', b1!.id);
    expect(entry!.details).toMatchObject({ decision: 'REFUSE', weekOf: monday, lecturerId: vac });
    expect(ok<LessonsChanged>(await decide({ DECISION: 'REFUSE', WEEK_OF: monday }))).toEqual({ changed: 0 });
  });
});

describe('assignments made in any session count', () => {
  it('plans a lesson of a part confirmed in the current session (TD), for a lecturer the demo data never assigned', async () => {
    const subject = await subjectIn(t, 'HND1 SWE/J A', 'SWE102');
    const lecturer = await assign(t, 'VAC0011', [{ subjectId: subject.id, part: 'TD' }]);
    const [lesson] = await plan(office, lessonOf(subject, lecturer, '2033-04-04', { PART: 'TD' }));
    expect(lesson).toMatchObject({ part: 'TD', lecturer: { MATRICULE: 'VAC0011' }, class: { code: 'HND1 SWE/J A' } });
    expect(outcome(await office.post('/api/lessons', lessonOf(subject, lecturer, '2033-04-05')))).toMatchObject({ status: 409, code: 'LESSON_NOT_ASSIGNED' });
  });
});
