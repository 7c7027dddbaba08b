import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationSession } from '@portal/contract';
import { evaluationBallots, evaluationParticipations, evaluationResponses, evaluationTargets } from '../../db/schema';
import { onPostgres, sameSessionOn, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { assign, makeClass, makeLecturer, makeStudent, makeSubject, type FixturePerson, type FixtureSubject } from '../timetable/timetable.fixtures';
import { runBallotMix } from './ballots.service';
import { createForm, createSession, evaluationsOf, office, submission } from './evaluation.fixtures';

/**
 * One submission per (target, student) under concurrency (decision 39): the participation's primary
 * key decides, and the ballot is written in the same transaction, so a refused submission leaves no
 * ballot. Submissions and mixes running at once on two server instances of one PostgreSQL database
 * write each ballot's answer exactly once. PGlite runs one query at a time and would hide the races.
 */
describe.runIf(onPostgres)('evaluation submissions under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();
  let session: EvaluationSession;
  let subject: FixtureSubject;
  let students: FixturePerson[];
  let academic: Client;
  let formId: number;
  let classId: number;

  beforeAll(async () => {
    const { t } = cluster;
    academic = await office(t);
    const klass = await makeClass(t, 'CC');
    classId = klass.id;
    subject = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
    const lecturer = await makeLecturer(t);
    await assign(t, lecturer, [{ subject, part: 'CM' }]);
    students = [];
    for (let i = 0; i < 24; i++) students.push(await makeStudent(t, { klass }));
    formId = (await createForm(academic)).id;
    session = await createSession(t, academic, { formId, classIds: [klass.id] });
  });

  const tally = (codes: string[]) => codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});
  const answer = (res: { statusCode: number; json: () => unknown }) =>
    res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${(res.json() as { code: string }).code}`;

  it(
    'takes exactly one of 40 identical submissions sent at once by one student from two instances: one participation, one ballot',
    { timeout: 120_000 },
    async () => {
      const { t, other } = cluster;
      const student = students[0]!;
      const here = await sessionFor(t, student.id);
      const there = sameSessionOn(here, other);
      const item = (await evaluationsOf(here, student.id)).find((x) => x.session.id === session.id)!;
      const body = submission(item.STUDENT_EVALUATION_SESSION, session.id, { clear: 'yes', useful: 4 });
      const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? here : there).post('/api/question-forms/submit', body)));
      const participations = await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.targetId, item.STUDENT_EVALUATION_SESSION));
      const ballots = await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id));
      expect({ answers: tally(responses.map(answer)), participations: participations.length, ballots: ballots.length }).toEqual({
        answers: { '201': 1, '409 EVALUATION_ALREADY_ANSWERED': 39 },
        participations: 1,
        ballots: 1,
      });
    },
  );

  it('writes each answer exactly once when 23 students submit at once on two instances and the mixes race', { timeout: 120_000 }, async () => {
    const { t, other } = cluster;
    const [target] = await t.db.select({ id: evaluationTargets.id }).from(evaluationTargets).where(eq(evaluationTargets.sessionId, session.id));
    const others = students.slice(1);
    const clients = await Promise.all(others.map(async (student, i) => sessionFor(t, student.id, i % 2 === 0 ? t.app : other)));
    const responses = await Promise.all(
      clients.map((client, i) => client.post('/api/question-forms/submit', submission(target!.id, session.id, { clear: 'partly', useful: (i % 5) + 1 }))),
    );
    expect(tally(responses.map(answer))).toEqual({ '201': others.length });
    // what a mix skipped (another held the session) the job takes
    await runBallotMix(t.app.ctx);
    const participations = await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.targetId, target!.id));
    const mixed = await t.db
      .select()
      .from(evaluationResponses)
      .where(inArray(evaluationResponses.targetId, [target!.id]));
    const waiting = await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id));
    expect({ participations: participations.length, answers: mixed.length + waiting.length, waiting: waiting.length < 5 }).toEqual({
      participations: students.length,
      answers: students.length,
      waiting: true,
    });
  });

  it(
    'never lets the last day move earlier once a session has answers, when submissions and the change race on two instances (decision 64)',
    { timeout: 180_000 },
    async () => {
      const { t, other } = cluster;
      const outcomes: string[] = [];
      for (let round = 0; round < 6; round++) {
        const racing = await createSession(t, academic, { formId, classIds: [classId], name: `Race ${round}` });
        const [target] = await t.db.select({ id: evaluationTargets.id }).from(evaluationTargets).where(eq(evaluationTargets.sessionId, racing.id));
        const clients = await Promise.all(students.slice(0, 12).map((student, i) => sessionFor(t, student.id, i % 2 === 0 ? t.app : other)));
        const submit = (client: Client) => client.post('/api/question-forms/submit', submission(target!.id, racing.id, { clear: 'yes', useful: 3 }));
        const [early, ...answers] = await Promise.all([
          new Promise<Awaited<ReturnType<Client['post']>>>((resolve) =>
            setTimeout(() => resolve(academic.request('PATCH', `/api/evaluation-sessions/${racing.id}`, { endDate: racing.startDate })), round),
          ),
          ...clients.map(submit),
        ]);
        const participations = (await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.targetId, target!.id))).length;
        outcomes.push(`${early.statusCode}/${participations}`);
        // either the change came first and nobody answered after it, or an answer came first and the change was refused
        if (early.statusCode === 200)
          expect({ participations, answers: tally(answers.map(answer)) }).toEqual({
            participations: 0,
            answers: { '409 EVALUATION_NOT_OPEN': clients.length },
          });
        else expect({ change: answer(early), some: participations > 0 }).toEqual({ change: '409 EVALUATION_END_LOCKED', some: true });
      }
      console.warn(`end-date race (change status/participations per round): ${outcomes.join(' ')}`);
    },
  );
});
