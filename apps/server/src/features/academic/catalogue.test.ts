import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, classes, cycles, departments } from '../../db/schema';
import { fold } from '../../lib/sql';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { apply, seedApplicationSessionId, subjectByCode } from './academic.fixtures';

let t: TestApp;
let office: Client;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  office = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
  admin = (await signIn(t, DEMO_ACCOUNTS.admin.matricule)).client;
});
afterAll(async () => {
  await t?.close();
});

const patch = (client: Client, url: string, body: unknown) => client.request('PATCH', url, body);
const del = (client: Client, url: string) => client.request('DELETE', url);

async function lastAudit(action: string) {
  const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return entry;
}

async function idOf(table: typeof departments | typeof branches | typeof cycles, column: 'code' | 'abbreviation', value: string): Promise<number> {
  const col = (table as unknown as Record<string, Parameters<typeof eq>[0]>)[column]!;
  const [row] = await t.db.select({ id: table.id }).from(table).where(eq(col, value));
  return row!.id;
}

describe('who may use the academic office routes', () => {
  it('refuses lecturers, HR and identification agents with 403, and asks for a session', async () => {
    for (const matricule of [DEMO_ACCOUNTS.permanent.matricule, DEMO_ACCOUNTS.hr.matricule, DEMO_ACCOUNTS.identification.matricule]) {
      const { client } = await signIn(t, matricule);
      for (const [method, url, body] of [
        ['GET', '/api/academic/departments', undefined],
        ['POST', '/api/academic/departments', { CODE: 'X1', NAME: 'X', NAME_FR: 'X' }],
        ['GET', '/api/academic/subjects', undefined],
        ['GET', '/api/academic/sessions', undefined],
        ['GET', '/api/academic/assignments', undefined],
        ['POST', '/api/academic/choices/1/confirm', {}],
      ] as const) {
        const res = await client.request(method, url, body);
        expect(res.statusCode, `${matricule} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const [refusal] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.targetId, '/api/academic/departments')))
      .limit(1);
    expect(refusal).toBeDefined();
    expect((await new Client(t.app).get('/api/academic/departments')).statusCode).toBe(401);
  });

  it('lets the academic office and administrators in, with no-store', async () => {
    const res = await office.get('/api/academic/departments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await admin.get('/api/academic/departments')).statusCode).toBe(200);
    const created = await admin.post('/api/academic/departments', { CODE: 'ADM', NAME: 'Admin made', NAME_FR: 'Fait par admin' });
    expect(created.statusCode).toBe(201);
  });
});

describe('departments', () => {
  it('lists, creates, edits and deletes, with audit entries', async () => {
    const list = await office.get('/api/academic/departments');
    expect(list.json()).toEqual(expect.arrayContaining([{ id: expect.any(Number), CODE: 'INF', NAME: 'Computer Science', NAME_FR: 'Informatique' }]));

    const created = await office.post('/api/academic/departments', { CODE: ' MATH ', NAME: 'Mathematics', NAME_FR: 'Mathématiques' });
    expect(created.statusCode).toBe(201);
    const dept = created.json();
    expect(dept).toEqual({ id: expect.any(Number), CODE: 'MATH', NAME: 'Mathematics', NAME_FR: 'Mathématiques' });
    expect(await lastAudit('academic.department-created')).toMatchObject({ targetType: 'department', targetId: String(dept.id) });

    const edited = await patch(office, `/api/academic/departments/${dept.id}`, {
      CODE: 'MAT',
      NAME: 'Applied Mathematics',
      NAME_FR: 'Mathématiques appliquées',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: dept.id, CODE: 'MAT', NAME: 'Applied Mathematics', NAME_FR: 'Mathématiques appliquées' });
    expect(await lastAudit('academic.department-updated')).toMatchObject({ targetId: String(dept.id) });

    expect((await del(office, `/api/academic/departments/${dept.id}`)).statusCode).toBe(204);
    expect(await lastAudit('academic.department-deleted')).toMatchObject({ targetId: String(dept.id) });
    expect((await t.db.select().from(departments).where(eq(departments.id, dept.id))).length).toBe(0);
    expect((await del(office, `/api/academic/departments/${dept.id}`)).statusCode).toBe(404);
    expect((await patch(office, `/api/academic/departments/${dept.id}`, { CODE: 'MAT', NAME: 'x', NAME_FR: 'x' })).statusCode).toBe(404);
  });

  it('answers field errors, ALREADY_EXISTS and IN_USE', async () => {
    const invalid = await office.post('/api/academic/departments', { CODE: '', NAME: 'x'.repeat(201) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { CODE: 'validation.required', NAME: 'validation.tooLong', NAME_FR: 'validation.required' },
    });

    const duplicate = await office.post('/api/academic/departments', { CODE: 'INF', NAME: 'Again', NAME_FR: 'Encore' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { CODE: 'validation.invalid' } });

    const other = (await office.post('/api/academic/departments', { CODE: 'PHY', NAME: 'Physics', NAME_FR: 'Physique' })).json();
    const renamedOntoExisting = await patch(office, `/api/academic/departments/${other.id}`, { CODE: 'GES', NAME: 'Physics', NAME_FR: 'Physique' });
    expect(renamedOntoExisting.statusCode).toBe(409);
    expect(renamedOntoExisting.json().code).toBe('ALREADY_EXISTS');

    const inUse = await del(office, `/api/academic/departments/${await idOf(departments, 'code', 'INF')}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('IN_USE');
  });
});

describe('branches', () => {
  it('creates, edits and deletes a branch of an existing department', async () => {
    const inf = await idOf(departments, 'code', 'INF');
    const created = await office.post('/api/academic/branches', {
      ABBREVIATION: 'IA',
      NAME: 'Artificial Intelligence',
      NAME_FR: 'Intelligence artificielle',
      DEPARTMENT_ID: inf,
    });
    expect(created.statusCode).toBe(201);
    const branch = created.json();
    expect(branch).toEqual({
      id: expect.any(Number),
      ABBREVIATION: 'IA',
      NAME: 'Artificial Intelligence',
      NAME_FR: 'Intelligence artificielle',
      DEPARTMENT_ID: inf,
    });
    expect((await office.get('/api/academic/branches')).json()).toContainEqual(branch);

    const ges = await idOf(departments, 'code', 'GES');
    const moved = await patch(office, `/api/academic/branches/${branch.id}`, { ...branch, DEPARTMENT_ID: ges });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().DEPARTMENT_ID).toBe(ges);

    expect((await del(office, `/api/academic/branches/${branch.id}`)).statusCode).toBe(204);
    expect((await del(office, `/api/academic/branches/${branch.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown department, a duplicate abbreviation and deleting a branch with classes', async () => {
    const unknown = await office.post('/api/academic/branches', { ABBREVIATION: 'ZZ', NAME: 'Z', NAME_FR: 'Z', DEPARTMENT_ID: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { DEPARTMENT_ID: 'validation.invalid' } });
    const badId = await office.post('/api/academic/branches', { ABBREVIATION: 'ZZ', NAME: 'Z', NAME_FR: 'Z', DEPARTMENT_ID: 'abc' });
    expect(badId.json().fields).toMatchObject({ DEPARTMENT_ID: expect.stringMatching(/^validation\./) });

    const inf = await idOf(departments, 'code', 'INF');
    const duplicate = await office.post('/api/academic/branches', { ABBREVIATION: 'GSI', NAME: 'Z', NAME_FR: 'Z', DEPARTMENT_ID: inf });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { ABBREVIATION: 'validation.invalid' } });

    const inUse = await del(office, `/api/academic/branches/${await idOf(branches, 'abbreviation', 'GSI')}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('IN_USE');
  });
});

describe('cycles and levels', () => {
  it('creates, edits and deletes a cycle; levels are the fixed five', async () => {
    const created = await office.post('/api/academic/cycles', { CODE: 'PHD', NAME: 'Doctorate', NAME_FR: 'Doctorat', FIRST_LEVEL: 5, LAST_LEVEL: 5 });
    expect(created.statusCode).toBe(201);
    const cycle = created.json();
    expect(cycle).toEqual({ id: expect.any(Number), CODE: 'PHD', NAME: 'Doctorate', NAME_FR: 'Doctorat', FIRST_LEVEL: 5, LAST_LEVEL: 5 });
    const edited = await patch(office, `/api/academic/cycles/${cycle.id}`, { ...cycle, FIRST_LEVEL: 4 });
    expect(edited.json()).toMatchObject({ FIRST_LEVEL: 4, LAST_LEVEL: 5 });
    expect((await del(office, `/api/academic/cycles/${cycle.id}`)).statusCode).toBe(204);

    const levels = await office.get('/api/academic/levels');
    expect(levels.json()).toEqual([1, 2, 3, 4, 5].map((id) => ({ id, NAME: `Level ${id}`, NAME_FR: `Niveau ${id}` })));
    expect((await office.post('/api/academic/levels', { id: 6 })).statusCode).toBe(404);
  });

  it('refuses levels out of order, a duplicate code, narrowing a cycle under its classes, and deleting a used cycle', async () => {
    const reversed = await office.post('/api/academic/cycles', { CODE: 'REV', NAME: 'R', NAME_FR: 'R', FIRST_LEVEL: 4, LAST_LEVEL: 2 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({ LAST_LEVEL: 'validation.invalid' });
    const outOfRange = await office.post('/api/academic/cycles', { CODE: 'OUT', NAME: 'R', NAME_FR: 'R', FIRST_LEVEL: 0, LAST_LEVEL: 6 });
    expect(outOfRange.json().fields).toMatchObject({ FIRST_LEVEL: 'validation.invalid', LAST_LEVEL: 'validation.invalid' });

    const duplicate = await office.post('/api/academic/cycles', { CODE: 'HND', NAME: 'R', NAME_FR: 'R', FIRST_LEVEL: 1, LAST_LEVEL: 2 });
    expect(duplicate.json().code).toBe('ALREADY_EXISTS');

    const hnd = await idOf(cycles, 'code', 'HND');
    const narrowed = await patch(office, `/api/academic/cycles/${hnd}`, { CODE: 'HND', NAME: 'HND', NAME_FR: 'BTS', FIRST_LEVEL: 1, LAST_LEVEL: 1 });
    expect(narrowed.statusCode).toBe(400);

    const inUse = await del(office, `/api/academic/cycles/${hnd}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('IN_USE');
  });
});

describe('classes', () => {
  it('creates, edits and deletes a class', async () => {
    const gl = await idOf(branches, 'abbreviation', 'GSI');
    const master = await idOf(cycles, 'code', 'MP');
    const created = await office.post('/api/academic/classes', { CODE: 'MP4 GSI/S A', BRANCH_ID: gl, CYCLE_ID: master, LEVEL_ID: 4, SHIFT: 'EVENING' });
    expect(created.statusCode).toBe(201);
    const klass = created.json();
    expect(klass).toEqual({ id: expect.any(Number), CODE: 'MP4 GSI/S A', BRANCH_ID: gl, CYCLE_ID: master, LEVEL_ID: 4, SHIFT: 'EVENING' });
    const edited = await patch(office, `/api/academic/classes/${klass.id}`, { ...klass, SHIFT: 'NIGHT' });
    expect(edited.json().SHIFT).toBe('NIGHT');
    expect((await office.get('/api/academic/classes')).json()).toContainEqual({ ...klass, SHIFT: 'NIGHT' });
    expect((await del(office, `/api/academic/classes/${klass.id}`)).statusCode).toBe(204);
  });

  it('refuses a bad shift, a level outside the cycle, a duplicate code and deleting a class with subjects', async () => {
    const gl = await idOf(branches, 'abbreviation', 'GSI');
    const master = await idOf(cycles, 'code', 'MP');
    const badShift = await office.post('/api/academic/classes', { CODE: 'GLX', BRANCH_ID: gl, CYCLE_ID: master, LEVEL_ID: 4, SHIFT: 'AFTERNOON' });
    expect(badShift.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { SHIFT: 'validation.invalid' } });
    const wrongLevel = await office.post('/api/academic/classes', { CODE: 'GLX', BRANCH_ID: gl, CYCLE_ID: master, LEVEL_ID: 1, SHIFT: 'DAY' });
    expect(wrongLevel.statusCode).toBe(400);
    expect(wrongLevel.json().fields).toEqual({ LEVEL_ID: 'validation.invalid' });
    const unknownCycle = await office.post('/api/academic/classes', { CODE: 'GLX', BRANCH_ID: gl, CYCLE_ID: 999_999, LEVEL_ID: 1, SHIFT: 'DAY' });
    expect(unknownCycle.json().fields).toEqual({ CYCLE_ID: 'validation.invalid' });

    const duplicate = await office.post('/api/academic/classes', {
      CODE: 'BTS1 GSI/J A',
      BRANCH_ID: gl,
      CYCLE_ID: await idOf(cycles, 'code', 'HND'),
      LEVEL_ID: 1,
      SHIFT: 'DAY',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('ALREADY_EXISTS');

    const [gl1] = await t.db.select().from(classes).where(eq(classes.code, 'BTS1 GSI/J A'));
    const inUse = await del(office, `/api/academic/classes/${gl1!.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('IN_USE');
  });
});

describe('subjects', () => {
  it('searches and pages the catalogue, optionally within one class', async () => {
    const all = (await office.get('/api/academic/subjects?pageSize=50')).json();
    expect(all.total).toBeGreaterThan(250);
    expect(all.rows).toHaveLength(50);
    expect(all.count).toBe(Math.ceil(all.total / 50));
    expect(all.rows[0]).toEqual({
      id: expect.any(Number),
      CODE: expect.any(String),
      NAME: expect.any(String),
      NAME_FR: expect.any(String),
      CLASS_ID: expect.any(Number),
      CLASS_CODE: expect.any(String),
      HOURS_CM: expect.any(Number),
      HOURS_TD: expect.any(Number),
      HOURS_TP: expect.any(Number),
      HOURLY_RATE: expect.any(Number),
      CREDITS: expect.any(Number),
    });

    const [gl1] = await t.db.select().from(classes).where(eq(classes.code, 'BTS1 GSI/J A'));
    const ofClass = (await office.get(`/api/academic/subjects?classId=${gl1!.id}`)).json();
    expect(ofClass.total).toBeGreaterThanOrEqual(4);
    expect(ofClass.rows.every((r: { CLASS_CODE: string }) => r.CLASS_CODE === 'BTS1 GSI/J A')).toBe(true);

    const found = (await office.get('/api/academic/subjects?search=gsi101')).json();
    expect(found.rows.map((r: { CODE: string }) => r.CODE)).toContain('GSI101');
    expect(found.rows.every((r: { CODE: string }) => r.CODE.toLowerCase().includes('gsi101'))).toBe(true);

    // by the French name too, without accents (decision 30)
    const french = (await office.get(`/api/academic/subjects?search=${encodeURIComponent('donnees')}&pageSize=200`)).json();
    expect(french.total).toBeGreaterThan(0);
    expect(french.rows.every((r: { NAME_FR: string }) => fold(r.NAME_FR).includes('donnees'))).toBe(true);
    expect(french.rows.map((r: { NAME: string }) => r.NAME)).toContain('Databases');

    const page2 = (await office.get('/api/academic/subjects?pageSize=10&page=2')).json();
    expect(page2.page).toBe(2);
    expect(page2.rows[0].id).not.toBe(all.rows[0].id);
    expect((await office.get('/api/academic/subjects?search=%25')).json().total).toBe(0);
    expect((await office.get('/api/academic/subjects?pageSize=500')).statusCode).toBe(400);
  });

  it('creates, edits and deletes a subject, and refuses no hours, duplicates and an unknown class', async () => {
    const [gl1] = await t.db.select().from(classes).where(eq(classes.code, 'BTS1 GSI/J A'));
    const input = { CODE: 'GL1NEW', NAME: 'Ethics', CLASS_ID: gl1!.id, HOURS_CM: 20, HOURS_TD: 10, HOURS_TP: 0, HOURLY_RATE: 4000, CREDITS: 2 };
    const created = await office.post('/api/academic/subjects', input);
    expect(created.statusCode).toBe(201);
    const subject = created.json();
    // without a French name, the English one stands in (decision 30)
    expect(subject).toEqual({ id: expect.any(Number), ...input, NAME_FR: 'Ethics', CLASS_CODE: 'BTS1 GSI/J A' });

    const edited = await patch(office, `/api/academic/subjects/${subject.id}`, {
      ...input,
      NAME: 'Professional ethics',
      NAME_FR: 'Déontologie professionnelle',
      HOURS_TP: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ NAME: 'Professional ethics', NAME_FR: 'Déontologie professionnelle', HOURS_TP: 5 });
    expect((await office.get('/api/academic/subjects?search=deontologie')).json().rows.map((r: { id: number }) => r.id)).toEqual([subject.id]);
    // an empty French name is the English one
    expect((await patch(office, `/api/academic/subjects/${subject.id}`, { ...input, NAME: 'Professional ethics', NAME_FR: '  ' })).json()).toMatchObject({
      NAME_FR: 'Professional ethics',
    });
    expect(await lastAudit('academic.subject-updated')).toMatchObject({ targetId: String(subject.id) });

    const noHours = await office.post('/api/academic/subjects', { ...input, CODE: 'GL1NONE', HOURS_CM: 0, HOURS_TD: 0, HOURS_TP: 0 });
    expect(noHours.statusCode).toBe(400);
    expect(noHours.json().fields).toEqual({ HOURS_CM: 'validation.noHours' });
    const duplicate = await office.post('/api/academic/subjects', input);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { CODE: 'validation.invalid' } });
    const unknownClass = await office.post('/api/academic/subjects', { ...input, CODE: 'GL1X', CLASS_ID: 999_999 });
    expect(unknownClass.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { CLASS_ID: 'validation.invalid' } });
    expect((await patch(office, '/api/academic/subjects/999999', input)).statusCode).toBe(404);

    expect((await del(office, `/api/academic/subjects/${subject.id}`)).statusCode).toBe(204);
    expect((await del(office, `/api/academic/subjects/${subject.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a subject chosen in an application (even declined)', async () => {
    const subject = await subjectByCode(t.db, 'HND2 SWE/J A', 'SWE201');
    await apply(t.db, {
      matricule: 'VAC0005',
      sessionId: await seedApplicationSessionId(t.db),
      choices: [{ subjectId: subject.id, category: 'TD', affectation: 2 }],
    });
    const res = await del(office, `/api/academic/subjects/${subject.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
  });
});
