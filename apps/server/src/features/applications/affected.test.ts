import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffectedClass, AffectedSchool, AffectedSubject } from '@portal/contract';
import { applicationChoices, applications, applicationSessions, auditLog, classes, persons, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
/** Three classes of three branches (GSI, SWE, BF), with their subjects by code. */
const klass = {} as Record<'gsi' | 'swe' | 'bf', { id: number; code: string; subjects: { id: number; code: string }[] }>;
let lecturer: { id: number; client: Client };
let other: { id: number; client: Client };

/** A staff member with a past session of their own, whose choices are given with their AFFECTATION. */
async function lecturerWith(choices: { subjectId: number; category: 'CM' | 'TD' | 'TP'; affectation: number }[], tag: string) {
  const matricule = `AFF${tag}${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const [person] = await t.db
    .insert(persons)
    .values({
      MATRICULE: matricule,
      KIND: 'STAFF',
      STATUS: 'PERMANENT',
      FIRSTNAME: 'Affected',
      LASTNAME: tag,
      EMAIL: `${matricule.toLowerCase()}@portal.example`,
    })
    .returning({ id: persons.id });
  const [demo] = await t.db.select().from(applicationSessions).orderBy(asc(applicationSessions.id)).limit(1);
  const { id: _, ...values } = demo!;
  const [session] = await t.db
    .insert(applicationSessions)
    .values({ ...values, ACTIVED: false, START_DATE: new Date('2021-09-01T00:00:00Z'), END_DATE: new Date('2021-09-30T00:00:00Z') })
    .returning();
  await t.settled();
  const [application] = await t.db
    .insert(applications)
    .values({
      EMPLOYEE_ID: person!.id,
      SESSION_APPLICATION_ID: session!.id,
      SUBJECT_CONSTRAINT_ID: session!.SUBJECT_CONSTRAINT_ID,
      TOTAL_HOURS: 200,
      CLOSED: true,
    })
    .returning();
  if (choices.length) {
    await t.db.insert(applicationChoices).values(
      choices.map((c) => ({
        applicationId: application!.id,
        sessionId: session!.id,
        SUBJECT_ID: c.subjectId,
        CATEGORY: c.category,
        AFFECTATION: c.affectation,
      })),
    );
    await t.settled();
  }
  return { id: person!.id, client: await sessionFor(t, person!.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, code] of [
    ['gsi', 'BTS1 GSI/J A'],
    ['swe', 'HND1 SWE/J A'],
    ['bf', 'BTS1 BF/J A'],
  ] as const) {
    const [row] = await t.db.select({ id: classes.id, code: classes.code }).from(classes).where(eq(classes.code, code));
    const list = await t.db.select({ id: subjects.id, code: subjects.code }).from(subjects).where(eq(subjects.classId, row!.id)).orderBy(asc(subjects.code));
    klass[key] = { ...row!, subjects: list };
  }
  const [s1, s2, s3] = klass.gsi.subjects;
  lecturer = await lecturerWith(
    [
      // confirmed: the second GSI subject in two parts (listed once), the first one, and a SWE subject
      { subjectId: s2!.id, category: 'CM', affectation: 1 },
      { subjectId: s2!.id, category: 'TD', affectation: 1 },
      { subjectId: s1!.id, category: 'TP', affectation: 1 },
      { subjectId: klass.swe.subjects[0]!.id, category: 'CM', affectation: 1 },
      // only selected (0) or declined (2): not assignments
      { subjectId: s3!.id, category: 'CM', affectation: 0 },
      { subjectId: s3!.id, category: 'TD', affectation: 2 },
      { subjectId: klass.bf.subjects[0]!.id, category: 'CM', affectation: 0 },
    ],
    'A',
  );
  // someone else, assigned a BF subject and the third GSI subject
  other = await lecturerWith(
    [
      { subjectId: klass.bf.subjects[0]!.id, category: 'TD', affectation: 1 },
      { subjectId: s3!.id, category: 'TP', affectation: 1 },
    ],
    'B',
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the lecturer's assigned schools, classes and subjects (the request form's pickers)", () => {
  it('lists the branches of the confirmed assignments only, by abbreviation, in both languages', async () => {
    const res = await lecturer.client.get(`/api/classes/school/affected/${lecturer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json() as AffectedSchool[]).toEqual([
      { BRANCH_ABREVIATION: 'GSI', name: 'Information Systems Management', nameFr: "Gestion des systèmes d'information" },
      { BRANCH_ABREVIATION: 'SWE', name: 'Software Engineering', nameFr: 'Génie logiciel' },
    ]);
    expect(((await other.client.get(`/api/classes/school/affected/${other.id}`)).json() as AffectedSchool[]).map((s) => s.BRANCH_ABREVIATION)).toEqual([
      'BF',
      'GSI',
    ]);
  });

  it('lists the assigned classes of a branch with their shift; a branch without assignment or unknown gives none', async () => {
    const gsi = await lecturer.client.get(`/api/classes/affected/GSI/${lecturer.id}`);
    expect(gsi.statusCode).toBe(200);
    expect(gsi.json() as AffectedClass[]).toEqual([{ CLASS_ID: klass.gsi.id, code: 'BTS1 GSI/J A', shift: 'DAY' }]);
    // BF: a choice only selected, never confirmed
    expect((await lecturer.client.get(`/api/classes/affected/BF/${lecturer.id}`)).json()).toEqual([]);
    expect((await lecturer.client.get(`/api/classes/affected/NOPE/${lecturer.id}`)).json()).toEqual([]);
    expect((await other.client.get(`/api/classes/affected/BF/${other.id}`)).json()).toEqual([{ CLASS_ID: klass.bf.id, code: 'BTS1 BF/J A', shift: 'DAY' }]);
  });

  it('lists the assigned subjects of a class, by code, each once: not the declined nor the selected ones, nor those assigned to someone else', async () => {
    const res = await lecturer.client.post('/api/subjects/affected', { CLASS_ID: klass.gsi.id, EMPLOYEE_ID: lecturer.id });
    expect(res.statusCode).toBe(200);
    const listed = res.json() as AffectedSubject[];
    expect(listed.map((s) => s.SUBJECT_ID)).toEqual([klass.gsi.subjects[0]!.id, klass.gsi.subjects[1]!.id]);
    expect(listed[0]).toMatchObject({ code: klass.gsi.subjects[0]!.code, name: expect.any(String), nameFr: expect.any(String) });
    // EMPLOYEE_ID may be left out
    expect((await lecturer.client.post('/api/subjects/affected', { CLASS_ID: klass.swe.id })).json()).toHaveLength(1);
    expect((await lecturer.client.post('/api/subjects/affected', { CLASS_ID: klass.bf.id })).json()).toEqual([]);
    expect(((await other.client.post('/api/subjects/affected', { CLASS_ID: klass.gsi.id })).json() as AffectedSubject[]).map((s) => s.SUBJECT_ID)).toEqual([
      klass.gsi.subjects[2]!.id,
    ]);
  });

  it("refuses someone else's id (403, audited), in the path or as EMPLOYEE_ID", async () => {
    const [last] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const calls = [
      await lecturer.client.get(`/api/classes/school/affected/${other.id}`),
      await lecturer.client.get(`/api/classes/affected/BF/${other.id}`),
      await lecturer.client.post('/api/subjects/affected', { CLASS_ID: klass.bf.id, EMPLOYEE_ID: other.id }),
    ];
    expect(calls.map((res) => [res.statusCode, res.json().code])).toEqual([
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
    ]);
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, last?.id ?? 0), eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, lecturer.id)));
    expect(refused.map((entry) => entry.details)).toEqual(expect.arrayContaining([{ requestedId: other.id }]));
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it('is for staff (requests.own): an office account is 403, nobody signed in 401', async () => {
    const [admin] = await t.db
      .select({ id: persons.id })
      .from(persons)
      .where(inArray(persons.MATRICULE, [DEMO_ACCOUNTS.admin.matricule]));
    const client = await sessionFor(t, admin!.id);
    expect((await client.get(`/api/classes/school/affected/${admin!.id}`)).statusCode).toBe(403);
    expect((await new Client(t.app).post('/api/subjects/affected', { CLASS_ID: klass.gsi.id })).statusCode).toBe(401);
  });

  it('validates the input: a malformed id or class is 400', async () => {
    expect((await lecturer.client.get('/api/classes/school/affected/abc')).statusCode).toBe(400);
    expect((await lecturer.client.post('/api/subjects/affected', { CLASS_ID: 'x' })).statusCode).toBe(400);
    expect((await lecturer.client.post('/api/subjects/affected', {})).statusCode).toBe(400);
    expect((await lecturer.client.get(`/api/classes/affected/${'X'.repeat(21)}/${lecturer.id}`)).statusCode).toBe(400);
  });
});
