import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { dataUrl, jpeg, pdf } from '../../../test/files';
import { type Client, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { VALID_SECTIONS } from '../registration/fixtures';

let t: TestApp;
let hr: Client;
let lecturer: Client;
let lecturerId: number;

/** Fills every section and uploads the CV and ID images through the API, then closes. */
async function completeAndClose(client: Client) {
  for (const [section, body] of Object.entries(VALID_SECTIONS))
    expect((await client.request('PATCH', `/api/students/update/${section}`, body)).statusCode, section).toBe(200);
  expect((await client.post('/api/students/files', { col: 'IDENTITY1', FILE: dataUrl('image/jpeg', await jpeg(80, 50, 1)) })).statusCode).toBe(200);
  expect((await client.post('/api/students/files', { col: 'IDENTITY2', FILE: dataUrl('image/jpeg', await jpeg(80, 50, 2)) })).statusCode).toBe(200);
  expect((await client.post('/api/students/cv', { FILE: dataUrl('application/pdf', pdf()) })).statusCode).toBe(200);
  const closed = await client.post('/api/students/close-sign');
  expect(closed.statusCode, closed.body).toBe(200);
  return closed.json();
}

beforeAll(async () => {
  t = await createTestApp();
  hr = (await signIn(t, DEMO_ACCOUNTS.hr.username)).client;
  const session = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
  lecturer = session.client;
  lecturerId = session.user.id as number;
});
afterAll(async () => {
  await t?.close();
});

describe('closure and the lock', () => {
  it('closes a complete registration, then refuses every change by the person', async () => {
    const closed = await completeAndClose(lecturer);
    expect(closed).toMatchObject({ ACTIVED: true, message: 'Registration completed' });
    expect((await lecturer.get('/api/auth/session')).json().ACTIVED).toBe(true);
    for (const [section, body] of Object.entries(VALID_SECTIONS)) {
      const res = await lecturer.request('PATCH', `/api/students/update/${section}`, body);
      expect(res.statusCode, section).toBe(403);
      expect(res.json()).toEqual({ code: 'REGISTRATION_CLOSED', message: 'Your registration is closed: changes go through the human resources service' });
    }
    expect((await lecturer.post('/api/students/cv', { FILE: dataUrl('application/pdf', pdf('another cv')) })).json().code).toBe('REGISTRATION_CLOSED');
    expect((await lecturer.post('/api/students/close-sign')).statusCode).toBe(200);
    const mail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.closed'), eq(auditLog.targetId, String(lecturerId))));
    expect(mail).toHaveLength(1);
  });
});

describe('the human resources service', () => {
  it('lists registrations with search and filters', async () => {
    const all = (await hr.get('/api/hr/registrations?pageSize=200')).json();
    expect(all.total).toBeGreaterThan(30);
    expect(all.rows.every((r: { MATRICULE: string }) => !r.MATRICULE.startsWith('BO'))).toBe(true);
    // Besides the lecturer, the demo seed closed two registrations handed in on paper (their files are missing here).
    const closed = (await hr.get('/api/hr/registrations?closed=yes')).json();
    expect(closed.rows.map((r: { MATRICULE: string }) => r.MATRICULE).sort()).toEqual(['PER0003', 'PER0004', 'VAC0001']);
    expect(closed.rows.find((r: { id: number }) => r.id === lecturerId).missing).toEqual([]);
    const interns = (await hr.get('/api/hr/registrations?status=STAGIAIRE&pageSize=50')).json();
    expect(interns.total).toBe(4);
    const incomplete = (await hr.get('/api/hr/registrations?missing=yes&pageSize=200')).json();
    expect(incomplete.total).toBe(all.total - 1);
    const search = (await hr.get('/api/hr/registrations?search=aicha%20bello')).json();
    expect(search.rows.map((r: { id: number }) => r.id)).toContain(lecturerId);
    const paged = (await hr.get('/api/hr/registrations?page=2&pageSize=10')).json();
    expect(paged).toMatchObject({ page: 2, count: Math.ceil(all.total / 10) });
    expect(paged.rows).toHaveLength(10);
  });

  it('opens a dossier with its state and audit trail', async () => {
    const res = await hr.get(`/api/hr/registrations/${lecturerId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.record).toMatchObject({ id: lecturerId, ACTIVED: true, ACCOUNT_NUM: '00012345678' });
    expect(body.state.missing).toEqual([]);
    expect(body.audit.map((a: { action: string }) => a.action)).toContain('registration.closed');
    expect(body.audit[0].actor).toMatchObject({ id: lecturerId });
  });

  it('reopens with a reason, recorded in the audit log, and the person can edit again', async () => {
    const noReason = await hr.post(`/api/hr/registrations/${lecturerId}/reopen`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'validation.reason' });
    const res = await hr.post(`/api/hr/registrations/${lecturerId}/reopen`, { reason: 'The RIB does not match the bank letter' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ACTIVED).toBe(false);
    const dossier = (await hr.get(`/api/hr/registrations/${lecturerId}`)).json();
    expect(dossier.audit[0]).toMatchObject({
      action: 'registration.reopened',
      details: { reason: 'The RIB does not match the bank letter' },
      actor: { name: expect.any(String) },
    });
    expect((await lecturer.request('PATCH', '/api/students/update/parents', { ...VALID_SECTIONS.parents, HEIGHT: 169 })).statusCode).toBe(200);
    expect((await lecturer.post('/api/students/close-sign')).statusCode).toBe(200);
  });

  it('corrects a closed registration with a reason, showing what changed', async () => {
    const res = await hr.request('PATCH', `/api/hr/registrations/${lecturerId}/address`, {
      ...VALID_SECTIONS.address,
      PRECINCT: 'Makepe',
      reason: 'Moved, letter of 12/03',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ PRECINCT: 'Makepe', ACTIVED: true });
    const entry = (await hr.get(`/api/hr/registrations/${lecturerId}`)).json().audit[0];
    expect(entry).toMatchObject({
      action: 'profile.changed-by-hr',
      details: { section: 'address', reason: 'Moved, letter of 12/03', changes: { PRECINCT: ['Bonamoussadi', 'Makepe'] } },
    });
    expect((await hr.request('PATCH', `/api/hr/registrations/${lecturerId}/address`, VALID_SECTIONS.address)).statusCode).toBe(400);
  });

  it('exports the list as CSV', async () => {
    const res = await hr.get('/api/hr/registrations/export?closed=yes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registrations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'MATRICULE,LASTNAME,FIRSTNAME,STATUS,GENDER,BIRTHDATE,EMAIL,PHONE,LIVING_TOWN,ACTIVITY_PRINCIPAL,PAYMODE,CLOSED,CLOSED_AT,MISSING_COUNT,MISSING',
    );
    expect(lines).toHaveLength(4);
    expect(lines.filter((line: string) => line.includes('VAC0001,Bello,Aïcha,VACATAIRE'))).toHaveLength(1);
  });

  it('is closed to everyone but HR and administrators', async () => {
    const academic = (await signIn(t, DEMO_ACCOUNTS.academic.username)).client;
    for (const client of [academic, lecturer]) {
      expect((await client.get('/api/hr/registrations')).statusCode).toBe(403);
      expect((await client.post(`/api/hr/registrations/${lecturerId}/reopen`, { reason: 'no reason at all' })).statusCode).toBe(403);
    }
    const admin = (await signIn(t, DEMO_ACCOUNTS.admin.username)).client;
    expect((await admin.get('/api/hr/registrations')).statusCode).toBe(200);
    const [person] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.student.matricule));
    expect((await hr.get(`/api/hr/registrations/${person!.id}`)).statusCode).toBe(404);
  });
});
