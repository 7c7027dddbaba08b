/**
 * Finding 9 of issue 9:
 *
 * > Odd ids accepted: `DELETE /api/academic/subjects/0x1F` deleted subject 31; `+1` and
 * > `0001` read as ids. Sending `{}` to a profile section erases it, though the API
 * > document marks its fields required.
 *
 * Ids are decimal and positive everywhere (one schema, `id()` in the contract's common.ts):
 * in paths, queries and bodies. A section's body names every field it saves (null clears one).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons, profiles, subjects } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { createTestApp, signIn, type Client, type TestApp } from '../../test/helpers';
import { blankBody, requiredFields } from './api-document';

/** The sections of the registration wizard, as the API document names them. */
const SECTIONS = [
  'status',
  'personal',
  'identification',
  'address',
  'familial',
  'parents',
  'emergency',
  'fiscal',
  'professional',
  'last-job',
  'financial',
  'pay-mode',
];
const blankSection = (section: string) => blankBody(t.app, 'PATCH', `/api/students/update/${section}`);

let t: TestApp;
let academic: Client;
let owner: Client;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  academic = (await signIn(t, DEMO_ACCOUNTS.academic.matricule)).client;
  const signedIn = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
  owner = signedIn.client;
  ownerId = signedIn.user.id as number;
});
afterAll(async () => {
  await t?.close();
});

/** A subject nobody chose (so that a DELETE of it would succeed), with an id of two hex digits at least. */
async function deletableSubject(): Promise<number> {
  const result = (await t.db.execute(
    sql`select s.id from subjects s where s.id >= 16 and not exists (select 1 from application_choices c where c.subject_id = s.id) order by s.id limit 1`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0]!.id;
}

const odd = (id: number) => [`0x${id.toString(16)}`, `+${id}`, `000${id}`, `%20${id}`, `${id}%20`, `${id / 10}e1`, `${id}.0`, `-${id}`];

describe('finding 9: odd ids', () => {
  it('refuses every odd spelling of an id in a path with 400, and deletes nothing', async () => {
    const id = await deletableSubject();
    for (const spelling of odd(id)) {
      const res = await academic.request('DELETE', `/api/academic/subjects/${spelling}`);
      expect(res.statusCode, spelling).toBe(400);
      expect(res.json().fields, spelling).toEqual({ id: 'validation.invalid' });
    }
    expect(await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id))).toHaveLength(1);
    // The decimal id itself still works.
    expect((await academic.request('DELETE', `/api/academic/subjects/${id}`)).statusCode).toBe(204);
    expect(await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id))).toHaveLength(0);
  });

  it('reads no person under +1 or 0001, nor past the largest id', async () => {
    for (const spelling of ['+1', '0001', '1e0', '0x1', '2147483648', '99999999999999999999']) {
      expect((await academic.get(`/api/students/${spelling}`)).statusCode, spelling).toBe(400);
    }
    expect((await owner.get(`/api/students/${ownerId}`)).statusCode).toBe(200);
  });

  it('refuses odd ids in queries and bodies', async () => {
    for (const spelling of ['0x1F', '+1', '0001', '1e1', '%201']) {
      expect((await academic.get(`/api/academic/subjects?classId=${spelling}`)).statusCode, spelling).toBe(400);
      expect((await academic.get(`/api/academic/assignments?session=${spelling}`)).statusCode, spelling).toBe(400);
    }
    for (const value of ['0x1F', '+1', '0001', ' 1', '1e1', 1.5, 0, -1, 2 ** 31]) {
      const res = await owner.post('/api/documents/delete', { id: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().fields).toEqual({ id: 'validation.invalid' });
      expect((await owner.request('PATCH', '/api/students/update/status', { STATUS: 'PERMANENT', STUDENT_ID: value })).statusCode, String(value)).toBe(400);
    }
  });
});

describe('finding 9: empty sections', () => {
  async function profileOf(id: number) {
    const [person] = await t.db.select().from(persons).where(eq(persons.id, id));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.personId, id));
    return { person, profile };
  }

  it('answers {} to every section with 400 naming each field, and erases nothing', async () => {
    // The owner's sections hold something first.
    const personal = { ...blankSection('personal'), FIRSTNAME: 'Paul', LASTNAME: 'Mbarga', GENDER: 'Male', BIRTHPLACE: 'Douala', COUNTRY: 'Cameroon' };
    expect((await owner.request('PATCH', '/api/students/update/personal', personal)).statusCode).toBe(200);
    const address = { ...blankSection('address'), LIVING_TOWN: 'Douala', PRECINCT: 'Bonamoussadi', DISTRICT: 'Littoral' };
    expect((await owner.request('PATCH', '/api/students/update/address', address)).statusCode).toBe(200);
    const before = await profileOf(ownerId);
    expect(before.profile?.DISTRICT).toBe('Littoral');

    for (const section of SECTIONS) {
      const required = requiredFields(t.app, 'PATCH', `/api/students/update/${section}`);
      expect(required.length, section).toBeGreaterThan(0);
      const res = await owner.request('PATCH', `/api/students/update/${section}`, {});
      expect(res.statusCode, section).toBe(400);
      expect(Object.keys(res.json().fields).sort(), section).toEqual(required.sort());
      // Only STUDENT_ID, as an old client sends it, is the same as {}.
      expect((await owner.request('PATCH', `/api/students/update/${section}`, { STUDENT_ID: ownerId })).statusCode, section).toBe(400);
    }
    expect(await profileOf(ownerId)).toEqual(before);
  });

  it('clears a field sent as null or empty, and keeps the optional ones optional', async () => {
    const familial = { ...blankSection('familial'), CIVILSTATUS: 'Single', CHILDNUM: '' };
    const saved = await owner.request('PATCH', '/api/students/update/familial', familial);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ CIVILSTATUS: 'Single', CHILDNUM: null });
    expect((await profileOf(ownerId)).profile?.CIVILSTATUS).toBe('Single');
  });
});
