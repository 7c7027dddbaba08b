import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_FORM_QUESTIONS,
  MAX_FORM_SECTIONS,
  MAX_QUESTION_OPTIONS,
  type ErrorResponse,
  type EvaluationSession,
  type QuestionForm,
  type QuestionFormList,
  type ReviewList,
} from '@portal/contract';
import {
  accounts,
  auditLog,
  classes,
  evaluationBallots,
  evaluationParticipations,
  evaluationSessions,
  evaluationTargets,
  persons,
  studentSubjects,
  subjects,
} from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_EVALUATION_STUDENTS } from '../../seed/demo';
import { createTestApp, ok, personIdOf, sessionFor, type Client, type TestApp } from '../../../test/helpers';
import {
  assign,
  makeClass,
  makeLecturer,
  makeStudent,
  makeSubject,
  type FixtureClass,
  type FixturePerson,
  type FixtureSubject,
} from '../timetable/timetable.fixtures';
import { createForm, createSession, dayFrom, evaluationsOf, FORM, office, submission } from './evaluation.fixtures';

let t: TestApp;
let academic: Client;
let klass: FixtureClass;
let otherClass: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let unassigned: FixtureSubject;
let elsewhere: FixtureSubject;
let ada: FixturePerson;
let blaise: FixturePerson;
let student: FixturePerson;
let classmate: FixturePerson;
let outsider: FixturePerson;

const error = (res: { json: () => unknown }) => res.json() as ErrorResponse;
const full = { clear: 'yes', useful: 4 };

beforeAll(async () => {
  t = await createTestApp();
  academic = await office(t);
  klass = await makeClass(t, 'EV');
  otherClass = await makeClass(t, 'EV');
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  unassigned = await makeSubject(t, klass, { name: 'Unassigned', nameFr: 'Non attribuée' });
  elsewhere = await makeSubject(t, otherClass, { name: 'Databases', nameFr: 'Bases de données' });
  ada = await makeLecturer(t, { firstname: 'Ada' });
  blaise = await makeLecturer(t, { firstname: 'Blaise' });
  student = await makeStudent(t, { klass, firstname: 'Chloé' });
  classmate = await makeStudent(t, { klass, firstname: 'Denis' });
  outsider = await makeStudent(t, { klass: otherClass, firstname: 'Eve' });
  // Ada: two parts of Algorithms (one target) and Databases elsewhere; Blaise: Networks.
  await assign(t, ada, [
    { subject: algo, part: 'CM' },
    { subject: algo, part: 'TD' },
    { subject: elsewhere, part: 'CM' },
  ]);
  await assign(t, blaise, [{ subject: networks, part: 'TP' }]);
  void unassigned;
});
afterAll(async () => {
  await t?.close();
});

describe('question forms', () => {
  it('creates a form, assigns the missing keys and keeps options only on CHOICE questions', async () => {
    const form = await createForm(academic, {
      name: 'Keys',
      nameFr: 'Clés',
      content: {
        sections: [
          {
            label: 'One',
            labelFr: 'Un',
            questions: [
              { key: 'q1', type: 'SCALE', label: 'A', labelFr: 'A' },
              {
                type: 'CHOICE',
                label: 'B',
                labelFr: 'B',
                options: [
                  { label: 'x', labelFr: 'x', mark: 1 },
                  { key: 'o1', label: 'y', labelFr: 'y', mark: 2.5 },
                ],
              },
              { type: 'TEXT', label: 'C', labelFr: 'C', required: false },
            ],
          },
        ],
      },
    });
    expect(form.content.sections[0]!.key).toBe('s1');
    expect(form.content.sections[0]!.questions.map((q) => [q.key, q.type, q.required, q.options.map((o) => o.key)])).toEqual([
      ['q1', 'SCALE', true, []],
      ['q2', 'CHOICE', true, ['o2', 'o1']],
      ['q3', 'TEXT', false, []],
    ]);
    expect({ sections: form.sections, questions: form.questions, sessions: form.sessions, inUse: form.inUse }).toEqual({
      sections: 1,
      questions: 3,
      sessions: 0,
      inUse: false,
    });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question-form.created'), eq(auditLog.targetId, String(form.id))));
    expect(audited).toHaveLength(1);
  });

  it('refuses a form outside its limits, naming the place of each problem', async () => {
    const question = (extra: object = {}) => ({ type: 'SCALE', label: 'Q', labelFr: 'Q', ...extra });
    const cases: [object, string][] = [
      [{ sections: [] }, 'content.sections'],
      [{ sections: [{ label: 'S', labelFr: 'S', questions: [] }] }, 'content.sections.0.questions'],
      [
        { sections: [{ label: 'S', labelFr: 'S', questions: [question({ type: 'CHOICE', options: [{ label: 'a', labelFr: 'a', mark: 1 }] })] }] },
        'content.sections.0.questions.0.options',
      ],
      [
        {
          sections: [
            {
              label: 'S',
              labelFr: 'S',
              questions: [
                question({
                  type: 'TEXT',
                  options: [
                    { label: 'a', labelFr: 'a', mark: 1 },
                    { label: 'b', labelFr: 'b', mark: 1 },
                  ],
                }),
              ],
            },
          ],
        },
        'content.sections.0.questions.0.options',
      ],
      [
        {
          sections: [
            {
              label: 'S',
              labelFr: 'S',
              questions: [
                question({
                  type: 'CHOICE',
                  options: Array.from({ length: MAX_QUESTION_OPTIONS + 1 }, (_, i) => ({ label: `${i}`, labelFr: `${i}`, mark: 1 })),
                }),
              ],
            },
          ],
        },
        'content.sections.0.questions.0.options',
      ],
      [
        {
          sections: [
            {
              label: 'S',
              labelFr: 'S',
              questions: [
                question({
                  type: 'CHOICE',
                  options: [
                    { label: 'a', labelFr: 'a', mark: 21 },
                    { label: 'b', labelFr: 'b', mark: 1 },
                  ],
                }),
              ],
            },
          ],
        },
        'content.sections.0.questions.0.options.0.mark',
      ],
      [{ sections: [{ label: 'S', labelFr: 'S', questions: [question({ key: 'same' }), question({ key: 'same' })] }] }, 'content.sections.0.questions.1.key'],
      [{ sections: [{ label: 'S', labelFr: '', questions: [question()] }] }, 'content.sections.0.labelFr'],
      [{ sections: [{ label: 'S', labelFr: 'S', questions: [question({ type: 'RATING' })] }] }, 'content.sections.0.questions.0.type'],
      [{ sections: Array.from({ length: MAX_FORM_SECTIONS + 1 }, () => ({ label: 'S', labelFr: 'S', questions: [question()] })) }, 'content.sections'],
      [
        {
          sections: [
            { label: 'S', labelFr: 'S', questions: Array.from({ length: 60 }, () => question()) },
            { label: 'T', labelFr: 'T', questions: Array.from({ length: MAX_FORM_QUESTIONS - 59 }, () => question()) },
          ],
        },
        'content.sections',
      ],
    ];
    for (const [content, field] of cases) {
      const res = await academic.post('/api/question-forms', { name: 'Bad', nameFr: 'Mauvais', content });
      expect([field, res.statusCode, error(res).code, Object.keys(error(res).fields ?? {})]).toEqual([
        field,
        400,
        'VALIDATION_FAILED',
        expect.arrayContaining([field]),
      ]);
    }
  });

  it('duplicates a form, changes it freely until a session using it starts, then refuses (FORM_IN_USE); deletes only unused forms', async () => {
    const form = await createForm(academic);
    const copy = ok<QuestionForm>(await academic.post(`/api/question-forms/${form.id}/duplicate`), 201);
    expect([copy.name, copy.nameFr, copy.content]).toEqual(['Test form (copy)', 'Formulaire de test (copie)', form.content]);

    // a session that starts tomorrow: the form may still change, not be deleted
    const session = await createSession(t, academic, { formId: form.id, classIds: [klass.id], from: 1 });
    const renamed = ok<QuestionForm>(await academic.request('PUT', `/api/question-forms/${form.id}`, { ...FORM, name: 'Renamed' }));
    expect([renamed.name, renamed.sessions, renamed.inUse]).toEqual(['Renamed', 1, false]);
    expect(error(await academic.request('DELETE', `/api/question-forms/${form.id}`)).code).toBe('IN_USE');

    expect(session.state).toBe('UPCOMING');
    // the next day the session has started: the form is frozen
    t.clock.advance(24 * 3600_000);
    try {
      const tomorrow = await office(t);
      const res = await tomorrow.request('PUT', `/api/question-forms/${form.id}`, { ...FORM, name: 'Again' });
      expect([res.statusCode, error(res).code]).toEqual([409, 'FORM_IN_USE']);
      const list = ok<QuestionFormList>(await tomorrow.get('/api/question-forms'));
      expect(list.forms.find((f) => f.id === form.id)).toMatchObject({ name: 'Renamed', inUse: true, sessions: 1, questions: 4, sections: 2 });
      expect(list.forms.find((f) => f.id === copy.id)).toMatchObject({ inUse: false, sessions: 0 });
    } finally {
      t.clock.advance(-24 * 3600_000);
    }

    ok(await academic.request('DELETE', `/api/question-forms/${copy.id}`), 204);
    expect((await academic.get(`/api/question-forms/${copy.id}`)).statusCode).toBe(404);
    expect((await academic.request('DELETE', `/api/question-forms/${copy.id}`)).statusCode).toBe(404);
  });

  it('shows a form to a student only while they have it to answer in an open session; never to a lecturer', async () => {
    const open = await createForm(academic);
    const other = await createForm(academic);
    const future = await createForm(academic);
    await createSession(t, academic, { formId: open.id, classIds: [klass.id] });
    const otherSession = await createSession(t, academic, { formId: other.id, classIds: [otherClass.id] });
    await createSession(t, academic, { formId: future.id, classIds: [klass.id], from: 3 });
    const mine = await sessionFor(t, student.id);
    expect(ok<QuestionForm>(await mine.get(`/api/question-forms/${open.id}`)).content).toEqual(open.content);
    expect((await mine.get(`/api/question-forms/${other.id}`)).statusCode).toBe(403);
    expect((await mine.get(`/api/question-forms/${future.id}`)).statusCode).toBe(403);
    expect((await mine.get('/api/question-forms')).statusCode).toBe(403);
    // Who may read is kept until what it reads changes: a target of the student's class added to the
    // other form's session gives them that form too, until it is taken away again.
    const [shape] = await t.db
      .select({ subjectId: evaluationTargets.subjectId, lecturerId: evaluationTargets.lecturerId })
      .from(evaluationTargets)
      .where(eq(evaluationTargets.sessionId, otherSession.id))
      .limit(1);
    const [added] = await t.db
      .insert(evaluationTargets)
      .values({ sessionId: otherSession.id, classId: klass.id, subjectId: shape!.subjectId, lecturerId: shape!.lecturerId })
      .returning({ id: evaluationTargets.id });
    await t.settled();
    expect((await mine.get(`/api/question-forms/${other.id}`)).statusCode).toBe(200);
    await t.db.delete(evaluationTargets).where(eq(evaluationTargets.id, added!.id));
    await t.settled();
    expect((await mine.get(`/api/question-forms/${other.id}`)).statusCode).toBe(403);
    // Moved to the other class, the student has the other form to answer instead.
    await t.db.update(persons).set({ classId: otherClass.id }).where(eq(persons.id, student.id));
    await t.settled();
    try {
      expect((await mine.get(`/api/question-forms/${open.id}`)).statusCode).toBe(403);
      expect((await mine.get(`/api/question-forms/${other.id}`)).statusCode).toBe(200);
    } finally {
      await t.db.update(persons).set({ classId: klass.id }).where(eq(persons.id, student.id));
      await t.settled();
    }
    expect((await mine.get(`/api/question-forms/${open.id}`)).statusCode).toBe(200);
    const lecturer = await sessionFor(t, ada.id);
    expect((await lecturer.get(`/api/question-forms/${open.id}`)).statusCode).toBe(403);
  });

  it('shows on the next read of a form its change and a session using it, and that it is in use from the day the session starts', async () => {
    const form = await createForm(academic, { ...FORM, name: 'Read twice' });
    const read = async (client: Client) => ok<QuestionForm>(await client.get(`/api/question-forms/${form.id}`));
    const first = await read(academic);
    expect(await read(academic)).toEqual(first);
    ok(await academic.request('PUT', `/api/question-forms/${form.id}`, { ...FORM, name: 'Read again' }));
    expect((await read(academic)).name).toBe('Read again');
    const session = await createSession(t, academic, { formId: form.id, classIds: [otherClass.id], from: 1 });
    expect(await read(academic)).toMatchObject({ name: 'Read again', sessions: 1, inUse: false });
    // the next day (university time), nothing changed but the day: in use
    t.clock.advance(24 * 3600_000);
    try {
      expect(await read(await office(t))).toMatchObject({ sessions: 1, inUse: true });
    } finally {
      t.clock.advance(-24 * 3600_000);
    }
    expect((await read(academic)).inUse).toBe(false);
    // the session's start moved to today: in use today
    ok(await academic.request('PATCH', `/api/evaluation-sessions/${session.id}`, { startDate: dayFrom(t, 0) }));
    const started = await read(academic);
    expect(started.inUse).toBe(true);
    // the same form for a student who has it to answer; who may read it is checked on every read
    expect(await read(await sessionFor(t, outsider.id))).toEqual(started);
    expect((await (await sessionFor(t, student.id)).get(`/api/question-forms/${form.id}`)).statusCode).toBe(403);
    expect((await (await sessionFor(t, ada.id)).get(`/api/question-forms/${form.id}`)).statusCode).toBe(403);
  });
});

describe('evaluation sessions and their targets', () => {
  it('makes one target per (subject, lecturer, class) from the confirmed assignments of the classes covered', async () => {
    const form = await createForm(academic);
    const session = await createSession(t, academic, { formId: form.id, classIds: [klass.id], from: 2 });
    expect([session.state, session.targets, session.participations, session.classes]).toEqual(['UPCOMING', 2, 0, [{ id: klass.id, code: klass.code }]]);
    const targets = await t.db.select().from(evaluationTargets).where(eq(evaluationTargets.sessionId, session.id));
    expect(targets.map((x) => [x.subjectId, x.lecturerId, x.classId]).sort()).toEqual(
      [
        [algo.id, ada.id, klass.id],
        [networks.id, blaise.id, klass.id],
      ].sort(),
    );

    // adding a class adds its targets; before the start, a class may also go
    const added = ok<EvaluationSession>(await academic.request('PATCH', `/api/evaluation-sessions/${session.id}`, { classIds: [klass.id, otherClass.id] }));
    expect(added.targets).toBe(3);
    const removed = ok<EvaluationSession>(
      await academic.request('PATCH', `/api/evaluation-sessions/${session.id}`, { classIds: [otherClass.id], startDate: dayFrom(t, 1) }),
    );
    expect([removed.targets, removed.classes.map((c) => c.id), removed.startDate]).toEqual([1, [otherClass.id], dayFrom(t, 1)]);
  });

  it('once started, keeps its form, start and classes (EVALUATION_STARTED) but takes new classes and a new end', async () => {
    const form = await createForm(academic);
    const another = await createForm(academic);
    const session = await createSession(t, academic, { formId: form.id, classIds: [otherClass.id] });
    expect(session.state).toBe('OPEN');
    const patch = (body: object) => academic.request('PATCH', `/api/evaluation-sessions/${session.id}`, body);
    for (const body of [{ formId: another.id }, { startDate: dayFrom(t, -2) }, { classIds: [klass.id] }]) {
      const res = await patch(body);
      expect([JSON.stringify(body), res.statusCode, error(res).code]).toEqual([JSON.stringify(body), 409, 'EVALUATION_STARTED']);
    }
    const grown = ok<EvaluationSession>(await patch({ classIds: [otherClass.id, klass.id], endDate: dayFrom(t, 30), name: 'Longer' }));
    expect([grown.targets, grown.endDate, grown.name, grown.form.id]).toEqual([3, dayFrom(t, 30), 'Longer', form.id]);
    expect(error(await patch({ endDate: dayFrom(t, -5) })).fields).toEqual({ endDate: 'validation.endBeforeStart' });
  });

  it('refuses unknown classes and forms, and dates in the wrong order', async () => {
    const form = await createForm(academic);
    const base = { name: 'S', nameFr: 'S', formId: form.id, startDate: dayFrom(t, 0), endDate: dayFrom(t, 3), classIds: [klass.id] };
    expect(error(await academic.post('/api/evaluation-sessions', { ...base, classIds: [klass.id, 2_000_000_000] })).fields).toEqual({
      classIds: 'validation.unknownClass',
    });
    expect(error(await academic.post('/api/evaluation-sessions', { ...base, formId: 2_000_000_000 })).fields).toEqual({ formId: 'validation.invalid' });
    expect(error(await academic.post('/api/evaluation-sessions', { ...base, endDate: dayFrom(t, -1) })).fields).toEqual({
      endDate: 'validation.endBeforeStart',
    });
    expect(error(await academic.post('/api/evaluation-sessions', { ...base, classIds: [] })).fields).toEqual({ classIds: 'validation.required' });
  });
});

describe('what a student evaluates and their submissions', () => {
  let form: QuestionForm;
  let session: EvaluationSession;
  let future: EvaluationSession;
  let ended: EvaluationSession;
  let mine: Client;

  beforeAll(async () => {
    form = await createForm(academic);
    session = await createSession(t, academic, { formId: form.id, classIds: [klass.id, otherClass.id], name: 'Open' });
    future = await createSession(t, academic, { formId: form.id, classIds: [klass.id], from: 5, to: 9, name: 'Future' });
    ended = await createSession(t, academic, { formId: form.id, classIds: [klass.id], from: -9, to: -1, name: 'Ended' });
    mine = await sessionFor(t, student.id);
  });

  const targetOf = async (client: Client, studentId: number, sessionId: number, subjectId: number) =>
    (await evaluationsOf(client, studentId)).find((item) => item.session.id === sessionId && item.subject.id === subjectId)!;

  it("lists the student's own targets, open sessions first, with the lecturer's names only; never another student's list", async () => {
    const items = await evaluationsOf(mine, student.id);
    const ofOpen = items.filter((item) => item.session.id === session.id);
    expect(ofOpen.map((item) => [item.subject.code, item.lecturer, item.class.code, item.formId, item.done, item.session.open]).sort()).toEqual(
      [
        [algo.code, { FIRSTNAME: 'Ada', LASTNAME: ada.lastname }, klass.code, form.id, false, true],
        [networks.code, { FIRSTNAME: 'Blaise', LASTNAME: blaise.lastname }, klass.code, form.id, false, true],
      ].sort(),
    );
    expect(items.map((item) => item.session.state)).toEqual(
      [...items.map((item) => item.session.state)].sort((a, b) => ['OPEN', 'UPCOMING', 'ENDED'].indexOf(a) - ['OPEN', 'UPCOMING', 'ENDED'].indexOf(b)),
    );
    expect(items.some((item) => item.session.id === future.id && item.session.state === 'UPCOMING')).toBe(true);
    expect(items.some((item) => item.subject.id === elsewhere.id)).toBe(false);
    // another student's list: refused and audited, the office's reading too (its done flags are the student's alone, decision 64)
    const refused = await mine.get(`/api/students/subjects/${classmate.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await academic.get(`/api/students/subjects/${classmate.id}`)).statusCode).toBe(403);
    const lecturer = await sessionFor(t, ada.id);
    expect((await lecturer.get(`/api/students/subjects/${ada.id}`)).statusCode).toBe(403);
  });

  it('lists an optional subject of another class the student follows', async () => {
    const follower = await makeStudent(t, { klass, firstname: 'Fanny' });
    await t.db.insert(studentSubjects).values({ studentId: follower.id, subjectId: elsewhere.id, createdAt: t.clock.now() });
    const client = await sessionFor(t, follower.id);
    const item = await targetOf(client, follower.id, session.id, elsewhere.id);
    expect([item.class.code, item.lecturer.FIRSTNAME]).toEqual([otherClass.code, 'Ada']);
    ok(await client.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, full)), 201);
  });

  it("shows on the next read of a student's list each change it is made of, and the states of the next day", async () => {
    const own = await makeClass(t, 'EK');
    const far = await makeClass(t, 'EK');
    const course = await makeSubject(t, own, { name: 'Compilers', nameFr: 'Compilation' });
    const option = await makeSubject(t, far, { name: 'Robotics', nameFr: 'Robotique' });
    const grace = await makeLecturer(t, { firstname: 'Grace' });
    await assign(t, grace, [
      { subject: course, part: 'CM' },
      { subject: option, part: 'CM' },
    ]);
    const reader = await makeStudent(t, { klass: own, firstname: 'Hugo' });
    const client = await sessionFor(t, reader.id);
    const list = () => evaluationsOf(client, reader.id);
    expect(await list()).toEqual([]);
    const lastDay = await createSession(t, academic, { formId: form.id, classIds: [own.id, far.id], from: -2, to: 0, name: 'Kept' });
    const first = await list();
    expect(first.map((item) => [item.subject.id, item.lecturer.FIRSTNAME, item.session.state, item.done])).toEqual([[course.id, 'Grace', 'OPEN', false]]);
    expect(await list()).toEqual(first);
    // each table it reads, changed alone
    await t.db.update(evaluationSessions).set({ name: 'Kept, renamed' }).where(eq(evaluationSessions.id, lastDay.id));
    expect((await list())[0]!.session.name).toBe('Kept, renamed');
    await t.db.update(subjects).set({ name: 'Compilers II' }).where(eq(subjects.id, course.id));
    expect((await list())[0]!.subject.name).toBe('Compilers II');
    await t.db
      .update(classes)
      .set({ code: `${own.code} B` })
      .where(eq(classes.id, own.id));
    expect((await list())[0]!.class.code).toBe(`${own.code} B`);
    await t.db.update(persons).set({ LASTNAME: 'Hopper' }).where(eq(persons.id, grace.id));
    expect((await list())[0]!.lecturer.LASTNAME).toBe('Hopper');
    await t.db.insert(studentSubjects).values({ studentId: reader.id, subjectId: option.id, createdAt: t.clock.now() });
    expect((await list()).map((item) => item.subject.id).sort()).toEqual([course.id, option.id].sort());
    await t.db.insert(evaluationTargets).values({ sessionId: lastDay.id, classId: own.id, subjectId: course.id, lecturerId: ada.id });
    expect(await list()).toHaveLength(3);
    // an answer submitted: done
    const target = first[0]!.STUDENT_EVALUATION_SESSION;
    ok(await client.post('/api/question-forms/submit', submission(target, lastDay.id, full)), 201);
    expect((await list()).find((item) => item.STUDENT_EVALUATION_SESSION === target)!.done).toBe(true);
    // after midnight (university time), nothing changed but the day: the session has ended
    const now = t.clock.now().getTime();
    t.clock.advance(new Date(`${lastDay.endDate}T23:01:00.000Z`).getTime() - now);
    try {
      const after = await evaluationsOf(await sessionFor(t, reader.id), reader.id);
      expect(after.map((item) => [item.session.state, item.session.open])).toEqual([
        ['ENDED', false],
        ['ENDED', false],
        ['ENDED', false],
      ]);
    } finally {
      t.clock.advance(now - t.clock.now().getTime());
    }
  });

  it('takes one submission per (target, student) and marks it done; the second is refused without a second ballot', async () => {
    const item = await targetOf(mine, student.id, session.id, algo.id);
    const first = ok<{ done: boolean }>(
      await mine.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, { ...full, comment: '  Good  ' })),
      201,
    );
    expect(first.done).toBe(true);
    const again = await mine.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, { clear: 'no', useful: 1 }));
    expect([again.statusCode, error(again).code]).toEqual([409, 'EVALUATION_ALREADY_ANSWERED']);
    expect((await targetOf(mine, student.id, session.id, algo.id)).done).toBe(true);
    expect((await targetOf(mine, student.id, session.id, networks.id)).done).toBe(false);
    const participations = await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.targetId, item.STUDENT_EVALUATION_SESSION));
    expect(participations).toEqual([{ targetId: item.STUDENT_EVALUATION_SESSION, studentId: student.id }]);
    expect(await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id))).toHaveLength(2);
    // the submission leaves nothing in the audit log
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.actorId, student.id));
    expect(audited.filter((entry) => entry.action !== 'access.refused')).toEqual([]);
  });

  it('refuses sessions not open today (university time): not started, ended', async () => {
    for (const closed of [future, ended]) {
      const item = await targetOf(mine, student.id, closed.id, algo.id);
      expect(item.session.open).toBe(false);
      const res = await mine.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, closed.id, full));
      expect([closed.name, res.statusCode, error(res).code]).toEqual([closed.name, 409, 'EVALUATION_NOT_OPEN']);
    }
    // the last day is open until midnight, university time (UTC+1), and closed after it
    const lastDay = await createSession(t, academic, { formId: form.id, classIds: [klass.id], from: -3, to: 0, name: 'Last day' });
    const item = await targetOf(mine, student.id, lastDay.id, algo.id);
    const other = await targetOf(mine, student.id, lastDay.id, networks.id);
    const now = t.clock.now().getTime();
    // midnight at the end of the last day, university time, is 23:00 UTC
    const midnight = new Date(`${lastDay.endDate}T23:00:00.000Z`).getTime();
    t.clock.advance(midnight - 60_000 - now);
    try {
      const late = await sessionFor(t, student.id);
      ok(await late.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, lastDay.id, full)), 201);
      t.clock.advance(120_000);
      expect(error(await late.post('/api/question-forms/submit', submission(other.STUDENT_EVALUATION_SESSION, lastDay.id, full))).code).toBe(
        'EVALUATION_NOT_OPEN',
      );
    } finally {
      t.clock.advance(now - t.clock.now().getTime());
    }
  });

  it('refuses answers that do not fit the form, naming the questions, and saves nothing', async () => {
    const item = await targetOf(mine, student.id, session.id, networks.id);
    const cases: [Record<string, string | number>, Record<string, string>][] = [
      [{ useful: 3 }, { clear: 'validation.required' }],
      [{ clear: 'maybe', useful: 3 }, { clear: 'validation.invalid' }],
      [
        { clear: 'yes', useful: 6, pace: 0 },
        { useful: 'validation.invalid', pace: 'validation.invalid' },
      ],
      [{ clear: 'yes', useful: 2.5 }, { useful: 'validation.invalid' }],
      [
        { clear: 4, useful: '   ' },
        { clear: 'validation.invalid', useful: 'validation.required' },
      ],
      [{ ...full, comment: 'x'.repeat(2001) }, { comment: 'validation.tooLong' }],
      [{ ...full, unknown: 'yes' }, { unknown: 'validation.invalid' }],
    ];
    for (const [answers, fields] of cases) {
      const res = await mine.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, answers));
      expect([JSON.stringify(answers).slice(0, 60), res.statusCode, error(res).code, error(res).fields]).toEqual([
        JSON.stringify(answers).slice(0, 60),
        400,
        'EVALUATION_ANSWERS_INVALID',
        fields,
      ]);
    }
    expect(await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.targetId, item.STUDENT_EVALUATION_SESSION))).toEqual([]);
    // digits for a scale are taken, and an optional question may be left out
    ok(await mine.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, { clear: 'partly', useful: '5' })), 201);
  });

  it("refuses another class's target, a target named with another session, and submissions by anyone but a student", async () => {
    const theirs = await targetOf(await sessionFor(t, outsider.id), outsider.id, session.id, elsewhere.id);
    const res = await mine.post('/api/question-forms/submit', submission(theirs.STUDENT_EVALUATION_SESSION, session.id, full));
    expect([res.statusCode, error(res).code]).toEqual([404, 'NOT_FOUND']);
    const classmates = await targetOf(await sessionFor(t, classmate.id), classmate.id, session.id, algo.id);
    expect((await mine.post('/api/question-forms/submit', submission(classmates.STUDENT_EVALUATION_SESSION, future.id, full))).statusCode).toBe(404);
    const lecturer = await sessionFor(t, ada.id);
    expect((await lecturer.post('/api/question-forms/submit', submission(classmates.STUDENT_EVALUATION_SESSION, session.id, full))).statusCode).toBe(403);
    expect((await academic.post('/api/question-forms/submit', submission(classmates.STUDENT_EVALUATION_SESSION, session.id, full))).statusCode).toBe(403);
    expect(await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.studentId, outsider.id))).toEqual([]);
  });

  it('counts the targets and participations of each session', async () => {
    const list = ok<{ sessions: EvaluationSession[] }>(await academic.get('/api/evaluation-sessions')).sessions;
    const open = list.find((s) => s.id === session.id)!;
    // straight from the tables, to compare with
    const n = (
      await t.db
        .select({ id: evaluationParticipations.targetId })
        .from(evaluationParticipations)
        .innerJoin(evaluationTargets, eq(evaluationTargets.id, evaluationParticipations.targetId))
        .where(eq(evaluationTargets.sessionId, session.id))
    ).length;
    expect([open.targets, open.participations, open.state]).toEqual([3, n, 'OPEN']);
    expect(n).toBeGreaterThanOrEqual(3);
  });
});

describe('the demo evaluation', () => {
  it('has an open session over the demo student class, whose targets come from the demo assignments, and student accounts to answer it', async () => {
    const demoStudent = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.student.matricule));
    const items = (await evaluationsOf(demoStudent, await personIdOf(t, DEMO_ACCOUNTS.student.matricule))).filter((item) => item.session.open);
    expect(items.map((item) => item.subject.code).sort()).toEqual(['GSI101', 'GSI102', 'GSI104']);
    expect(items.every((item) => item.class.code === 'BTS1 GSI/J A' && !item.done)).toBe(true);
    const form = ok<QuestionForm>(await demoStudent.get(`/api/question-forms/${items[0]!.formId}`));
    expect(form.content.sections.map((s) => s.key)).toEqual(['course', 'lecturer', 'overall']);
    expect(new Set(form.content.sections.flatMap((s) => s.questions.map((q) => q.type)))).toEqual(new Set(['CHOICE', 'SCALE', 'TEXT']));
    // six more students of that class can sign in and answer it
    const answering = await t.db
      .select({ matricule: persons.MATRICULE, classCode: classes.code, account: accounts.personId })
      .from(persons)
      .innerJoin(classes, eq(classes.id, persons.classId))
      .innerJoin(accounts, eq(accounts.personId, persons.id))
      .where(inArray(persons.MATRICULE, [...DEMO_EVALUATION_STUDENTS]));
    expect(answering.map((row) => [row.matricule, row.classCode]).sort()).toEqual(DEMO_EVALUATION_STUDENTS.map((m) => [m, 'BTS1 GSI/J A']));
    // Reviews show PER0001 last semester's results at once
    const reviews = ok<ReviewList>(await (await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.permanent.matricule))).get('/api/reviews'));
    expect(reviews.reviews.filter((r) => !r.hidden).map((r) => [r.subject.code, r.class.code, r.session.state, r.answers, r.notShown])).toEqual([
      ['GSI201', 'BTS2 GSI/S A', 'ENDED', 5, 2],
    ]);
  });
});
