import ExcelJS from 'exceljs';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  universityDayOf,
  type CategoryConfig,
  type EligibleRequest,
  type InboxPage,
  type RequestBatchDetail,
  type RequestCategory,
  type RequestDetail,
  type RequestPage,
  type RequestReport,
  type RequestStats,
  type StudentRequestSubjects,
} from '@portal/contract';
import {
  auditLog,
  branches,
  classes,
  departments,
  mailOutbox,
  persons,
  requestCategories,
  requests,
  requestSubcategories,
  studentSubjects,
  subjects,
} from '../../db/schema';
import { pdfText } from '../../../test/pdf';
import { createTestApp, ok, outcome, sessionFor, type Client, type TestApp } from '../../../test/helpers';
import { runRequestDeadlines } from './deadlines.service';
import { decisionId, deliver, processingCast, unitMember, type ProcessingCast } from './processing.fixtures';

// Students' requests (issue 13, decision 41): their own categories, about their own class and
// subjects, signed by their filing, sent by the student records office to the school of their
// class, decided there; the units' inbox, reports and configuration include them.

const DAY = 86_400_000;
let t: TestApp;
let cast: ProcessingCast;
/** the student records office's member, a REQUESTS account of unit SCOL */
let scol: { id: number; client: Client };
/** BTS1 GSI/J A (department INF: the School of Computer Science), two of its subjects, and a subject of another class */
let own: { classId: number; subjects: number[] };
let other: { classId: number; subjectId: number };

let serial = 0;
interface Student {
  id: number;
  email: string;
  client: Client;
}

/** A student of `classId` (none: no class on their file yet), signed in, with the optional subjects given. */
async function student(classId: number | null, optional: number[] = []): Promise<Student> {
  serial += 1;
  const matricule = `STQ${Date.now().toString(36).slice(-4).toUpperCase()}${serial}`;
  const email = `${matricule.toLowerCase()}@portal.example`;
  const [person] = await t.db
    .insert(persons)
    .values({ MATRICULE: matricule, KIND: 'STUDENT', FIRSTNAME: 'Awa', LASTNAME: `Student${serial}`, EMAIL: email, classId })
    .returning({ id: persons.id });
  if (optional.length) await t.db.insert(studentSubjects).values(optional.map((subjectId) => ({ studentId: person!.id, subjectId, createdAt: t.clock.now() })));
  return { id: person!.id, email, client: await sessionFor(t, person!.id) };
}

const sub = (code: string) => cast.subs[code]!;
/** A grade dispute (1201: subject, exam date and slot, description required) about `subjectId`. */
const gradeDispute = (subjectId: number, overrides: Record<string, unknown> = {}) => ({
  REQUEST_CATEGORY_ID: sub('1201'),
  SUBJECT_ID: subjectId,
  REQUEST_PBLM_DATE: '2024-01-08',
  REQUEST_PBLM_HOUR_START: '08:00',
  REQUEST_PBLM_HOUR_END: '09:50',
  REQUEST_OBJECT: 'Mid-term grade',
  DESCRIPTION: 'Exercise 3 was not counted.',
  ...overrides,
});
const certificate = (overrides: Record<string, unknown> = {}) => ({ REQUEST_CATEGORY_ID: sub('1103'), REQUEST_OBJECT: 'Enrolment certificate', ...overrides });

beforeAll(async () => {
  t = await createTestApp();
  // Monday 15 January 2024, 09:00 in Douala.
  t.clock.advance(new Date('2024-01-15T08:00:00Z').getTime() - t.clock.now().getTime());
  cast = await processingCast(t);
  scol = await unitMember(t, cast.units.SCOL!, 'BOSCOL01');
  const [klass] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.code, 'BTS1 GSI/J A'));
  own = {
    classId: klass!.id,
    subjects: (await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, klass!.id)).orderBy(asc(subjects.code)).limit(2)).map(
      (s) => s.id,
    ),
  };
  const [elsewhere] = await t.db.select({ id: subjects.id, classId: subjects.classId }).from(subjects).where(ne(subjects.classId, klass!.id)).limit(1);
  other = { classId: elsewhere!.classId, subjectId: elsewhere!.id };
});
afterAll(async () => {
  await t?.close();
});

describe("a student's categories", () => {
  it('are the STUDENT ones only, without the staff-only fields whatever their configuration says; a lecturer sees the STAFF ones only', async () => {
    const s = await student(own.classId);
    const [dispute] = await t.db
      .select()
      .from(requestSubcategories)
      .where(eq(requestSubcategories.id, sub('1201')));
    // an administrator's slip: hours and amounts asked of a student, and the week beside the form
    await t.db
      .update(requestSubcategories)
      .set({ display: { ...dispute!.display, VH: 'REQUIRED', AMOUNT: 'OPTIONAL', TIME_TABLE: true } })
      .where(eq(requestSubcategories.id, sub('1201')));
    try {
      const categories = ok<RequestCategory[]>(await s.client.get('/api/request-categories'));
      expect(categories.map((c) => [c.code, c.audience, c.sousCategories.map((x) => x.code)])).toEqual([
        ['11', 'STUDENT', ['1101', '1102', '1103']],
        ['12', 'STUDENT', ['1201', '1202']],
        ['13', 'STUDENT', ['1301', '1302']],
      ]);
      const shown = categories[1]!.sousCategories[0]!.REQUEST_DISPCONFIG;
      expect(shown).toMatchObject({
        CLASS_ID: 'REQUIRED',
        REQUEST_PBLM_DATE: 'REQUIRED',
        VH: 'HIDDEN',
        AMOUNT: 'HIDDEN',
        CONTRACT_NUMBER: 'HIDDEN',
        REPRO: 'HIDDEN',
        TIME_TABLE: false,
      });
      // ... and the filing neither asks for the hours nor keeps the amounts
      const filed = ok<RequestDetail>(await s.client.post('/api/requests', gradeDispute(own.subjects[0]!, { AMOUNT_RECEIVED: 5000 })), 201);
      expect(filed).toMatchObject({ VH_DISPLAYED: null, AMOUNT_RECEIVED: null });
    } finally {
      await t.db
        .update(requestSubcategories)
        .set({ display: dispute!.display })
        .where(eq(requestSubcategories.id, sub('1201')));
    }
    const lecturerCategories = ok<RequestCategory[]>(await cast.permanent.client.get('/api/request-categories'));
    expect(lecturerCategories.map((c) => c.audience)).toEqual(['STAFF', 'STAFF', 'STAFF', 'STAFF']);
  });

  it("answer the student's class and the subjects they may name: their class's, then their optional ones (GET /api/requests/student-subjects)", async () => {
    const s = await student(own.classId, [other.subjectId]);
    const answer = ok<StudentRequestSubjects>(await s.client.get('/api/requests/student-subjects'));
    expect(answer.class).toEqual({ CLASS_ID: own.classId, code: 'BTS1 GSI/J A', shift: 'DAY' });
    const classSubjects = await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, own.classId));
    expect(
      answer.subjects
        .filter((x) => !x.optional)
        .map((x) => x.SUBJECT_ID)
        .sort(),
    ).toEqual(classSubjects.map((x) => x.id).sort());
    expect(answer.subjects.filter((x) => x.optional).map((x) => x.SUBJECT_ID)).toEqual([other.subjectId]);
    expect(answer.subjects.map((x) => x.code)).toEqual([...answer.subjects.map((x) => x.code)].sort());
    // nobody else has a class here
    expect(ok<StudentRequestSubjects>(await cast.permanent.client.get('/api/requests/student-subjects'))).toEqual({ class: null, subjects: [] });
    const classless = await student(null);
    expect(ok<StudentRequestSubjects>(await classless.client.get('/api/requests/student-subjects'))).toEqual({ class: null, subjects: [] });
  });
});

describe('a student files a request', () => {
  it('about their own class and subject: at the student records office, signed by its filing (no 7-day rule), with a mail that asks for no signature', async () => {
    const s = await student(own.classId);
    const filed = ok<RequestDetail>(await s.client.post('/api/requests', gradeDispute(own.subjects[1]!, { REQUEST_AUTHOR: s.id })), 201);
    expect(filed).toMatchObject({
      audience: 'STUDENT',
      REQUEST_AUTHOR: s.id,
      REQUEST_STATUS: 'REGISTERED',
      unit: { code: 'SCOL' },
      CLASS_ID: own.classId,
      className: 'BTS1 GSI/J A',
      SUBJECT_ID: own.subjects[1],
      REQUEST_PBLM_WEEK: '2024-W02',
      filedAt: t.clock.now().toISOString(),
      signedAt: t.clock.now().toISOString(),
      stage: 'READY_TO_SEND',
    });
    expect(filed.REQUEST_ID).toMatch(/^1201@2024-\d{6}$/);
    expect(filed.steps.map((step) => step.kind)).toEqual(['FILED']);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'request.filed'), eq(auditLog.targetId, String(filed.id)))),
    ).toHaveLength(1);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, s.email), eq(mailOutbox.kind, 'request-filed')));
    expect(mail!.subject).toBe(`Request ${filed.REQUEST_ID} filed`);
    expect(mail!.textBody).toContain('nothing to print nor to sign');
    expect(mail!.textBody).not.toContain("lecturers' service");
  });

  it('records their class even where the form asks none (a certificate), and takes one of their optional subjects', async () => {
    const s = await student(own.classId, [other.subjectId]);
    expect(ok<RequestDetail>(await s.client.post('/api/requests', certificate()), 201)).toMatchObject({
      CLASS_ID: own.classId,
      SUBJECT_ID: null,
      unit: { code: 'SCOL' },
    });
    expect(ok<RequestDetail>(await s.client.post('/api/requests', gradeDispute(other.subjectId)), 201)).toMatchObject({
      CLASS_ID: own.classId,
      SUBJECT_ID: other.subjectId,
    });
    // naming their own class is naming nothing new
    expect((await s.client.post('/api/requests', certificate({ CLASS_ID: own.classId }))).statusCode).toBe(201);
  });

  it("refuses another class, another class's subject, a staff category and a request needing a class they do not have yet", async () => {
    const s = await student(own.classId);
    const count = async () => (await t.db.select({ id: requests.id }).from(requests).where(eq(requests.REQUEST_AUTHOR, s.id))).length;
    expect(outcome(await s.client.post('/api/requests', gradeDispute(other.subjectId, { CLASS_ID: other.classId })))).toEqual({
      status: 400,
      code: 'CLASS_NOT_YOURS',
      fields: { CLASS_ID: 'validation.invalid' },
    });
    expect(outcome(await s.client.post('/api/requests', gradeDispute(other.subjectId)))).toEqual({
      status: 400,
      code: 'SUBJECT_NOT_YOURS',
      fields: { SUBJECT_ID: 'validation.invalid' },
    });
    expect(outcome(await s.client.post('/api/requests', { REQUEST_CATEGORY_ID: sub('0301'), REQUEST_OBJECT: 'Contract', DESCRIPTION: 'x' }))).toEqual({
      status: 400,
      code: 'REQUEST_CATEGORY_UNAVAILABLE',
      fields: { REQUEST_CATEGORY_ID: 'validation.invalid' },
    });
    expect(outcome(await s.client.post('/api/requests', gradeDispute(own.subjects[0]!, { SUBJECT_ID: undefined })))).toEqual({
      status: 400,
      code: 'REQUEST_DETAILS_MISSING',
      fields: { SUBJECT_ID: 'validation.required' },
    });
    // the author is the session's person
    expect((await s.client.post('/api/requests', certificate({ REQUEST_AUTHOR: cast.permanent.id }))).statusCode).toBe(403);
    expect(await count()).toBe(0);

    const classless = await student(null);
    expect(outcome(await classless.client.post('/api/requests', gradeDispute(own.subjects[0]!)))).toEqual({ status: 409, code: 'STUDENT_CLASS_MISSING' });
    expect(ok<RequestDetail>(await classless.client.post('/api/requests', certificate()), 201)).toMatchObject({ CLASS_ID: null, unit: { code: 'SCOL' } });
  });

  it("is refused to a lecturer under a student's category", async () => {
    expect(outcome(await cast.permanent.client.post('/api/requests', certificate()))).toEqual({
      status: 400,
      code: 'REQUEST_CATEGORY_UNAVAILABLE',
      fields: { REQUEST_CATEGORY_ID: 'validation.invalid' },
    });
  });
});

describe("a student's request processed by the school of their class", () => {
  it('goes from the student records office to the school of the class only, which decides; the student is mailed and counts it', async () => {
    const s = await student(own.classId);
    const filed = ok<RequestDetail>(await s.client.post('/api/requests', gradeDispute(own.subjects[0]!)), 201);
    // the records office has nothing to sign, and may reject or send it on
    const seen = ok<RequestDetail>(await scol.client.get(`/api/requests/${filed.id}`));
    expect(seen.actions).toMatchObject({ sign: false, reject: true, decisions: [] });
    expect(outcome(await scol.client.post(`/api/requests/${filed.id}/signature`, {}))).toMatchObject({ status: 409, code: 'REQUEST_ALREADY_SIGNED' });
    // its inbox shows the student's request, the students' only when asked
    const inbox = ok<InboxPage>(await scol.client.get('/api/requests/inbox?audience=STUDENT&stage=READY_TO_SEND'));
    expect(inbox.rows.find((r) => r.id === filed.id)).toMatchObject({ audience: 'STUDENT', className: 'BTS1 GSI/J A', author: { id: s.id } });
    expect(ok<InboxPage>(await scol.client.get('/api/requests/inbox?audience=STAFF')).rows.find((r) => r.id === filed.id)).toBeUndefined();
    // the school of the class's department is the one destination
    const eligible = ok<EligibleRequest[]>(await scol.client.get('/api/request-batches/eligible'));
    expect(eligible.find((r) => r.id === filed.id)!.destinations.map((d) => d.code)).toEqual(['SCH-INF']);
    const batch: RequestBatchDetail = await deliver(scol, cast.school, { toUnit: cast.units['SCH-INF']!, ids: [filed.id] });
    expect(batch.status).toBe('RECEIVED');

    const received = ok<RequestDetail>(await cast.school.client.get(`/api/requests/${filed.id}`));
    expect(received).toMatchObject({ stage: 'AWAITING_DECISION', REQUEST_STATUS: 'PROCESSING', unit: { code: 'SCH-INF' } });
    expect(received.actions.decisions.map((d) => d.label)).toEqual(['Grade corrected', 'Grade confirmed']);
    const decision = await decisionId(t, { sub: sub('1201'), from: cast.units.SCOL!, to: cast.units['SCH-INF']!, label: 'Grade corrected' });
    const decided = ok<RequestDetail>(
      await cast.school.client.post(`/api/requests/${filed.id}/decision`, { DECISION_ID: decision, COMMENT: 'Exercise 3 counted: 13/20.' }),
    );
    expect(decided).toMatchObject({ REQUEST_STATUS: 'VALIDATED', unit: null, stage: 'FINISHED' });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, s.email), eq(mailOutbox.kind, 'request-decided')));
    expect(mail!.textBody).toContain('Exercise 3 counted: 13/20.');

    // the student's list, detail and counters, as a lecturer's
    const mine = ok<RequestPage>(await s.client.get('/api/requests'));
    expect(mine.rows.map((r) => [r.id, r.REQUEST_STATUS, r.audience])).toEqual([[filed.id, 'VALIDATED', 'STUDENT']]);
    const detail = ok<RequestDetail>(await s.client.get(`/api/requests/${filed.id}`));
    expect(detail.steps.map((step) => [step.kind, step.by])).toEqual([
      ['FILED', null],
      ['SENT', null],
      ['RECEIVED', null],
      ['DECIDED', null],
    ]);
    const stats = ok<RequestStats>(await s.client.get(`/api/requests/stats/user/${s.id}`));
    expect(stats).toMatchObject({ totalDone: 1, totalValidated: 1, totalRegistered: 0, totalRejected: 0 });
    // another student reads none of it
    const stranger = await student(own.classId);
    expect((await stranger.client.get(`/api/requests/${filed.id}`)).statusCode).toBe(403);
    expect((await stranger.client.get(`/api/requests/stats/user/${s.id}`)).statusCode).toBe(403);
  });

  it('never goes to the school of another department', async () => {
    // a class of the accounting and finance department: the School of Accounting and Finance's
    const [accounting] = await t.db
      .select({ id: classes.id })
      .from(classes)
      .innerJoin(branches, eq(branches.id, classes.branchId))
      .innerJoin(departments, eq(departments.id, branches.departmentId))
      .where(eq(departments.code, 'FIN'))
      .limit(1);
    const s = await student(accounting!.id);
    const filed = ok<RequestDetail>(await s.client.post('/api/requests', certificate()), 201);
    const eligible = ok<EligibleRequest[]>(await scol.client.get('/api/request-batches/eligible'));
    const destinations = eligible.find((r) => r.id === filed.id)!.destinations.map((d) => d.code);
    expect(destinations).toEqual(['SCH-ACC']);
    expect(outcome(await scol.client.post('/api/request-batches', { TO_UNIT_ID: cast.units['SCH-INF']!, REQUEST_IDS: [filed.id] }))).toMatchObject({
      status: 409,
      code: 'BATCH_REQUESTS_UNAVAILABLE',
    });
  });

  it('prints a form naming a student, with no signature rule', async () => {
    const s = await student(own.classId);
    const filed = ok<RequestDetail>(await s.client.post('/api/requests', gradeDispute(own.subjects[0]!)), 201);
    const res = await s.client.get(`/api/requests/${filed.id}/form`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Étudiant / Student Student${serial} Awa`);
    expect(text).toContain('this request needs no signature');
    expect(text).toContain("Décision de l'école");
    expect(text).not.toContain('Enseignant / Lecturer');
    expect(text).not.toMatch(/Sign this request|Signez cette requête/);
  });
});

describe('the units: reports and configuration', () => {
  it("report the students' requests apart (audience), with who filed them in the export", async () => {
    const s = await student(own.classId);
    const filed = ok<RequestDetail>(await s.client.post('/api/requests', certificate({ REQUEST_OBJECT: 'Certificate for the report' })), 201);
    await t.db.update(requests).set({ REQUEST_STATUS: 'REJECTED', REQUEST_UNITY_ID: null }).where(eq(requests.id, filed.id));
    const day = universityDayOf(t.clock.now());
    const report = ok<RequestReport>(await cast.admin.client.get(`/api/requests/reports?from=${day}&to=${day}&audience=STUDENT`));
    expect(report.rows.map((r) => r.audience)).toEqual(report.rows.map(() => 'STUDENT'));
    expect(report.rows.find((r) => r.id === filed.id)).toMatchObject({ audience: 'STUDENT', className: 'BTS1 GSI/J A', author: { id: s.id } });
    expect(
      ok<RequestReport>(await cast.admin.client.get(`/api/requests/reports?from=${day}&to=${day}&audience=STAFF`)).rows.find((r) => r.id === filed.id),
    ).toBeUndefined();

    const res = await cast.admin.client.get(`/api/requests/reports/export?from=${day}&to=${day}&audience=STUDENT&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const line = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2)).find((row) => row.getCell(1).value === filed.REQUEST_ID)!;
    expect(line.getCell(header.indexOf('Filed by') + 1).value).toBe('Student');
    expect(line.getCell(header.indexOf('Held by') + 1).value).toBe('Back with the student');
  });

  it("let administrators change a category's audience: it moves to the other side's form from then on; an edit naming none keeps it", async () => {
    const [contract] = await t.db.select().from(requestCategories).where(eq(requestCategories.code, '03'));
    const body = {
      code: contract!.code,
      name: contract!.name,
      nameFr: contract!.nameFr,
      description: contract!.description,
      descriptionFr: contract!.descriptionFr,
      position: contract!.position,
      enabled: true,
    };
    const s = await student(own.classId);
    try {
      expect(
        ok<CategoryConfig>(await cast.admin.client.request('PATCH', `/api/request-config/categories/${contract!.id}`, { ...body, audience: 'STUDENT' })),
      ).toMatchObject({ audience: 'STUDENT' });
      expect(ok<RequestCategory[]>(await s.client.get('/api/request-categories')).map((c) => c.code)).toContain('03');
      expect(ok<RequestCategory[]>(await cast.permanent.client.get('/api/request-categories')).map((c) => c.code)).not.toContain('03');
      expect(
        ok<CategoryConfig>(await cast.admin.client.request('PATCH', `/api/request-config/categories/${contract!.id}`, { ...body, description: 'Changed' })),
      ).toMatchObject({ audience: 'STUDENT' });
      const audited = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'requestConfig.category.updated'), eq(auditLog.targetId, String(contract!.id))));
      expect(audited.length).toBeGreaterThanOrEqual(2);
    } finally {
      await t.db.update(requestCategories).set({ audience: 'STAFF', description: contract!.description }).where(eq(requestCategories.id, contract!.id));
    }
    const created = ok<CategoryConfig>(
      await cast.admin.client.post('/api/request-config/categories', {
        code: 'NEWAUD',
        name: 'New',
        nameFr: 'Nouvelle',
        description: 'New',
        descriptionFr: 'Nouvelle',
      }),
      201,
    );
    expect(created.audience).toBe('STAFF');
    expect(
      outcome(
        await cast.admin.client.post('/api/request-config/categories', {
          code: 'BADAUD',
          name: 'Bad',
          nameFr: 'Mauvaise',
          description: 'Bad',
          descriptionFr: 'Mauvaise',
          audience: 'CANDIDATE',
        }),
      ),
    ).toMatchObject({ status: 400, fields: { audience: 'validation.invalid' } });
  });
});

// Last: the clock moves on by days (the sessions of the other tests expire).
describe('the 7-day signature rule', () => {
  it("is the lecturers': eight days later a student's request is neither reminded nor rejected, a lecturer's unsigned one filed with it is", async () => {
    const s = await student(own.classId);
    const filed = ok<RequestDetail>(await s.client.post('/api/requests', certificate()), 201);
    const lecturers = ok<RequestDetail>(
      await cast.permanent.client.post('/api/requests', { REQUEST_CATEGORY_ID: sub('0301'), REQUEST_OBJECT: 'Contract', DESCRIPTION: 'Not received.' }),
      201,
    );
    t.clock.advance(8 * DAY);
    await runRequestDeadlines(t.app.ctx);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, filed.id));
    expect(row).toMatchObject({ REQUEST_STATUS: 'REGISTERED', remindedAt: null });
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, s.email), ne(mailOutbox.kind, 'request-filed'))),
    ).toEqual([]);
    const [theirs] = await t.db.select().from(requests).where(eq(requests.id, lecturers.id));
    expect(theirs!.REQUEST_STATUS).toBe('REJECTED');
  });
});
