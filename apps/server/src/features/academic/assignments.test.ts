import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationChoices, applicationSessions, auditLog, persons, subjectConstraints } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, signIn, type Client, type TestApp } from '../../../test/helpers';
import { apply, personId, seedApplicationSessionId, subjectByCode } from './academic.fixtures';

let t: TestApp;
let office: Client;
let seedId: number;
let officeId: number;
type Subject = Awaited<ReturnType<typeof subjectByCode>>;
let A: Subject; // BTS1 GSI/J A GSI101
let B: Subject; // BTS1 GSI/J A GSI102
let C: Subject; // HND1 SWE/J A SWE101
let D: Subject; // HND1 SWE/J A SWE102: only a declined choice
let vac: Awaited<ReturnType<typeof apply>>;
let per: Awaited<ReturnType<typeof apply>>;
let closedApp: Awaited<ReturnType<typeof apply>>;

beforeAll(async () => {
  t = await createTestApp();
  office = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
  seedId = await seedApplicationSessionId(t.db);
  officeId = await personId(t.db, DEMO_ACCOUNTS.academic.matricule);
  [A, B, C, D] = await Promise.all([
    subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI101'),
    subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI102'),
    subjectByCode(t.db, 'HND1 SWE/J A', 'SWE101'),
    subjectByCode(t.db, 'HND1 SWE/J A', 'SWE102'),
  ]);
  vac = await apply(t.db, {
    matricule: 'VAC0011',
    sessionId: seedId,
    totalHours: 200,
    choices: [
      { subjectId: A.id, category: 'CM' },
      { subjectId: A.id, category: 'TD' },
      { subjectId: B.id, category: 'CM', affectation: 1 },
    ],
  });
  per = await apply(t.db, {
    matricule: 'PER0006',
    sessionId: seedId,
    totalHours: 300,
    choices: [
      { subjectId: A.id, category: 'CM' },
      { subjectId: C.id, category: 'TD' },
      { subjectId: D.id, category: 'CM', affectation: 2 },
    ],
  });
  closedApp = await apply(t.db, { matricule: 'VAC0012', sessionId: seedId, totalHours: 200, closed: true, choices: [{ subjectId: C.id, category: 'CM' }] });
});
afterAll(async () => {
  await t?.close();
});

const codes = (page: { rows: { Subject: { SUBJECT_CODE: string } }[] }) => page.rows.map((r) => r.Subject.SUBJECT_CODE);

describe('the assignment list', () => {
  it('lists the chosen subjects of the current session with their applicants and loads', async () => {
    const res = await office.get('/api/academic/assignments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page.session).toMatchObject({ id: seedId, DESIGNATION: 'Subject choices, semester 1, 2023-2024' });
    expect(codes(page)).toEqual(['GSI101', 'GSI102', 'SWE101']);
    expect(page).toMatchObject({ total: 3, count: 1, page: 1 });

    const rowA = page.rows[0];
    expect(rowA.Subject).toMatchObject({
      SUBJECT_ID: A.id,
      SUBJECT_CODE: 'GSI101',
      CLASS_CODE: 'BTS1 GSI/J A',
      BRANCH_ABREVIATION: 'GSI',
      LEVEL_ID: 1,
      SHIFT: 'DAY',
      DEPARTMENT_NAME: 'Computer Science',
      HOURS_CM: A.hoursCm,
      HOURLY_RATE: A.hourlyRate,
      TAX_RATE: 5.5,
      ASSIGNED: [],
    });
    const vacChosen = A.hoursCm + A.hoursTd + B.hoursCm;
    const perChosen = A.hoursCm + C.hoursTd; // the declined choice weighs nothing
    expect(rowA.applicants).toHaveLength(3);
    expect(rowA.applicants).toEqual(
      expect.arrayContaining([
        {
          CHOICE_ID: per.choiceIds[0],
          CATEGORY: 'CM',
          AFFECTATION: 0,
          HOURS: A.hoursCm,
          APPLICATION_ID: per.applicationId,
          EMPLOYEE_ID: per.employeeId,
          MATRICULE: 'PER0006',
          FIRSTNAME: expect.any(String),
          LASTNAME: expect.any(String),
          STATUS: 'PERMANENT',
          CLOSED: false,
          CONFIRMED_HOURS: 0,
          CHOSEN_HOURS: perChosen,
          TOTAL_HOURS: 300,
        },
        {
          CHOICE_ID: vac.choiceIds[0],
          CATEGORY: 'CM',
          AFFECTATION: 0,
          HOURS: A.hoursCm,
          APPLICATION_ID: vac.applicationId,
          EMPLOYEE_ID: vac.employeeId,
          MATRICULE: 'VAC0011',
          FIRSTNAME: expect.any(String),
          LASTNAME: expect.any(String),
          STATUS: 'VACATAIRE',
          CLOSED: false,
          CONFIRMED_HOURS: B.hoursCm,
          CHOSEN_HOURS: vacChosen,
          TOTAL_HOURS: 200,
        },
        expect.objectContaining({ CHOICE_ID: vac.choiceIds[1], CATEGORY: 'TD', HOURS: A.hoursTd, MATRICULE: 'VAC0011', CONFIRMED_HOURS: B.hoursCm }),
      ]),
    );
    // Grouped by part: the CM choices first.
    expect(rowA.applicants.map((a: { CATEGORY: string }) => a.CATEGORY)).toEqual(['CM', 'CM', 'TD']);

    const rowB = page.rows[1];
    expect(rowB.Subject.ASSIGNED).toEqual(['CM']);
    const rowC = page.rows[2];
    expect(rowC.applicants.find((a: { MATRICULE: string }) => a.MATRICULE === 'VAC0012')).toMatchObject({
      CHOICE_ID: closedApp.choiceIds[0],
      APPLICATION_ID: closedApp.applicationId,
      CLOSED: true,
      CHOSEN_HOURS: C.hoursCm,
    });
  });

  it('filters by state and search, and pages', async () => {
    expect(codes((await office.get('/api/academic/assignments?state=assigned')).json())).toEqual(['GSI102']);
    expect(codes((await office.get('/api/academic/assignments?state=open')).json())).toEqual(['GSI101', 'SWE101']);
    expect(codes((await office.get('/api/academic/assignments?search=hnd1 swe/j a')).json())).toEqual(['SWE101']);
    expect(codes((await office.get(`/api/academic/assignments?search=${encodeURIComponent(A.name.split(' ')[0]!)}`)).json())).toContain('GSI101');
    expect(codes((await office.get('/api/academic/assignments?search=vac0012')).json())).toEqual(['SWE101']);
    expect(codes((await office.get('/api/academic/assignments?search=nothing-like-this')).json())).toEqual([]);

    const second = (await office.get('/api/academic/assignments?pageSize=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, count: 2, page: 2 });
    expect(codes(second)).toEqual(['SWE101']);
    const past = (await office.get('/api/academic/assignments?pageSize=2&page=5')).json();
    expect(past).toMatchObject({ rows: [], total: 3, count: 2 });
    expect((await office.get('/api/academic/assignments?state=some')).statusCode).toBe(400);
  });

  it('lists another session when asked, falls back to the newest when none is current, and 404s an unknown one', async () => {
    const [constraint] = await t.db
      .insert(subjectConstraints)
      .values({ LEVEL1_J: 1, LEVEL2_J: 1, LEVEL3_J: 1, LEVEL4_J: 1, LEVEL5_J: 1, LEVEL1_S: 1, LEVEL2_S: 1, LEVEL3_S: 1, LEVEL4_S: 1, LEVEL5_S: 1 })
      .returning();
    const [old] = await t.db
      .insert(applicationSessions)
      .values({
        DESIGNATION: 'Old session',
        DESIGNATION_FR: 'Ancienne session',
        START_DATE: new Date('2022-09-01T00:00:00Z'),
        END_DATE: new Date('2023-02-01T00:00:00Z'),
        SUBJECT_CONSTRAINT_ID: constraint!.id,
        hoursPermanent: 1,
        hoursVacataire: 1,
        hoursStagiaire: 1,
        hoursStaff: 1,
      })
      .returning();
    await apply(t.db, { matricule: 'VAC0011', sessionId: old!.id, choices: [{ subjectId: D.id, category: 'TD', affectation: 1 }] });
    const oldPage = (await office.get(`/api/academic/assignments?session=${old!.id}`)).json();
    expect(oldPage.session.id).toBe(old!.id);
    expect(codes(oldPage)).toEqual(['SWE102']);
    expect(oldPage.rows[0].Subject.ASSIGNED).toEqual(['TD']);

    expect((await office.get('/api/academic/assignments?session=999999')).statusCode).toBe(404);

    await t.db.update(applicationSessions).set({ MANUAL_CLOSURE: true }).where(eq(applicationSessions.id, seedId));
    await t.settled();
    try {
      // No current session: the newest (by start) is shown, which is still the seed one.
      expect((await office.get('/api/academic/assignments')).json().session.id).toBe(seedId);
    } finally {
      await t.db.update(applicationSessions).set({ MANUAL_CLOSURE: false }).where(eq(applicationSessions.id, seedId));
      await t.settled();
    }
  });
});

describe('deciding choices', () => {
  it('confirms, refuses a second confirmation of the same part, declines and resets', async () => {
    const confirmed = await office.post(`/api/academic/choices/${vac.choiceIds[0]}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    const row = confirmed.json();
    expect(row.Subject).toMatchObject({ SUBJECT_ID: A.id, ASSIGNED: ['CM'] });
    const mine = row.applicants.find((a: { CHOICE_ID: number }) => a.CHOICE_ID === vac.choiceIds[0]);
    expect(mine).toMatchObject({ AFFECTATION: 1, CONFIRMED_HOURS: B.hoursCm + A.hoursCm });
    const [stored] = await t.db.select().from(applicationChoices).where(eq(applicationChoices.id, vac.choiceIds[0]!));
    expect(stored).toMatchObject({ AFFECTATION: 1, decidedBy: officeId });
    expect(stored!.decidedAt).toBeInstanceOf(Date);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'academic.choice-confirmed'), eq(auditLog.targetId, String(vac.choiceIds[0]))))
      .limit(1);
    expect(entry).toMatchObject({ actorId: officeId, targetType: 'choice' });

    // Confirming again changes nothing.
    expect((await office.post(`/api/academic/choices/${vac.choiceIds[0]}/confirm`)).statusCode).toBe(200);

    const taken = await office.post(`/api/academic/choices/${per.choiceIds[0]}/confirm`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('ALREADY_ASSIGNED');

    const declined = await office.post(`/api/academic/choices/${per.choiceIds[0]}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().applicants.find((a: { CHOICE_ID: number }) => a.CHOICE_ID === per.choiceIds[0])).toMatchObject({
      AFFECTATION: 2,
      CHOSEN_HOURS: C.hoursTd,
    });

    // The TD part is still open; the CM part is assigned.
    expect(codes((await office.get('/api/academic/assignments?state=open')).json())).toContain('GSI101');
    await office.post(`/api/academic/choices/${vac.choiceIds[1]}/confirm`);
    expect(codes((await office.get('/api/academic/assignments?state=assigned')).json())).toEqual(['GSI101', 'GSI102']);

    const reset = await office.post(`/api/academic/choices/${vac.choiceIds[0]}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().Subject.ASSIGNED).toEqual(['TD']);
    const [afterReset] = await t.db.select().from(applicationChoices).where(eq(applicationChoices.id, vac.choiceIds[0]!));
    expect(afterReset).toMatchObject({ AFFECTATION: 0, decidedBy: null, decidedAt: null });

    // Now the other lecturer's (declined) choice may be confirmed, and the first one no longer.
    expect((await office.post(`/api/academic/choices/${per.choiceIds[0]}/confirm`)).statusCode).toBe(200);
    expect((await office.post(`/api/academic/choices/${vac.choiceIds[0]}/confirm`)).json().code).toBe('ALREADY_ASSIGNED');

    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, 'choice')).orderBy(desc(auditLog.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['academic.choice-confirmed', 'academic.choice-declined', 'academic.choice-reset']));
  });

  it('answers 404 for an unknown choice and 400 for a bad id', async () => {
    expect((await office.post('/api/academic/choices/999999/confirm')).statusCode).toBe(404);
    expect((await office.post('/api/academic/choices/abc/decline')).statusCode).toBe(400);
  });
});

describe('the export', () => {
  it('downloads the confirmed assignments as CSV with a BOM, amounts, and formulas neutralised', async () => {
    const nasty = await apply(t.db, { matricule: 'VAC0013', sessionId: seedId, choices: [{ subjectId: C.id, category: 'TD' }] });
    await t.db.update(persons).set({ LASTNAME: '=HYPERLINK("http://evil.example","x")', FIRSTNAME: '+Ann' }).where(eq(persons.id, nasty.employeeId));
    await t.settled();
    // C's TD part: PER0006 chose it too; confirm VAC0013's.
    expect((await office.post(`/api/academic/choices/${nasty.choiceIds[0]}/confirm`)).statusCode).toBe(200);

    const res = await office.get('/api/academic/assignments/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="assignments-${seedId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toBe('MATRICULE,LASTNAME,FIRSTNAME,STATUS,DEPARTMENT,CLASS,SUBJECT_CODE,SUBJECT_NAME,CATEGORY,HOURS,HOURLY_RATE,AMOUNT');
    // Confirmed so far: VAC0011 GSI101 TD and GSI102 CM, PER0006 GSI101 CM, VAC0013 SWE101 TD.
    expect(lines).toHaveLength(5);
    const [vacPerson] = await t.db.select().from(persons).where(eq(persons.MATRICULE, 'VAC0011'));
    expect(lines).toContain(
      `VAC0011,${vacPerson!.LASTNAME},${vacPerson!.FIRSTNAME},VACATAIRE,Computer Science,BTS1 GSI/J A,GSI102,${B.name},CM,${B.hoursCm},${B.hourlyRate},${B.hoursCm * B.hourlyRate}`,
    );
    const evil = lines.find((l) => l.startsWith('VAC0013'))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",'+Ann,VACATAIRE,Computer Science,HND1 SWE/J A,SWE101`);
    expect(evil.endsWith(`,TD,${C.hoursTd},${C.hourlyRate},${C.hoursTd * C.hourlyRate}`)).toBe(true);
    expect(text).not.toMatch(/(^|,)[=+@]/m);
  });
});
