/*
 * Finding 12 (issue 33): "the academic office can tie one student's evaluation answers to that
 * student". The office read each student's "done" flags, waited until a sixth answer of a target
 * sat sealed after a first group of five, moved the session's end date to its start date, let the
 * job mix the lone ballot, and read the results go from 5 to 6 answers: the difference was that
 * student's answers. A second PATCH reopened the session. The same happened at every session's
 * natural end for a last group of 1 to 4.
 *
 * What holds now (decision 64): a target's published answers only ever grow by a group of at least
 * BALLOT_MIX_SIZE; a smaller last group is never published (the office is told how many answers are
 * not shown); the office does not read a student's done flags; and once a session has answers its
 * last day cannot be moved earlier.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALLOT_MIX_SIZE, type EvaluationResults, type EvaluationSession } from '@portal/contract';
import { evaluationBallots } from '../db/schema';
import { ok, sessionFor, type Client, type TestApp, createTestApp } from '../../test/helpers';
import { assign, makeClass, makeLecturer, makeStudent, makeSubject, type FixturePerson, type FixtureSubject } from '../features/timetable/timetable.fixtures';
import { runBallotMix } from '../features/evaluation/ballots.service';
import { createForm, createSession, dayFrom, evaluationsOf, office, submission } from '../features/evaluation/evaluation.fixtures';

let t: TestApp;
let academic: Client;
let students: FixturePerson[];
let algo: FixtureSubject;
let networks: FixtureSubject;
let session: EvaluationSession;

async function submit(student: FixturePerson, subject: FixtureSubject, answers: Record<string, string | number>) {
  const client = await sessionFor(t, student.id);
  const item = (await evaluationsOf(client, student.id)).find((x) => x.session.id === session.id && x.subject.id === subject.id)!;
  ok(await client.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, answers)), 201);
}

const results = async () => ok<EvaluationResults>(await academic.get(`/api/evaluation-sessions/${session.id}/results`));
const targetOf = async (subject: FixtureSubject) => (await results()).targets.find((target) => target.subject.id === subject.id)!;

beforeAll(async () => {
  t = await createTestApp();
  academic = await office(t);
  const klass = await makeClass(t, 'F12');
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  const ada = await makeLecturer(t, { firstname: 'Ada' });
  students = [];
  for (let i = 0; i < 8; i++) students.push(await makeStudent(t, { klass, firstname: `Student${i}` }));
  await assign(t, ada, [
    { subject: algo, part: 'CM' },
    { subject: networks, part: 'CM' },
  ]);
  const form = await createForm(academic);
  session = await createSession(t, academic, { formId: form.id, classIds: [klass.id] });
});
afterAll(async () => {
  await t?.close();
});

describe('finding 12: the last group of a target', () => {
  it('does not let the office read which student has answered which target', async () => {
    await submit(students[7]!, networks, { clear: 'no', useful: 1 });
    const read = await academic.get(`/api/students/subjects/${students[7]!.id}`);
    console.warn(`finding 12, the office reads a student's done flags: ${read.statusCode}`);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('"done"');
    // the student still reads their own
    const own = await evaluationsOf(await sessionFor(t, students[7]!.id), students[7]!.id);
    expect(own.find((item) => item.subject.id === networks.id)?.done).toBe(true);
  });

  it('keeps a lone sixth answer out of the results when the office ends the session early, lets it end, and reopens it', async () => {
    for (let i = 0; i < BALLOT_MIX_SIZE; i++) await submit(students[i]!, algo, { clear: 'partly', useful: 3, comment: 'group' });
    expect(await targetOf(algo)).toMatchObject({ answers: BALLOT_MIX_SIZE, participants: BALLOT_MIX_SIZE });
    await submit(students[BALLOT_MIX_SIZE]!, algo, { clear: 'yes', useful: 5, comment: 'the lone one' });

    // the attack: the end date set to the start date, so that the session counts as ended, then the job
    const early = await academic.request('PATCH', `/api/evaluation-sessions/${session.id}`, { endDate: session.startDate });
    await runBallotMix(t.app.ctx);
    const afterAttack = await targetOf(algo);
    console.warn(
      `finding 12, end moved to the start with answers in: ${early.statusCode}; answers shown after the job: ${afterAttack.answers} (first group ${BALLOT_MIX_SIZE})`,
    );
    expect(afterAttack.answers).toBe(BALLOT_MIX_SIZE);
    expect(JSON.stringify(afterAttack)).not.toContain('the lone one');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'EVALUATION_END_LOCKED' });
    expect(afterAttack).toMatchObject({ participants: BALLOT_MIX_SIZE + 1, notShown: 1 });

    // the natural end: the job runs past the last day; the lone answer is still not shown
    const days = 12;
    t.clock.advance(days * 24 * 3600_000);
    try {
      academic = await office(t);
      await runBallotMix(t.app.ctx);
      const ended = await targetOf(algo);
      expect(ended).toMatchObject({ answers: BALLOT_MIX_SIZE, notShown: 1 });
      expect(JSON.stringify(ended)).not.toContain('the lone one');
      // the last group of 1 of the other target is never shown either, and no ballot is left sealed
      expect(await targetOf(networks)).toMatchObject({ answers: 0, hidden: true, participants: 1, notShown: 1 });
      expect(await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id))).toEqual([]);

      // reopened (its last day moved later): the published answers still grow only by a whole group
      ok(await academic.request('PATCH', `/api/evaluation-sessions/${session.id}`, { endDate: dayFrom(t, 3) }));
      await submit(students[BALLOT_MIX_SIZE + 1]!, algo, { clear: 'no', useful: 1 });
      await runBallotMix(t.app.ctx);
      expect(await targetOf(algo)).toMatchObject({ answers: BALLOT_MIX_SIZE, notShown: 2 });
    } finally {
      t.clock.advance(-days * 24 * 3600_000);
    }
  });
});
