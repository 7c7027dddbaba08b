import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, planningMails } from '../../db/schema';
import { onPostgres, twoInstances } from '../../../test/helpers';
import { makeClass, makeLecturer, makeStudent, makeSubject, moveTo, planLesson, type FixturePerson } from './timetable.fixtures';
import { runWeeklyPlanning } from './weekly-planning.service';

const LECTURERS = 6;
const STUDENTS = 60;
const ROUNDS = 3;

/**
 * The weekly planning mail run by several handlers at once on two server instances (two pg-boss
 * workers, a late tick, the development runner): the `planning_mails` row inserted with the mail is
 * the guard. PGlite runs one query at a time and would hide the race: PostgreSQL only.
 */
describe.runIf(onPostgres)('the weekly planning mail on two instances at once (PostgreSQL)', () => {
  const both = twoInstances();
  let people: FixturePerson[];

  beforeAll(async () => {
    const { t } = both;
    moveTo(t, '2031-03-07T09:00:00Z');
    const klass = await makeClass(t);
    const subject = await makeSubject(t, klass, { name: 'Concurrency', nameFr: 'Concurrence' });
    const lecturers: FixturePerson[] = [];
    for (let i = 0; i < LECTURERS; i++) {
      const lecturer = await makeLecturer(t, { firstname: `Lecturer${i}` });
      lecturers.push(lecturer);
      // one lesson each, Monday to Saturday of the week of the 10th
      await planLesson(t, { subject, lecturer, date: `2031-03-${10 + i}`, begin: '08:00', end: '09:50' });
    }
    const students: FixturePerson[] = [];
    for (let i = 0; i < STUDENTS; i++) students.push(await makeStudent(t, { klass, firstname: `Student${i}`, ...(i % 2 ? { lang: 'fr' as const } : {}) }));
    people = [...lecturers, ...students];
    // Saturday 8 March 2031, 08:00 in Douala
    moveTo(t, '2031-03-08T07:00:00Z');
  });

  it(
    `mails each of ${LECTURERS + STUDENTS} people exactly once when ${ROUNDS} rounds of four handlers run at the same moment on two instances`,
    { timeout: 120_000 },
    async () => {
      const { t, other } = both;
      const results = [];
      for (let round = 0; round < ROUNDS; round++) {
        results.push(...(await Promise.all([t.app.ctx, other.ctx, t.app.ctx, other.ctx].map((ctx) => runWeeklyPlanning(ctx)))));
      }
      const mails = await t.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, 'weekly-planning'),
            inArray(
              mailOutbox.toAddress,
              people.map((p) => p.email),
            ),
          ),
        );
      const perPerson = new Map<string, number>();
      for (const mail of mails) perPerson.set(mail.to, (perPerson.get(mail.to) ?? 0) + 1);
      expect(people.filter((p) => perPerson.get(p.email) !== 1).map((p) => `${p.firstname}: ${perPerson.get(p.email) ?? 0}`)).toEqual([]);
      expect(mails).toHaveLength(people.length);
      const rows = await t.db
        .select()
        .from(planningMails)
        .where(
          inArray(
            planningMails.personId,
            people.map((p) => p.id),
          ),
        );
      expect(rows).toHaveLength(people.length);
      expect(new Set(rows.map((row) => row.weekOf))).toEqual(new Set(['2031-03-10']));
      // Every mail was reported by one run only: the runs' counts add up to the weekly mails written (the demo's included).
      const all = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.kind, 'weekly-planning'));
      expect(results.reduce((sum, r) => sum + r.mailed, 0)).toBe(all.length);
      expect(results.filter((r) => r.mailed > 0).length).toBeGreaterThanOrEqual(1);
    },
  );
});
