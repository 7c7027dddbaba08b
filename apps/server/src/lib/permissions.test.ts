import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { dataUrl, pdf } from '../../test/files';
import { type Client, createTestApp, sessionFor, type TestApp } from '../../test/helpers';

// The guards ask the contract's permission table (rules/permissions.ts). Who passes each of
// them is written out here as it was when the guards named roles: a change of the table
// shows up as a change of these answers.

const WHO = ['permanent', 'student', 'hr', 'academic', 'identification', 'admissions', 'admin'] as const;
type Who = (typeof WHO)[number];

let t: TestApp;
const clients = {} as Record<Who, Client>;
let lecturerId: number;
let closedLecturerId: number;

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of WHO) clients[who] = await sessionFor(t, await idOf(DEMO_ACCOUNTS[who].matricule));
  lecturerId = await idOf(DEMO_ACCOUNTS.readyLecturer.matricule);
  closedLecturerId = await idOf(DEMO_ACCOUNTS.closedLecturer.matricule);
});
afterAll(async () => {
  await t?.close();
});

/** Whom a request lets in: the status code each person gets. */
async function answers(send: (client: Client) => Promise<{ statusCode: number }>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of WHO) out[who] = (await send(clients[who])).statusCode;
  return out;
}
const only = (allowed: readonly Who[], ok = 200, refused = 403) => Object.fromEntries(WHO.map((who) => [who, allowed.includes(who) ? ok : refused]));

describe('who may do what', () => {
  it('lets the human resources service and the administrators into the HR back office', async () => {
    expect(await answers((c) => c.get('/api/hr/registrations'))).toEqual(only(['hr', 'admin']));
  });

  it('lets the identification office and the administrators identify people', async () => {
    expect(await answers((c) => c.get('/api/identification/persons'))).toEqual(only(['identification', 'admin']));
  });

  it('lets the academic office and the administrators manage the catalogue, the sessions and the assignments', async () => {
    for (const path of ['/api/academic/departments', '/api/academic/sessions', '/api/academic/assignments']) {
      expect(await answers((c) => c.get(path)), path).toEqual(only(['academic', 'admin']));
    }
  });

  it('lets staff and students file and follow their own requests; the office accounts, administrators included, file none (the units read the categories)', async () => {
    expect(await answers((c) => c.get('/api/request-categories'))).toEqual(only(['permanent', 'student', 'hr', 'admin']));
    expect(await answers((c) => c.get('/api/requests'))).toEqual(only(['permanent', 'student']));
  });

  it("lets the academic office and the administrators read anyone's applications", async () => {
    expect(await answers((c) => c.get(`/api/applications/all/${lecturerId}`))).toEqual(only(['academic', 'admin']));
  });

  it("lets HR and the administrators read anyone's whole record and documents, the academic and identification offices a summary, nobody else (decision 22)", async () => {
    expect(await answers((c) => c.get(`/api/students/${lecturerId}`))).toEqual(only(['hr', 'admin', 'academic', 'identification']));
    for (const who of ['academic', 'identification'] as const) {
      const summary = (await clients[who].get(`/api/students/${lecturerId}`)).json();
      expect(summary).toMatchObject({ SUMMARY: true, id: lecturerId });
      for (const sensitive of ['NIU', 'CNPSNUM', 'ACCOUNT_NUM', 'BASESALARY', 'RIB_LINK', 'EMAIL'])
        expect(summary, `${who} ${sensitive}`).not.toHaveProperty(sensitive);
    }
    expect((await clients.hr.get(`/api/students/${lecturerId}`)).json()).toHaveProperty('NIU');
    expect(await answers((c) => c.get(`/api/documents/${lecturerId}`))).toEqual(only(['hr', 'admin']));
  });

  it("lets nobody change someone else's files through the own routes, and HR and the administrators through theirs, with a reason, open or closed", async () => {
    const upload = (c: Client, STUDENT_ID: number) => c.post('/api/students/cv', { FILE: dataUrl('application/pdf', pdf(`CV ${Math.random()}`)), STUDENT_ID });
    const open = await idOf(DEMO_ACCOUNTS.intern.matricule);
    expect(await answers((c) => upload(c, open))).toEqual(only([]));
    const byHr = (c: Client, id: number) =>
      c.post(`/api/hr/registrations/${id}/files`, { col: 'CV_LINK', reason: 'Sent by post', FILE: dataUrl('application/pdf', pdf(`CV ${Math.random()}`)) });
    expect(await answers((c) => byHr(c, open))).toEqual(only(['hr', 'admin']));
    expect(await answers((c) => byHr(c, closedLecturerId))).toEqual(only(['hr', 'admin']));
  });
});
