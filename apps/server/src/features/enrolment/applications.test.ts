import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyEnrolmentApplication, OfficeEnrolmentOffer, StudentEnrolment } from '@portal/contract';
import { auditLog, enrolmentApplications } from '../../db/schema';
import { DEMO_ENROLMENT } from '../../seed/enrolment';
import { ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { applied, apply, dayOf, enrolmentApp, offer, openSession, students, type EnrolmentCast } from './enrolment.fixtures';

let t: TestApp;
let cast: EnrolmentCast;
let office: Client;

beforeAll(async () => {
  ({ t, cast, office } = await enrolmentApp());
});
afterAll(async () => {
  await t?.close();
});

const mine = async (student: Client) => ok<StudentEnrolment>(await student.get('/api/enrolment-sessions/current'));
const withdraw = (student: Client, id: number) => student.post(`/api/enrolment-applications/${id}/withdraw`);

describe("the student's enrolment page", () => {
  it("shows the open demo session with its offers, names in both languages and seats left, the student's own applications and class", async () => {
    const answer = await mine(cast.student.client);
    const demo = answer.sessions.find((s) => s.name === DEMO_ENROLMENT.name)!;
    expect(demo).toMatchObject({
      nameFr: DEMO_ENROLMENT.nameFr,
      state: 'OPEN',
      startDate: dayOf(t, DEMO_ENROLMENT.from),
      endDate: dayOf(t, DEMO_ENROLMENT.to),
      maxApplications: 3,
    });
    expect(demo.offers.map((o) => [o.class?.code ?? o.subject!.code, o.capacity, o.seatsTaken, o.seatsLeft])).toEqual([
      ['BTS2 GSI/J A', 4, 2, 2],
      ['BTS2 GSI/J B', 3, 1, 2],
      ['HND1 SWE/J A', 2, 2, 0],
      ['CGE101', 2, 2, 0],
      ['SWE101', 3, 2, 1],
    ]);
    const subject = demo.offers.find((o) => o.subject?.code === 'SWE101')!.subject!;
    expect(subject.class.code).toBe('HND1 SWE/J A');
    expect(subject.name).not.toBe(subject.nameFr);
    // only their own application: the subject they applied to, pending
    expect(demo.applications.map((a) => [a.offer.subject?.code, a.status, a.decidedAt])).toEqual([['SWE101', 'PENDING', null]]);
    expect(answer.class?.code).toBe('BTS1 GSI/J A');
  });

  it('shows a session to come and one ended lately, without the applications of anyone else', async () => {
    const upcoming = await openSession(t, office, { from: 2, to: 9, NAME: 'Upcoming enrolment' });
    const ended = await openSession(t, office, { from: -20, to: -5, NAME: 'Ended enrolment' });
    const old = await openSession(t, office, { from: -90, to: -60, NAME: 'Old enrolment' });
    const [student] = await students(t, 1, { skip: 30 });
    const answer = await mine(student!.client);
    const states = Object.fromEntries(answer.sessions.map((s) => [s.id, s.state]));
    expect(states[upcoming.id]).toBe('UPCOMING');
    expect(states[ended.id]).toBe('ENDED');
    expect(states[old.id]).toBeUndefined();
    expect(answer.sessions.flatMap((s) => s.applications)).toEqual([]);
  });

  it("is the students': the office, a lecturer are refused (403)", async () => {
    for (const who of [cast.office, cast.lecturer, cast.admin])
      expect(outcome(await who.client.get('/api/enrolment-sessions/current'))).toMatchObject({ status: 403 });
    expect(outcome(await cast.lecturer.client.post('/api/enrolment-applications', { OFFER_ID: 1 }))).toMatchObject({ status: 403 });
  });
});

describe('applying', () => {
  it('applies to an offer of the open session: pending, holding a seat, audited', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'HND2 SWE/J A', capacity: 2 });
    const [student] = await students(t, 1, { skip: 0 });
    const application = await applied(student!.client, klass.id);
    expect(application).toMatchObject({
      sessionId: session.id,
      offer: { id: klass.id, kind: 'CLASS', class: { code: 'HND2 SWE/J A' } },
      status: 'PENDING',
      decidedAt: null,
      appliedAt: t.clock.now().toISOString(),
    });
    const seen = (await mine(student!.client)).sessions.find((s) => s.id === session.id)!;
    expect(seen.offers[0]).toMatchObject({ seatsTaken: 1, seatsLeft: 1 });
    expect(seen.applications.map((a) => a.id)).toEqual([application.id]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'enrolment.applied')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: student!.id,
      targetType: 'enrolment_application',
      targetId: String(application.id),
      details: { sessionId: session.id, offerId: klass.id, kind: 'CLASS' },
    });
  });

  it("refuses outside the session's days and once it is closed: ENROLMENT_NOT_OPEN", async () => {
    const [student] = await students(t, 1, { skip: 1 });
    const upcoming = await openSession(t, office, { from: 1, to: 5 });
    const ended = await openSession(t, office, { from: -5, to: -1 });
    const closing = await openSession(t, office);
    const offers = [
      await offer(t, office, upcoming.id, { classCode: 'HND2 SWE/J A', capacity: 5 }),
      await offer(t, office, ended.id, { classCode: 'HND2 SWE/J A', capacity: 5 }),
      await offer(t, office, closing.id, { classCode: 'HND2 SWE/J A', capacity: 5 }),
    ];
    ok(await office.post(`/api/enrolment-sessions/${closing.id}/close`));
    for (const o of offers) expect(outcome(await apply(student!.client, o.id))).toMatchObject({ status: 409, code: 'ENROLMENT_NOT_OPEN' });
    // reopened, the days decide again
    ok(await office.post(`/api/enrolment-sessions/${closing.id}/reopen`));
    expect((await apply(student!.client, offers[2]!.id)).statusCode).toBe(201);
  });

  it('refuses a second application to the same offer, and allows one after a withdrawal', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'HND2 SWE/S A', capacity: 5 });
    const [student] = await students(t, 1, { skip: 2 });
    const first = await applied(student!.client, klass.id);
    expect(outcome(await apply(student!.client, klass.id))).toMatchObject({ status: 409, code: 'ENROLMENT_ALREADY_APPLIED' });
    ok(await withdraw(student!.client, first.id));
    t.clock.advanceSeconds(60);
    const again = await applied(student!.client, klass.id);
    // the same row, pending again, applied anew
    expect(again).toMatchObject({ id: first.id, status: 'PENDING', decidedAt: null, appliedAt: t.clock.now().toISOString() });
    expect(await t.db.select({ id: enrolmentApplications.id }).from(enrolmentApplications).where(eq(enrolmentApplications.offerId, klass.id))).toHaveLength(1);
  });

  it("refuses more than the session's maxApplications running; a refused or withdrawn one no longer counts", async () => {
    const session = await openSession(t, office, { MAX_APPLICATIONS: 2 });
    const codes = ['BTS1 BAT/J A', 'BTS2 BAT/J A', 'HND1 EEE/J A', 'HND2 EEE/J A'];
    const offers: OfficeEnrolmentOffer[] = [];
    for (const code of codes) offers.push(await offer(t, office, session.id, { classCode: code, capacity: 5 }));
    const [student] = await students(t, 1, { skip: 3 });
    const a = await applied(student!.client, offers[0]!.id);
    const b = await applied(student!.client, offers[1]!.id);
    const refused = await apply(student!.client, offers[2]!.id);
    expect(outcome(refused)).toMatchObject({ status: 409, code: 'ENROLMENT_LIMIT_REACHED' });
    expect((refused.json() as { limit: unknown }).limit).toEqual({ limit: 2 });
    ok(await withdraw(student!.client, a.id));
    await applied(student!.client, offers[2]!.id);
    ok(await office.post('/api/enrolment-applications/decisions', { DECISION: 'REFUSE', APPLICATIONS: [{ ID: b.id, STATUS: 'PENDING' }] }));
    await applied(student!.client, offers[3]!.id);
    // a waitlisted one counts
    ok(
      await office.post('/api/enrolment-applications/decisions', {
        DECISION: 'WAITLIST',
        APPLICATIONS: [
          {
            ID: (await mine(student!.client)).sessions.find((s) => s.id === session.id)!.applications.find((x) => x.offer.id === offers[3]!.id)!.id,
            STATUS: 'PENDING',
          },
        ],
      }),
    );
    expect(outcome(await apply(student!.client, offers[0]!.id))).toMatchObject({ status: 409, code: 'ENROLMENT_LIMIT_REACHED' });
  });

  it('refuses when no seat is left (ENROLMENT_FULL); a waitlisted or refused application frees its seat', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 BAT/J A', capacity: 2 });
    const four = await students(t, 4, { skip: 4 });
    const a = await applied(four[0]!.client, klass.id);
    await applied(four[1]!.client, klass.id);
    expect(outcome(await apply(four[2]!.client, klass.id))).toMatchObject({ status: 409, code: 'ENROLMENT_FULL' });
    ok(await office.post('/api/enrolment-applications/decisions', { DECISION: 'WAITLIST', APPLICATIONS: [{ ID: a.id, STATUS: 'PENDING' }] }));
    await applied(four[2]!.client, klass.id);
    expect(outcome(await apply(four[3]!.client, klass.id))).toMatchObject({ status: 409, code: 'ENROLMENT_FULL' });
    // the demo's full class too
    const demo = (await mine(four[3]!.client)).sessions.find((s) => s.name === DEMO_ENROLMENT.name)!;
    expect(outcome(await apply(four[3]!.client, demo.offers.find((o) => o.class?.code === 'HND1 SWE/J A')!.id))).toMatchObject({
      status: 409,
      code: 'ENROLMENT_FULL',
    });
  });

  it('answers 404 for an unknown offer and 400 for a malformed body', async () => {
    const [student] = await students(t, 1, { skip: 8 });
    expect(outcome(await apply(student!.client, 999999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(outcome(await student!.client.post('/api/enrolment-applications', { OFFER_ID: 'x' }))).toMatchObject({ status: 400 });
    // who applies is the session's person: a student id in the body is refused, not used
    expect(outcome(await student!.client.post('/api/enrolment-applications', { OFFER_ID: 1, STUDENT_ID: cast.student.id }))).toMatchObject({ status: 400 });
  });
});

describe('withdrawing', () => {
  it('withdraws a pending or waitlisted application, frees its seat and audits it; a decided one is ENROLMENT_DECIDED', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'HND2 EEE/J A', capacity: 1 });
    const subject = await offer(t, office, session.id, { classCode: 'BTS1 CGE/J A', subjectCode: 'CGE103', capacity: 3 });
    const three = await students(t, 3, { skip: 10 });
    const held = await applied(three[0]!.client, klass.id);
    expect(outcome(await apply(three[1]!.client, klass.id))).toMatchObject({ code: 'ENROLMENT_FULL' });
    const gone = ok<MyEnrolmentApplication>(await withdraw(three[0]!.client, held.id));
    expect(gone).toMatchObject({ id: held.id, status: 'WITHDRAWN', decidedAt: t.clock.now().toISOString() });
    expect(
      await t.db
        .select({ action: auditLog.action, actorId: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(held.id))),
    ).toContainEqual({ action: 'enrolment.withdrawn', actorId: three[0]!.id });
    await applied(three[1]!.client, klass.id);
    expect(outcome(await withdraw(three[0]!.client, held.id))).toMatchObject({ status: 409, code: 'ENROLMENT_DECIDED' });

    const waitlisted = await applied(three[2]!.client, subject.id);
    ok(await office.post('/api/enrolment-applications/decisions', { DECISION: 'WAITLIST', APPLICATIONS: [{ ID: waitlisted.id, STATUS: 'PENDING' }] }));
    expect(ok<MyEnrolmentApplication>(await withdraw(three[2]!.client, waitlisted.id)).status).toBe('WITHDRAWN');
    const accepted = await applied(three[0]!.client, subject.id);
    ok(await office.post('/api/enrolment-applications/decisions', { DECISION: 'ACCEPT', APPLICATIONS: [{ ID: accepted.id, STATUS: 'PENDING' }] }));
    expect(outcome(await withdraw(three[0]!.client, accepted.id))).toMatchObject({ status: 409, code: 'ENROLMENT_DECIDED' });
  });

  it("answers 404 for someone else's application, and changes nothing", async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'HND1 EEE/J A', capacity: 4 });
    const two = await students(t, 2, { skip: 13 });
    const theirs = await applied(two[0]!.client, klass.id);
    expect(outcome(await withdraw(two[1]!.client, theirs.id))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const [row] = await t.db.select({ status: enrolmentApplications.status }).from(enrolmentApplications).where(eq(enrolmentApplications.id, theirs.id));
    expect(row!.status).toBe('PENDING');
  });
});
