import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, REQUEST_COUNTERS, type RequestCategory, type RequestDetail, type RequestPage, type RequestStats } from '@portal/contract';
import {
  applicationChoices,
  applications,
  applicationSessions,
  auditLog,
  classes,
  mailOutbox,
  persons,
  requests,
  requestSteps,
  requestSubcategories,
  subjects,
} from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, sessionFor, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
/** The demo sub-categories by code. */
let sub: Record<string, { id: number }>;
/** Two classes with two subjects each; the lecturer is assigned subjects[0] of class A only. */
let classA: { id: number; subjects: number[] };
let classB: { id: number; subjects: number[] };

let serial = 0;
interface Lecturer {
  id: number;
  client: Client;
}

/** A staff member in the registry with a session; `assigned`: subjects confirmed to them. */
async function lecturer(assigned: number[] = []): Promise<Lecturer> {
  serial += 1;
  const matricule = `REQ${Date.now().toString(36).slice(-4).toUpperCase()}${serial}`;
  const [person] = await t.db
    .insert(persons)
    .values({
      MATRICULE: matricule,
      KIND: 'STAFF',
      STATUS: 'VACATAIRE',
      FIRSTNAME: 'Test',
      LASTNAME: `Lecturer${serial}`,
      EMAIL: `${matricule.toLowerCase()}@portal.example`,
    })
    .returning({ id: persons.id });
  if (assigned.length) {
    // A past session of their own: one part of a subject is confirmed to one person per session.
    const [demo] = await t.db.select().from(applicationSessions).orderBy(asc(applicationSessions.id)).limit(1);
    const { id: _, ...values } = demo!;
    const [session] = await t.db
      .insert(applicationSessions)
      .values({ ...values, ACTIVED: false, START_DATE: new Date('2023-09-01T00:00:00Z'), END_DATE: new Date('2023-09-30T00:00:00Z') })
      .returning();
    await t.settled();
    const [application] = await t.db
      .insert(applications)
      .values({
        EMPLOYEE_ID: person!.id,
        SESSION_APPLICATION_ID: session!.id,
        SUBJECT_CONSTRAINT_ID: session!.SUBJECT_CONSTRAINT_ID,
        TOTAL_HOURS: 200,
        CLOSED: true,
      })
      .returning();
    await t.db.insert(applicationChoices).values(
      assigned.map((subjectId) => ({
        applicationId: application!.id,
        sessionId: session!.id,
        SUBJECT_ID: subjectId,
        CATEGORY: 'TD' as const,
        AFFECTATION: 1,
      })),
    );
    await t.settled();
  }
  return { id: person!.id, client: await sessionFor(t, person!.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  // The test clock: Monday 15 January 2024, 09:00 in Douala.
  t.clock.advance(new Date('2024-01-15T08:00:00Z').getTime() - t.clock.now().getTime());
  sub = Object.fromEntries(
    (await t.db.select({ id: requestSubcategories.id, code: requestSubcategories.code }).from(requestSubcategories)).map((s) => [s.code, { id: s.id }]),
  );
  const twoClasses = await t.db.select({ id: classes.id }).from(classes).orderBy(asc(classes.id)).limit(2);
  const subjectsOf = async (classId: number) =>
    (await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, classId)).orderBy(asc(subjects.id)).limit(2)).map((s) => s.id);
  classA = { id: twoClasses[0]!.id, subjects: await subjectsOf(twoClasses[0]!.id) };
  classB = { id: twoClasses[1]!.id, subjects: await subjectsOf(twoClasses[1]!.id) };
});
afterAll(async () => {
  await t?.close();
});

/** A teaching claim (0101: class, subject, date and slot required) that passes every rule for a lecturer assigned classA.subjects[0]. */
const lessonClaim = (overrides: Record<string, unknown> = {}) => ({
  REQUEST_CATEGORY_ID: sub['0101']!.id,
  CLASS_ID: classA.id,
  SUBJECT_ID: classA.subjects[0],
  REQUEST_PBLM_DATE: '2024-01-10',
  REQUEST_PBLM_HOUR_START: '10:10',
  REQUEST_PBLM_HOUR_END: '12:00',
  REQUEST_OBJECT: 'Lesson of 10 January not recorded',
  DESCRIPTION: 'I taught the second slot; the attendance sheet was signed by the delegate.',
  ...overrides,
});

const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  ...(res.json() as { code: string; fields?: Record<string, string> }),
});

describe('GET /api/request-categories', () => {
  it('lists the four categories with their sub-categories, both languages and the display configuration', async () => {
    const { client } = await lecturer();
    const res = await client.get('/api/request-categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json() as RequestCategory[];
    expect(categories.map((c) => [c.name, c.nameFr])).toEqual([
      ['Teaching', 'Enseignement'],
      ['Payment', 'Paiement'],
      ['Contract', 'Contrat'],
      ['Reprography', 'Reprographie'],
    ]);
    const teaching = categories[0]!.sousCategories.find((s) => s.code === '0101')!;
    expect(teaching).toMatchObject({ name: 'Teaching session not recorded', nameFr: 'Cours non enregistré' });
    expect(teaching.REQUEST_DISPCONFIG).toMatchObject({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'REQUIRED', AMOUNT: 'HIDDEN', TIME_TABLE: true });
  });

  it('leaves out a disabled sub-category, and refuses to file under it', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    await t.db.update(requestSubcategories).set({ enabled: false }).where(eq(requestSubcategories.id, sub['0203']!.id));
    try {
      const categories = (await l.client.get('/api/request-categories')).json() as RequestCategory[];
      expect(categories.flatMap((c) => c.sousCategories.map((s) => s.code))).not.toContain('0203');
      const res = await l.client.post('/api/requests', {
        REQUEST_CATEGORY_ID: sub['0203']!.id,
        TI_DISPLAYED: 5.5,
        TI_EXPECTED: 2.2,
        REQUEST_OBJECT: 'Tax',
        DESCRIPTION: 'x',
      });
      expect(refusal(res)).toMatchObject({ status: 400, code: 'REQUEST_CATEGORY_UNAVAILABLE', fields: { REQUEST_CATEGORY_ID: 'validation.invalid' } });
    } finally {
      await t.db.update(requestSubcategories).set({ enabled: true }).where(eq(requestSubcategories.id, sub['0203']!.id));
    }
  });

  it("is for whoever files requests, each their own audience's (decision 41), and the units read every category: an office account files none, nobody signed in is 401", async () => {
    const { client: student } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    const studentCategories = (await student.get('/api/request-categories')).json() as RequestCategory[];
    expect(studentCategories.map((c) => [c.name, c.audience])).toEqual([
      ['Certificates', 'STUDENT'],
      ['Grades', 'STUDENT'],
      ['Enrolment', 'STUDENT'],
    ]);
    const { client: finance } = await signIn(t, DEMO_ACCOUNTS.finance.matricule);
    const everyCategory = (await finance.get('/api/request-categories')).json() as RequestCategory[];
    expect(everyCategory.map((c) => c.audience)).toEqual(['STAFF', 'STAFF', 'STAFF', 'STAFF', 'STUDENT', 'STUDENT', 'STUDENT']);
    expect((await finance.post('/api/requests', lessonClaim())).statusCode).toBe(403);
    // a lecturer's teaching claim is no student's to file
    expect(refusal(await student.post('/api/requests', lessonClaim()))).toMatchObject({
      status: 400,
      code: 'REQUEST_CATEGORY_UNAVAILABLE',
      fields: { REQUEST_CATEGORY_ID: 'validation.invalid' },
    });
    expect((await new Client(t.app).get('/api/requests')).statusCode).toBe(401);
  });
});

describe('POST /api/requests: filing', () => {
  it("files a lesson claim: reference, REGISTERED at the lecturers' service, ISO week computed, first step, audit entry", async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const res = await l.client.post('/api/requests', lessonClaim({ REQUEST_AUTHOR: l.id, AMOUNT_RECEIVED: 1000 }));
    expect(res.statusCode).toBe(201);
    const filed = res.json() as RequestDetail;
    expect(filed).toMatchObject({
      REQUEST_AUTHOR: l.id,
      REQUEST_STATUS: 'REGISTERED',
      unit: { code: 'SENG' },
      CLASS_ID: classA.id,
      SUBJECT_ID: classA.subjects[0],
      REQUEST_PBLM_DATE: '2024-01-10',
      REQUEST_PBLM_WEEK: '2024-W02',
      REQUEST_PBLM_HOUR_START: '10:10',
      REQUEST_PBLM_HOUR_END: '12:00',
      // a field the sub-category does not show is not kept
      AMOUNT_RECEIVED: null,
      filedAt: t.clock.now().toISOString(),
      signedAt: null,
      subcategory: { code: '0101', categoryName: 'Teaching', categoryNameFr: 'Enseignement' },
    });
    expect(filed.REQUEST_ID).toMatch(/^0101@2024-\d{6}$/);
    expect(filed.className).not.toBeNull();
    expect(filed.steps).toEqual([
      {
        id: expect.any(Number),
        kind: 'FILED',
        unit: expect.objectContaining({ code: 'SENG' }),
        decision: null,
        comment: null,
        status: 'REGISTERED',
        batch: null,
        at: t.clock.now().toISOString(),
        by: null,
      },
    ]);
    expect(filed).toMatchObject({
      stage: 'AWAITING_SIGNATURE',
      signatureDeadline: '2024-01-22T08:00:00.000Z',
      author: { id: l.id },
      actions: { sign: false, reject: false, decisions: [] },
      formUrl: `/api/requests/${filed.id}/form`,
    });
    expect(filed.verificationUrl).toMatch(/^\/verify\/[0-9a-f]{32}$/);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, filed.id));
    expect(row).toMatchObject({ REQUEST_AUTHOR: l.id, REQUEST_STATUS: 'REGISTERED', REQUEST_PBLM_WEEK: '2024-W02', AMOUNT_RECEIVED: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.filed'), eq(auditLog.targetId, String(filed.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: l.id, details: { reference: filed.REQUEST_ID, subcategory: '0101' } });
  });

  it('files a payment claim with amounts, and each request gets its own reference', async () => {
    const l = await lecturer();
    const body = {
      REQUEST_CATEGORY_ID: sub['0201']!.id,
      AMOUNT_RECEIVED: 150000,
      AMOUNT_EXPECTED: 187500.5,
      VH_DISPLAYED: 30,
      REQUEST_OBJECT: 'November fees',
      DESCRIPTION: 'Five hours missing',
    };
    const first = await l.client.post('/api/requests', body);
    const second = await l.client.post('/api/requests', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      AMOUNT_RECEIVED: 150000,
      AMOUNT_EXPECTED: 187500.5,
      VH_DISPLAYED: 30,
      VH_EXPECTED: null,
      CLASS_ID: null,
      REQUEST_PBLM_WEEK: null,
    });
    expect(first.json().REQUEST_ID).not.toBe(second.json().REQUEST_ID);
  });

  it('names every required field missing (REQUEST_DETAILS_MISSING), and saves nothing', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const res = await l.client.post('/api/requests', { REQUEST_CATEGORY_ID: sub['0101']!.id, REQUEST_OBJECT: 'Missing lesson', DESCRIPTION: '' });
    expect(refusal(res)).toEqual({
      status: 400,
      code: 'REQUEST_DETAILS_MISSING',
      message: ERROR_MESSAGES.REQUEST_DETAILS_MISSING,
      fields: {
        CLASS_ID: 'validation.required',
        SUBJECT_ID: 'validation.required',
        REQUEST_PBLM_DATE: 'validation.required',
        REQUEST_PBLM_HOUR_START: 'validation.required',
        REQUEST_PBLM_HOUR_END: 'validation.required',
        DESCRIPTION: 'validation.required',
      },
    });
    const reprography = await l.client.post('/api/requests', {
      REQUEST_CATEGORY_ID: sub['0401']!.id,
      CLASS_ID: classA.id,
      SUBJECT_ID: classA.subjects[0],
      REPRO_COPY_NUMBER: 40,
      REQUEST_OBJECT: 'Handout',
    });
    expect(refusal(reprography)).toMatchObject({ code: 'REQUEST_DETAILS_MISSING', fields: { REPRO_STUDENT_COUNT: 'validation.required' } });
    expect(await t.db.select().from(requests).where(eq(requests.REQUEST_AUTHOR, l.id))).toEqual([]);
  });

  it('requires a title', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const res = await l.client.post('/api/requests', lessonClaim({ REQUEST_OBJECT: '  ' }));
    expect(refusal(res)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { REQUEST_OBJECT: 'validation.required' } });
  });

  it('refuses a problem date in the future (REQUEST_DATE_IN_FUTURE) and takes today', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const tomorrow = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_DATE: '2024-01-16' }));
    expect(refusal(tomorrow)).toMatchObject({
      status: 400,
      code: 'REQUEST_DATE_IN_FUTURE',
      message: ERROR_MESSAGES.REQUEST_DATE_IN_FUTURE,
      fields: { REQUEST_PBLM_DATE: 'validation.futureDate' },
    });
    const today = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_DATE: '2024-01-15' }));
    expect(today.statusCode).toBe(201);
    expect(today.json().REQUEST_PBLM_WEEK).toBe('2024-W03');
    const notADate = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_DATE: '2024-02-30' }));
    expect(refusal(notADate)).toMatchObject({ status: 400, fields: { REQUEST_PBLM_DATE: 'validation.date' } });
  });

  it('takes only the six lesson slots, the end after the start (REQUEST_SLOT_INVALID)', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const offSlot = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_HOUR_START: '09:00' }));
    expect(refusal(offSlot)).toMatchObject({ status: 400, code: 'REQUEST_SLOT_INVALID', fields: { REQUEST_PBLM_HOUR_START: 'validation.lessonSlot' } });
    const offEnd = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_HOUR_END: '10:10' }));
    expect(refusal(offEnd)).toMatchObject({ status: 400, code: 'REQUEST_SLOT_INVALID', fields: { REQUEST_PBLM_HOUR_END: 'validation.lessonSlot' } });
    const backwards = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_HOUR_START: '13:00', REQUEST_PBLM_HOUR_END: '12:00' }));
    expect(refusal(backwards)).toMatchObject({ status: 400, code: 'REQUEST_SLOT_INVALID', fields: { REQUEST_PBLM_HOUR_END: 'validation.endBeforeStart' } });
    const twoSlots = await l.client.post('/api/requests', lessonClaim({ REQUEST_PBLM_HOUR_START: '08:00', REQUEST_PBLM_HOUR_END: '12:00' }));
    expect(twoSlots.statusCode).toBe(201);
  });

  it('takes only a class and subject assigned to the lecturer (CLASS_NOT_ASSIGNED, SUBJECT_NOT_ASSIGNED)', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const otherClass = await l.client.post('/api/requests', lessonClaim({ CLASS_ID: classB.id, SUBJECT_ID: classB.subjects[0] }));
    expect(refusal(otherClass)).toMatchObject({
      status: 400,
      code: 'CLASS_NOT_ASSIGNED',
      message: ERROR_MESSAGES.CLASS_NOT_ASSIGNED,
      fields: { CLASS_ID: 'validation.notAssigned' },
    });
    const otherSubject = await l.client.post('/api/requests', lessonClaim({ SUBJECT_ID: classA.subjects[1] }));
    expect(refusal(otherSubject)).toMatchObject({ status: 400, code: 'SUBJECT_NOT_ASSIGNED', fields: { SUBJECT_ID: 'validation.notAssigned' } });
    // a subject of the assigned class B given with class A
    const mixed = await l.client.post('/api/requests', lessonClaim({ SUBJECT_ID: classB.subjects[0] }));
    expect(refusal(mixed)).toMatchObject({ code: 'SUBJECT_NOT_ASSIGNED' });
    // nobody assigned anything: the class is absent
    const nobody = await lecturer();
    expect(refusal(await nobody.client.post('/api/requests', lessonClaim()))).toMatchObject({ code: 'CLASS_NOT_ASSIGNED' });
    // a declined choice is no assignment
    const declined = await lecturer([classA.subjects[1]!]);
    await t.db.update(applicationChoices).set({ AFFECTATION: 2 }).where(eq(applicationChoices.SUBJECT_ID, classA.subjects[1]!));
    await t.settled();
    expect(refusal(await declined.client.post('/api/requests', lessonClaim({ SUBJECT_ID: classA.subjects[1] })))).toMatchObject({ code: 'CLASS_NOT_ASSIGNED' });
  });

  it('takes the author from the session: naming another person is 403, and unknown fields are refused', async () => {
    const l = await lecturer([classA.subjects[0]!]);
    const other = await lecturer();
    expect((await l.client.post('/api/requests', lessonClaim({ REQUEST_AUTHOR: other.id }))).statusCode).toBe(403);
    const extra = await l.client.post('/api/requests', lessonClaim({ REQUEST_STATUS: 'VALIDATED' }));
    expect(extra.statusCode).toBe(400);
    expect(await t.db.select().from(requests).where(eq(requests.REQUEST_AUTHOR, other.id))).toEqual([]);
    expect(await t.db.select().from(requests).where(eq(requests.REQUEST_AUTHOR, l.id))).toEqual([]);
  });
});

describe('the lecturer follows their requests', () => {
  let author: Lecturer;
  let stranger: Lecturer;
  let filed: RequestDetail[];

  beforeAll(async () => {
    author = await lecturer([classA.subjects[0]!]);
    stranger = await lecturer([classA.subjects[0]!]);
    filed = [];
    for (const body of [
      lessonClaim({ REQUEST_OBJECT: 'Lesson of 10 January' }),
      lessonClaim({ REQUEST_OBJECT: 'Lesson of 8 January', REQUEST_PBLM_DATE: '2024-01-08' }),
      {
        REQUEST_CATEGORY_ID: sub['0202']!.id,
        TH_DISPLAYED: 4000,
        TH_EXPECTED: 5000,
        REQUEST_OBJECT: 'Hourly rate of my grade',
        DESCRIPTION: 'Rate of a permanent lecturer',
      },
      { REQUEST_CATEGORY_ID: sub['0301']!.id, REQUEST_OBJECT: 'Contract not received', DESCRIPTION: 'Teaching since October' },
    ]) {
      const res = await author.client.post('/api/requests', body);
      expect(res.statusCode).toBe(201);
      filed.push(res.json());
      t.clock.advanceSeconds(60);
    }
    await stranger.client.post('/api/requests', lessonClaim());
    // Later statuses, as the units' decisions will set them (their routes come later).
    await t.db.update(requests).set({ REQUEST_STATUS: 'VALIDATED_BILLED' }).where(eq(requests.id, filed[2]!.id));
    await t.db.update(requests).set({ REQUEST_STATUS: 'REJECTED', REQUEST_UNITY_ID: null }).where(eq(requests.id, filed[3]!.id));
  });

  it('lists their own requests only, newest first, with paging', async () => {
    const page = (await author.client.get('/api/requests?pageSize=3')).json() as RequestPage;
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.id)).toEqual([filed[3]!.id, filed[2]!.id, filed[1]!.id]);
    const next = (await author.client.get('/api/requests?pageSize=3&page=2')).json() as RequestPage;
    expect(next.rows.map((r) => r.id)).toEqual([filed[0]!.id]);
    expect(page.rows[0]).toMatchObject({ REQUEST_STATUS: 'REJECTED', unit: null, subcategory: { code: '0301', name: 'Contract not received' } });
    expect(next.rows[0]).toMatchObject({
      REQUEST_STATUS: 'REGISTERED',
      unit: { code: 'SENG' },
      CLASS_ID: classA.id,
      REQUEST_PBLM_DATE: '2024-01-10',
      REQUEST_PBLM_HOUR_START: '10:10',
      REQUEST_PBLM_HOUR_END: '12:00',
    });
    expect(page.rows[0]).toMatchObject({ REQUEST_PBLM_HOUR_START: null, REQUEST_PBLM_HOUR_END: null });
  });

  it('filters by status, sub-category and free text', async () => {
    const ids = async (query: string) => ((await author.client.get(`/api/requests?${query}`)).json() as RequestPage).rows.map((r) => r.id);
    expect(await ids('status=REGISTERED')).toEqual([filed[1]!.id, filed[0]!.id]);
    expect(await ids('status=VALIDATED_BILLED')).toEqual([filed[2]!.id]);
    expect(await ids(`subcategory=${sub['0101']!.id}`)).toEqual([filed[1]!.id, filed[0]!.id]);
    expect(await ids('search=8%20JANUARY')).toEqual([filed[1]!.id]);
    expect(await ids('search=permanent')).toEqual([filed[2]!.id]);
    expect(await ids(`search=${encodeURIComponent(filed[0]!.REQUEST_ID)}`)).toEqual([filed[0]!.id]);
    expect(await ids('search=100%25')).toEqual([]);
    expect((await author.client.get('/api/requests?status=LOST')).statusCode).toBe(400);
  });

  it("shows one request with its steps; another person's is 403 (audited), an unknown one 404", async () => {
    const res = await author.client.get(`/api/requests/${filed[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(filed[0]);
    const [step] = await t.db.select().from(requestSteps).where(eq(requestSteps.requestId, filed[0]!.id));
    expect(step).toMatchObject({ status: 'REGISTERED', by: author.id });

    const refused = await stranger.client.get(`/api/requests/${filed[0]!.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, stranger.id), eq(auditLog.targetType, 'request')));
    expect(entry?.targetId).toBe(String(filed[0]!.id));
    expect((await author.client.get('/api/requests/2147483647')).statusCode).toBe(404);
    expect((await author.client.get('/api/requests/abc')).statusCode).toBe(400);
  });

  it("counts by status with the contract notes' keys, agreeing with the list, and only for oneself", async () => {
    const res = await author.client.get(`/api/requests/stats/user/${author.id}`);
    expect(res.statusCode).toBe(200);
    const stats = res.json() as RequestStats;
    expect(stats).toMatchObject({ totalDone: 4, totalRegistered: 2, totalProcessing: 0, totalValidated: 1, totalRejected: 1, totalClose: 0 });
    // every counter is what the list gives for its statuses
    for (const [key, statuses] of Object.entries(REQUEST_COUNTERS)) {
      let listed = 0;
      for (const status of statuses) listed += ((await author.client.get(`/api/requests?status=${status}`)).json() as RequestPage).total;
      expect(stats[key as keyof typeof REQUEST_COUNTERS], key).toBe(listed);
    }
    expect(stats.totalDone).toBe(((await author.client.get('/api/requests')).json() as RequestPage).total);
    expect((await stranger.client.get(`/api/requests/stats/user/${author.id}`)).statusCode).toBe(403);
  });

  it('gives the requests of each of the last twelve months and their average', async () => {
    // One more request filed eleven months earlier, and one thirteen months earlier (out of the window).
    const [template] = await t.db.select().from(requests).where(eq(requests.id, filed[3]!.id));
    const { id: _, verificationToken: __, ...copy } = template!;
    await t.db.insert(requests).values([
      { ...copy, REQUEST_ID: `${copy.REQUEST_ID}-A`, filedAt: new Date('2023-02-01T00:30:00+01:00') },
      { ...copy, REQUEST_ID: `${copy.REQUEST_ID}-B`, filedAt: new Date('2022-12-31T23:30:00+01:00') },
    ]);
    const stats = (await author.client.get(`/api/requests/stats/user/${author.id}`)).json() as RequestStats;
    expect(stats.monthly.map((m) => m.month)).toEqual([
      '2023-02',
      '2023-03',
      '2023-04',
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
    ]);
    expect(stats.monthly[0]!.count).toBe(1);
    expect(stats.monthly[11]!.count).toBe(4);
    expect(stats.monthlyAverage).toBe(Math.round((5 / 12) * 100) / 100);
    expect(stats.totalDone).toBe(6);
  });
});

// Last in this file: it moves the references' sequence past six digits.
describe('request references', () => {
  it('number on past 999999 with every digit kept, and the audit and the mail name the same reference', async () => {
    const l = await lecturer();
    await t.db.execute(sql`select setval('request_reference_seq', 999998)`);
    const body = {
      REQUEST_CATEGORY_ID: sub['0201']!.id,
      AMOUNT_RECEIVED: 150000,
      AMOUNT_EXPECTED: 187500.5,
      VH_DISPLAYED: 30,
      REQUEST_OBJECT: 'November fees',
      DESCRIPTION: 'Five hours missing',
    };
    const filings = [await l.client.post('/api/requests', body), await l.client.post('/api/requests', body)];
    expect(filings.map((res) => res.statusCode)).toEqual([201, 201]);
    const [first, second] = filings.map((res) => res.json<RequestDetail>()) as [RequestDetail, RequestDetail];
    expect([first.REQUEST_ID, second.REQUEST_ID]).toEqual(['0201@2024-999999', '0201@2024-1000000']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.filed'), eq(auditLog.targetId, String(second.id))));
    expect(entry).toMatchObject({ details: { reference: '0201@2024-1000000' } });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'request-filed')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.subject).toContain('0201@2024-1000000');
  });
});
