import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { universityDayOf } from '@portal/contract';
import { applications, applicationSessions, auditLog } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, signIn, type Client, type TestApp } from '../../../test/helpers';
import { apply, seedApplicationSessionId, subjectByCode } from './academic.fixtures';

let t: TestApp;
let office: Client;
let lecturer: Client;
let seedId: number;
beforeAll(async () => {
  t = await createTestApp();
  office = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
  lecturer = (await signIn(t, DEMO_ACCOUNTS.partTime.matricule)).client;
  seedId = await seedApplicationSessionId(t.db);
});
afterAll(async () => {
  await t?.close();
});

const LIMITS = { LEVEL12_J: 4, LEVEL3_J: 3, LEVEL45_J: 2, LEVEL12_S: 5, LEVEL3_S: 1, LEVEL45_S: 0 };
const HOURS = { PERMANENT: 320, VACATAIRE: 180, STAGIAIRE: 100, STAFF: 40 };
const body = (over: Record<string, unknown> = {}) => ({ DESIGNATION: 'Semester 2', START_DATE: '2031-02-01', END_DATE: '2031-06-30', LIMITS, HOURS, ...over });
const patch = (url: string, b: unknown) => office.request('PATCH', url, b);

/** Each test starts with the seed session alone and open. */
beforeEach(async () => {
  await t.db.update(applicationSessions).set({ MANUAL_CLOSURE: true }).where(eq(applicationSessions.MANUAL_CLOSURE, false));
  await t.db.update(applicationSessions).set({ MANUAL_CLOSURE: false }).where(eq(applicationSessions.id, seedId));
  await t.settled();
});

describe('creating sessions', () => {
  it('creates a session with its limits, caps and dates in university time, listed newest first', async () => {
    const res = await office.post('/api/academic/sessions', body());
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created).toMatchObject({
      DESIGNATION: 'Semester 2',
      // no French designation given: the English one stands in (decision 30)
      DESIGNATION_FR: 'Semester 2',
      START_DATE: '2031-01-31T23:00:00.000Z',
      END_DATE: '2031-06-30T23:00:00.000Z',
      MANUAL_CLOSURE: false,
      ACTIVED: true,
      CURRENT: false,
      HOURS,
      SubjectConstraint: { LEVEL1_J: 4, LEVEL2_J: 4, LEVEL3_J: 3, LEVEL4_J: 2, LEVEL5_J: 2, LEVEL1_S: 5, LEVEL2_S: 5, LEVEL3_S: 1, LEVEL4_S: 0, LEVEL5_S: 0 },
      APPLICATIONS: 0,
      CLOSED_APPLICATIONS: 0,
      CHOICES: 0,
      CONFIRMED: 0,
    });
    expect(created.SUBJECT_CONSTRAINT_ID).toBe(created.SubjectConstraint.id);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'academic.session-created')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ targetType: 'session', targetId: String(created.id) });

    const list = (await office.get('/api/academic/sessions')).json();
    expect(list[0].id).toBe(created.id);
    const seed = list.find((s: { id: number }) => s.id === seedId);
    expect(seed).toMatchObject({
      CURRENT: true,
      DESIGNATION_FR: 'Choix des matières, semestre 1, 2023-2024',
      HOURS: { PERMANENT: 300, VACATAIRE: 200, STAGIAIRE: 120, STAFF: 60 },
    });
  });

  it('keeps the French designation the office gives, on creation and on edit', async () => {
    const created = (
      await office.post(
        '/api/academic/sessions',
        body({ START_DATE: '2035-02-01', END_DATE: '2035-03-01', DESIGNATION: 'Resit session', DESIGNATION_FR: 'Session de rattrapage' }),
      )
    ).json();
    expect(created).toMatchObject({ DESIGNATION: 'Resit session', DESIGNATION_FR: 'Session de rattrapage' });
    const edited = await office.request(
      'PATCH',
      `/api/academic/sessions/${created.id}`,
      body({ START_DATE: '2035-02-01', END_DATE: '2035-03-01', DESIGNATION: 'Resit', DESIGNATION_FR: 'Rattrapage' }),
    );
    expect(edited.json()).toMatchObject({ DESIGNATION: 'Resit', DESIGNATION_FR: 'Rattrapage' });
  });

  it('refuses SESSION_OVERLAP when another open session shares some days, and not once it is closed by hand', async () => {
    const overlapping = await office.post('/api/academic/sessions', body({ START_DATE: '2024-01-01', END_DATE: '2024-06-30' }));
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe('SESSION_OVERLAP');
    // The seed session ends 2030-12-31T23:59:59Z, which is already 1 January 2031 in university time.
    expect((await office.post('/api/academic/sessions', body({ START_DATE: '2031-01-01', END_DATE: null }))).json().code).toBe('SESSION_OVERLAP');

    const open = await office.post('/api/academic/sessions', body({ START_DATE: '2031-03-01', END_DATE: null, DESIGNATION: 'Open ended' }));
    expect(open.statusCode).toBe(201);
    expect((await office.post('/api/academic/sessions', body({ START_DATE: '2040-01-01', END_DATE: '2040-02-01' }))).json().code).toBe('SESSION_OVERLAP');
    expect((await office.post('/api/academic/sessions', body({ START_DATE: '2031-02-01', END_DATE: '2031-02-28' }))).statusCode).toBe(201);

    await office.post(`/api/academic/sessions/${seedId}/close`);
    expect((await office.post('/api/academic/sessions', body({ START_DATE: '2024-01-01', END_DATE: '2024-06-30' }))).statusCode).toBe(201);
  });

  it('checks the input', async () => {
    const backwards = await office.post('/api/academic/sessions', body({ START_DATE: '2031-06-30', END_DATE: '2031-02-01' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ END_DATE: 'validation.endBeforeStart' });
    const bad = await office.post(
      '/api/academic/sessions',
      body({ DESIGNATION: '', START_DATE: '31/02/2031', LIMITS: { ...LIMITS, LEVEL3_J: 51 }, HOURS: { ...HOURS, STAFF: -1 } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      DESIGNATION: 'validation.required',
      START_DATE: 'validation.date',
      'LIMITS.LEVEL3_J': 'validation.invalid',
      'HOURS.STAFF': expect.stringMatching(/^validation\./),
    });
  });
});

describe('the current session follows the office', () => {
  it('answers the limits as mapped, the edits, the closure and the reopening', async () => {
    await office.post(`/api/academic/sessions/${seedId}/close`);
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(204);

    const today = universityDayOf(t.clock.now());
    const created = (await office.post('/api/academic/sessions', body({ DESIGNATION: 'Now', START_DATE: today, END_DATE: null }))).json();
    expect(created.CURRENT).toBe(true);
    const current = await lecturer.get('/api/sessions-applications/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: created.id,
      DESIGNATION: 'Now',
      END_DATE: null,
      HOURS,
      SubjectConstraint: { LEVEL1_J: 4, LEVEL2_J: 4, LEVEL3_J: 3, LEVEL4_J: 2, LEVEL5_J: 2, LEVEL1_S: 5, LEVEL2_S: 5, LEVEL3_S: 1, LEVEL4_S: 0, LEVEL5_S: 0 },
    });

    const edited = await patch(
      `/api/academic/sessions/${created.id}`,
      body({ DESIGNATION: 'Now, edited', START_DATE: today, END_DATE: '2035-01-31', LIMITS: { ...LIMITS, LEVEL45_J: 6, LEVEL12_S: 2 } }),
    );
    expect(edited.statusCode).toBe(200);
    const after = (await lecturer.get('/api/sessions-applications/current')).json();
    expect(after).toMatchObject({
      DESIGNATION: 'Now, edited',
      END_DATE: '2035-01-31T23:00:00.000Z',
      SubjectConstraint: { LEVEL4_J: 6, LEVEL5_J: 6, LEVEL1_S: 2, LEVEL2_S: 2, LEVEL3_J: 3 },
    });

    const closed = await office.post(`/api/academic/sessions/${created.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ MANUAL_CLOSURE: true, CURRENT: false });
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(204);

    const reopened = await office.post(`/api/academic/sessions/${created.id}/reopen`);
    expect(reopened.json()).toMatchObject({ MANUAL_CLOSURE: false, CURRENT: true });
    expect((await lecturer.get('/api/sessions-applications/current')).json().id).toBe(created.id);

    // Moving the start to tomorrow: not current any more.
    const tomorrow = universityDayOf(new Date(t.clock.now().getTime() + 86_400_000));
    await patch(`/api/academic/sessions/${created.id}`, body({ DESIGNATION: 'Later', START_DATE: tomorrow, END_DATE: null }));
    expect((await lecturer.get('/api/sessions-applications/current')).statusCode).toBe(204);
    t.clock.advanceSeconds(2 * 86_400);
    // Two days later the sessions have expired: sign in again.
    office = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
    lecturer = (await signIn(t, DEMO_ACCOUNTS.partTime.matricule)).client;
    expect((await lecturer.get('/api/sessions-applications/current')).json().DESIGNATION).toBe('Later');

    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(created.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['academic.session-created', 'academic.session-updated', 'academic.session-closed', 'academic.session-reopened']),
    );
  });

  it('refuses reopening or moving a session onto another open one', async () => {
    await office.post(`/api/academic/sessions/${seedId}/close`);
    const overSeed = (await office.post('/api/academic/sessions', body({ START_DATE: '2025-01-01', END_DATE: '2025-06-30' }))).json();
    const reopen = await office.post(`/api/academic/sessions/${seedId}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('SESSION_OVERLAP');
    expect((await t.db.select().from(applicationSessions).where(eq(applicationSessions.id, seedId)))[0]!.MANUAL_CLOSURE).toBe(true);

    const later = (await office.post('/api/academic/sessions', body({ START_DATE: '2032-01-01', END_DATE: '2032-06-30' }))).json();
    const moved = await patch(`/api/academic/sessions/${later.id}`, body({ START_DATE: '2025-06-01', END_DATE: '2032-06-30' }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('SESSION_OVERLAP');
    // A session closed by hand may be moved anywhere: it does not count.
    await office.post(`/api/academic/sessions/${overSeed.id}/close`);
    expect((await office.post(`/api/academic/sessions/${seedId}/reopen`)).statusCode).toBe(200);
    expect((await patch(`/api/academic/sessions/${overSeed.id}`, body({ START_DATE: '2024-01-01', END_DATE: '2024-02-01' }))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown session', async () => {
    expect((await patch('/api/academic/sessions/999999', body())).statusCode).toBe(404);
    expect((await office.post('/api/academic/sessions/999999/close')).statusCode).toBe(404);
    expect((await office.post('/api/academic/sessions/999999/reopen')).statusCode).toBe(404);
  });
});

describe('changing the hourly caps', () => {
  it("moves open applications' TOTAL_HOURS to the new cap of each person's category, and leaves closed ones", async () => {
    const subject = await subjectByCode(t.db, 'BTS1 GSI/J A', 'GSI101');
    const permanent = await apply(t.db, { matricule: 'PER0002', sessionId: seedId, totalHours: 300, choices: [{ subjectId: subject.id, category: 'CM' }] });
    const partTime = await apply(t.db, {
      matricule: 'VAC0002',
      sessionId: seedId,
      totalHours: 200,
      choices: [{ subjectId: subject.id, category: 'TD', affectation: 1 }],
    });
    const intern = await apply(t.db, { matricule: 'STG0002', sessionId: seedId, totalHours: 120, choices: [] });
    const closed = await apply(t.db, {
      matricule: 'VAC0003',
      sessionId: seedId,
      totalHours: 200,
      closed: true,
      choices: [{ subjectId: subject.id, category: 'CM', affectation: 2 }],
    });

    const summary = (await office.get('/api/academic/sessions')).json().find((s: { id: number }) => s.id === seedId);
    expect(summary).toMatchObject({ APPLICATIONS: 4, CLOSED_APPLICATIONS: 1, CHOICES: 2, CONFIRMED: 1 });

    const [seed] = await t.db.select().from(applicationSessions).where(eq(applicationSessions.id, seedId));
    const res = await patch(`/api/academic/sessions/${seedId}`, {
      DESIGNATION: seed!.DESIGNATION,
      START_DATE: '2023-09-01',
      END_DATE: '2030-12-31',
      LIMITS: { LEVEL12_J: 3, LEVEL3_J: 2, LEVEL45_J: 2, LEVEL12_S: 2, LEVEL3_S: 1, LEVEL45_S: 1 },
      HOURS: { PERMANENT: 280, VACATAIRE: 150, STAGIAIRE: 90, STAFF: 60 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ HOURS: { PERMANENT: 280, VACATAIRE: 150, STAGIAIRE: 90, STAFF: 60 }, APPLICATIONS: 4 });
    const hours = async (id: number) => (await t.db.select({ h: applications.TOTAL_HOURS }).from(applications).where(eq(applications.id, id)))[0]!.h;
    expect(await hours(permanent.applicationId)).toBe(280);
    expect(await hours(partTime.applicationId)).toBe(150);
    expect(await hours(intern.applicationId)).toBe(90);
    expect(await hours(closed.applicationId)).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'academic.session-updated')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.details).toMatchObject({ applicationsCapped: 3 });

    // The same caps again: nothing moves, even an application changed by hand since.
    await t.db.update(applications).set({ TOTAL_HOURS: 111 }).where(eq(applications.id, permanent.applicationId));
    await patch(`/api/academic/sessions/${seedId}`, {
      DESIGNATION: 'Renamed',
      START_DATE: '2023-09-01',
      END_DATE: '2030-12-31',
      LIMITS,
      HOURS: { PERMANENT: 280, VACATAIRE: 150, STAGIAIRE: 90, STAFF: 60 },
    });
    expect(await hours(permanent.applicationId)).toBe(111);
  });
});
