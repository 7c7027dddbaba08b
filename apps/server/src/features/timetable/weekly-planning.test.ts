import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKLY_PLANNING_MAIL_SETTING } from '@portal/contract';
import { PORTAL_JOBS } from '../../app';
import { mailOutbox, planningMails } from '../../db/schema';
import { Client, createTestApp, ok, sessionFor, type TestApp } from '../../../test/helpers';

import {
  makeClass,
  makeLecturer,
  makeStudent,
  makeSubject,
  moveTo,
  planLesson,
  type FixtureClass,
  type FixturePerson,
  type FixtureSubject,
} from './timetable.fixtures';
import { runWeeklyPlanning, weeklyPlanningJob } from './weekly-planning.service';

let t: TestApp;
let klass: FixtureClass;
let otherClass: FixtureClass;
let algo: FixtureSubject;
let networks: FixtureSubject;
let elsewhere: FixtureSubject;
/** English, teaches algo */
let ada: FixturePerson;
/** French, teaches networks */
let blaise: FixturePerson;
/** French, a student of klass */
let chloe: FixturePerson;
/** a student of the other class, which Eve teaches */
let dan: FixturePerson;
/** turned the mail off in their settings */
let eve: FixturePerson;
/** lessons the week after only */
let fred: FixturePerson;
/** their only lesson next week was refused */
let ivy: FixturePerson;
const everyone = () => [ada, blaise, chloe, dan, eve, fred, ivy];

const run = () => runWeeklyPlanning(t.app.ctx);
const mailsTo = (people: FixturePerson[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'weekly-planning'),
        inArray(
          mailOutbox.toAddress,
          people.map((p) => p.email),
        ),
      ),
    )
    .orderBy(mailOutbox.id);
const countsOf = async (people: FixturePerson[]) => {
  const mails = await mailsTo(people);
  return Object.fromEntries(people.map((p) => [p.firstname, mails.filter((m) => m.toAddress === p.email).length]));
};

beforeAll(async () => {
  t = await createTestApp();
  // Friday 7 March 2031, 10:00 in Douala; the week mailed on Saturday the 8th is Monday 10 to Sunday 16 March.
  moveTo(t, '2031-03-07T09:00:00Z');
  klass = await makeClass(t);
  otherClass = await makeClass(t);
  algo = await makeSubject(t, klass, { name: 'Algorithms', nameFr: 'Algorithmique' });
  networks = await makeSubject(t, klass, { name: 'Networks', nameFr: 'Réseaux' });
  elsewhere = await makeSubject(t, otherClass, { name: 'Databases', nameFr: 'Bases de données' });
  ada = await makeLecturer(t, { firstname: 'Ada' });
  blaise = await makeLecturer(t, { firstname: 'Blaise', lang: 'fr' });
  chloe = await makeStudent(t, { klass, firstname: 'Chloé', lang: 'fr' });
  dan = await makeStudent(t, { klass: otherClass, firstname: 'Dan' });
  eve = await makeLecturer(t, { firstname: 'Eve' });
  fred = await makeLecturer(t, { firstname: 'Fred' });
  ivy = await makeLecturer(t, { firstname: 'Ivy' });

  await planLesson(t, { subject: algo, lecturer: ada, date: '2031-03-12', begin: '13:00', end: '14:50', part: 'TD', room: null, building: null, campus: null });
  await planLesson(t, { subject: algo, lecturer: ada, date: '2031-03-10', begin: '10:10', end: '12:00', status: 'ValidatedButNotBilled' });
  await planLesson(t, { subject: algo, lecturer: ada, date: '2031-03-10', begin: '08:00', end: '09:50' });
  await planLesson(t, { subject: algo, lecturer: ada, date: '2031-03-11', begin: '08:00', end: '09:50', status: 'NotValidated' });
  await planLesson(t, { subject: algo, lecturer: ada, date: '2031-03-08', begin: '08:00', end: '09:50' });
  await planLesson(t, { subject: algo, lecturer: ada, date: '2031-03-17', begin: '08:00', end: '09:50' });
  await planLesson(t, { subject: networks, lecturer: blaise, date: '2031-03-16', begin: '17:30', end: '19:30', part: 'TP', room: 'Lab 1', building: null });
  await planLesson(t, { subject: elsewhere, lecturer: eve, date: '2031-03-14', begin: '08:00', end: '09:50', room: 'C3' });
  await planLesson(t, { subject: elsewhere, lecturer: ivy, date: '2031-03-13', begin: '08:00', end: '09:50', status: 'NotValidated' });
  await planLesson(t, { subject: elsewhere, lecturer: fred, date: '2031-03-17', begin: '10:10', end: '12:00' });
});
afterAll(async () => {
  await t?.close();
});

describe('the weekly planning mail', () => {
  it('is a job of the portal, run every hour with the same handler on both schedulers and in the development runner', () => {
    expect(PORTAL_JOBS).toContain(weeklyPlanningJob);
    expect(weeklyPlanningJob).toMatchObject({ name: 'timetable.weekly-planning', cron: '0 * * * *', everyMs: 3_600_000, handler: runWeeklyPlanning });
  });

  it('takes the setting that turns it off as a boolean', async () => {
    const client = await sessionFor(t, eve.id);
    const saved = ok<Record<string, unknown>>(await client.post('/api/settings', { [WEEKLY_PLANNING_MAIL_SETTING]: false }));
    expect(saved).toEqual({ [WEEKLY_PLANNING_MAIL_SETTING]: false });
    expect(ok(await client.get('/api/settings'))).toEqual({ [WEEKLY_PLANNING_MAIL_SETTING]: false });
  });

  it('sends nothing before Saturday 08:00 (university time)', async () => {
    for (const instant of ['2031-03-07T09:00:00Z', '2031-03-07T22:59:00Z', '2031-03-08T06:59:59Z']) {
      moveTo(t, instant);
      expect(await run()).toEqual({ mailed: 0, weekOf: null });
    }
    expect(await countsOf(everyone())).toEqual({ Ada: 0, Blaise: 0, Chloé: 0, Dan: 0, Eve: 0, Fred: 0, Ivy: 0 });
    expect(
      await t.db
        .select()
        .from(planningMails)
        .where(
          inArray(
            planningMails.personId,
            everyone().map((p) => p.id),
          ),
        ),
    ).toEqual([]);
  });

  it('on Saturday at 08:00 mails each lecturer and student with lessons next week once, however often it runs, unless they turned it off', async () => {
    moveTo(t, '2031-03-08T07:00:00Z');
    const first = await run();
    expect(first.weekOf).toBe('2031-03-10');
    expect(first.mailed).toBeGreaterThanOrEqual(4);
    // Eve turned it off (her student Dan still gets his); Ivy's only lesson was refused; Fred has lessons the week after only
    expect(await countsOf(everyone())).toEqual({ Ada: 1, Blaise: 1, Chloé: 1, Dan: 1, Eve: 0, Fred: 0, Ivy: 0 });
    const rows = await t.db
      .select()
      .from(planningMails)
      .where(
        inArray(
          planningMails.personId,
          everyone().map((p) => p.id),
        ),
      );
    expect(rows.map((row) => [row.personId, row.weekOf]).sort()).toEqual([ada, blaise, chloe, dan].map((p) => [p.id, '2031-03-10']).sort());

    // again at once, three at a time, and every hour of the day: nobody gets a second one
    expect(await run()).toEqual({ mailed: 0, weekOf: '2031-03-10' });
    const together = await Promise.all([run(), run(), run()]);
    expect(together.map((r) => r.mailed)).toEqual([0, 0, 0]);
    for (let hour = 9; hour <= 23; hour++) {
      moveTo(t, `2031-03-08T${String(hour - 1).padStart(2, '0')}:00:00Z`);
      await run();
    }
    expect(await countsOf(everyone())).toEqual({ Ada: 1, Blaise: 1, Chloé: 1, Dan: 1, Eve: 0, Fred: 0, Ivy: 0 });
    const [toDan] = await mailsTo([dan]);
    expect(toDan!.textBody).toContain(
      `Friday 14/03/2031\n- 08:00–09:50: ${elsewhere.code} CM – Databases (${otherClass.code}), room C3, Building B, Main campus\n\n`,
    );
    expect(toDan!.textBody).not.toContain('Thursday');
  });

  it("lists the person's lessons of the week by day, in English: date, time, subject, class, room; refused ones and other weeks left out", async () => {
    const [mail] = await mailsTo([ada]);
    expect(mail!.subject).toBe('Your lessons from 10/03/2031 to 16/03/2031');
    expect(mail!.textBody).toBe(
      [
        `Hello Ada ${ada.lastname},`,
        '',
        'Here are your lessons for next week, from Monday 10/03/2031 to Sunday 16/03/2031 (university time):',
        '',
        'Monday 10/03/2031',
        `- 08:00–09:50: ${algo.code} CM – Algorithms (${klass.code}), room B12, Building B, Main campus`,
        `- 10:10–12:00: ${algo.code} CM – Algorithms (${klass.code}), room B12, Building B, Main campus`,
        '',
        'Wednesday 12/03/2031',
        `- 13:00–14:50: ${algo.code} TD – Algorithms (${klass.code})`,
        '',
        'Your timetable is in the portal, where you can also add it to your calendar: http://portal.test/schedule?week=2031-03-10',
        '',
        'This mail comes every Saturday before a week with lessons; you can turn it off in your settings on the portal.',
        '',
        'The University Portal team',
        '',
      ].join('\n'),
    );
    expect(mail!.htmlBody).toContain(
      `<p>Monday 10/03/2031<br>- 08:00–09:50: ${algo.code} CM – Algorithms (${klass.code}), room B12, Building B, Main campus<br>`,
    );
    expect(mail!.htmlBody).toContain('<a href="http://portal.test/schedule?week=2031-03-10">');
  });

  it("writes in French to those who read French: a student gets their class's lessons, whoever teaches them", async () => {
    const [toChloe] = await mailsTo([chloe]);
    expect(toChloe!.subject).toBe('Vos cours du 10/03/2031 au 16/03/2031');
    expect(toChloe!.textBody).toContain("Voici vos cours de la semaine prochaine, du lundi 10/03/2031 au dimanche 16/03/2031 (heure de l'université)\u00a0:");
    const days = toChloe!.textBody.split('\n\n').filter((paragraph) => /^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) /.test(paragraph));
    expect(days).toEqual([
      [
        `Lundi 10/03/2031`,
        `- 08:00–09:50\u00a0: ${algo.code} CM – Algorithmique (${klass.code}), salle B12, Building B, Main campus`,
        `- 10:10–12:00\u00a0: ${algo.code} CM – Algorithmique (${klass.code}), salle B12, Building B, Main campus`,
      ].join('\n'),
      [`Mercredi 12/03/2031`, `- 13:00–14:50\u00a0: ${algo.code} TD – Algorithmique (${klass.code})`].join('\n'),
      [`Dimanche 16/03/2031`, `- 17:30–19:30\u00a0: ${networks.code} TP – Réseaux (${klass.code}), salle Lab 1, Main campus`].join('\n'),
    ]);
    expect(toChloe!.textBody).toMatch(/^Bonjour Chloé /);
    const [toBlaise] = await mailsTo([blaise]);
    expect(toBlaise!.textBody).toContain(
      `Dimanche 16/03/2031\n- 17:30–19:30\u00a0: ${networks.code} TP – Réseaux (${klass.code}), salle Lab 1, Main campus\n\n`,
    );
    expect(toBlaise!.textBody).not.toContain('Algorithmique');
  });

  it('mails someone whose lessons were planned after the first run of the Saturday at the next run, and nobody on the other days', async () => {
    const late = await makeLecturer(t, { firstname: 'Gus' });
    await planLesson(t, { subject: elsewhere, lecturer: late, date: '2031-03-15', begin: '15:10', end: '17:00' });
    expect(await run()).toEqual({ mailed: 1, weekOf: '2031-03-10' });
    expect(await countsOf([late])).toEqual({ Gus: 1 });
    // Sunday to Friday: nothing, not even for the week after (Fred's) nor for someone new
    const newcomer = await makeLecturer(t, { firstname: 'Hal' });
    await planLesson(t, { subject: elsewhere, lecturer: newcomer, date: '2031-03-18', begin: '15:10', end: '17:00' });
    for (let day = 9; day <= 14; day++) {
      moveTo(t, `2031-03-${String(day).padStart(2, '0')}T09:00:00Z`);
      expect(await run()).toEqual({ mailed: 0, weekOf: null });
    }
    expect(await countsOf([fred, newcomer])).toEqual({ Fred: 0, Hal: 0 });
    // the next Saturday: the week of the 17th
    moveTo(t, '2031-03-15T07:30:00Z');
    expect(await run()).toMatchObject({ weekOf: '2031-03-17' });
    expect(await countsOf([ada, fred, newcomer, eve])).toEqual({ Ada: 2, Fred: 1, Hal: 1, Eve: 0 });
  });

  it('is run by the development job runner with the same handler', async () => {
    const dev = await createTestApp({ env: { DEV_CLOCK: 'true' } });
    try {
      const local = new Client(dev.app, '127.0.0.1');
      const res = await local.post(`/api/dev/jobs/${weeklyPlanningJob.name}`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'timetable.weekly-planning', result: { mailed: expect.any(Number) } });
    } finally {
      await dev.close();
    }
  });
});
