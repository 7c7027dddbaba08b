import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENROLMENT_STATUSES,
  enrolmentSessionState,
  MAX_ENROLMENT_APPLICATIONS,
  MAX_OFFER_CAPACITY,
  sessionEndOf,
  sessionStartOf,
  type EnrolmentSession,
  type EnrolmentSessionSummary,
  type OfficeEnrolmentOffer,
} from '@portal/contract';
import { auditLog, enrolmentApplications, enrolmentOffers, enrolmentSessions, studentSubjects } from '../../db/schema';
import { DEMO_ENROLMENT } from '../../seed/enrolment';
import { ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { applied, classIdOf, dayOf, enrolmentApp, offer, openSession, sessionBody, students, subjectIdOf, type EnrolmentCast } from './enrolment.fixtures';

let t: TestApp;
let cast: EnrolmentCast;
let office: Client;

beforeAll(async () => {
  ({ t, cast, office } = await enrolmentApp());
});
afterAll(async () => {
  await t?.close();
});

const lastAudit = async (action: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('the state of an enrolment session', () => {
  it('is upcoming before its first day, open from its first instant to its last, ended after, closed whenever the office closed it', () => {
    const session = { startsAt: sessionStartOf('2026-03-02'), endsAt: sessionEndOf('2026-03-06'), closedAt: null };
    expect(enrolmentSessionState(session, new Date(session.startsAt.getTime() - 1))).toBe('UPCOMING');
    expect(enrolmentSessionState(session, session.startsAt)).toBe('OPEN');
    expect(enrolmentSessionState(session, new Date(session.endsAt.getTime() - 1))).toBe('OPEN');
    expect(enrolmentSessionState(session, session.endsAt)).toBe('ENDED');
    expect(enrolmentSessionState({ ...session, closedAt: session.startsAt }, new Date(session.startsAt.getTime() + 1))).toBe('CLOSED');
  });
});

describe('enrolment sessions (the academic office)', () => {
  it('opens a session from its days (university time), lists it with its counts, and audits it', async () => {
    const created = await openSession(t, office, { NAME: 'Semester 2 enrolment', NAME_FR: 'Inscriptions du semestre 2', MAX_APPLICATIONS: 4 });
    expect(created).toMatchObject({
      name: 'Semester 2 enrolment',
      nameFr: 'Inscriptions du semestre 2',
      startDate: dayOf(t),
      endDate: dayOf(t, 10),
      maxApplications: 4,
      closedAt: null,
      state: 'OPEN',
    });
    expect(created.startsAt).toBe(sessionStartOf(dayOf(t)).toISOString());
    expect(created.endsAt).toBe(sessionEndOf(dayOf(t, 10)).toISOString());
    const listed = ok<EnrolmentSessionSummary[]>(await office.get('/api/enrolment-sessions'));
    expect(listed.find((s) => s.id === created.id)).toMatchObject({ offers: 0, applications: 0, undecided: 0 });
    // the demo session is there too, open
    expect(listed.some((s) => s.name === 'Enrolment for the next semester' && s.state === 'OPEN')).toBe(true);
    expect(await lastAudit('enrolment.session.created')).toMatchObject({
      actorId: cast.office.id,
      targetType: 'enrolment_session',
      targetId: String(created.id),
    });
  });

  it('refuses a last day before the first, a limit above the maximum or none, a missing name, and unknown fields', async () => {
    const bad = async (body: object) => outcome(await office.post('/api/enrolment-sessions', body));
    expect(await bad(sessionBody(t, { from: 3, to: 2 }))).toMatchObject({ status: 400, fields: { END_DATE: 'validation.endBeforeStart' } });
    expect(await bad(sessionBody(t, { MAX_APPLICATIONS: MAX_ENROLMENT_APPLICATIONS + 1 }))).toMatchObject({
      status: 400,
      fields: { MAX_APPLICATIONS: 'validation.invalid' },
    });
    expect(await bad(sessionBody(t, { MAX_APPLICATIONS: 0 }))).toMatchObject({ status: 400, fields: { MAX_APPLICATIONS: 'validation.invalid' } });
    expect(await bad({ ...sessionBody(t), NAME_FR: ' ' })).toMatchObject({ status: 400, fields: { NAME_FR: 'validation.required' } });
    expect(await bad({ ...sessionBody(t), START_DATE: '31/02/2026' })).toMatchObject({ status: 400, fields: { START_DATE: 'validation.date' } });
    expect((await bad({ ...sessionBody(t), closedAt: null })).status).toBe(400);
  });

  it('changes a session, closes it by hand and reopens it, each audited', async () => {
    const session = await openSession(t, office);
    const changed = ok<EnrolmentSession>(
      await office.request('PATCH', `/api/enrolment-sessions/${session.id}`, sessionBody(t, { from: 1, to: 5, MAX_APPLICATIONS: 2, NAME: 'Renamed' })),
    );
    expect(changed).toMatchObject({ name: 'Renamed', startDate: dayOf(t, 1), endDate: dayOf(t, 5), maxApplications: 2, state: 'UPCOMING' });
    expect((await lastAudit('enrolment.session.changed'))?.details).toEqual({ changed: ['name', 'startsAt', 'endsAt', 'maxApplications'] });
    const closed = ok<EnrolmentSession>(await office.post(`/api/enrolment-sessions/${session.id}/close`));
    expect(closed.state).toBe('CLOSED');
    expect(closed.closedAt).toBe(t.clock.now().toISOString());
    expect(await lastAudit('enrolment.session.closed')).toMatchObject({ targetId: String(session.id) });
    const reopened = ok<EnrolmentSession>(await office.post(`/api/enrolment-sessions/${session.id}/reopen`));
    expect(reopened).toMatchObject({ closedAt: null, state: 'UPCOMING' });
    expect(outcome(await office.request('PATCH', '/api/enrolment-sessions/999999', sessionBody(t)))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(outcome(await office.post('/api/enrolment-sessions/999999/close'))).toMatchObject({ status: 404 });
  });

  it("is the office's: a student, a lecturer are refused (403, audited); an administrator may", async () => {
    for (const who of [cast.student, cast.lecturer]) {
      expect(outcome(await who.client.get('/api/enrolment-sessions'))).toMatchObject({ status: 403 });
      expect(outcome(await who.client.post('/api/enrolment-sessions', sessionBody(t)))).toMatchObject({ status: 403 });
    }
    expect(await lastAudit('access.refused')).toMatchObject({ actorId: cast.lecturer.id });
    expect((await cast.admin.client.get('/api/enrolment-sessions')).statusCode).toBe(200);
  });
});

describe('offers (the academic office)', () => {
  it('offers classes and optional subjects with their capacities, classes first; their seats are counted', async () => {
    const session = await openSession(t, office);
    const subject = await offer(t, office, session.id, { classCode: 'BTS1 CGE/J A', subjectCode: 'CGE102', capacity: 12 });
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 GSI/J A', capacity: 30 });
    expect(klass).toMatchObject({ kind: 'CLASS', class: { code: 'BTS2 GSI/J A' }, subject: null, capacity: 30, seatsTaken: 0, seatsLeft: 30, applications: 0 });
    expect(subject).toMatchObject({ kind: 'SUBJECT', class: null, subject: { code: 'CGE102', class: { code: 'BTS1 CGE/J A' } }, capacity: 12 });
    expect(typeof subject.subject!.nameFr).toBe('string');
    const [one] = await students(t, 1, { skip: 40 });
    await applied(one!.client, klass.id);
    const listed = ok<OfficeEnrolmentOffer[]>(await office.get(`/api/enrolment-sessions/${session.id}/offers`));
    expect(listed.map((o) => [o.kind, o.seatsTaken, o.seatsLeft, o.pending, o.applications])).toEqual([
      ['CLASS', 1, 29, 1, 1],
      ['SUBJECT', 0, 12, 0, 0],
    ]);
    expect((await lastAudit('enrolment.offer.added'))?.details).toMatchObject({ sessionId: session.id, kind: 'CLASS', capacity: 30 });
  });

  it('refuses a capacity out of bounds, a missing or unknown class or subject, and the same class or subject twice in a session', async () => {
    const session = await openSession(t, office);
    const classId = await classIdOf(t, 'BTS1 GSI/J A');
    const post = async (body: object) => outcome(await office.post(`/api/enrolment-sessions/${session.id}/offers`, body));
    expect(await post({ KIND: 'CLASS', CLASS_ID: classId, CAPACITY: 0 })).toMatchObject({ status: 400, fields: { CAPACITY: 'validation.invalid' } });
    expect(await post({ KIND: 'CLASS', CLASS_ID: classId, CAPACITY: MAX_OFFER_CAPACITY + 1 })).toMatchObject({
      status: 400,
      fields: { CAPACITY: 'validation.invalid' },
    });
    expect(await post({ KIND: 'CLASS', CAPACITY: 5 })).toMatchObject({ status: 400, fields: { CLASS_ID: 'validation.required' } });
    expect(await post({ KIND: 'SUBJECT', CLASS_ID: classId, CAPACITY: 5 })).toMatchObject({ status: 400, fields: { SUBJECT_ID: 'validation.required' } });
    expect(await post({ KIND: 'CLASS', CLASS_ID: 999999, CAPACITY: 5 })).toMatchObject({ status: 400, fields: { CLASS_ID: 'validation.invalid' } });
    expect(await post({ KIND: 'SUBJECT', SUBJECT_ID: 999999, CAPACITY: 5 })).toMatchObject({ status: 400, fields: { SUBJECT_ID: 'validation.invalid' } });
    expect((await office.post(`/api/enrolment-sessions/${session.id}/offers`, { KIND: 'CLASS', CLASS_ID: classId, CAPACITY: 5 })).statusCode).toBe(201);
    expect(await post({ KIND: 'CLASS', CLASS_ID: classId, CAPACITY: 8 })).toMatchObject({ status: 409, code: 'ALREADY_EXISTS' });
    const subjectId = await subjectIdOf(t, 'BTS1 GSI/J A', 'GSI101');
    expect((await office.post(`/api/enrolment-sessions/${session.id}/offers`, { KIND: 'SUBJECT', SUBJECT_ID: subjectId, CAPACITY: 5 })).statusCode).toBe(201);
    expect(await post({ KIND: 'SUBJECT', SUBJECT_ID: subjectId, CAPACITY: 5 })).toMatchObject({ status: 409, code: 'ALREADY_EXISTS' });
    expect(await outcome(await office.post('/api/enrolment-sessions/999999/offers', { KIND: 'CLASS', CLASS_ID: classId, CAPACITY: 5 }))).toMatchObject({
      status: 404,
    });
  });

  it('changes a capacity, never below the seats held by pending and accepted applications', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'HND1 NWS/J A', capacity: 5 });
    const three = await students(t, 3, { skip: 41 });
    const made = [];
    for (const student of three) made.push(await applied(student.client, klass.id));
    // one waitlisted: two seats held
    ok(await office.post('/api/enrolment-applications/decisions', { DECISION: 'WAITLIST', APPLICATIONS: [{ ID: made[0]!.id, STATUS: 'PENDING' }] }));
    const url = `/api/enrolment-sessions/${session.id}/offers/${klass.id}`;
    expect(outcome(await office.request('PATCH', url, { CAPACITY: 1 }))).toMatchObject({ status: 409, code: 'ENROLMENT_SEATS_HELD' });
    expect(ok<OfficeEnrolmentOffer>(await office.request('PATCH', url, { CAPACITY: 2 }))).toMatchObject({
      capacity: 2,
      seatsTaken: 2,
      seatsLeft: 0,
      waitlisted: 1,
    });
    expect((await lastAudit('enrolment.offer.changed'))?.details).toMatchObject({ from: 5, capacity: 2 });
    expect(outcome(await office.request('PATCH', `/api/enrolment-sessions/${session.id + 1000}/offers/${klass.id}`, { CAPACITY: 3 }))).toMatchObject({
      status: 404,
    });
  });

  it('removes an offer nobody applied to; one with applications (even withdrawn) stays: 409 IN_USE', async () => {
    const session = await openSession(t, office);
    const unused = await offer(t, office, session.id, { classCode: 'BTS1 BF/J A', capacity: 5 });
    const used = await offer(t, office, session.id, { classCode: 'BTS1 BF/S A', capacity: 5 });
    const [one] = await students(t, 1, { skip: 44 });
    const application = await applied(one!.client, used.id);
    ok(await one!.client.post(`/api/enrolment-applications/${application.id}/withdraw`));
    expect((await office.request('DELETE', `/api/enrolment-sessions/${session.id}/offers/${unused.id}`)).statusCode).toBe(204);
    expect(outcome(await office.request('DELETE', `/api/enrolment-sessions/${session.id}/offers/${used.id}`))).toMatchObject({ status: 409, code: 'IN_USE' });
    expect(
      await t.db
        .select({ id: enrolmentOffers.id })
        .from(enrolmentOffers)
        .where(and(eq(enrolmentOffers.sessionId, session.id))),
    ).toEqual([{ id: used.id }]);
    expect(await lastAudit('enrolment.offer.removed')).toMatchObject({ targetId: String(unused.id) });
    expect(outcome(await office.request('DELETE', `/api/enrolment-sessions/${session.id}/offers/${unused.id}`))).toMatchObject({ status: 404 });
  });
});

describe('the demo enrolment', () => {
  it('is open at the seed instant, within every capacity and limit, with applications in every status decided before now', async () => {
    const [session] = await t.db.select().from(enrolmentSessions).where(eq(enrolmentSessions.name, DEMO_ENROLMENT.name));
    expect(enrolmentSessionState(session!, t.clock.now())).toBe('OPEN');
    const offers = await t.db.select().from(enrolmentOffers).where(eq(enrolmentOffers.sessionId, session!.id));
    const applications = await t.db.select().from(enrolmentApplications).where(eq(enrolmentApplications.sessionId, session!.id));
    expect(offers).toHaveLength(DEMO_ENROLMENT.offers.length);
    expect(offers.filter((o) => o.kind === 'CLASS')).toHaveLength(3);
    expect(new Set(applications.map((a) => a.status))).toEqual(new Set(ENROLMENT_STATUSES));
    for (const o of offers)
      expect(applications.filter((a) => a.offerId === o.id && ['PENDING', 'ACCEPTED'].includes(a.status)).length).toBeLessThanOrEqual(o.capacity);
    // a full class and a full subject, each with a waiting list
    const full = offers.filter((o) => applications.filter((a) => a.offerId === o.id && ['PENDING', 'ACCEPTED'].includes(a.status)).length === o.capacity);
    expect(full.map((o) => o.kind).sort()).toEqual(['CLASS', 'SUBJECT']);
    for (const studentId of new Set(applications.map((a) => a.studentId))) {
      expect(applications.filter((a) => a.studentId === studentId && ['PENDING', 'ACCEPTED', 'WAITLISTED'].includes(a.status)).length).toBeLessThanOrEqual(
        session!.maxApplications,
      );
    }
    for (const a of applications) {
      expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(session!.startsAt.getTime());
      expect(a.createdAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
      expect(a.decidedAt === null).toBe(a.status === 'PENDING');
    }
    const accepted = applications.filter((a) => a.status === 'ACCEPTED');
    const followed = await t.db.select().from(studentSubjects);
    for (const a of accepted)
      expect(followed.some((f) => f.studentId === a.studentId && f.subjectId === offers.find((o) => o.id === a.offerId)!.subjectId)).toBe(true);
  });
});
