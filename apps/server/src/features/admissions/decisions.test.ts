import ExcelJS from 'exceljs';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionsResult, OfficeEntrance } from '@portal/contract';
import { auditLog, candidates, mailOutbox } from '../../db/schema';
import { postMultipart } from '../../../test/files';
import { ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { candidateFile } from '../candidates/candidate-file.service';
import { admissionsApp, decisionsOf, insertCandidate, openEntrance, specialityOf } from './admissions.fixtures';
import { decisionOf } from './decisions.service';

let t: TestApp;
let office: Client;
let entrance: OfficeEntrance;

beforeAll(async () => {
  ({ t, office } = await admissionsApp());
  entrance = await openEntrance(t, office, { specialities: ['BTS GSI', 'BTS CGE', 'BTS BF', 'HND SWE'] });
});
afterAll(async () => {
  await t?.close();
});

type Made = { id: number; number: string; email: string };
/** Fresh candidates of the test entrance: GSI then CGE, the first in French. */
async function someCandidates(count: number): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 0; i < count; i++)
    made.push(
      await insertCandidate(t, { entrance, first: 'GSI', second: 'CGE', language: i === 0 ? 'fr' : 'en', firstname: `Firstname${i}`, lastname: 'Decided' }),
    );
  return made;
}
const decide = (decisions: { CANDIDATE_NUMBER: string; DECISION: string; SPECIALITY_ID?: number | null }[]) =>
  office.post('/api/admissions/decisions', { decisions });
const mailsTo = (addresses: readonly string[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.toAddress, [...addresses]))
    .orderBy(desc(mailOutbox.id));
const csv = (text: string) => Buffer.from(text, 'utf8');
const importFile = (data: Buffer, filename = 'decisions.csv', type = 'text/csv') =>
  postMultipart(office, '/api/admissions/decisions/import', {}, { data, filename, type });

describe('decisions entered by hand', () => {
  it('records admitted (first choice by default), waiting list (a speciality named) and refused, and mails each candidate in their language', async () => {
    const [a, b, r] = await someCandidates(3);
    const result = ok<DecisionsResult>(
      await decide([
        { CANDIDATE_NUMBER: a!.number, DECISION: 'ADMITTED' },
        { CANDIDATE_NUMBER: b!.number.toLowerCase(), DECISION: 'WAITING_LIST', SPECIALITY_ID: specialityOf(entrance, 'CGE') },
        { CANDIDATE_NUMBER: r!.number, DECISION: 'REFUSED' },
      ]),
    );
    expect(result).toEqual({ recorded: 3, mailed: 3, unchanged: 0 });
    const stored = await decisionsOf(t, [a!.id, b!.id, r!.id]);
    expect([a, b, r].map((x) => [stored.get(x!.id)!.decision, stored.get(x!.id)!.specialityId, stored.get(x!.id)!.decidedAt?.toISOString()])).toEqual([
      ['ADMITTED', specialityOf(entrance, 'GSI'), t.clock.now().toISOString()],
      ['WAITING_LIST', specialityOf(entrance, 'CGE'), t.clock.now().toISOString()],
      ['REFUSED', null, t.clock.now().toISOString()],
    ]);
    const [french] = await mailsTo([a!.email]);
    expect(french).toMatchObject({ kind: 'admission-admitted', subject: `${entrance.Entrance_Name}\u00a0: votre admission` });
    expect(french!.textBody).toContain(
      `admission en Gestion des systèmes d'information (Brevet de technicien supérieur (BTS)) (numéro de candidat ${a!.number})`,
    );
    expect(french!.textBody).toContain('http://portal.test/candidate');
    const [waiting] = await mailsTo([b!.email]);
    expect(waiting).toMatchObject({ kind: 'admission-waiting-list', subject: `${entrance.Entrance_Name}: you are on the waiting list` });
    expect(waiting!.textBody).toContain('on the waiting list for Accounting and Business Management (Higher Technician Certificate (BTS))');
    const [refused] = await mailsTo([r!.email]);
    expect(refused!.kind).toBe('admission-refused');
    expect(refused!.textBody).toContain('you are not admitted');
    const audits = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate.decided'), eq(auditLog.targetId, String(b!.id))));
    expect(audits.map((x) => x.details)).toEqual([
      { decision: 'WAITING_LIST', specialityId: specialityOf(entrance, 'CGE'), from: null, fromSpecialityId: null, source: 'entered' },
    ]);
  });

  it('neither rewrites nor mails a decision that does not change; a changed speciality is a change', async () => {
    const [a, b] = await someCandidates(2);
    ok(
      await decide([
        { CANDIDATE_NUMBER: a!.number, DECISION: 'ADMITTED' },
        { CANDIDATE_NUMBER: b!.number, DECISION: 'WAITING_LIST' },
      ]),
    );
    const first = await decisionsOf(t, [a!.id, b!.id]);
    t.clock.advance(60_000);
    const again = ok<DecisionsResult>(
      await decide([
        { CANDIDATE_NUMBER: a!.number, DECISION: 'ADMITTED', SPECIALITY_ID: specialityOf(entrance, 'GSI') },
        { CANDIDATE_NUMBER: b!.number, DECISION: 'WAITING_LIST', SPECIALITY_ID: specialityOf(entrance, 'CGE') },
      ]),
    );
    expect(again).toEqual({ recorded: 1, mailed: 1, unchanged: 1 });
    const after = await decisionsOf(t, [a!.id, b!.id]);
    expect(after.get(a!.id)!.decidedAt).toEqual(first.get(a!.id)!.decidedAt);
    expect(after.get(b!.id)!.decidedAt!.getTime()).toBe(t.clock.now().getTime());
    expect((await mailsTo([a!.email])).length).toBe(1);
    expect((await mailsTo([b!.email])).length).toBe(2);
    expect(ok<DecisionsResult>(await decide([{ CANDIDATE_NUMBER: a!.number, DECISION: 'ADMITTED' }]))).toEqual({ recorded: 0, mailed: 0, unchanged: 1 });
    expect((await mailsTo([a!.email])).length).toBe(1);
  });

  it('records nothing when one decision is wrong, and names each wrong one by its position', async () => {
    const [a, b] = await someCandidates(2);
    const other = await openEntrance(t, office, { specialities: ['BTS GSI'] });
    const res = await decide([
      { CANDIDATE_NUMBER: a!.number, DECISION: 'ADMITTED' },
      { CANDIDATE_NUMBER: 'C99999999', DECISION: 'ADMITTED' },
      { CANDIDATE_NUMBER: b!.number, DECISION: 'ADMITTED', SPECIALITY_ID: specialityOf(entrance, 'BF') },
      { CANDIDATE_NUMBER: b!.number, DECISION: 'ADMITTED', SPECIALITY_ID: specialityOf(other, 'GSI') },
    ]);
    expect(outcome(res)).toEqual({
      status: 400,
      code: 'DECISION_IMPORT_INVALID',
      fields: { 'line 2': 'validation.invalid', 'line 3': 'validation.invalid', 'line 4': 'validation.duplicateLine' },
    });
    expect([...(await decisionsOf(t, [a!.id, b!.id])).values()].map((x) => x.decision)).toEqual([null, null]);
    expect(await mailsTo([a!.email, b!.email])).toEqual([]);
    expect(outcome(await decide([{ CANDIDATE_NUMBER: a!.number, DECISION: 'ACCEPTED' }]))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { 'decisions.0.DECISION': 'validation.invalid' },
    });
    expect(outcome(await decide([]))).toMatchObject({ status: 400, fields: { decisions: 'validation.required' } });
  });

  it("shows the decision in the candidate's own file and in the office's", async () => {
    const [a] = await someCandidates(1);
    ok(await decide([{ CANDIDATE_NUMBER: a!.number, DECISION: 'WAITING_LIST', SPECIALITY_ID: specialityOf(entrance, 'CGE') }]));
    const own = await candidateFile(t.db, { candidateId: a!.id, documentUrl: (kind) => `/api/candidate/documents/${kind}` });
    expect(own.decision).toEqual({
      DECISION: 'WAITING_LIST',
      SPECIALITY_ID: specialityOf(entrance, 'CGE'),
      SPECIALITY_DESCRIPTION: 'Accounting and Business Management',
      SPECIALITY_DESCRIPTION_FR: 'Comptabilité et gestion des entreprises',
      decidedAt: t.clock.now().toISOString(),
    });
    expect(ok<{ decision: unknown }>(await office.get(`/api/admissions/candidates/${a!.id}`)).decision).toEqual(own.decision);
  });
});

describe('decisions imported from a file', () => {
  it('reads the decision words in English and French, any case, with or without accents', () => {
    expect(
      ['ADMITTED', 'admis', 'Admise', 'WAITING_LIST', 'waiting list', "Liste d'attente", 'LISTE D’ATTENTE', 'REFUSED', 'refusé', 'REFUSEE'].map(decisionOf),
    ).toEqual(['ADMITTED', 'ADMITTED', 'ADMITTED', 'WAITING_LIST', 'WAITING_LIST', 'WAITING_LIST', 'WAITING_LIST', 'REFUSED', 'REFUSED', 'REFUSED']);
    expect(['', 'OUI', 'ADMITTED!', 'maybe'].map(decisionOf)).toEqual([null, null, null, null]);
  });

  it('imports a CSV (`;`, French words, the speciality by abbreviation, by cycle and abbreviation, by id) and mails the changed ones', async () => {
    const [a, b, r, d] = await someCandidates(4);
    const file = csv(
      `\uFEFFSPECIALITY;CANDIDATE_NUMBER;DECISION\n` +
        `;${a!.number};admis\n` +
        `CGE;${b!.number};Liste d'attente\n` +
        `;${r!.number.toLowerCase()};REFUSÉ\n` +
        `\n` +
        `BTS CGE;${d!.number};ADMITTED\n`,
    );
    expect(ok<DecisionsResult>(await importFile(file))).toEqual({ recorded: 4, mailed: 4, unchanged: 0 });
    const stored = await decisionsOf(t, [a!.id, b!.id, r!.id, d!.id]);
    expect([a, b, r, d].map((x) => [stored.get(x!.id)!.decision, stored.get(x!.id)!.specialityId])).toEqual([
      ['ADMITTED', specialityOf(entrance, 'GSI')],
      ['WAITING_LIST', specialityOf(entrance, 'CGE')],
      ['REFUSED', null],
      ['ADMITTED', specialityOf(entrance, 'CGE')],
    ]);
    expect((await mailsTo([a!.email, b!.email, r!.email, d!.email])).length).toBe(4);
    // the same file again: nothing changes, nobody is mailed again; the speciality by its id changes one
    expect(ok<DecisionsResult>(await importFile(file))).toEqual({ recorded: 0, mailed: 0, unchanged: 4 });
    const byId = csv(`CANDIDATE_NUMBER,DECISION,SPECIALITY\n${a!.number},ADMITTED,${specialityOf(entrance, 'CGE')}\n${b!.number},WAITING_LIST,\n`);
    expect(ok<DecisionsResult>(await importFile(byId))).toEqual({ recorded: 2, mailed: 2, unchanged: 0 });
    expect([...(await decisionsOf(t, [a!.id, b!.id])).values()].map((x) => x.specialityId).sort()).toEqual(
      [specialityOf(entrance, 'CGE'), specialityOf(entrance, 'GSI')].sort(),
    );
    expect((await mailsTo([a!.email, b!.email, r!.email, d!.email])).length).toBe(6);
  });

  it('imports an XLSX workbook (a number typed in a cell is read as such)', async () => {
    const [a, b] = await someCandidates(2);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Décisions');
    sheet.addRow(['CANDIDATE_NUMBER', 'DECISION', 'SPECIALITY']);
    sheet.addRow([a!.number, 'Admis', specialityOf(entrance, 'CGE')]);
    sheet.addRow([b!.number, 'refused', null]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(ok<DecisionsResult>(await importFile(data, 'decisions.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toEqual({
      recorded: 2,
      mailed: 2,
      unchanged: 0,
    });
    const stored = await decisionsOf(t, [a!.id, b!.id]);
    expect([stored.get(a!.id), stored.get(b!.id)].map((x) => [x!.decision, x!.specialityId])).toEqual([
      ['ADMITTED', specialityOf(entrance, 'CGE')],
      ['REFUSED', null],
    ]);
    const audited = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate.decided'), eq(auditLog.targetId, String(a!.id))));
    expect(audited.map((x) => (x.details as { source: string }).source)).toEqual(['import']);
  });

  it('takes the file as the raw body too', async () => {
    const [a] = await someCandidates(1);
    const res = await office.request('POST', '/api/admissions/decisions/import', csv(`CANDIDATE_NUMBER,DECISION\n${a!.number},REFUSED\n`), {
      'content-type': 'text/csv',
    });
    expect(ok<DecisionsResult>(res)).toEqual({ recorded: 1, mailed: 1, unchanged: 0 });
  });

  it('records nothing when a line is wrong, naming each wrong line of the file (the header is line 1)', async () => {
    const [a, b, x] = await someCandidates(3);
    const other = await insertCandidate(t, { entrance: await openEntrance(t, office, { specialities: ['BTS GSI'] }), first: 'GSI' });
    const file = csv(
      `CANDIDATE_NUMBER,DECISION,SPECIALITY\n` +
        `${a!.number},ADMITTED,\n` +
        `${b!.number},PERHAPS,\n` +
        `C00000000,ADMITTED,\n` +
        `${x!.number},ADMITTED,BF\n` +
        `${x!.number},ADMITTED,GSI\n` +
        `,ADMITTED,\n` +
        `${other.number},WAITING_LIST,HND SWE\n` +
        `${a!.number.slice(0, 5)},REFUSED,\n`,
    );
    expect(outcome(await importFile(file))).toEqual({
      status: 400,
      code: 'DECISION_IMPORT_INVALID',
      fields: {
        'line 3': 'validation.invalid',
        'line 4': 'validation.invalid',
        'line 5': 'validation.invalid',
        'line 6': 'validation.duplicateLine',
        'line 7': 'validation.required',
        'line 8': 'validation.invalid',
        'line 9': 'validation.invalid',
      },
    });
    expect([...(await decisionsOf(t, [a!.id, b!.id, x!.id, other.id])).values()].map((row) => row.decision)).toEqual([null, null, null, null]);
    expect(await mailsTo([a!.email, b!.email, x!.email, other.email])).toEqual([]);
  });

  it('refuses a file without its columns, an empty or unreadable one', async () => {
    const decided = async () => (await t.db.select({ id: candidates.id }).from(candidates).where(isNotNull(candidates.decision))).length;
    const before = await decided();
    expect(outcome(await importFile(csv('NUMBER,DECISION\nC27000001,ADMITTED\n')))).toEqual({
      status: 400,
      code: 'CSV_INVALID',
      columns: ['CANDIDATE_NUMBER'],
    });
    expect(outcome(await importFile(csv('CANDIDATE_NUMBER;DECISION\n')))).toMatchObject({ status: 400, code: 'CSV_INVALID' });
    expect(outcome(await importFile(Buffer.from([0xff, 0xfe, 0x00, 0x41])))).toMatchObject({ status: 400 });
    expect(outcome(await importFile(Buffer.from('PK\u0003\u0004broken', 'latin1'), 'x.xlsx', 'application/octet-stream'))).toMatchObject({
      status: 400,
      code: 'CSV_INVALID',
    });
    expect(outcome(await postMultipart(office, '/api/admissions/decisions/import', {}))).toMatchObject({
      status: 400,
      fields: { FILE: 'validation.required' },
    });
    // no candidate was decided by any of them
    expect(await decided()).toBe(before);
  });
});
