import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkChoices, groupLimit, hoursOf, type Affectation, type Application } from '@portal/contract';
import { applicationChoices, applications, applicationSessions, auditLog, classes, subjects } from '../../db/schema';
import { onPostgres, sameSessionOn, sessionFor, twoInstances } from '../../../test/helpers';
import { createLecturers, demoSession, subjectsAt, type SubjectPick } from './fixtures';

/**
 * The application lock (lockApplication: SELECT ... FOR UPDATE on the application row) under
 * concurrent requests to two server instances on one PostgreSQL database. PGlite runs one
 * query at a time and would hide the races, so these run on PostgreSQL only.
 */
describe.runIf(onPostgres)('choices under concurrency (PostgreSQL, two instances)', () => {
  const LECTURERS = 200;
  const cluster = twoInstances();
  const { instance } = cluster;

  /** `count` eligible lecturers, each with a session and an application made through the API. */
  async function lecturersWithApplications(count: number) {
    const people = await createLecturers(cluster.t.db, count);
    return Promise.all(
      people.map(async (person, i) => {
        const client = await sessionFor(cluster.t, person.id, instance(i));
        const res = await client.post('/api/applications/init', {});
        expect(res.statusCode).toBe(201);
        return { ...person, client, application: res.json() as Application };
      }),
    );
  }

  /** Each lecturer sends one request per subject, all at once, alternating between the two instances. */
  async function chooseAllAtOnce(lecturers: Awaited<ReturnType<typeof lecturersWithApplications>>, six: SubjectPick[]) {
    const requests = lecturers.flatMap((l, i) =>
      six.map((s, k) =>
        sameSessionOn(l.client, instance(i + k)).post('/api/applications-choices', {
          application: l.application.id,
          subjects: [{ SUBJECT_ID: s.id, CATEGORY: 'CM' }],
        }),
      ),
    );
    const responses = await Promise.all(requests);
    return lecturers.map((_, i) => responses.slice(i * six.length, (i + 1) * six.length));
  }

  /** Every application's choices in the database checked against the session's rules. */
  async function breaches(applicationIds: number[]) {
    const { constraint } = await demoSession(cluster.t.db);
    const rows = await cluster.t.db
      .select({
        applicationId: applicationChoices.applicationId,
        SUBJECT_ID: applicationChoices.SUBJECT_ID,
        CATEGORY: applicationChoices.CATEGORY,
        AFFECTATION: applicationChoices.AFFECTATION,
        LEVEL_ID: classes.levelId,
        SHIFT: classes.shift,
        HOURS_CM: subjects.hoursCm,
        HOURS_TD: subjects.hoursTd,
        HOURS_TP: subjects.hoursTp,
        TOTAL_HOURS: applications.TOTAL_HOURS,
      })
      .from(applicationChoices)
      .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
      .innerJoin(subjects, eq(subjects.id, applicationChoices.SUBJECT_ID))
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(inArray(applicationChoices.applicationId, applicationIds));
    const found = [];
    for (const id of applicationIds) {
      const mine = rows.filter((r) => r.applicationId === id);
      const breach = checkChoices(
        mine.map((r) => ({
          SUBJECT_ID: r.SUBJECT_ID,
          LEVEL_ID: r.LEVEL_ID,
          SHIFT: r.SHIFT,
          HOURS: hoursOf(r, r.CATEGORY),
          AFFECTATION: r.AFFECTATION as Affectation,
        })),
        constraint,
        mine[0]?.TOTAL_HOURS ?? Infinity,
      );
      if (breach) found.push({ id, ...breach });
    }
    return found;
  }

  const tally = (values: number[]) => values.reduce<Record<number, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

  it(`accepts exactly LEVEL1_J of six simultaneous level-1 day choices, for each of ${LECTURERS} lecturers`, { timeout: 180_000 }, async () => {
    const { constraint } = await demoSession(cluster.t.db);
    const limit = groupLimit(constraint, '12', 'J');
    expect(limit).toBe(3);
    const six = (await subjectsAt(cluster.t.db, 1, 'DAY')).slice(0, 6);
    expect(new Set(six.map((s) => s.id)).size).toBe(6);

    const lecturers = await lecturersWithApplications(LECTURERS);
    const perLecturer = await chooseAllAtOnce(lecturers, six);

    const accepted = perLecturer.map((responses) => responses.filter((r) => r.statusCode === 200).length);
    const refusals = perLecturer.flat().filter((r) => r.statusCode !== 200);
    const ids = lecturers.map((l) => l.application.id);
    const stored = await cluster.t.db.$count(applicationChoices, inArray(applicationChoices.applicationId, ids));
    const broken = await breaches(ids);
    // One summary, so that a failure shows every number at once.
    expect({ acceptedPerLecturer: tally(accepted), stored, broken: broken.length }).toEqual({
      acceptedPerLecturer: { [limit]: LECTURERS },
      stored: LECTURERS * limit,
      broken: 0,
    });
    expect(refusals).toHaveLength(LECTURERS * (6 - limit));
    for (const r of refusals) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        code: 'SUBJECT_LIMIT_REACHED',
        message: 'Max number of subjects reached for this level',
        limit: { group: '12', shift: 'J', limit },
      });
    }
    // The last accepted answer of each lecturer lists the choices that were kept.
    for (const responses of perLecturer) {
      const lists = responses.filter((r) => r.statusCode === 200).map((r) => (r.json() as unknown[]).length);
      expect(Math.max(...lists)).toBe(limit);
    }
  });

  it('accepts exactly the choices that fit the hours cap when six arrive at once', { timeout: 180_000 }, async () => {
    const { session } = await demoSession(cluster.t.db);
    // Six subjects of different level groups and shifts, so that no count limit bites: two
    // level-1 day (limit 3), level-3 day, level-4 day, level-1 evening, level-3 evening.
    const six = [
      ...(await subjectsAt(cluster.t.db, 1, 'DAY')).slice(10, 12),
      (await subjectsAt(cluster.t.db, 3, 'DAY'))[0]!,
      (await subjectsAt(cluster.t.db, 4, 'DAY'))[0]!,
      (await subjectsAt(cluster.t.db, 1, 'EVENING'))[0]!,
      (await subjectsAt(cluster.t.db, 3, 'EVENING'))[0]!,
    ];
    await cluster.t.db
      .update(subjects)
      .set({ hoursCm: 20 })
      .where(
        inArray(
          subjects.id,
          six.map((s) => s.id),
        ),
      );
    await cluster.t.settled();
    // Room for two lectures of 20 hours.
    await cluster.t.db.update(applicationSessions).set({ hoursVacataire: 40 }).where(eq(applicationSessions.id, session.id));
    await cluster.t.settled();
    try {
      const lecturers = await lecturersWithApplications(LECTURERS);
      expect(lecturers.every((l) => l.application.TOTAL_HOURS === 40)).toBe(true);
      const perLecturer = await chooseAllAtOnce(lecturers, six);

      const accepted = perLecturer.map((responses) => responses.filter((r) => r.statusCode === 200).length);
      const ids = lecturers.map((l) => l.application.id);
      const stored = await cluster.t.db.$count(applicationChoices, inArray(applicationChoices.applicationId, ids));
      const broken = await breaches(ids);
      expect({ acceptedPerLecturer: tally(accepted), stored, broken: broken.length }).toEqual({
        acceptedPerLecturer: { 2: LECTURERS },
        stored: LECTURERS * 2,
        broken: 0,
      });
      for (const r of perLecturer.flat().filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({ code: 'HOURS_CAP_EXCEEDED', message: 'Hourly volume exceeds the allowed one', limit: { hours: 60, allowed: 40 } });
      }
    } finally {
      await cluster.t.db.update(applicationSessions).set({ hoursVacataire: 200 }).where(eq(applicationSessions.id, session.id));
      await cluster.t.settled();
    }
  });

  it('creates one application when one person initialises ten times at once on two instances', async () => {
    const [person] = await createLecturers(cluster.t.db, 1);
    const client = await sessionFor(cluster.t, person!.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sameSessionOn(client, instance(i)).post(i % 3 ? '/api/applications/init' : '/api/applications', {})),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await cluster.t.db.select().from(applications).where(eq(applications.EMPLOYEE_ID, person!.id));
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
    expect(await cluster.t.db.$count(auditLog, and(eq(auditLog.action, 'application.created'), eq(auditLog.actorId, person!.id)))).toBe(1);
  });
});
