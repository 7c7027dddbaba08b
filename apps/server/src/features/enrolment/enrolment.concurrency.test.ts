import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeEnrolmentOffer } from '@portal/contract';
import { enrolmentApplications, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { ok, onPostgres, personIdOf, sessionFor, twoInstances, type Client } from '../../../test/helpers';
import { apply, applied, enrolmentCast, offer, openSession, students, tally } from './enrolment.fixtures';

/**
 * The enrolment locks (enrolment-lock.ts, decision 38) under concurrent requests sent to two
 * server instances on one PostgreSQL database: the offer's row lock keeps its seats, the
 * student's row lock their limit per session. PGlite runs one query at a time and would hide the
 * races, so these run on PostgreSQL only. Each fails when its lock is removed.
 */
describe.runIf(onPostgres)('enrolment under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();
  let office: Client;

  beforeAll(async () => {
    office = (await enrolmentCast(cluster.t)).office.client;
  });

  const seatsHeld = async (offerId: number) =>
    (
      await cluster.t.db
        .select({ n: count() })
        .from(enrolmentApplications)
        .where(and(eq(enrolmentApplications.offerId, offerId), inArray(enrolmentApplications.status, ['PENDING', 'ACCEPTED'])))
    )[0]!.n;

  it('gives exactly 10 seats when 60 students apply at once to an offer of capacity 10; the 50 others are ENROLMENT_FULL', { timeout: 180_000 }, async () => {
    const { t, other } = cluster;
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 GSI/J B', capacity: 10 });
    const sixty = await students(t, 60, { apps: [t.app, other] });
    const responses = await Promise.all(sixty.map((student) => apply(student.client, klass.id)));
    const listed = ok<OfficeEnrolmentOffer[]>(await office.get(`/api/enrolment-sessions/${session.id}/offers`))[0]!;
    expect({ answers: tally(responses), held: await seatsHeld(klass.id), seatsLeft: listed.seatsLeft }).toEqual({
      answers: { '201': 10, '409 ENROLMENT_FULL': 50 },
      held: 10,
      seatsLeft: 0,
    });
  });

  it('keeps a student to maxApplications when they apply to 8 offers at once on two instances', { timeout: 120_000 }, async () => {
    const { t, other } = cluster;
    const session = await openSession(t, office, { MAX_APPLICATIONS: 3 });
    const codes = ['BTS1 BAT/J A', 'BTS2 BAT/J A', 'HND1 EEE/J A', 'HND2 EEE/J A', 'HND1 MKT/J A', 'HND2 MKT/J A', 'BTS1 CGE/J B', 'BTS2 CGE/J B'];
    const offers: OfficeEnrolmentOffer[] = [];
    for (const code of codes) offers.push(await offer(t, office, session.id, { classCode: code, capacity: 50 }));
    const studentId = await personIdOf(t, 'ST24A050');
    const here = await sessionFor(t, studentId, t.app);
    const there = await sessionFor(t, studentId, other);
    const responses = await Promise.all(offers.map((o, i) => apply(i % 2 === 0 ? here : there, o.id)));
    const [running] = await t.db
      .select({ n: count() })
      .from(enrolmentApplications)
      .where(and(eq(enrolmentApplications.studentId, studentId), eq(enrolmentApplications.sessionId, session.id)));
    expect({ answers: tally(responses), running: running!.n }).toEqual({ answers: { '201': 3, '409 ENROLMENT_LIMIT_REACHED': 5 }, running: 3 });
  });

  it('keeps one application per student and offer when they apply twice at once on two instances', { timeout: 120_000 }, async () => {
    const { t, other } = cluster;
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'HND1 NWS/J A', capacity: 50 });
    const ids = (await students(t, 10, { skip: 60 })).map((s) => s.id);
    const responses = await Promise.all(
      ids.flatMap((id) => [sessionFor(t, id, t.app), sessionFor(t, id, other)]).map(async (client) => apply(await client, klass.id)),
    );
    const rows = await t.db
      .select({ studentId: enrolmentApplications.studentId })
      .from(enrolmentApplications)
      .where(eq(enrolmentApplications.offerId, klass.id));
    expect({ answers: tally(responses), rows: rows.length, students: new Set(rows.map((r) => r.studentId)).size }).toEqual({
      answers: { '201': 10, '409 ENROLMENT_ALREADY_APPLIED': 10 },
      rows: 10,
      students: 10,
    });
  });

  it(
    'accepts from the waiting list into free seats only, when the office and an administrator accept 20 waitlisted applications at once on two instances',
    { timeout: 180_000 },
    async () => {
      const { t, other } = cluster;
      const session = await openSession(t, office);
      const klass = await offer(t, office, session.id, { classCode: 'HND2 NWS/J A', capacity: 20 });
      const twenty = await students(t, 20, { skip: 70 });
      const made = [];
      for (const student of twenty) made.push(await applied(student.client, klass.id));
      ok(
        await office.post('/api/enrolment-applications/decisions', { DECISION: 'WAITLIST', APPLICATIONS: made.map((a) => ({ ID: a.id, STATUS: 'PENDING' })) }),
      );
      ok(await office.request('PATCH', `/api/enrolment-sessions/${session.id}/offers/${klass.id}`, { CAPACITY: 5 }));
      const officeHere = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.academic.matricule), t.app);
      const adminThere = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.admin.matricule), other);
      const responses = await Promise.all(
        made.map((a, i) =>
          (i % 2 === 0 ? officeHere : adminThere).post('/api/enrolment-applications/decisions', {
            DECISION: 'ACCEPT',
            APPLICATIONS: [{ ID: a.id, STATUS: 'WAITLISTED' }],
          }),
        ),
      );
      const accepted = await t.db
        .select({ studentId: enrolmentApplications.studentId })
        .from(enrolmentApplications)
        .where(and(eq(enrolmentApplications.offerId, klass.id), eq(enrolmentApplications.status, 'ACCEPTED')));
      // each accepted student is in the class, and only they
      const inClass = await t.db
        .select({ id: persons.id })
        .from(persons)
        .where(
          and(
            inArray(
              persons.id,
              twenty.map((s) => s.id),
            ),
            eq(persons.classId, klass.class!.id),
          ),
        );
      expect({ answers: tally(responses), held: await seatsHeld(klass.id), accepted: accepted.length, inClass: inClass.length }).toEqual({
        answers: { '200': 5, '409 ENROLMENT_FULL': 15 },
        held: 5,
        accepted: 5,
        inClass: 5,
      });
    },
  );

  it('never overfills an offer when students apply while the office accepts from the waiting list', { timeout: 180_000 }, async () => {
    const { t, other } = cluster;
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'BTS1 BF/J A', capacity: 30 });
    const waiting = await students(t, 10, { skip: 90, apps: [t.app, other] });
    const made = [];
    for (const student of waiting) made.push(await applied(student.client, klass.id));
    ok(await office.post('/api/enrolment-applications/decisions', { DECISION: 'WAITLIST', APPLICATIONS: made.map((a) => ({ ID: a.id, STATUS: 'PENDING' })) }));
    ok(await office.request('PATCH', `/api/enrolment-sessions/${session.id}/offers/${klass.id}`, { CAPACITY: 6 }));
    const newcomers = await students(t, 20, { skip: 100, apps: [other, t.app] });
    const officeOther = await sessionFor(t, await personIdOf(t, DEMO_ACCOUNTS.academic.matricule), other);
    await Promise.all([
      ...newcomers.map((s) => apply(s.client, klass.id)),
      ...made.map((a, i) =>
        (i % 2 === 0 ? office : officeOther).post('/api/enrolment-applications/decisions', {
          DECISION: 'ACCEPT',
          APPLICATIONS: [{ ID: a.id, STATUS: 'WAITLISTED' }],
        }),
      ),
    ]);
    expect(await seatsHeld(klass.id)).toBe(6);
  });
});
