import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolmentApplicationPage, EnrolmentDecided, MyEnrolmentApplication, StudentEnrolment, Timetable } from '@portal/contract';
import { accounts, auditLog, enrolmentApplications, mailOutbox, persons, settings, studentSubjects } from '../../db/schema';
import { DEMO_ENROLMENT } from '../../seed/enrolment';
import { ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { applied, apply, classIdOf, classOf, dayOf, enrolmentApp, offer, openSession, students, subjectIdOf, type EnrolmentCast } from './enrolment.fixtures';

let t: TestApp;
let cast: EnrolmentCast;
let office: Client;

beforeAll(async () => {
  ({ t, cast, office } = await enrolmentApp());
});
afterAll(async () => {
  await t?.close();
});

type Seen = { id: number; status: string };
const decide = (decision: 'ACCEPT' | 'WAITLIST' | 'REFUSE', applications: readonly Seen[], by: Client = office) =>
  by.post('/api/enrolment-applications/decisions', { DECISION: decision, APPLICATIONS: applications.map((a) => ({ ID: a.id, STATUS: a.status })) });
const statusOf = async (id: number) =>
  (await t.db.select({ status: enrolmentApplications.status }).from(enrolmentApplications).where(eq(enrolmentApplications.id, id)))[0]!.status;
const page = async (query: string) => ok<EnrolmentApplicationPage>(await office.get(`/api/enrolment-applications?${query}`));
const emailOfPerson = async (id: number) => {
  const [row] = await t.db
    .select({ registry: persons.EMAIL, account: accounts.email })
    .from(persons)
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .where(eq(persons.id, id));
  return (row!.account ?? row!.registry)!.toLowerCase();
};
const mailsTo = async (address: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));

describe("the office's list of applications", () => {
  it('lists the demo applications first come first, with their student, offer and decision, filtered by session, offer, status and search, paged', async () => {
    const all = await page('');
    const demo = all.rows.filter((row) => row.session.name === DEMO_ENROLMENT.name);
    expect(demo.map((row) => [row.student.MATRICULE, row.offer.class?.code ?? row.offer.subject?.code, row.status])).toEqual(
      DEMO_ENROLMENT.applications.map((a) => [a.matricule, expect.any(String), a.status]),
    );
    const sessionId = demo[0]!.session.id;
    const accepted = demo.find((row) => row.status === 'ACCEPTED')!;
    expect(accepted.decidedBy).toMatchObject({ FIRSTNAME: expect.any(String) });
    expect(accepted.decidedAt).not.toBeNull();
    expect(demo.find((row) => row.status === 'PENDING')!.decidedBy).toBeNull();

    const waitlisted = await page(`session=${sessionId}&status=WAITLISTED`);
    expect(waitlisted.rows.map((row) => row.student.MATRICULE)).toEqual(['ST24A011', 'ST24A006']);
    const swe1 = demo.find((row) => row.offer.class?.code === 'HND1 SWE/J A')!.offer.id;
    expect((await page(`offer=${swe1}`)).rows.map((row) => row.student.MATRICULE)).toEqual(['ST24A005', 'ST24A008', 'ST24A011']);
    expect((await page(`session=${sessionId}&search=st24a00`)).total).toBe(9);
    const paged = await page(`session=${sessionId}&pageSize=5&page=2`);
    expect({ total: paged.total, page: paged.page, rows: paged.rows.map((row) => row.student.MATRICULE) }).toEqual({
      total: 13,
      page: 2,
      rows: DEMO_ENROLMENT.applications.slice(5, 10).map((a) => a.matricule),
    });
    expect(outcome(await office.get('/api/enrolment-applications?status=LOST'))).toMatchObject({ status: 400 });
  });

  it("exports the selection as CSV in the caller's language, spreadsheet-safe", async () => {
    const res = await office.get('/api/enrolment-applications/export?status=ACCEPTED');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="enrolment-applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Enrolment session,Kind,Class or subject,Matricule,Last name,First name,Current class,Status,Applied on,Decided on');
    expect(
      lines
        .slice(1)
        .map((line) => [line.startsWith('Enrolment for the next semester,Optional subject,'), /,(ST24A\d{3}),/.exec(line)?.[1], line.includes(',Accepted,')]),
    ).toEqual([
      [true, 'ST24A004', true],
      [true, 'ST24A009', true],
    ]);
    // in French for a French reader
    await t.db
      .insert(settings)
      .values({ personId: cast.admin.id, values: { LANGUAGE: 'fr' } })
      .onConflictDoUpdate({ target: settings.personId, set: { values: { LANGUAGE: 'fr' } } });
    await t.settled();
    const french = await cast.admin.client.get('/api/enrolment-applications/export?status=WAITLISTED');
    expect(french.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      "Session d'inscription,Nature,Classe ou matière,Matricule,Nom,Prénom,Classe actuelle,Statut,Candidature du,Décision du",
    );
    expect(french.body).toContain("Sur liste d'attente");
    expect(french.body).toContain('Inscriptions du semestre prochain');
  });

  it('neutralises a name a spreadsheet would run as a formula', async () => {
    const session = await openSession(t, office, { NAME: '=HYPERLINK("http://evil")' });
    const klass = await offer(t, office, session.id, { classCode: 'BTS1 GSI/S A', capacity: 3 });
    const [student] = await students(t, 1, { skip: 60 });
    await applied(student!.client, klass.id);
    const csv = (await office.get(`/api/enrolment-applications/export?session=${session.id}`)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe("the office's decisions", () => {
  it('accepts a class: the student is in it (the timetable reads it), mailed in their language, audited', async () => {
    const session = await openSession(t, office, { NAME: 'Class change', NAME_FR: 'Changement de classe' });
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 GSI/S A', capacity: 2 });
    const [student] = await students(t, 1, { skip: 0 });
    await t.db
      .insert(settings)
      .values({ personId: student!.id, values: { LANGUAGE: 'fr' } })
      .onConflictDoNothing();
    await t.settled();
    const application = await applied(student!.client, klass.id);
    expect(ok<EnrolmentDecided>(await decide('ACCEPT', [application]))).toEqual({ changed: 1 });
    expect(await classOf(t, student!.id)).toBe(await classIdOf(t, 'BTS2 GSI/S A'));
    const week = ok<Timetable>(await student!.client.post('/api/lessons/timetable', { START_DATE: dayOf(t), END_DATE: dayOf(t, 6) }));
    expect(week.student?.class?.code).toBe('BTS2 GSI/S A');
    const seen = ok<StudentEnrolment>(await student!.client.get('/api/enrolment-sessions/current'));
    expect(seen.class?.code).toBe('BTS2 GSI/S A');
    expect(seen.sessions.find((s) => s.id === session.id)!.applications[0]).toMatchObject({ status: 'ACCEPTED', decidedAt: t.clock.now().toISOString() });
    const [mail] = await mailsTo(await emailOfPerson(student!.id));
    expect(mail).toMatchObject({ kind: 'enrolment-accepted', subject: 'Inscription\u00a0: votre candidature à BTS2 GSI/S A est acceptée' });
    expect(mail!.textBody).toContain("dans la session d'inscription «\u00a0Changement de classe\u00a0» a été acceptée");
    expect(mail!.textBody).toContain('http://portal.test/enrolment');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enrolment.decided'), eq(auditLog.targetId, String(application.id))));
    expect(entry).toMatchObject({ actorId: cast.office.id, details: { studentId: student!.id, decision: 'ACCEPT', from: 'PENDING', status: 'ACCEPTED' } });
  });

  it('accepts an optional subject: the student follows it; mailed in English to an English reader', async () => {
    const session = await openSession(t, office);
    const subject = await offer(t, office, session.id, { classCode: 'HND1 MKT/J A', subjectCode: 'MKT102', capacity: 2 });
    const [student] = await students(t, 1, { skip: 1 });
    const application = await applied(student!.client, subject.id);
    ok(await decide('ACCEPT', [application]));
    expect(await t.db.select({ subjectId: studentSubjects.subjectId }).from(studentSubjects).where(eq(studentSubjects.studentId, student!.id))).toEqual([
      { subjectId: await subjectIdOf(t, 'HND1 MKT/J A', 'MKT102') },
    ]);
    const [mail] = await mailsTo(await emailOfPerson(student!.id));
    expect(mail!.subject).toMatch(/^Enrolment: your application to MKT102 – .+ \(HND1 MKT\/J A\) is accepted$/);
    expect(mail!.textBody).toContain('(Optional subject)');
  });

  it('waitlists and refuses, freeing the seat, each mailed; a selection is decided at once', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 CGE/J A', capacity: 2 });
    const three = await students(t, 3, { skip: 2 });
    const a = await applied(three[0]!.client, klass.id);
    const b = await applied(three[1]!.client, klass.id);
    expect(outcome(await apply(three[2]!.client, klass.id))).toMatchObject({ code: 'ENROLMENT_FULL' });
    expect(ok<EnrolmentDecided>(await decide('WAITLIST', [a, b]))).toEqual({ changed: 2 });
    expect((await mailsTo(await emailOfPerson(three[0]!.id)))[0]).toMatchObject({
      kind: 'enrolment-waitlisted',
      subject: expect.stringContaining('waiting list'),
    });
    const c = await applied(three[2]!.client, klass.id);
    ok(await decide('REFUSE', [c]));
    expect((await mailsTo(await emailOfPerson(three[2]!.id)))[0]).toMatchObject({ kind: 'enrolment-refused' });
    expect(await statusOf(c.id)).toBe('REFUSED');
    // deciding the status it has already changes nothing and mails nobody
    const before = (await mailsTo(await emailOfPerson(three[0]!.id))).length;
    expect(ok<EnrolmentDecided>(await decide('WAITLIST', [{ id: a.id, status: 'WAITLISTED' }]))).toEqual({ changed: 0 });
    expect(await mailsTo(await emailOfPerson(three[0]!.id))).toHaveLength(before);
  });

  it('accepts a waitlisted application only into a free seat: ENROLMENT_FULL otherwise, and nothing changes', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 BF/J A', capacity: 2 });
    const four = await students(t, 4, { skip: 5 });
    const apps: MyEnrolmentApplication[] = [];
    for (const s of four.slice(0, 2)) apps.push(await applied(s.client, klass.id));
    ok(await decide('WAITLIST', apps));
    for (const s of four.slice(2)) apps.push(await applied(s.client, klass.id));
    // two waitlisted, two pending: no seat
    const waitlisted = apps.slice(0, 2).map((a) => ({ id: a.id, status: 'WAITLISTED' }));
    expect(outcome(await decide('ACCEPT', [waitlisted[0]!]))).toMatchObject({ status: 409, code: 'ENROLMENT_FULL' });
    ok(await decide('REFUSE', [apps[2]!]));
    // one seat: one waitlisted fits, two do not (all or nothing)
    expect(outcome(await decide('ACCEPT', waitlisted))).toMatchObject({ status: 409, code: 'ENROLMENT_FULL' });
    expect(await Promise.all(apps.map((a) => statusOf(a.id)))).toEqual(['WAITLISTED', 'WAITLISTED', 'REFUSED', 'PENDING']);
    ok(await decide('ACCEPT', [waitlisted[1]!, apps[3]!]));
    expect(await Promise.all(apps.map((a) => statusOf(a.id)))).toEqual(['WAITLISTED', 'ACCEPTED', 'REFUSED', 'ACCEPTED']);
  });

  it('refuses a decision on an application changed meanwhile (ENROLMENT_DECIDED), a final one, or an unknown one (404); nothing changes', async () => {
    const session = await openSession(t, office);
    const klass = await offer(t, office, session.id, { classCode: 'BTS2 BF/S A', capacity: 5 });
    const three = await students(t, 3, { skip: 9 });
    const [a, b, c] = [await applied(three[0]!.client, klass.id), await applied(three[1]!.client, klass.id), await applied(three[2]!.client, klass.id)];
    // an administrator waitlisted b since the office read the list
    ok(await decide('WAITLIST', [b!], cast.admin.client));
    expect(outcome(await decide('REFUSE', [a!, b!]))).toMatchObject({ status: 409, code: 'ENROLMENT_DECIDED' });
    expect(await statusOf(a!.id)).toBe('PENDING');
    // withdrawn by the student
    ok(await three[2]!.client.post(`/api/enrolment-applications/${c!.id}/withdraw`));
    expect(outcome(await decide('ACCEPT', [c!]))).toMatchObject({ status: 409, code: 'ENROLMENT_DECIDED' });
    expect(outcome(await decide('ACCEPT', [{ id: c!.id, status: 'WITHDRAWN' }]))).toMatchObject({ status: 409, code: 'ENROLMENT_DECIDED' });
    // accepted is final
    ok(await decide('ACCEPT', [a!]));
    expect(outcome(await decide('REFUSE', [{ id: a!.id, status: 'ACCEPTED' }]))).toMatchObject({ status: 409, code: 'ENROLMENT_DECIDED' });
    expect(outcome(await decide('REFUSE', [{ id: 999999, status: 'PENDING' }]))).toMatchObject({ status: 404 });
    expect(outcome(await office.post('/api/enrolment-applications/decisions', { DECISION: 'ACCEPT', APPLICATIONS: [] }))).toMatchObject({ status: 400 });
  });

  it('accepts one class per student and session: ENROLMENT_CLASS_ACCEPTED for a second', async () => {
    const session = await openSession(t, office);
    const first = await offer(t, office, session.id, { classCode: 'HND1 ACC/J A', capacity: 5 });
    const second = await offer(t, office, session.id, { classCode: 'HND1 ACC/S A', capacity: 5 });
    const [student] = await students(t, 1, { skip: 12 });
    const a = await applied(student!.client, first.id);
    const b = await applied(student!.client, second.id);
    expect(outcome(await decide('ACCEPT', [a, b]))).toMatchObject({ status: 409, code: 'ENROLMENT_CLASS_ACCEPTED' });
    ok(await decide('ACCEPT', [a]));
    expect(outcome(await decide('ACCEPT', [b]))).toMatchObject({ status: 409, code: 'ENROLMENT_CLASS_ACCEPTED' });
    expect(await classOf(t, student!.id)).toBe(await classIdOf(t, 'HND1 ACC/J A'));
    ok(await decide('REFUSE', [b]));
  });

  it("is the office's: a student deciding, listing or exporting is refused (403) and nothing changes", async () => {
    const pending = await t.db.select({ id: enrolmentApplications.id }).from(enrolmentApplications).where(eq(enrolmentApplications.status, 'PENDING')).limit(1);
    expect(outcome(await decide('ACCEPT', [{ id: pending[0]!.id, status: 'PENDING' }], cast.student.client))).toMatchObject({ status: 403 });
    expect(await statusOf(pending[0]!.id)).toBe('PENDING');
    expect(outcome(await cast.student.client.get('/api/enrolment-applications'))).toMatchObject({ status: 403 });
    expect(outcome(await cast.lecturer.client.get('/api/enrolment-applications/export'))).toMatchObject({ status: 403 });
  });
});
