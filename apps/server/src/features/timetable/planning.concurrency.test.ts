import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LessonConflict } from '@portal/contract';
import { billingPeriods, classes, lessons, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { DEMO_STUDENT_CLASSES } from '../../seed/timetable';
import { onPostgres, personIdOf, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { assign, lessonOf } from './planning.fixtures';

/**
 * The exclusion constraints (migration 0012) under concurrent plans sent to two server instances
 * on one PostgreSQL database (decision 35): the check before the insert only names the other
 * lesson; the constraints are what holds. PGlite runs one query at a time and would hide the
 * races, so these run on PostgreSQL only. The last test drops the constraints of this test's
 * database and shows the double bookings the check alone lets through.
 */
describe.runIf(onPostgres)('planning lessons under concurrency (PostgreSQL, two instances)', () => {
  const AT_ONCE = 12;
  const ROUNDS = 4;
  const cluster = twoInstances();
  /** the academic office on each instance */
  let agents: Client[];
  /** one subject in each of AT_ONCE classes no demo lesson is in */
  let spread: { id: number; classId: number }[];
  /** a lecturer assigned the lecture of every subject of `spread` */
  let busyLecturer: number;
  /** AT_ONCE lecturers, the i-th assigned the tutorial (TD) of the i-th subject of `spread` */
  let roomMates: number[];

  beforeAll(async () => {
    const { t, other } = cluster;
    const office = await personIdOf(t, DEMO_ACCOUNTS.academic.matricule);
    agents = [await sessionFor(t, office, t.app), await sessionFor(t, office, other)];
    const free = await t.db
      .select({ id: classes.id })
      .from(classes)
      .where(notInArray(classes.code, [...DEMO_STUDENT_CLASSES]))
      .orderBy(classes.id)
      .limit(AT_ONCE);
    spread = [];
    for (const klass of free) {
      const [subject] = await t.db
        .select({ id: subjects.id, classId: subjects.classId })
        .from(subjects)
        .where(eq(subjects.classId, klass.id))
        .orderBy(subjects.id)
        .limit(1);
      spread.push(subject!);
    }
    busyLecturer = await assign(
      t,
      'VAC0012',
      spread.map((s) => ({ subjectId: s.id, part: 'CM' })),
    );
    roomMates = [];
    for (const [i, subject] of spread.entries())
      roomMates.push(await assign(t, `VAC${String(13 + i).padStart(4, '0')}`, [{ subjectId: subject.id, part: 'TD' }]));
  });

  type Answer = { statusCode: number; json: () => unknown };
  const codeOf = (res: Answer) => (res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${(res.json() as { code: string }).code}`);
  const count = (keys: string[]) => keys.reduce<Record<string, number>>((acc, key) => ({ ...acc, [key]: (acc[key] ?? 0) + 1 }), {});
  const tally = (answers: Answer[]) => count(answers.map(codeOf));

  /** AT_ONCE lessons at overlapping times on one day, sent at once, alternating between the instances. */
  async function race(day: string, kind: 'LECTURER' | 'ROOM') {
    const bodies = spread.map((subject, i) => {
      const begin = `08:${String(i * 5).padStart(2, '0')}`;
      return kind === 'LECTURER'
        ? lessonOf(subject, busyLecturer, day, { BEGIN_TIME: begin, END_TIME: '09:50' })
        : lessonOf(subject, roomMates[i]!, day, { PART: 'TD', BEGIN_TIME: begin, END_TIME: '09:50', ROOM: 'C01', BUILDING: 'Bloc C', CAMPUS: 'Logbessou' });
    });
    const answers = await Promise.all(bodies.map((body, i) => agents[i % 2]!.post('/api/lessons', body)));
    const saved = await cluster.t.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        and(
          eq(lessons.date, day),
          inArray(
            lessons.subjectId,
            spread.map((s) => s.id),
          ),
        ),
      );
    return { answers, saved };
  }

  for (const kind of ['LECTURER', 'ROOM'] as const) {
    it(
      `saves exactly one of ${AT_ONCE} lessons planned at once for the same ${kind === 'LECTURER' ? 'lecturer' : 'room'} at overlapping times; the others are 409 LESSON_CONFLICT naming it`,
      { timeout: 120_000 },
      async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const day = addDays(kind === 'LECTURER' ? '2037-03-02' : '2037-06-01', round * 7);
          const { answers, saved } = await race(day, kind);
          expect({ day, answers: tally(answers), saved: saved.length }).toEqual({ day, answers: { '201': 1, '409 LESSON_CONFLICT': AT_ONCE - 1 }, saved: 1 });
          const conflicts = answers.filter((a) => a.statusCode === 409).map((a) => (a.json() as { conflict: LessonConflict }).conflict);
          expect(new Set(conflicts.map((c) => `${c.kind} ${c.lesson.id}`))).toEqual(new Set([`${kind} ${saved[0]!.id}`]));
        }
      },
    );
  }

  it('plans overlapping billing periods at once: exactly one is created, the others 409 BILLING_PERIOD_OVERLAP', { timeout: 60_000 }, async () => {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        agents[i % 2]!.post('/api/billing-periods', { NAME: `Race ${i}`, BEGIN_DATE: `2037-09-${String(1 + i).padStart(2, '0')}`, END_DATE: '2037-09-30' }),
      ),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 BILLING_PERIOD_OVERLAP': AT_ONCE - 1 });
    expect(
      await cluster.t.db
        .select({ id: billingPeriods.id })
        .from(billingPeriods)
        .where(sql`${billingPeriods.name} like 'Race %'`),
    ).toHaveLength(1);
  });

  it(
    `keeps each of ${AT_ONCE * 2} lessons either refused or billed when one agent refuses them one by one while another bills their period, on two instances`,
    { timeout: 120_000 },
    async () => {
      // two lessons a day for the busy lecturer over AT_ONCE days of October 2037, validated
      const ids: number[] = [];
      for (let day = 0; day < AT_ONCE; day++) {
        for (const [slot, begin, end] of [
          [0, '08:00', '09:50'],
          [1, '10:10', '12:00'],
        ] as const) {
          const res = await agents[0]!.post(
            '/api/lessons',
            lessonOf(spread[slot]!, busyLecturer, addDays('2037-10-01', day), { BEGIN_TIME: begin, END_TIME: end }),
          );
          ids.push((res.json() as { lessons: { id: number }[] }).lessons[0]!.id);
        }
      }
      expect((await agents[0]!.post('/api/lessons/decisions', { DECISION: 'VALIDATE', LESSON_IDS: ids })).json()).toEqual({ changed: ids.length });
      const period = (await agents[0]!.post('/api/billing-periods', { NAME: 'October 2037', BEGIN_DATE: '2037-10-01', END_DATE: '2037-10-31' })).json() as {
        id: number;
      };

      const [billing, ...refusals] = await Promise.all([
        agents[1]!.post('/api/lessons/billing', { BILLING_PERIOD_ID: period.id }),
        ...ids.map((id) => agents[0]!.post('/api/lessons/decisions', { DECISION: 'REFUSE', LESSON_IDS: [id] })),
      ]);
      const rows = await cluster.t.db
        .select({ id: lessons.id, status: lessons.status, period: lessons.billingPeriodId })
        .from(lessons)
        .where(inArray(lessons.id, ids));
      const billed = (billing!.json() as { changed: number }).changed;
      const outcomeOf = (i: number) => {
        const row = rows.find((r) => r.id === ids[i])!;
        return `${codeOf(refusals[i]!)} → ${row.status}${row.period === null ? '' : ' billed'}`;
      };
      const seen = count(ids.map((_, i) => outcomeOf(i)));
      // every refusal that answered 200 left its lesson refused and unbilled; every lesson billed refused the refusal
      expect(
        Object.keys(seen).every((key) => ['200 → NotValidated', '409 LESSON_DECIDED → ValidatedAndBilled billed'].includes(key)),
        JSON.stringify(seen),
      ).toBe(true);
      expect(rows.filter((r) => r.status === 'ValidatedAndBilled').length).toBe(billed);
    },
  );

  // Last: it drops the constraints of this test's database.
  it(
    'double-books the lecturer and the room once the exclusion constraints are dropped: the check before the insert does not hold alone',
    { timeout: 120_000 },
    async () => {
      await cluster.t.db.execute(
        sql`alter table lessons drop constraint lessons_lecturer_excl, drop constraint lessons_class_excl, drop constraint lessons_room_excl`,
      );
      const saved: Record<string, number[]> = { LECTURER: [], ROOM: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of ['LECTURER', 'ROOM'] as const) {
          const { saved: rows } = await race(addDays(kind === 'LECTURER' ? '2038-03-01' : '2038-06-07', round * 7), kind);
          saved[kind]!.push(rows.length);
        }
      }
      // some round of each saved more than one lesson: the same lecturer, or the same room, twice at once
      expect({ lecturerDoubleBooked: saved.LECTURER!.some((n) => n > 1), roomDoubleBooked: saved.ROOM!.some((n) => n > 1) }, JSON.stringify(saved)).toEqual({
        lecturerDoubleBooked: true,
        roomDoubleBooked: true,
      });
    },
  );
});
