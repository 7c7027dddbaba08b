/**
 * Anonymity by construction (decision 39), read straight from the database: after submissions,
 * nothing stored with the answers names a student or a time, no system column ties an answer to
 * a participation, the ballot box is empty once mixed, no foreign key or shared value joins an
 * answer to a student, and neither the audit log nor the logs say what a student answered.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALLOT_MIX_SIZE, type EvaluationSession } from '@portal/contract';
import { auditLog, evaluationBallots, evaluationParticipations, evaluationResponses, evaluationTargets } from '../../db/schema';
import { ConfigError } from '../../config';
import { rowsOf } from '../../lib/sql';
import { createTestApp, ok, sessionFor, testConfig, type Client, type TestApp } from '../../../test/helpers';
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
import { PORTAL_JOBS } from '../../app';
import { BALLOT_KEY_FILE, BALLOT_PAD_BYTES, ballotKey, ballotMixJob, openBallot, runBallotMix, sealBallot, shuffled } from './ballots.service';
import { createForm, createSession, evaluationsOf, office, submission } from './evaluation.fixtures';

let t: TestApp;
let academic: Client;
let klass: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let ada: FixturePerson;
let students: FixturePerson[];
let session: EvaluationSession;
const logLines: string[] = [];
/** a comment no log line, audit entry or participation may carry */
const SECRET = `secret-comment-${randomBytes(4).toString('hex')}`;

async function submit(student: FixturePerson, subject: FixtureSubject, answers: Record<string, string | number>, sessionId = session.id) {
  const client = await sessionFor(t, student.id);
  const item = (await evaluationsOf(client, student.id)).find((x) => x.session.id === sessionId && x.subject.id === subject.id)!;
  ok(await client.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, sessionId, answers)), 201);
  return item.STUDENT_EVALUATION_SESSION;
}

/** A raw query's rows (the database read directly, as a database reader would). */
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug' },
    logStream: new Writable({
      write: (chunk, _enc, done) => {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  academic = await office(t);
  klass = await makeClass(t, 'AN');
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  ada = await makeLecturer(t, { firstname: 'Ada' });
  students = [];
  for (let i = 0; i < 7; i++) students.push(await makeStudent(t, { klass, firstname: `Student${i}` }));
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

describe('the answers in the database', () => {
  let algoTarget: number;

  it(`keeps sealed ballots, all of one length, until ${BALLOT_MIX_SIZE} of a target wait; then mixes them and empties the box`, async () => {
    // two ballots of another target do not help the first one's mix
    await submit(students[5]!, networks, { clear: 'no', useful: 1 });
    await submit(students[6]!, networks, { clear: 'no', useful: 2 });
    for (let i = 0; i < BALLOT_MIX_SIZE - 1; i++)
      algoTarget = await submit(students[i]!, algo, { clear: 'yes', useful: 4, comment: i === 0 ? SECRET : 'x'.repeat(1500 + i) });
    const waiting = await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id));
    expect(waiting).toHaveLength(BALLOT_MIX_SIZE + 1);
    expect(new Set(waiting.map((ballot) => ballot.sealed.length)).size).toBe(1);
    expect(waiting.some((ballot) => ballot.sealed.includes(SECRET))).toBe(false);
    expect(
      await t.db
        .select()
        .from(evaluationResponses)
        .where(inArray(evaluationResponses.targetId, [algoTarget])),
    ).toEqual([]);

    await submit(students[BALLOT_MIX_SIZE - 1]!, algo, { clear: 'partly', useful: 5 });
    const responses = await t.db.select().from(evaluationResponses).where(eq(evaluationResponses.targetId, algoTarget));
    expect(responses).toHaveLength(BALLOT_MIX_SIZE);
    expect(responses.some((r) => (r.answers as Record<string, unknown>).comment === SECRET)).toBe(true);
    // the two ballots of the other target still wait, sealed
    expect(await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id))).toHaveLength(2);
  });

  it('stores with the answers no column that names a student or a time, and the participations no time and no answer', async () => {
    const columns = async (table: string) =>
      (
        await query<{ column_name: string }>(
          sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
        )
      ).map((c) => c.column_name);
    expect(await columns('evaluation_responses')).toEqual(['id', 'target_id', 'answers']);
    expect(await columns('evaluation_participations')).toEqual(['target_id', 'student_id']);
    expect(await columns('evaluation_ballots')).toEqual(['id', 'session_id', 'sealed']);
    // the response ids are random (UUID version 4), not a sequence
    const ids = await t.db.select({ id: evaluationResponses.id }).from(evaluationResponses).where(eq(evaluationResponses.targetId, algoTarget));
    expect(ids.every((r) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(r.id))).toBe(true);
  });

  it("gives no answer the system columns of a participation's transaction: answers are written by the mix, together", async () => {
    const participations = await query<{ xmin: string }>(sql`select xmin::text as xmin from ${evaluationParticipations} where target_id = ${algoTarget}`);
    const responses = await query<{ xmin: string }>(sql`select xmin::text as xmin from ${evaluationResponses} where target_id = ${algoTarget}`);
    expect(participations).toHaveLength(BALLOT_MIX_SIZE);
    const participationXmins = new Set(participations.map((p) => p.xmin));
    expect(responses.filter((r) => participationXmins.has(r.xmin))).toEqual([]);
    // every answer of the mix shares one transaction, so none stands out
    expect(new Set(responses.map((r) => r.xmin)).size).toBe(1);
  });

  it('has no foreign key and no shared value by which an answer joins a student', async () => {
    const keys = await query<{ column_name: string; foreign_table: string }>(sql`
      select kcu.column_name, ccu.table_name as foreign_table
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and tc.table_name = 'evaluation_responses' and tc.table_schema = current_schema()`);
    expect(keys).toEqual([{ column_name: 'target_id', foreign_table: 'evaluation_targets' }]);
    // the one join there is, through the target, pairs each participant with every answer of it alike
    const joined = await query<{ student_id: number; answers: number }>(sql`
      select p.student_id, count(r.id)::int as answers
        from ${evaluationParticipations} p join ${evaluationResponses} r on r.target_id = p.target_id
       where p.target_id = ${algoTarget} group by p.student_id`);
    expect(joined.map((row) => row.answers)).toEqual(Array(BALLOT_MIX_SIZE).fill(BALLOT_MIX_SIZE));
    // the answers carry nothing of the students: no id, matricule or name
    const stored = JSON.stringify(
      (await t.db.select({ answers: evaluationResponses.answers }).from(evaluationResponses).where(eq(evaluationResponses.targetId, algoTarget))).map(
        (r) => r.answers,
      ),
    );
    for (const student of students) for (const value of [student.matricule, student.lastname, student.email]) expect(stored).not.toContain(value);
    expect(stored).not.toMatch(/student|matricule|person|"at"|time|date/i);
  });

  it('writes nothing of the answers in the audit log or the logs; a submission is not even audited', async () => {
    const entries = await t.db.select().from(auditLog);
    expect(entries.filter((entry) => JSON.stringify(entry).includes(SECRET))).toEqual([]);
    expect(entries.filter((entry) => students.some((s) => entry.actorId === s.id) && entry.action !== 'access.refused')).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(SECRET))).toEqual([]);
  });

  it('drops, unread, the groups too small to publish once the session has ended (the periodic job), and opens no ballot with another key or session', async () => {
    const [waiting] = await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id));
    const key = ballotKey(t.config);
    expect(openBallot(key, session.id, waiting!.sealed).targetId).toBeGreaterThan(0);
    expect(() => openBallot(randomBytes(32), session.id, waiting!.sealed)).toThrow();
    expect(() => openBallot(key, session.id + 1, waiting!.sealed)).toThrow();

    // still open: the job leaves a target with fewer than BALLOT_MIX_SIZE ballots waiting
    expect(await runBallotMix(t.app.ctx)).toMatchObject({ mixed: 0, dropped: 0 });
    const [networksTarget] = await t.db.select({ id: evaluationTargets.id }).from(evaluationTargets).where(eq(evaluationTargets.subjectId, networks.id));
    const days = 12;
    t.clock.advance(days * 24 * 3600_000);
    try {
      // ended: the two ballots are never published (decision 64), and none stays sealed
      expect(await runBallotMix(t.app.ctx)).toMatchObject({ mixed: 0, dropped: 2 });
      expect(await t.db.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, session.id))).toEqual([]);
      expect(await t.db.select().from(evaluationResponses).where(eq(evaluationResponses.targetId, networksTarget!.id))).toEqual([]);
    } finally {
      t.clock.advance(-days * 24 * 3600_000);
    }
  });
});

describe('the ballot key', () => {
  it('is made once in DATA_DIR, readable by the server only, when EVALUATION_BALLOT_KEY is not set', () => {
    const file = path.join(t.config.dataDir, BALLOT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ballotKey(t.config).equals(ballotKey({ ...t.config }))).toBe(true);
  });

  it('is EVALUATION_BALLOT_KEY when set (32 bytes in base64), and a malformed one stops the server', () => {
    const value = randomBytes(32).toString('base64');
    const config = testConfig({ EVALUATION_BALLOT_KEY: value, DATA_DIR: path.join(t.config.dataDir, 'elsewhere') });
    expect(ballotKey(config).toString('base64')).toBe(value);
    const sealed = sealBallot(ballotKey(config), 7, { targetId: 3, answers: { a: 'b' } });
    expect(openBallot(Buffer.from(value, 'base64'), 7, sealed)).toEqual({ targetId: 3, answers: { a: 'b' } });
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').length).toBe(BALLOT_PAD_BYTES);
    for (const bad of ['short', randomBytes(16).toString('base64'), `${value}x`]) expect(() => testConfig({ EVALUATION_BALLOT_KEY: bad })).toThrow(ConfigError);
  });

  it('is mixed by a periodic job of the portal', () => {
    expect(PORTAL_JOBS).toContain(ballotMixJob);
    expect(ballotMixJob).toMatchObject({ name: 'evaluation.ballot-mix', cron: '*/10 * * * *', everyMs: 600_000, handler: runBallotMix });
  });

  it('mixes in a random order', () => {
    const orders = new Set(Array.from({ length: 30 }, () => shuffled([1, 2, 3, 4, 5]).join('')));
    expect(orders.size).toBeGreaterThan(5);
    expect([...orders].every((order) => [...order].sort().join('') === '12345')).toBe(true);
  });
});
