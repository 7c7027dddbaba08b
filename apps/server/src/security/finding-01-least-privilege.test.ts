/**
 * Finding 1 of issue 9, replayed:
 *
 * > 1. Every back-office role reads and changes everyone's HR data. The academic office,
 * >    identification office and admissions see bank account, NIU and salary through
 * >    `GET /api/students/{id}`, and can upload over, delete or replace other people's CV,
 * >    files and documents while a registration is open (30 of 30 tried calls succeeded).
 * >    HR changes files of a closed registration without giving a reason.
 *
 * Decision 22: the sensitive fields go to their owner and HR only; changing someone else's files
 * is HR's alone, through its own routes, with a reason, always.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, files, persons, profiles } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { VALID_SECTIONS } from '../features/registration/fixtures';
import { dataUrl, pdf, postMultipart, storedObjects } from '../../test/files';
import { type Client, createTestApp, sessionFor, type TestApp } from '../../test/helpers';

const OFFICES = ['academic', 'identification', 'admissions'] as const;
type Office = (typeof OFFICES)[number];

let t: TestApp;
let victim: Client;
let victimId: number;
let closedId: number;
let hr: Client;
const offices = {} as Record<Office, Client>;
/** per office, a document of the victim's that the office tries to delete, and one it tries to mark */
const targets = {} as Record<Office, { deleted: number; marked: number }>;
let ribUrl: string;

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
let seq = 0;
const unique = (label: string) => pdf(`${label} ${++seq} ${Math.random()}`);
const diploma = (designation: string) => ({
  PIECE_TYPE: 'DIPL_CERT',
  DESIGNATION: designation,
  SPECIALITY: 'Mathematics',
  LEVEL: 5,
  LANGUAGE: 'fr',
  OBTENEDDATE: '01/07/2010',
  OBTENEDSTAB: 'Université de Yaoundé I',
});

/** Everything of a person's HR data a change could touch: the profile row, the documents, the files and the stored objects. */
async function footprint(personId: number): Promise<string> {
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.personId, personId));
  const docs = await t.db.select().from(documents).where(eq(documents.personId, personId)).orderBy(asc(documents.id));
  const stored = await t.db.select().from(files).where(eq(files.ownerId, personId)).orderBy(asc(files.id));
  const [person] = await t.db.select().from(persons).where(eq(persons.id, personId));
  return createHash('sha256')
    .update(JSON.stringify({ profile, docs, stored, person, objects: storedObjects(t, personId) }))
    .digest('hex');
}

beforeAll(async () => {
  t = await createTestApp();
  victimId = await idOf(DEMO_ACCOUNTS.intern.matricule);
  closedId = await idOf(DEMO_ACCOUNTS.closedLecturer.matricule);
  victim = await sessionFor(t, victimId);
  hr = await sessionFor(t, await idOf(DEMO_ACCOUNTS.hr.matricule));
  for (const office of OFFICES) offices[office] = await sessionFor(t, await idOf(DEMO_ACCOUNTS[office].matricule));

  // The victim, an intern with an open registration, gives a bank account, a NIU, a salary, files and diplomas.
  for (const section of ['fiscal', 'financial', 'pay-mode'] as const) {
    const saved = await victim.request('PATCH', `/api/students/update/${section}`, VALID_SECTIONS[section]);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  expect((await victim.post('/api/students/cv', { FILE: dataUrl('application/pdf', unique('victim cv')) })).statusCode).toBe(200);
  for (const col of ['NIU_LINK', 'CNPS_LINK'] as const)
    expect((await victim.post('/api/students/files', { col, FILE: dataUrl('application/pdf', unique(col)) })).statusCode).toBe(200);
  const rib = await victim.post('/api/students/files', { col: 'RIB_LINK', FILE: dataUrl('application/pdf', unique('rib')) });
  ribUrl = rib.json().url;
  for (const office of OFFICES) {
    const deleted = await victim.post('/api/documents/upload-student', {
      ...diploma(`To delete (${office})`),
      FILE: dataUrl('application/pdf', unique('deleted')),
    });
    const marked = await victim.post('/api/documents/upload-student', {
      ...diploma(`To mark (${office})`),
      FILE: dataUrl('application/pdf', unique('marked')),
    });
    expect([deleted.statusCode, marked.statusCode]).toEqual([201, 201]);
    targets[office] = { deleted: deleted.json().id, marked: marked.json().id };
  }
});
afterAll(async () => {
  await t?.close();
});

/** The ten calls each office tried on the victim's open registration: uploading over, replacing, removing and deleting. */
function triedCalls(office: Office): { name: string; send: (c: Client) => Promise<{ statusCode: number }> }[] {
  const STUDENT_ID = victimId;
  return [
    { name: 'CV over, JSON', send: (c) => c.post('/api/students/cv', { FILE: dataUrl('application/pdf', unique('cv json')), STUDENT_ID }) },
    {
      name: 'CV over, form',
      send: (c) => postMultipart(c, '/api/students/cv', { STUDENT_ID }, { data: unique('cv form'), filename: 'cv.pdf', type: 'application/pdf' }),
    },
    { name: 'NIU file replaced', send: (c) => c.post('/api/students/files', { col: 'NIU_LINK', FILE: dataUrl('application/pdf', unique('niu')), STUDENT_ID }) },
    {
      name: 'RIB file replaced, form',
      send: (c) =>
        postMultipart(c, '/api/students/files', { col: 'RIB_LINK', STUDENT_ID }, { data: unique('rib form'), filename: 'rib.pdf', type: 'application/pdf' }),
    },
    { name: 'CNPS file removed', send: (c) => c.request('PATCH', '/api/students/files/remove', { col: 'CNPS_LINK', STUDENT_ID }) },
    { name: 'CV removed', send: (c) => c.request('PATCH', '/api/students/files/remove', { col: 'CV_LINK', STUDENT_ID }) },
    {
      name: 'document added',
      send: (c) => c.post('/api/documents/upload-student', { ...diploma('Planted'), FILE: dataUrl('application/pdf', unique('planted')), STUDENT_ID }),
    },
    {
      name: 'diplomas added (training)',
      send: (c) =>
        c.request('PATCH', '/api/students/update/training', {
          STUDENT_ID,
          files: [{ ...diploma('Planted too'), FILE: dataUrl('application/pdf', unique('training')) }],
        }),
    },
    { name: 'last diploma moved', send: (c) => c.request('PATCH', '/api/students/update/diploma', { id: targets[office].marked }) },
    { name: 'document deleted', send: (c) => c.post('/api/documents/delete', { id: targets[office].deleted }) },
  ];
}

describe('finding 1: least privilege in the back office', () => {
  it('shows the academic office, identification and admissions no bank account, NIU, CNPS or salary (GET /api/students/{id}), nor the files and documents', async () => {
    const leaked: string[] = [];
    for (const office of OFFICES) {
      const res = await offices[office].get(`/api/students/${victimId}`);
      for (const value of [
        VALID_SECTIONS.fiscal.NIU,
        VALID_SECTIONS.fiscal.CNPSNUM,
        VALID_SECTIONS['pay-mode'].ACCOUNT_NUM,
        String(VALID_SECTIONS.financial.BASESALARY),
        String(VALID_SECTIONS.financial.HOURRATE),
      ]) {
        if (res.body.includes(value)) leaked.push(`${office}: ${value}`);
      }
      if (res.statusCode === 200) {
        const body = res.json();
        for (const field of ['NIU', 'CNPSNUM', 'ACCOUNT_NUM', 'RIB_KEY', 'BANK_CODE', 'BASESALARY', 'HOURRATE', 'RIB_LINK', 'NIU_LINK', 'CV_LINK'])
          if (field in body) leaked.push(`${office}: ${field}`);
      }
      if ((await offices[office].get(ribUrl)).statusCode === 200) leaked.push(`${office}: RIB file`);
      if ((await offices[office].get(`/api/documents/${victimId}`)).statusCode === 200) leaked.push(`${office}: documents`);
    }
    expect(leaked).toEqual([]);
    // the owner and HR still read them
    for (const reader of [victim, hr])
      expect((await reader.get(`/api/students/${victimId}`)).json()).toMatchObject({
        NIU: VALID_SECTIONS.fiscal.NIU,
        BASESALARY: VALID_SECTIONS.financial.BASESALARY,
      });
  });

  it("refuses the 30 calls that uploaded over, replaced or deleted someone else's CV, files and documents while the registration is open, changing nothing", async () => {
    const before = await footprint(victimId);
    const succeeded: string[] = [];
    let tried = 0;
    for (const office of OFFICES) {
      for (const call of triedCalls(office)) {
        tried++;
        const res = await call.send(offices[office]);
        if (res.statusCode < 400) succeeded.push(`${office}: ${call.name} (${res.statusCode})`);
        else expect(res.statusCode, `${office}: ${call.name}`).toBe(403);
      }
    }
    expect(tried).toBe(30);
    expect(succeeded).toEqual([]);
    expect(await footprint(victimId)).toBe(before);
  });

  it('refuses HR a change to the files of a closed registration without a reason, and takes it with one, recorded', async () => {
    const [closed] = await t.db.select({ at: persons.registrationClosedAt }).from(persons).where(eq(persons.id, closedId));
    expect(closed?.at).not.toBeNull();
    const before = await footprint(closedId);
    const withoutReason = [
      await postMultipart(hr, '/api/students/cv', { STUDENT_ID: closedId }, { data: unique('hr cv'), filename: 'cv.pdf', type: 'application/pdf' }),
      await hr.post('/api/students/files', { col: 'NIU_LINK', FILE: dataUrl('application/pdf', unique('hr niu')), STUDENT_ID: closedId }),
      await hr.request('PATCH', '/api/students/files/remove', { col: 'CV_LINK', STUDENT_ID: closedId }),
      await hr.post('/api/documents/upload-student', { ...diploma('By HR'), FILE: dataUrl('application/pdf', unique('hr doc')), STUDENT_ID: closedId }),
      await postMultipart(
        hr,
        `/api/hr/registrations/${closedId}/files`,
        { col: 'CV_LINK' },
        { data: unique('hr cv 2'), filename: 'cv.pdf', type: 'application/pdf' },
      ),
      await hr.request('PATCH', `/api/hr/registrations/${closedId}/files/remove`, { col: 'CV_LINK' }),
      await hr.post(`/api/hr/registrations/${closedId}/documents`, { ...diploma('By HR'), FILE: dataUrl('application/pdf', unique('hr doc 2')) }),
    ];
    expect(withoutReason.filter((res) => res.statusCode < 400).length).toBe(0);
    expect(await footprint(closedId)).toBe(before);

    const withReason = await postMultipart(
      hr,
      `/api/hr/registrations/${closedId}/files`,
      { col: 'CV_LINK', reason: 'Signed CV handed in' },
      { data: unique('hr cv 3'), filename: 'cv.pdf', type: 'application/pdf' },
    );
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect(await footprint(closedId)).not.toBe(before);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.uploaded'), eq(auditLog.targetId, String(closedId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({ column: 'CV_LINK', reason: 'Signed CV handed in' });
  });
});
