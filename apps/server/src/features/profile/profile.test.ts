import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function idOf(matricule: string) {
  const [p] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
  return p!.id;
}

describe('GET /api/students/{id}', () => {
  it("answers the person's own record without secrets", async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
    const res = await client.get(`/api/students/${user.id as number}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ MATRICULE: DEMO_ACCOUNTS.partTime.matricule, KIND: 'STAFF', STATUS: 'VACATAIRE', EMAIL_VERIFIED: true, ROLES: [] });
    expect(body).not.toHaveProperty('TOKEN');
    const text = res.body.toLowerCase();
    for (const secret of ['password', 'hash', 'argon2', String(user.TOKEN).toLowerCase()]) expect(text).not.toContain(secret);
  });

  it("refuses another person's record (403) and writes the refusal to the audit log", async () => {
    const { client, user } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    const other = await idOf(DEMO_ACCOUNTS.permanent.matricule);
    const res = await client.get(`/api/students/${other}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Action denied' });
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, user.id as number)));
    expect(refusals.length).toBe(1);
    expect(refusals[0]?.details).toMatchObject({ requestedId: other });
  });

  it('lets the human resources service read any whole record, and answers 404 for an unknown id', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.hr.username);
    const other = await idOf(DEMO_ACCOUNTS.student.matricule);
    const res = await client.get(`/api/students/${other}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().MATRICULE).toBe(DEMO_ACCOUNTS.student.matricule);
    expect(res.json()).not.toHaveProperty('SUMMARY');
    expect((await client.get('/api/students/999999')).statusCode).toBe(404);
    const bad = await client.get('/api/students/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers the academic office a summary without the HR data, and refuses admissions (decision 22)', async () => {
    const other = await idOf(DEMO_ACCOUNTS.readyLecturer.matricule);
    const { client: academic } = await signIn(t, DEMO_ACCOUNTS.academic.username);
    const res = await academic.get(`/api/students/${other}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const summary = res.json();
    expect(Object.keys(summary).sort()).toEqual(
      [
        'ACTIVED',
        'DENOMINATION',
        'FIRSTNAME',
        'GENDER',
        'GRADES',
        'IDENTIFIED',
        'KIND',
        'LASTNAME',
        'MATRICULE',
        'SPECIALITY',
        'STATUS',
        'STUDENT_ID',
        'SUMMARY',
        'TITLE',
        'id',
      ].sort(),
    );
    expect(summary).toMatchObject({ MATRICULE: DEMO_ACCOUNTS.readyLecturer.matricule, SUMMARY: true, ACTIVED: true });
    const { client: admissions } = await signIn(t, DEMO_ACCOUNTS.admissions.username);
    expect((await admissions.get(`/api/students/${other}`)).statusCode).toBe(403);
  });

  it('asks for a session', async () => {
    const res = await new Client(t.app).get('/api/students/1');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
