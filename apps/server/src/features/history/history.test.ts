import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryPage, MyEnrolmentApplication, RequestDetail, StudentDocument } from '@portal/contract';
import { auditLog, evaluationParticipations, persons } from '../../db/schema';
import { audit } from '../../lib/audit';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { dataUrl, jpeg, pdf } from '../../../test/files';
import { Client, createTestApp, lastMailTo, ok, sessionFor, signIn, type TestApp } from '../../../test/helpers';
import { createLecturers, demoSession, subjectsAt } from '../applications/fixtures';
import { offer, openSession } from '../enrolment/enrolment.fixtures';
import { createForm, createSession, evaluationsOf, submission } from '../evaluation/evaluation.fixtures';
import { VALID_SECTIONS } from '../registration/fixtures';
import { deliver, paymentClaim, processingCast, signedRequest, type ProcessingCast } from '../requests/processing.fixtures';
import { signedInStudent, VALID_STUDENT_SECTIONS } from '../students/students.fixtures';
import { assign, makeClass, makeLecturer, makeStudent, makeSubject } from '../timetable/timetable.fixtures';

let t: TestApp;
let cast: ProcessingCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await processingCast(t);
});
afterAll(async () => {
  await t?.close();
});

const history = async (client: Client, query = '', headers?: Record<string, string>) =>
  ok<HistoryPage>(await client.get(`/api/history${query ? `?${query}` : ''}`, headers));
const eventsOf = (page: HistoryPage) => page.rows.map((row) => row.event);
const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
/** The audit entries of these actions whose target is this person. */
const auditIdsOf = async (action: string, personId: number) =>
  (await t.db.select({ id: auditLog.id, targetId: auditLog.targetId }).from(auditLog).where(eq(auditLog.action, action)))
    .filter((row) => row.targetId === String(personId))
    .map((row) => row.id);

/** Every fact a history entry may carry (decision 36). */
const FACTS = [
  'section',
  'column',
  'pieceType',
  'reference',
  'subcategory',
  'status',
  'decision',
  'unit',
  'subject',
  'category',
  'session',
  'added',
  'removed',
  'hours',
  'studentSection',
  'studentDocument',
  'provider',
  'offer',
  'enrolmentStatus',
];
/** An entry without its id and time. */
const told = ({ event, byOffice, facts }: HistoryEntry) => ({ event, byOffice, facts });
const officeClient = async (matricule: string) => sessionFor(t, await idOf(matricule));

describe('GET /api/history', () => {
  it('answers 401 to someone signed out', async () => {
    const res = await new Client(t.app).get('/api/history');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it("shows the person's own sign-ins, failed sign-ins and sign-outs, never another person's; a person named in the query is ignored", async () => {
    const owner = await signIn(t, DEMO_ACCOUNTS.support.matricule);
    const ownerId = owner.user.id as number;
    // someone else signs in twice; a wrong password is given for the owner's account
    const otherId = await idOf(DEMO_ACCOUNTS.intern.matricule);
    await signIn(t, DEMO_ACCOUNTS.intern.matricule);
    t.clock.advance(1000);
    await signIn(t, DEMO_ACCOUNTS.intern.matricule);
    t.clock.advance(1000);
    const wrong = await new Client(t.app, '10.9.9.9').post('/api/auth/students/', {
      identifier: DEMO_ACCOUNTS.support.matricule,
      password: 'not-the-password-1',
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    t.clock.advance(1000);
    const second = await signIn(t, DEMO_ACCOUNTS.support.matricule);
    t.clock.advance(1000);
    expect((await second.client.post('/api/auth/logout', {})).statusCode).toBe(204);

    const page = await history(owner.client, `personId=${otherId}&EMPLOYEE_ID=${otherId}`);
    expect(eventsOf(page)).toEqual(['signOut', 'signIn', 'signInFailed', 'signIn']);
    expect(page.total).toBe(4);
    expect(page.rows.every((row) => row.byOffice === false)).toBe(true);
    expect(page.rows.map((row) => row.id).sort()).toEqual(
      [
        ...(await auditIdsOf('auth.sign-in', ownerId)),
        ...(await auditIdsOf('auth.sign-in-failed', ownerId)),
        ...(await auditIdsOf('auth.sign-out', ownerId)),
      ].sort(),
    );
    // the other person's two sign-ins are theirs alone
    const others = await auditIdsOf('auth.sign-in', otherId);
    expect(others).toHaveLength(2);
    expect(page.rows.map((row) => row.id)).not.toEqual(expect.arrayContaining([others[0]]));
    expect(eventsOf(await history(await sessionFor(t, otherId)))).toEqual(['signIn', 'signIn']);
    // no address: neither the IP of the sign-ins nor the one the wrong password came from
    expect(JSON.stringify(page)).not.toMatch(/10\.0\.0\.1|10\.9\.9\.9|"ip"/);
  });

  it('shows what human resources changed with byOffice and the section only: no agent, no reason, no value', async () => {
    const owner = cast.permanent;
    ok(await owner.client.request('PATCH', '/api/students/update/personal', VALID_SECTIONS.personal));
    t.clock.advance(1000);
    const reason = 'Checked against the paper file of 2019';
    ok(await cast.hr.client.request('PATCH', `/api/hr/registrations/${owner.id}/fiscal`, { ...VALID_SECTIONS.fiscal, reason }));

    const page = await history(owner.client);
    const [byHr, own] = page.rows.filter((row) => row.event === 'sectionSaved');
    expect(byHr).toMatchObject({ event: 'sectionSaved', byOffice: true, facts: { section: 'fiscal' } });
    expect(own).toMatchObject({ event: 'sectionSaved', byOffice: false, facts: { section: 'personal' } });
    const body = JSON.stringify(page);
    expect(body).not.toContain(reason);
    expect(body).not.toContain(VALID_SECTIONS.fiscal.NIU);
    expect(body).not.toContain(VALID_SECTIONS.fiscal.CNPSNUM);
    expect(body).not.toContain('Aïcha');
    const [hrPerson] = await t.db.select().from(persons).where(eq(persons.id, cast.hr.id));
    for (const trace of [hrPerson!.MATRICULE, hrPerson!.LASTNAME, `"actor`, `:${cast.hr.id},`, `:${cast.hr.id}}`]) expect(body, trace).not.toContain(trace);
    // what HR did to someone else is not in HR's own history
    expect(eventsOf(await history(cast.hr.client))).not.toContain('sectionSaved');
  });

  it('shows the identification office taking the photo and the fingerprints, then completing the identification', async () => {
    const identification = await sessionFor(t, await idOf(DEMO_ACCOUNTS.identification.matricule));
    const personId = await idOf(DEMO_ACCOUNTS.closedLecturer.matricule);
    const base = `/api/identification/persons/${personId}`;
    ok(await identification.post(`${base}/photo`, { FILE: dataUrl('image/jpeg', await jpeg(40, 50, 11)) }));
    t.clock.advance(1000);
    for (const [finger, seed] of [
      ['R_THUMB', 12],
      ['L_THUMB', 13],
    ] as const) {
      ok(await identification.post(`${base}/fingerprints/${finger}`, { FILE: dataUrl('image/png', await jpeg(30, 30, seed)) }));
      t.clock.advance(1000);
    }
    // the office looking at a fingerprint is its work, not an event of the person's
    expect((await identification.get(`${base}/fingerprints/R_THUMB/file`)).statusCode).toBe(200);
    ok(await identification.post(`${base}/complete`));

    const page = await history(await sessionFor(t, personId));
    expect(eventsOf(page)).toEqual(['identificationCompleted', 'fingerprintSaved', 'fingerprintSaved', 'photoSaved']);
    expect(page.rows.every((row) => row.byOffice && Object.keys(row.facts).length === 0)).toBe(true);
    // no finger, no format, no size, no stored file: nothing of the biometric record
    expect(JSON.stringify(page)).not.toMatch(/THUMB|image\/|fileId|"size"|"format"/);
  });

  it('shows the choices made, with the parts added and removed, and the academic office’s decision on one of them', async () => {
    const [lecturer] = await createLecturers(t.db, 1);
    const client = await sessionFor(t, lecturer!.id);
    const { session } = await demoSession(t.db);
    const [first, second] = await subjectsAt(t.db, 1, 'DAY', 2);
    const application = ok<{ id: number }>(await client.post('/api/applications/init', {}), 201);
    t.clock.advance(1000);
    const choices = ok<{ id: number; Subject: { SUBJECT_ID: number } }[]>(
      await client.post('/api/applications-choices', {
        application: application.id,
        subjects: [
          { SUBJECT_ID: first!.id, CATEGORY: 'CM' },
          { SUBJECT_ID: second!.id, CATEGORY: 'CM' },
        ],
      }),
    );
    t.clock.advance(1000);
    ok(await client.request('PUT', `/api/applications-choices/${application.id}`, { subjects: [{ SUBJECT_ID: first!.id, CATEGORY: 'CM' }] }));
    // giving the same list again changes nothing: no entry
    ok(await client.request('PUT', `/api/applications-choices/${application.id}`, { subjects: [{ SUBJECT_ID: first!.id, CATEGORY: 'CM' }] }));
    t.clock.advance(1000);
    const academic = await sessionFor(t, await idOf(DEMO_ACCOUNTS.academic.matricule));
    const kept = choices.find((choice) => choice.Subject.SUBJECT_ID === first!.id)!;
    ok(await academic.post(`/api/academic/choices/${kept.id}/confirm`));

    const page = await history(client);
    const sessionName = { name: session.DESIGNATION, nameFr: session.DESIGNATION_FR };
    expect(page.rows.map(({ event, byOffice, facts }) => ({ event, byOffice, facts }))).toEqual([
      {
        event: 'choiceConfirmed',
        byOffice: true,
        facts: { session: sessionName, subject: { code: first!.code, name: expect.any(String), nameFr: expect.any(String) }, category: 'CM' },
      },
      { event: 'choicesChanged', byOffice: false, facts: { session: sessionName, added: [], removed: [{ code: second!.code, category: 'CM' }] } },
      {
        event: 'choicesChanged',
        byOffice: false,
        facts: {
          session: sessionName,
          added: [
            { code: first!.code, category: 'CM' },
            { code: second!.code, category: 'CM' },
          ],
          removed: [],
        },
      },
      { event: 'applicationCreated', byOffice: false, facts: { session: sessionName } },
    ]);
  });

  it("shows a request's filing, signature, journey and decision, with its reference, units and decision in both languages, and never the unit's comment", async () => {
    const author = cast.partTime;
    const filed = await signedRequest(cast, author, paymentClaim(cast, 'Fees of March short'));
    t.clock.advance(1000);
    await deliver(cast.seng, cast.finance, { toUnit: cast.units.FIN!, ids: [filed.id] });
    t.clock.advance(1000);
    const atFinance = ok<RequestDetail>(await cast.finance.client.get(`/api/requests/${filed.id}`));
    const comment = 'Paid with the April fees, see the ledger';
    ok(await cast.finance.client.post(`/api/requests/${filed.id}/decision`, { DECISION_ID: atFinance.actions.decisions[0]!.id, COMMENT: comment }));

    const page = await history(author.client);
    const ofRequest = page.rows.filter((row) => row.facts.reference === filed.REQUEST_ID);
    const subcategory = { name: 'Amount received', nameFr: 'Montant perçu' };
    const aUnit = { name: expect.any(String), nameFr: expect.any(String) };
    expect(ofRequest.map(({ event, byOffice, facts }) => ({ event, byOffice, facts }))).toEqual([
      {
        event: 'requestDecided',
        byOffice: true,
        facts: {
          reference: filed.REQUEST_ID,
          subcategory,
          status: 'VALIDATED_BILLED',
          unit: aUnit,
          decision: { label: 'Validated and billed', labelFr: 'Validé et facturé' },
        },
      },
      { event: 'requestReceived', byOffice: true, facts: { reference: filed.REQUEST_ID, subcategory, status: 'PROCESSING', unit: aUnit } },
      { event: 'requestSent', byOffice: true, facts: { reference: filed.REQUEST_ID, subcategory, status: 'REGISTERED', unit: aUnit } },
      { event: 'requestSigned', byOffice: true, facts: { reference: filed.REQUEST_ID, subcategory, status: 'REGISTERED', unit: aUnit } },
      { event: 'requestFiled', byOffice: false, facts: { reference: filed.REQUEST_ID, subcategory } },
    ]);
    expect(ofRequest[0]!.facts.unit).toEqual({ name: expect.stringMatching(/financ/i), nameFr: expect.stringMatching(/financ/i) });
    expect(ofRequest[3]!.facts.unit?.name).not.toBe(ofRequest[0]!.facts.unit?.name);
    expect(JSON.stringify(page)).not.toContain(comment);
    // the units' members see nothing of it in their own history
    expect(JSON.stringify(await history(cast.finance.client))).not.toContain(filed.REQUEST_ID);
  });

  it('answers kinds and facts, never sentences: the same in English and in French', async () => {
    const author = cast.partTime;
    const english = await history(author.client, '', { 'accept-language': 'en' });
    ok(await author.client.post('/api/settings', { LANGUAGE: 'fr' }));
    const french = await history(author.client, '', { 'accept-language': 'fr' });
    // the settings change adds no entry: the two answers are the same
    expect(french).toEqual(english);
    expect(english.rows.length).toBeGreaterThan(3);
    for (const row of english.rows) {
      expect(Object.keys(row).sort()).toEqual(['at', 'byOffice', 'event', 'facts', 'id']);
      expect(Object.keys(row.facts).filter((fact) => !FACTS.includes(fact))).toEqual([]);
    }
    const decided = english.rows.find((row) => row.event === 'requestDecided')!;
    expect(decided.facts.decision).toEqual({ label: 'Validated and billed', labelFr: 'Validé et facturé' });
  });

  it('pages newest first (the same moment: the later entry first), counts all, and leaves out what is not the person’s history', async () => {
    const [person] = await createLecturers(t.db, 1);
    const [other] = await createLecturers(t.db, 1);
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 8, minutes));
    for (let i = 0; i < 25; i++) {
      // two entries share each even minute; the other person's and the left-out actions are interleaved
      await audit(t.db, {
        at: at(Math.floor(i / 2) * 2),
        actorId: person!.id,
        action: 'auth.sign-in',
        targetType: 'person',
        targetId: person!.id,
        ip: '192.0.2.7',
      });
      await audit(t.db, { at: at(i), actorId: other!.id, action: 'auth.sign-in', targetType: 'person', targetId: other!.id });
      await audit(t.db, { at: at(i), actorId: person!.id, action: 'access.refused', targetType: 'person', targetId: other!.id });
    }
    await audit(t.db, { at: at(3), actorId: person!.id, action: 'account.confirmation-sent', targetType: 'person', targetId: person!.id });
    await audit(t.db, {
      at: at(3),
      actorId: other!.id,
      action: 'identification.fingerprint.read',
      targetType: 'person',
      targetId: person!.id,
      details: { finger: 'R_THUMB' },
    });
    const client = await sessionFor(t, person!.id);
    const all = (
      await t.db
        .select({ id: auditLog.id, at: auditLog.at })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(person!.id)))
    )
      .filter((row) => row.at.getUTCFullYear() === 2030)
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);

    const first = await history(client, 'page=1&pageSize=10');
    const third = await history(client, 'page=3&pageSize=10');
    const beyond = await history(client, 'page=4&pageSize=10');
    expect([first.total, third.total, beyond.total]).toEqual([25, 25, 25]);
    expect([first.rows.length, third.rows.length, beyond.rows.length]).toEqual([10, 5, 0]);
    expect([first.page, first.pageSize, third.page]).toEqual([1, 10, 3]);
    const pages: HistoryEntry[] = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await history(client, `page=${page}&pageSize=10`)).rows);
    const signIns = all.filter((row) => pages.some((entry) => entry.id === row.id));
    expect(pages.map((entry) => entry.id)).toEqual(signIns.map((row) => row.id));
    expect(pages[0]!.at).toBe(at(24).toISOString());
    expect(pages[1]!.at).toBe(at(22).toISOString());
    expect(pages[2]!.at).toBe(at(22).toISOString());
    expect(pages[1]!.id).toBeGreaterThan(pages[2]!.id);
    expect(pages.every((entry) => entry.event === 'signIn' && !entry.byOffice)).toBe(true);
    expect(JSON.stringify(pages)).not.toContain('192.0.2.7');
    expect((await client.get('/api/history?pageSize=101')).statusCode).toBe(400);
    expect((await client.get('/api/history?page=0')).statusCode).toBe(400);
  });
});

describe("a student's history (issue 13)", () => {
  it('shows the sections of their file and the files they added and deleted, by section and kind only: no value, no field, no title, no file; human resources reading it is not an event', async () => {
    const student = await signedInStudent(t, 90);
    ok(await student.client.request('PATCH', '/api/students/profile/address', VALID_STUDENT_SECTIONS.address));
    t.clock.advance(1000);
    const title = 'Baccalauréat C of the history test';
    const diploma = ok<StudentDocument>(
      await student.client.post('/api/students/documents', {
        KIND: 'DIPLOMA',
        LABEL: title,
        YEAR: 2021,
        FILE: dataUrl('application/pdf', pdf('history diploma')),
      }),
      201,
    );
    t.clock.advance(1000);
    ok(await student.client.request('DELETE', `/api/students/documents/${diploma.id}`));
    const hr = await officeClient(DEMO_ACCOUNTS.hr.matricule);
    ok(await hr.get(`/api/students/profile/${student.id}`));
    expect(await auditIdsOf('studentFile.read', student.id)).toHaveLength(1);

    const page = await history(student.client);
    expect(page.rows.map(told)).toEqual([
      { event: 'studentDocumentDeleted', byOffice: false, facts: { studentDocument: 'DIPLOMA' } },
      { event: 'studentDocumentUploaded', byOffice: false, facts: { studentDocument: 'DIPLOMA' } },
      { event: 'studentSectionSaved', byOffice: false, facts: { studentSection: 'address' } },
    ]);
    const body = JSON.stringify(page);
    for (const trace of ['Akwa', 'Douala', '699', 'LIVING_TOWN', 'PRECINCT', title, '2021', diploma.FILE.split('/').pop()!, 'application/pdf', `"documentId`])
      expect(body, trace).not.toContain(trace);
    // what HR read is theirs to account for, not an event of either history
    expect(JSON.stringify(await history(hr))).not.toMatch(/studentSection|studentDocument/);
  });

  it('shows a mail account linked, with how it was proven, and unlinked: never the address, whole or masked; the code asked and a wrong code are not events', async () => {
    const student = await signedInStudent(t, 91);
    const address = `History.Link.${Date.now()}@Mail.example`;
    ok(await student.client.post('/api/students/gmail-account', { GMAIL_ACCOUNT: address }));
    const code = /\b(\d{6})\b/.exec((await lastMailTo(t.db, address))!.subject)![1]!;
    const wrong = await student.client.post('/api/students/gmail-account/confirm', { CODE: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
    expect(wrong.json().code).toBe('CODE_INCORRECT');
    t.clock.advance(1000);
    ok(await student.client.post('/api/students/gmail-account/confirm', { CODE: code }));
    t.clock.advance(1000);
    expect((await student.client.request('DELETE', '/api/students/gmail-account')).statusCode).toBe(204);

    const page = await history(student.client);
    expect(page.rows.map(told)).toEqual([
      { event: 'mailUnlinked', byOffice: false, facts: {} },
      { event: 'mailLinked', byOffice: false, facts: { provider: 'CODE' } },
    ]);
    const [linked] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.id, (await auditIdsOf('mail-link.linked', student.id))[0]!));
    const masked = (linked!.details as { address: string }).address;
    expect(masked).toContain('@');
    const body = JSON.stringify(page);
    for (const trace of [address, address.toLowerCase(), masked, '@', code]) expect(body, trace).not.toContain(trace);
  });

  it("shows a student's enrolment applications, a withdrawal and the academic office's decision as the office's, with the session and the class or subject; the office's own sessions and offers are in nobody's history", async () => {
    const student = await signedInStudent(t, 92);
    const academic = await officeClient(DEMO_ACCOUNTS.academic.matricule);
    const session = await openSession(t, academic, { NAME: 'Enrolment of the history test', NAME_FR: 'Inscriptions du test de l’historique' });
    const klass = await offer(t, academic, session.id, { classCode: 'HND2 SWE/J A', capacity: 5 });
    const optional = await offer(t, academic, session.id, { classCode: 'HND1 MKT/J A', subjectCode: 'MKT102', capacity: 5 });
    const toClass = ok<MyEnrolmentApplication>(await student.client.post('/api/enrolment-applications', { OFFER_ID: klass.id }), 201);
    t.clock.advance(1000);
    const toSubject = ok<MyEnrolmentApplication>(await student.client.post('/api/enrolment-applications', { OFFER_ID: optional.id }), 201);
    t.clock.advance(1000);
    ok(await student.client.post(`/api/enrolment-applications/${toSubject.id}/withdraw`));
    t.clock.advance(1000);
    ok(await academic.post('/api/enrolment-applications/decisions', { DECISION: 'ACCEPT', APPLICATIONS: [{ ID: toClass.id, STATUS: 'PENDING' }] }));

    const page = await history(student.client);
    const names = { name: 'Enrolment of the history test', nameFr: 'Inscriptions du test de l’historique' };
    const theClass = { kind: 'CLASS', code: 'HND2 SWE/J A' };
    const theSubject = { kind: 'SUBJECT', code: 'MKT102', name: optional.subject!.name, nameFr: optional.subject!.nameFr };
    expect(page.rows.map(told)).toEqual([
      { event: 'enrolmentDecided', byOffice: true, facts: { session: names, offer: theClass, enrolmentStatus: 'ACCEPTED' } },
      { event: 'enrolmentWithdrawn', byOffice: false, facts: { session: names, offer: theSubject } },
      { event: 'enrolmentApplied', byOffice: false, facts: { session: names, offer: theSubject } },
      { event: 'enrolmentApplied', byOffice: false, facts: { session: names, offer: theClass } },
    ]);
    // nothing names the agent who decided
    const [agent] = await t.db.select().from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.academic.matricule));
    for (const trace of [agent!.MATRICULE, agent!.LASTNAME, `"actor`]) expect(JSON.stringify(page), trace).not.toContain(trace);
    // the office's work is in neither its history nor anyone's: creating the session and its offers, deciding
    const office = JSON.stringify(await history(academic));
    for (const trace of ['enrolment', names.name]) expect(office, trace).not.toContain(trace);
  });

  it('says nothing of the evaluation of teaching: answering adds no entry, and the office’s forms and sessions are in nobody’s history', async () => {
    const academic = await officeClient(DEMO_ACCOUNTS.academic.matricule);
    const klass = await makeClass(t, 'HI');
    const subject = await makeSubject(t, klass, { name: 'History of the test', nameFr: 'Histoire du test' });
    const lecturer = await makeLecturer(t, { firstname: 'Evaluated' });
    const student = await makeStudent(t, { klass, firstname: 'Evaluating' });
    await assign(t, lecturer, [{ subject, part: 'CM' }]);
    const client = await sessionFor(t, student.id);
    const lecturerClient = await sessionFor(t, lecturer.id);
    const before = await Promise.all([client, lecturerClient, academic].map((reader) => history(reader)));
    const form = await createForm(academic);
    t.clock.advance(1000);
    const session = await createSession(t, academic, { formId: form.id, classIds: [klass.id], name: 'Evaluation of the history test' });

    const item = (await evaluationsOf(client, student.id)).find((x) => x.session.id === session.id)!;
    t.clock.advance(1000);
    const comment = 'A comment no history may carry';
    ok(await client.post('/api/question-forms/submit', submission(item.STUDENT_EVALUATION_SESSION, session.id, { clear: 'yes', useful: 5, comment })), 201);
    // the answer went in: the participation is recorded, and nothing of it reaches a history
    expect(await t.db.select().from(evaluationParticipations).where(eq(evaluationParticipations.studentId, student.id))).toHaveLength(1);
    // the office's forms and sessions are audited, as its configuration, and shown to nobody: no history moved
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'evaluation-session.created'))).not.toHaveLength(0);
    expect(await Promise.all([client, lecturerClient, academic].map((reader) => history(reader)))).toEqual(before);
    for (const reader of [client, lecturerClient, academic]) {
      const body = JSON.stringify(await history(reader));
      for (const trace of [comment, 'Evaluation of the history test', form.name, 'evaluation']) expect(body, trace).not.toContain(trace);
    }
  });
});
