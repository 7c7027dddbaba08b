import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_THRESHOLD, type EvaluationResults, type EvaluationSession, type EvaluationTargetResult, type ReviewList } from '@portal/contract';
import { auditLog, evaluationBallots, evaluationResponses } from '../../db/schema';
import { createTestApp, ok, sessionFor, type Client, type TestApp } from '../../../test/helpers';
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
import { createForm, createSession, evaluationsOf, office, submission } from './evaluation.fixtures';

let t: TestApp;
let academic: Client;
let klass: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let ada: FixturePerson;
let blaise: FixturePerson;
let students: FixturePerson[];
let session: EvaluationSession;

/** What each of the five students answers about Algorithms (Ada). */
const ANSWERS: Record<string, string | number>[] = [
  { clear: 'yes', useful: 5, pace: 3, comment: 'Great' },
  { clear: 'partly', useful: 4 },
  { clear: 'no', useful: 3, pace: 1, comment: 'Too fast' },
  { clear: 'yes', useful: 5 },
  { clear: 'yes', useful: 2, pace: 2, comment: '   ' },
];

async function submit(student: FixturePerson, subject: FixtureSubject, answers: Record<string, string | number>) {
  const client = await sessionFor(t, student.id);
  const item = (await evaluationsOf(client, student.id)).find((x) => x.session.id === session.id && x.subject.id === subject.id)!;
  ok(await client.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, answers)), 201);
}

const results = async (query = '') => ok<EvaluationResults>(await academic.get(`/api/evaluation-sessions/${session.id}/results${query}`));
const targetOf = (r: { targets: EvaluationTargetResult[] }, subject: FixtureSubject) => r.targets.find((x) => x.subject.id === subject.id)!;

beforeAll(async () => {
  t = await createTestApp();
  academic = await office(t);
  klass = await makeClass(t, 'RS');
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  ada = await makeLecturer(t, { firstname: 'Ada' });
  blaise = await makeLecturer(t, { firstname: 'Blaise' });
  students = [];
  for (let i = 0; i < 6; i++) students.push(await makeStudent(t, { klass, firstname: `Student${i}` }));
  await assign(t, ada, [{ subject: algo, part: 'CM' }]);
  await assign(t, blaise, [{ subject: networks, part: 'CM' }]);
  const form = await createForm(academic);
  session = await createSession(t, academic, { formId: form.id, classIds: [klass.id] });
});
afterAll(async () => {
  await t?.close();
});

describe('results past the threshold', () => {
  it(`hides a target's results with ${RESULTS_THRESHOLD - 1} answers, for the office and for the lecturer`, async () => {
    for (let i = 0; i < RESULTS_THRESHOLD - 1; i++) await submit(students[i]!, algo, ANSWERS[i]!);
    await submit(students[5]!, networks, { clear: 'yes', useful: 1 });
    const algoResult = targetOf(await results(), algo);
    expect({ hidden: algoResult.hidden, answers: algoResult.answers, participants: algoResult.participants, questions: algoResult.questions }).toEqual({
      hidden: true,
      answers: 0,
      participants: 4,
      questions: [],
    });
    // the four sealed ballots wait in the box: not enough to mix
    expect(await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id))).toHaveLength(5);
    const reviews = ok<ReviewList>(await (await sessionFor(t, ada.id)).get('/api/reviews'));
    expect(reviews.reviews.map((r) => [r.subject.code, r.hidden, r.questions.length])).toEqual([[algo.code, true, 0]]);
    expect(reviews.threshold).toBe(RESULTS_THRESHOLD);
  });

  it(`shows them from the ${RESULTS_THRESHOLD}th answer: averages of the marks and the scale values, distributions, comments`, async () => {
    await submit(students[4]!, algo, ANSWERS[4]!);
    const r = await results();
    const algoResult = targetOf(r, algo);
    expect([algoResult.hidden, algoResult.answers, algoResult.participants]).toEqual([false, 5, 5]);
    const q = Object.fromEntries(algoResult.questions.map((question) => [question.key, question]));
    expect([q.clear!.average, q.clear!.maxMark, q.clear!.answered, q.clear!.distribution.map((d) => [d.key, d.mark, d.count])]).toEqual([
      2.8,
      4,
      5,
      [
        ['no', 0, 1],
        ['partly', 2, 1],
        ['yes', 4, 3],
      ],
    ]);
    expect([q.useful!.average, q.useful!.maxMark, q.useful!.distribution.map((d) => [d.key, d.count])]).toEqual([
      3.8,
      5,
      [
        ['1', 0],
        ['2', 1],
        ['3', 1],
        ['4', 1],
        ['5', 2],
      ],
    ]);
    expect([q.pace!.average, q.pace!.answered]).toEqual([2, 3]);
    expect([q.comment!.average, q.comment!.answered, [...q.comment!.comments].sort()]).toEqual([null, 2, ['Great', 'Too fast']]);
    expect(algoResult.questions.map((question) => question.sectionKey)).toEqual(['course', 'course', 'overall', 'overall']);
    // Blaise's one answer: still hidden
    expect(targetOf(r, networks)).toMatchObject({ hidden: true, answers: 0, participants: 1 });
    // the answers were read from the mixed answers only
    expect(await t.db.select().from(evaluationResponses).where(eq(evaluationResponses.targetId, algoResult.targetId))).toHaveLength(5);
  });

  it('gives the participation of each class: students who took part, and evaluations done out of those expected', async () => {
    const r = await results();
    expect(r.participation).toEqual([
      { class: { id: klass.id, code: klass.code }, students: 6, participants: 6, participationRate: 1, submissions: 6, expected: 12, submissionRate: 0.5 },
    ]);
  });

  it('narrows the results to a lecturer, a subject or a class', async () => {
    expect((await results(`?lecturerId=${blaise.id}`)).targets.map((x) => x.subject.code)).toEqual([networks.code]);
    expect((await results(`?subjectId=${algo.id}`)).targets.map((x) => x.lecturer.id)).toEqual([ada.id]);
    expect((await results(`?classId=${klass.id}`)).targets).toHaveLength(2);
    expect((await academic.get(`/api/evaluation-sessions/2000000000/results`)).statusCode).toBe(404);
  });
});

describe('reviews', () => {
  it('shows a lecturer their own results only, whatever the request names', async () => {
    const adaClient = await sessionFor(t, ada.id);
    const own = ok<ReviewList>(await adaClient.get(`/api/reviews?lecturerId=${blaise.id}`));
    expect(own.reviews.map((r) => [r.lecturer.id, r.subject.code, r.hidden, r.answers, r.session.id])).toEqual([[ada.id, algo.code, false, 5, session.id]]);
    expect(own.reviews[0]!.questions.find((question) => question.key === 'clear')!.average).toBe(2.8);
    const blaiseReviews = ok<ReviewList>(await (await sessionFor(t, blaise.id)).get('/api/reviews'));
    expect(blaiseReviews.reviews.map((r) => [r.lecturer.id, r.subject.code, r.hidden])).toEqual([[blaise.id, networks.code, true]]);
    // a lecturer reads no session's results, and a student no review
    expect((await adaClient.get(`/api/evaluation-sessions/${session.id}/results`)).statusCode).toBe(403);
    expect((await adaClient.get(`/api/evaluation-sessions/${session.id}/results?lecturerId=${blaise.id}`)).statusCode).toBe(403);
    expect((await (await sessionFor(t, students[0]!.id)).get('/api/reviews')).statusCode).toBe(403);
  });
});

describe('the export', () => {
  it('exports the results as CSV, one line per question of a shown target and one line for a hidden target, and audits it', async () => {
    const res = await academic.get(`/api/evaluation-sessions/${session.id}/results/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evaluation-results-${session.id}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Subject code');
    const algoLines = lines.filter((line) => line.includes(algo.code));
    const networksLines = lines.filter((line) => line.includes(networks.code));
    expect([algoLines.length, networksLines.length]).toEqual([4, 1]);
    expect(networksLines[0]).toContain('Not enough answers to show results');
    expect(algoLines.find((line) => line.includes('Was it clear?'))).toContain('No: 1; Partly: 1; Yes: 3');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'evaluation-results.exported'));
    expect(entry).toMatchObject({ targetType: 'evaluation-session', targetId: String(session.id), details: { format: 'csv', targets: 2 } });
  });

  it('exports XLSX with a results sheet and a participation sheet', async () => {
    const res = await academic.get(`/api/evaluation-sessions/${session.id}/results/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Results', 'Participation']);
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + 4 + 1);
    expect(workbook.worksheets[1]!.getRow(2).values).toEqual([undefined, klass.code, 6, 6, 1, 6, 12, 0.5]);
    expect((await academic.get(`/api/evaluation-sessions/${session.id}/results/export?format=pdf`)).statusCode).toBe(400);
  });
});
