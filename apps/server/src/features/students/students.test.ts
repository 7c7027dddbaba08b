import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, STUDENT_PROFILE_SECTIONS, type StudentFile, type StudentProfileSection } from '@portal/contract';
import { accounts, auditLog, persons, studentProfiles } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, sessionFor, type Client, type TestApp } from '../../../test/helpers';
import { SAVED_STUDENT_SECTIONS, signedInStudent, VALID_STUDENT_SECTIONS } from './students.fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
const save = (client: Client, section: StudentProfileSection, body: Record<string, unknown>) =>
  client.request('PATCH', `/api/students/profile/${section}`, body);
const fileOf = async (client: Client) => {
  const res = await client.get('/api/students/profile');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudentFile;
};
const profileRow = async (personId: number) => (await t.db.select().from(studentProfiles).where(eq(studentProfiles.personId, personId)))[0];
const lastAudit = async (action: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
const pick = (values: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, values[key]]));

describe("a student's own file", () => {
  it('starts with the registry identity, every section unsaved and no document', async () => {
    const student = await signedInStudent(t, 3);
    const [person] = await t.db.select().from(persons).where(eq(persons.id, student.id));
    const file = await fileOf(student.client);
    expect(file.identity).toEqual({
      id: student.id,
      MATRICULE: 'ST24A003',
      FIRSTNAME: person!.FIRSTNAME,
      LASTNAME: person!.LASTNAME,
      BIRTHDATE: person!.BIRTHDATE,
      BIRTHPLACE: person!.BIRTHPLACE,
      GENDER: person!.GENDER,
      EMAIL: person!.EMAIL,
    });
    expect(file.sectionsSaved).toEqual(Object.fromEntries(STUDENT_PROFILE_SECTIONS.map((section) => [section, null])));
    expect(file.profile).toMatchObject({
      IS_HANDICAPED: false,
      IS_SPORTIVE: false,
      IS_SPORTIVE_COMPETITOR: false,
      OTHER_LANGUAGES: [],
      LIVING_TOWN: null,
      FATHER_NAME: null,
    });
    expect(file.documents).toEqual([]);
  });

  it('shows the demo student the two sections the seed filled in', async () => {
    const student = await signedInStudent(t, 1);
    const file = await fileOf(student.client);
    expect(file.identity.MATRICULE).toBe(DEMO_ACCOUNTS.student.matricule);
    expect(
      Object.entries(file.sectionsSaved)
        .filter(([, at]) => at !== null)
        .map(([section]) => section),
    ).toEqual(['personal', 'languages']);
    expect(file.profile).toMatchObject({ CIVILSTATUS: 'Single', FIRST_LANGUAGE: 'French', OTHER_LANGUAGES: ['Duala'] });
  });

  it.each(STUDENT_PROFILE_SECTIONS)(
    'saves the %s section: its values as checked, marked saved, audited with the names of the fields changed',
    async (section) => {
      const student = await signedInStudent(t, 10 + STUDENT_PROFILE_SECTIONS.indexOf(section));
      const res = await save(student.client, section, VALID_STUDENT_SECTIONS[section]);
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json() as StudentFile;
      const fields = Object.keys(VALID_STUDENT_SECTIONS[section]);
      expect(pick(file.profile, fields)).toEqual(SAVED_STUDENT_SECTIONS[section]);
      expect(file.sectionsSaved[section]).toBe(t.clock.now().toISOString());
      expect(
        Object.entries(file.sectionsSaved)
          .filter(([, at]) => at !== null)
          .map(([name]) => name),
      ).toEqual([section]);
      // read back, the same
      expect(pick((await fileOf(student.client)).profile, fields)).toEqual(SAVED_STUDENT_SECTIONS[section]);
      const entry = await lastAudit('studentFile.section-saved');
      expect(entry).toMatchObject({ actorId: student.id, targetType: 'person', targetId: String(student.id) });
      expect(entry!.details).toMatchObject({ section });
      expect((entry!.details as { fields: string[] }).fields.length).toBeGreaterThan(0);
      // values never go to the audit log
      expect(JSON.stringify(entry!.details)).not.toContain('Kamga');
    },
  );

  it('saving one section leaves every other one as it was, and its saved time too', async () => {
    const student = await signedInStudent(t, 30);
    for (const section of STUDENT_PROFILE_SECTIONS) expect((await save(student.client, section, VALID_STUDENT_SECTIONS[section])).statusCode).toBe(200);
    const before = await fileOf(student.client);
    t.clock.advance(60_000);
    const res = await save(student.client, 'personal', { RELIGION: '', REGION_ORIGIN: 'Centre', DEPARTMENT: null, CIVILSTATUS: 'Married' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as StudentFile;
    expect(pick(after.profile, ['RELIGION', 'REGION_ORIGIN', 'DEPARTMENT', 'CIVILSTATUS'])).toEqual({
      RELIGION: null,
      REGION_ORIGIN: 'Centre',
      DEPARTMENT: null,
      CIVILSTATUS: 'Married',
    });
    for (const section of STUDENT_PROFILE_SECTIONS.filter((s) => s !== 'personal')) {
      const fields = Object.keys(VALID_STUDENT_SECTIONS[section]);
      expect(pick(after.profile, fields), section).toEqual(pick(before.profile, fields));
      expect(after.sectionsSaved[section], section).toBe(before.sectionsSaved[section]);
    }
    expect(after.sectionsSaved.personal).not.toBe(before.sectionsSaved.personal);
    expect((await lastAudit('studentFile.section-saved'))!.details).toEqual({
      section: 'personal',
      fields: ['RELIGION', 'REGION_ORIGIN', 'DEPARTMENT', 'CIVILSTATUS'],
    });
  });

  it('clears what a choice hides: no disability, no details; no sport, no competition nor sport', async () => {
    const student = await signedInStudent(t, 31);
    await save(student.client, 'disability', VALID_STUDENT_SECTIONS.disability);
    await save(student.client, 'sports', VALID_STUDENT_SECTIONS.sports);
    const res1 = await save(student.client, 'disability', { IS_HANDICAPED: false, HANDICAP_DETAILS: 'left over' });
    expect(res1.statusCode, res1.body).toBe(200);
    expect(pick(res1.json().profile, ['IS_HANDICAPED', 'HANDICAP_DETAILS'])).toEqual({ IS_HANDICAPED: false, HANDICAP_DETAILS: null });
    const res2 = await save(student.client, 'sports', {
      IS_SPORTIVE: false,
      IS_SPORTIVE_COMPETITOR: false,
      FIRST_SPORT: 'FOOTBALL',
      SPORT_DETAILS: 'left over',
    });
    expect(res2.statusCode, res2.body).toBe(200);
    expect(pick(res2.json().profile, ['IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR', 'FIRST_SPORT', 'SPORT_DETAILS'])).toEqual({
      IS_SPORTIVE: false,
      IS_SPORTIVE_COMPETITOR: false,
      FIRST_SPORT: null,
      SPORT_DETAILS: null,
    });
  });
});

describe('a file read again', () => {
  it("shows each change on the next read: a section saved, the registry's names, an account's e-mail; HR's reads audited each time", async () => {
    const student = await signedInStudent(t, 32);
    const first = await fileOf(student.client);
    expect(await fileOf(student.client)).toEqual(first);
    expect((await save(student.client, 'personal', VALID_STUDENT_SECTIONS.personal)).statusCode).toBe(200);
    const saved = await fileOf(student.client);
    expect([saved.profile.CIVILSTATUS, saved.sectionsSaved.personal]).toEqual(['Single', t.clock.now().toISOString()]);
    await t.db.update(persons).set({ FIRSTNAME: 'Renamed' }).where(eq(persons.id, student.id));
    expect((await fileOf(student.client)).identity.FIRSTNAME).toBe('Renamed');
    await t.db.insert(accounts).values({ personId: student.id, email: 'renamed.student@example.org' });
    expect((await fileOf(student.client)).identity.EMAIL).toBe('renamed.student@example.org');
    // someone else's read is audited every time, the file kept or not
    const hrId = await idOf(DEMO_ACCOUNTS.hr.matricule);
    const hr = await sessionFor(t, hrId);
    for (let n = 0; n < 2; n++) expect((await hr.get(`/api/students/profile/${student.id}`)).json().identity.FIRSTNAME).toBe('Renamed');
    const reads = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'studentFile.read'), eq(auditLog.actorId, hrId), eq(auditLog.targetId, String(student.id))));
    expect(reads).toHaveLength(2);
  });
});

describe('each section refuses bad input with a translated code and field messages, and keeps what was saved', () => {
  const v = VALID_STUDENT_SECTIONS;
  const thisYear = new Date().getFullYear();
  const CASES: { section: StudentProfileSection; name: string; body: Record<string, unknown>; code: string; fields: Record<string, string> }[] = [
    {
      section: 'personal',
      name: 'a region that is not one of Cameroon’s',
      body: { ...v.personal, REGION_ORIGIN: 'Bavaria' },
      code: 'VALIDATION_FAILED',
      fields: { REGION_ORIGIN: 'validation.invalid' },
    },
    {
      section: 'personal',
      name: 'no civil status',
      body: { ...v.personal, CIVILSTATUS: '' },
      code: 'VALIDATION_FAILED',
      fields: { CIVILSTATUS: 'validation.required' },
    },
    {
      section: 'address',
      name: 'no living town nor precinct',
      body: { ...v.address, LIVING_TOWN: '', PRECINCT: ' ' },
      code: 'ADDRESS_INCOMPLETE',
      fields: { LIVING_TOWN: 'validation.townPrecinct', PRECINCT: 'validation.townPrecinct' },
    },
    {
      section: 'address',
      name: 'no first phone number',
      body: { ...v.address, NUMPHONE: '' },
      code: 'VALIDATION_FAILED',
      fields: { NUMPHONE: 'validation.required' },
    },
    {
      section: 'address',
      name: 'malformed phone numbers',
      body: { ...v.address, NUMPHONE: '12', NUMPHONE2: '99' },
      code: 'VALIDATION_FAILED',
      fields: { NUMPHONE: 'validation.phone1', NUMPHONE2: 'validation.phone2' },
    },
    {
      section: 'parents',
      name: 'no father’s name and a malformed contact',
      body: { ...v.parents, FATHER_NAME: '', MOTHER_CONTACT: '+33 12' },
      code: 'VALIDATION_FAILED',
      fields: { FATHER_NAME: 'validation.required', MOTHER_CONTACT: 'validation.phone' },
    },
    {
      section: 'emergency',
      name: 'no contact',
      body: { ...v.emergency, EMERGENCY_CONTACT: '' },
      code: 'VALIDATION_FAILED',
      fields: { EMERGENCY_CONTACT: 'validation.required' },
    },
    {
      section: 'admission',
      name: 'a year in the future and one before 1950',
      body: { ...v.admission, YEAR_OBTENTION: String(thisYear + 1), FIRST_YEAR_UNIVERSITY: '1949' },
      code: 'VALIDATION_FAILED',
      fields: { YEAR_OBTENTION: 'validation.yearRange', FIRST_YEAR_UNIVERSITY: 'validation.yearRange' },
    },
    {
      section: 'admission',
      name: 'a first university year before the diploma',
      body: { ...v.admission, YEAR_OBTENTION: '2022', FIRST_YEAR_UNIVERSITY: '2021' },
      code: 'VALIDATION_FAILED',
      fields: { FIRST_YEAR_UNIVERSITY: 'validation.firstUniversityYear' },
    },
    {
      section: 'admission',
      name: 'a grade over 20 and an unknown mention',
      body: { ...v.admission, ADMISSION_DIPLOMA_GRADE: '20,5', MENTION_OBTAINED: 'SUPERB' },
      code: 'VALIDATION_FAILED',
      fields: { ADMISSION_DIPLOMA_GRADE: 'validation.grade', MENTION_OBTAINED: 'validation.invalid' },
    },
    {
      section: 'admission',
      name: 'a country that is not in the list',
      body: { ...v.admission, COUNTRY_OBTENTION: 'Atlantis' },
      code: 'VALIDATION_FAILED',
      fields: { COUNTRY_OBTENTION: 'validation.country' },
    },
    {
      section: 'disability',
      name: 'a disability without details',
      body: { IS_HANDICAPED: true, HANDICAP_DETAILS: '' },
      code: 'VALIDATION_FAILED',
      fields: { HANDICAP_DETAILS: 'validation.required' },
    },
    {
      section: 'sports',
      name: 'a competitor who practises no sport',
      body: { IS_SPORTIVE: false, IS_SPORTIVE_COMPETITOR: true, FIRST_SPORT: null, SPORT_DETAILS: null },
      code: 'VALIDATION_FAILED',
      fields: { IS_SPORTIVE_COMPETITOR: 'validation.competitorNotSportive' },
    },
    {
      section: 'sports',
      name: 'another sport without saying which',
      body: { IS_SPORTIVE: true, IS_SPORTIVE_COMPETITOR: false, FIRST_SPORT: 'OTHER', SPORT_DETAILS: '' },
      code: 'VALIDATION_FAILED',
      fields: { SPORT_DETAILS: 'validation.required' },
    },
    {
      section: 'languages',
      name: 'the same language twice',
      body: { FIRST_LANGUAGE: 'French', SECOND_LANGUAGE: 'French', OTHER_LANGUAGES: ['English', 'English'] },
      code: 'VALIDATION_FAILED',
      fields: { SECOND_LANGUAGE: 'validation.sameLanguage', OTHER_LANGUAGES: 'validation.otherLanguages' },
    },
    {
      section: 'languages',
      name: 'more than five other languages',
      body: { FIRST_LANGUAGE: 'French', SECOND_LANGUAGE: null, OTHER_LANGUAGES: ['English', 'Pidgin', 'Fulfulde', 'Ewondo', 'Duala', 'Bassa'] },
      code: 'VALIDATION_FAILED',
      fields: { OTHER_LANGUAGES: 'validation.otherLanguages' },
    },
  ];
  let student: { id: number; client: Client };

  beforeAll(async () => {
    student = await signedInStudent(t, 40);
    for (const section of STUDENT_PROFILE_SECTIONS) expect((await save(student.client, section, VALID_STUDENT_SECTIONS[section])).statusCode).toBe(200);
  });

  it.each(CASES)('$section: $name', async ({ section, body, code, fields }) => {
    const before = await profileRow(student.id);
    const res = await save(student.client, section, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code, message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES], fields });
    expect(await profileRow(student.id)).toEqual(before);
  });

  it('refuses a section with fields left out (an empty body never erases a section)', async () => {
    const before = await profileRow(student.id);
    for (const section of STUDENT_PROFILE_SECTIONS) {
      const res = await save(student.client, section, {});
      expect(res.statusCode, section).toBe(400);
      expect(Object.keys(res.json().fields).sort(), section).toEqual(Object.keys(VALID_STUDENT_SECTIONS[section]).sort());
    }
    expect(await profileRow(student.id)).toEqual(before);
  });
});

describe("who reads and changes a student's file", () => {
  let owner: { id: number; client: Client };
  let other: { id: number; client: Client };

  beforeAll(async () => {
    owner = await signedInStudent(t, 50);
    other = await signedInStudent(t, 51);
    expect((await save(owner.client, 'parents', VALID_STUDENT_SECTIONS.parents)).statusCode).toBe(200);
    expect((await save(owner.client, 'disability', VALID_STUDENT_SECTIONS.disability)).statusCode).toBe(200);
  });

  const refusal = async (actorId: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, actorId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it("refuses another student's file to a student (403, audited)", async () => {
    const res = await other.client.get(`/api/students/profile/${owner.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Kamga');
    expect((await refusal(other.id))!.details).toMatchObject({ requestedId: owner.id });
    // one's own by id is one's own
    const own = await owner.client.get(`/api/students/profile/${owner.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.FATHER_NAME).toBe('Jean Kamga');
  });

  it("refuses a save naming another student (403, audited), and changes nothing of either's", async () => {
    const before = await profileRow(owner.id);
    const res = await save(other.client, 'parents', { ...VALID_STUDENT_SECTIONS.parents, FATHER_NAME: 'Planted', STUDENT_ID: owner.id });
    expect(res.statusCode).toBe(403);
    expect((await refusal(other.id))!.details).toMatchObject({ requestedId: owner.id });
    expect(await profileRow(owner.id)).toEqual(before);
    expect(await profileRow(other.id)).toBeUndefined();
  });

  it('refuses the file to a staff member, their own included (403, audited)', async () => {
    const staffId = await idOf(DEMO_ACCOUNTS.permanent.matricule);
    const staff = await sessionFor(t, staffId);
    for (const res of [
      await staff.get('/api/students/profile'),
      await staff.get(`/api/students/profile/${owner.id}`),
      await save(staff, 'personal', VALID_STUDENT_SECTIONS.personal),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await refusal(staffId)).toBeDefined();
    expect(await profileRow(staffId)).toBeUndefined();
    // the academic office reads summaries of people, never a student's file
    const academic = await sessionFor(t, await idOf(DEMO_ACCOUNTS.academic.matricule));
    expect((await academic.get(`/api/students/profile/${owner.id}`)).statusCode).toBe(403);
  });

  it('lets the human resources service read it, audits the read, and finds no file for someone who is not a student', async () => {
    const hrId = await idOf(DEMO_ACCOUNTS.hr.matricule);
    const hr = await sessionFor(t, hrId);
    const res = await hr.get(`/api/students/profile/${owner.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().profile).toMatchObject({ MOTHER_CONTACT: '+33612345678', IS_HANDICAPED: true });
    expect(await lastAudit('studentFile.read')).toMatchObject({ actorId: hrId, targetType: 'person', targetId: String(owner.id) });
    expect((await hr.get(`/api/students/profile/${await idOf(DEMO_ACCOUNTS.permanent.matricule)}`)).statusCode).toBe(404);
    // HR changes nothing here: saving is the student's own
    expect((await save(hr, 'parents', { ...VALID_STUDENT_SECTIONS.parents, STUDENT_ID: owner.id })).statusCode).toBe(403);
  });

  it('asks for a session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/students/profile' });
    expect(anonymous.statusCode).toBe(401);
  });
});
