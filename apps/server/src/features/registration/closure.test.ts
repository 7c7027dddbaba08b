import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANDATORY_RULES } from '@portal/contract';
import { persons, profiles } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { dataUrl, jpeg, pdf } from '../../../test/files';
import { type Client, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { VALID_SECTIONS } from './fixtures';

let t: TestApp;
let me: Client;
let myId: number;

beforeAll(async () => {
  t = await createTestApp();
  const session = await signIn(t, DEMO_ACCOUNTS.intern.matricule);
  me = session.client;
  myId = session.user.id as number;
  for (const [section, body] of Object.entries(VALID_SECTIONS))
    expect((await me.request('PATCH', `/api/students/update/${section}`, body)).statusCode).toBe(200);
  await me.post('/api/students/files', { col: 'IDENTITY1', FILE: dataUrl('image/jpeg', await jpeg(50, 30, 3)) });
  await me.post('/api/students/files', { col: 'IDENTITY2', FILE: dataUrl('image/jpeg', await jpeg(50, 30, 4)) });
  await me.post('/api/students/cv', { FILE: dataUrl('application/pdf', pdf('closure checklist')) });
  expect((await me.get('/api/students/registration')).json().missing).toEqual([]);
});
afterAll(async () => {
  await t?.close();
});

/** How to take one mandatory item away (and put it back) directly in the database. */
const PERSON_COLUMNS = new Set(['STATUS', 'BIRTHDATE', 'BIRTHPLACE', 'GENDER', 'COUNTRY']);
const removals: Record<string, Record<string, unknown>> = {
  SPFIRSTNAME: { SPFIRSTNAME: null },
  SPLASTNAME: { SPLASTNAME: null },
  NIU: { NIU: null, NIU_MISSING: false },
  LASTJOBEND: { LASTJOBSTILL: false, LASTJOBEND: null },
  LASTJOBSTILL: { LASTJOBSTILL: null, LASTJOBEND: '2021-06-30' },
  ACCOUNT_NUM: { ACCOUNT_NUM: null },
  ACCOUNT_DATA: { ACCOUNT_FIRSTNAME: null },
};

/** The registry always holds a matricule and the account an e-mail address: they cannot be missing. */
const ALWAYS_PRESENT = new Set(['MATRICULE', 'EMAIL']);

describe('closure names each missing mandatory item', () => {
  const rules = MANDATORY_RULES.filter((r) => !ALWAYS_PRESENT.has(r.field));

  it.each(rules.map((r) => [r.field]))('%s', async (field) => {
    const change = removals[field] ?? { [field]: null };
    const [beforePerson] = await t.db.select().from(persons).where(eq(persons.id, myId));
    const [beforeProfile] = await t.db.select().from(profiles).where(eq(profiles.personId, myId));
    const personPart = Object.fromEntries(Object.entries(change).filter(([k]) => PERSON_COLUMNS.has(k)));
    const profilePart = Object.fromEntries(Object.entries(change).filter(([k]) => !PERSON_COLUMNS.has(k)));
    if (Object.keys(personPart).length) await t.db.update(persons).set(personPart).where(eq(persons.id, myId));
    if (Object.keys(profilePart).length) await t.db.update(profiles).set(profilePart).where(eq(profiles.personId, myId));
    await t.settled();
    try {
      const res = await me.post('/api/students/close-sign');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'CLOSURE_FAILED', message: 'Closure failure', columns: [field] });
    } finally {
      const restorePerson = Object.fromEntries(Object.keys(personPart).map((k) => [k, (beforePerson as Record<string, unknown>)[k]]));
      const restoreProfile = Object.fromEntries(Object.keys(profilePart).map((k) => [k, (beforeProfile as Record<string, unknown>)[k]]));
      if (Object.keys(restorePerson).length) await t.db.update(persons).set(restorePerson).where(eq(persons.id, myId));
      if (Object.keys(restoreProfile).length) await t.db.update(profiles).set(restoreProfile).where(eq(profiles.personId, myId));
      await t.settled();
    }
  });

  it('covers every rule but the two that cannot be missing, and then closes', async () => {
    expect(rules.length).toBe(MANDATORY_RULES.length - ALWAYS_PRESENT.size);
    const res = await me.post('/api/students/close-sign');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ACTIVED: true, message: 'Registration completed' });
  });
});
