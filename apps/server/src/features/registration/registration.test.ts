import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ribKey, type SavedSection } from '@portal/contract';
import { auditLog, children, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type Client, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { sectionOf, VALID_SECTIONS } from './fixtures';

let t: TestApp;
let me: Client;
let myId: number;
beforeAll(async () => {
  t = await createTestApp();
  const session = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
  me = session.client;
  myId = session.user.id as number;
});
afterAll(async () => {
  await t?.close();
});

/** Saves a section: the fields given, the section's other fields empty (a section's body names them all). */
const save = (client: Client, section: string, body: object) =>
  client.request(
    'PATCH',
    `/api/students/update/${section}`,
    sectionOf((section === 'identification_passport' ? 'identification' : section) as SavedSection, body),
  );

describe('each section saves on its own', () => {
  it('saves every section and answers the updated record, dates as YYYY-MM-DD', async () => {
    for (const [section, body] of Object.entries(VALID_SECTIONS)) {
      const res = await save(me, section, body);
      expect(res.statusCode, `${section}: ${res.body}`).toBe(200);
    }
    const record = (await me.get('/api/auth/session')).json();
    expect(record).toMatchObject({
      STATUS: 'VACATAIRE',
      BIRTHDATE: '1984-03-14',
      LIVING_TOWN: 'Douala',
      CIVILSTATUS: 'Married',
      SPBIRTHDATE: '1980-02-02',
      CHILDNUM: 2,
      NIU: 'P084512345678Q',
      LASTJOBSTILL: true,
      LASTJOBEND: null,
      PAYMODE: 'BANK_TRANSFER',
      ACCOUNT_NUM: '00012345678',
      IDENTIFSTART: '2020-01-10',
    });
    expect(record.CHILDREN).toEqual([
      { FIRSTNAME: 'Fadimatou', LASTNAME: 'Hamadou', BIRTHDATE: '2012-09-01' },
      { FIRSTNAME: 'Moussa', LASTNAME: 'Hamadou', BIRTHDATE: '2016-06-15' },
    ]);
    const state = (await me.get('/api/students/registration')).json();
    const saved = Object.fromEntries(state.sections.map((s: { section: string; savedAt: string | null }) => [s.section, s.savedAt]));
    for (const section of Object.keys(VALID_SECTIONS)) expect(saved[section], section).not.toBeNull();
    // Only the documents are left: the CV and the two ID images.
    expect(state.missing).toEqual(['IDENTITY1', 'IDENTITY2', 'CV_LINK']);
  });

  it('replaces the children list and clears the spouse when no longer married', async () => {
    const res = await save(me, 'familial', {
      CIVILSTATUS: 'Divorced',
      SPFIRSTNAME: 'Ibrahim',
      SPLASTNAME: 'Hamadou',
      CHILDNUM: 1,
      CHILDREN: [{ FIRSTNAME: 'Moussa', LASTNAME: 'Hamadou', BIRTHDATE: '2016-06-15' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ CIVILSTATUS: 'Divorced', SPFIRSTNAME: null, SPLASTNAME: null, CHILDNUM: 1 });
    expect(await t.db.select().from(children).where(eq(children.personId, myId))).toHaveLength(1);
    expect((await save(me, 'familial', VALID_SECTIONS.familial)).statusCode).toBe(200);
  });
});

describe('the rules of section 5', () => {
  it('needs the living town and precinct', async () => {
    const res = await save(me, 'address', { ...VALID_SECTIONS.address, PRECINCT: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'ADDRESS_INCOMPLETE',
      message: 'Fill your living town and precinct to continue',
      fields: { PRECINCT: 'validation.townPrecinct' },
    });
  });

  it('has separate messages for phone number 1 and 2', async () => {
    const res = await save(me, 'address', { ...VALID_SECTIONS.address, NUMPHONE: '12345', NUMPHONE2: '99' });
    expect(res.json().fields).toEqual({ NUMPHONE: 'validation.phone1', NUMPHONE2: 'validation.phone2' });
    const emergency = await save(me, 'emergency', { ...VALID_SECTIONS.emergency, EMERGNUM2: '123' });
    expect(emergency.json().fields).toEqual({ EMERGNUM2: 'validation.phone2' });
  });

  it('requires the spouse of married people', async () => {
    const res = await save(me, 'familial', { CIVILSTATUS: 'Married', CHILDNUM: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SPOUSE_REQUIRED', message: 'Spouse information is required for married users' });
  });

  it('checks NIU, dates and their order', async () => {
    expect((await save(me, 'fiscal', { NIU: 'ABC' })).json().fields).toEqual({ NIU: 'validation.niu' });
    expect((await save(me, 'personal', { ...VALID_SECTIONS.personal, BIRTHDATE: '30/02/1984' })).json().fields).toEqual({ BIRTHDATE: 'validation.date' });
    expect((await save(me, 'last-job', { LASTJOBSTART: '01/02/2016', LASTJOBEND: '01/01/2016' })).json().fields).toEqual({
      LASTJOBEND: 'validation.endBeforeStart',
    });
  });

  it('checks the bank account key, refuses microfinance, and keeps only the chosen mode', async () => {
    const bad = await save(me, 'pay-mode', { ...VALID_SECTIONS['pay-mode'], RIB_KEY: ribKey('10005', '00001', '00012345678') === '00' ? '01' : '00' });
    expect(bad.json().fields).toEqual({ RIB_KEY: 'validation.ribKey' });
    const microfinance = await save(me, 'pay-mode', { ...VALID_SECTIONS['pay-mode'], BANK_CODE: '40001', RIB_KEY: ribKey('40001', '00001', '00012345678') });
    expect(microfinance.statusCode).toBe(400);
    expect(microfinance.json()).toEqual({
      code: 'MICROFINANCE_REFUSED',
      message: 'Microfinance accounts are not allowed',
      fields: { BANK_CODE: 'validation.microfinance' },
    });
    const mobile = await save(me, 'pay-mode', {
      PAYMODE: 'MOBILE_TRANSFER',
      PAY_CODE: '+237',
      PAY_PHONE: '677 11 22 33',
      ACCOUNT_LASTNAME: 'Bello',
      ACCOUNT_FIRSTNAME: 'Aïcha',
      ACCOUNT_NUM: '00012345678',
    });
    expect(mobile.statusCode).toBe(200);
    expect(mobile.json()).toMatchObject({ PAYMODE: 'MOBILE_TRANSFER', PAY_PHONE: '677 11 22 33', ACCOUNT_NUM: null, BANK_CODE: null });
    expect((await save(me, 'pay-mode', VALID_SECTIONS['pay-mode'])).statusCode).toBe(200);
  });

  it('drops the NIU-missing confirmation once an NIU is given', async () => {
    expect((await save(me, 'fiscal', { NIU: '', NIU_MISSING: true, CNPSYN: false, CNPSNUM: '999999' })).json()).toMatchObject({
      NIU: null,
      NIU_MISSING: true,
      CNPSNUM: null,
    });
    expect((await save(me, 'fiscal', VALID_SECTIONS.fiscal)).json()).toMatchObject({ NIU: 'P084512345678Q', NIU_MISSING: false });
  });

  it('writes saves to the audit log by field name, never with values', async () => {
    await save(me, 'pay-mode', VALID_SECTIONS['pay-mode']);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, myId), eq(auditLog.action, 'profile.section-saved')));
    expect(entries.length).toBeGreaterThan(5);
    expect(JSON.stringify(entries)).not.toContain('00012345678');
    expect(JSON.stringify(entries)).not.toContain('P084512345678Q');
  });
});

describe('access', () => {
  it("refuses every section and the closure for another person's id", async () => {
    for (const section of [...Object.keys(VALID_SECTIONS), 'identification_passport']) {
      const res = await save(me, section, {
        ...(VALID_SECTIONS as Record<string, object>)[section === 'identification_passport' ? 'identification' : section],
        STUDENT_ID: myId + 1,
      });
      expect(res.statusCode, section).toBe(403);
    }
    expect((await me.post('/api/students/close-sign', { STUDENT_ID: myId + 1 })).statusCode).toBe(403);
  });

  it('does not let a student choose a staff category or close a staff registration', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.student.matricule);
    expect((await save(client, 'status', { STATUS: 'PERMANENT' })).statusCode).toBe(403);
    expect((await client.post('/api/students/close-sign')).statusCode).toBe(403);
    expect((await save(client, 'address', VALID_SECTIONS.address)).statusCode).toBe(200);
  });
});

describe('closure', () => {
  it('names every missing mandatory field of an empty registration', async () => {
    const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
    const res = await client.post('/api/students/close-sign');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'CLOSURE_FAILED', message: 'Closure failure' });
    expect(body.columns).toEqual([
      'CIVILSTATUS',
      'CHILDNUM',
      'LIVING_TOWN',
      'PRECINCT',
      'NUMPHONE',
      'NUMPHONE2',
      'EMERGNAME1',
      'EMERGNUM1',
      'IDENTIFICATION',
      'IDENTIFNUM',
      'IDENTIFPLACE',
      'IDENTIFSTART',
      'IDENTIFEND',
      'IDENTITY1',
      'IDENTITY2',
      'NIU',
      'LASTDIPLOMA',
      'OLD_OBTENTION_YEAR',
      'STAB',
      'OLD_SPECIALITY',
      'LASTJOB',
      'LASTEMPLOYER',
      'LASTJOBSTART',
      'LASTJOBSTILL',
      'LASTJOBEND',
      'ACTIVITY_PRINCIPAL',
      'PAYMODE',
      'CV_LINK',
    ]);
    const [person] = await t.db
      .select({ closedAt: persons.registrationClosedAt })
      .from(persons)
      .where(eq(persons.MATRICULE, DEMO_ACCOUNTS.permanent.matricule));
    expect(person?.closedAt).toBeNull();
  });
});
