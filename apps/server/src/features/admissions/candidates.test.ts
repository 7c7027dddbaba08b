import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateDocument, CandidateFile, CandidatePage, OfficeEntrance } from '@portal/contract';
import { auditLog, candidateDocuments, mailOutbox, persons, settings } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { ok, outcome, type Client, type TestApp } from '../../../test/helpers';
import { admissionsApp, DOCUMENT_BYTES, insertCandidate, openEntrance, specialityOf } from './admissions.fixtures';

let t: TestApp;
let office: Client;
let entrance: OfficeEntrance;
/** The candidates of the test entrance, by a short name. */
const c: Record<string, { id: number; number: string; email: string }> = {};

const ALL = { PHOTO: 'SUBMITTED', BIRTH_CERTIFICATE: 'CHECKED', DIPLOMA: 'SUBMITTED' } as const;

beforeAll(async () => {
  ({ t, office } = await admissionsApp());
  entrance = await openEntrance(t, office, { specialities: ['BTS GSI', 'BTS CGE', 'BTS BF'] });
  const at = (minutes: number) => new Date(t.clock.now().getTime() - (100 - minutes) * 60_000);
  // registered in this order, a minute or more apart
  c.eloise = await insertCandidate(t, {
    entrance,
    first: 'GSI',
    second: 'CGE',
    lastname: 'Ngo Biyong',
    firstname: 'Éloïse',
    gender: 'Female',
    email: 'eloise.ngo@mail.test',
    phone: '+237677001122',
    paid: true,
    documents: ALL,
    createdAt: at(1),
  });
  c.paul = await insertCandidate(t, {
    entrance,
    first: 'CGE',
    second: 'GSI',
    lastname: 'Mbarga',
    firstname: 'Paul',
    paid: false,
    documents: { ...ALL, DIPLOMA: 'REPLACE_REQUESTED' },
    createdAt: at(2),
  });
  c.awa = await insertCandidate(t, {
    entrance,
    first: 'BF',
    lastname: 'Hamadou',
    firstname: 'Awa',
    paid: true,
    decision: { decision: 'ADMITTED', speciality: 'BF' },
    createdAt: at(3),
  });
  c.formula = await insertCandidate(t, {
    entrance,
    first: 'GSI',
    lastname: '=HYPERLINK("http://evil.test","x")',
    firstname: '@Chantal',
    paid: false,
    decision: { decision: 'REFUSED', speciality: null },
    documents: { PHOTO: 'CHECKED' },
    createdAt: at(4),
  });
  c.brice = await insertCandidate(t, {
    entrance,
    first: 'CGE',
    lastname: 'Fotso',
    firstname: 'Brice',
    language: 'fr',
    documents: { ...ALL, PHOTO: 'CHECKED' },
    createdAt: at(5),
  });
});
afterAll(async () => {
  await t?.close();
});

const page = async (query: string) => ok<CandidatePage>(await office.get(`/api/admissions/candidates?entrance=${entrance.Entrance_ID}&${query}`));
const numbers = async (query: string) => (await page(query)).rows.map((row) => row.CANDIDATE_NUMBER);
const n = (...names: string[]) => names.map((name) => c[name]!.number);

describe("the office's list of candidates", () => {
  it("lists an entrance's candidates newest first, with their choices, payment, documents and decision", async () => {
    const all = await page('');
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(all.rows.map((row) => row.CANDIDATE_NUMBER)).toEqual(n('brice', 'formula', 'awa', 'paul', 'eloise'));
    expect(all.rows.every((row) => /^C27\d{6}$/.test(row.CANDIDATE_NUMBER))).toBe(true);
    expect(all.rows.find((row) => row.id === c.eloise!.id)).toEqual({
      id: c.eloise!.id,
      CANDIDATE_NUMBER: c.eloise!.number,
      LASTNAME: 'Ngo Biyong',
      FIRSTNAME: 'Éloïse',
      EMAIL: 'eloise.ngo@mail.test',
      PHONE_NUMBER: '+237677001122',
      ENTRANCE_ID: entrance.Entrance_ID,
      ENTRANCE_NAME: entrance.Entrance_Name,
      FIRST_CHOICE: 'BTS GSI',
      SECOND_CHOICE: 'BTS CGE',
      FIRST_CHOICE_ID: specialityOf(entrance, 'GSI'),
      SECOND_CHOICE_ID: specialityOf(entrance, 'CGE'),
      HAS_PAID: true,
      paidAt: expect.any(String),
      documentsComplete: true,
      DECISION: null,
      DECISION_SPECIALITY: null,
      DECISION_SPECIALITY_ID: null,
      createdAt: expect.any(String),
    });
    expect(all.rows.find((row) => row.id === c.awa!.id)).toMatchObject({
      DECISION: 'ADMITTED',
      DECISION_SPECIALITY: 'BTS BF',
      SECOND_CHOICE: null,
      documentsComplete: false,
    });
  });

  it('filters by speciality (first or second choice), paid, documents and decision, each alone', async () => {
    expect(await numbers(`speciality=${specialityOf(entrance, 'GSI')}`)).toEqual(n('formula', 'paul', 'eloise'));
    expect(await numbers(`speciality=${specialityOf(entrance, 'BF')}`)).toEqual(n('awa'));
    expect(await numbers('paid=true')).toEqual(n('awa', 'eloise'));
    expect(await numbers('paid=false')).toEqual(n('brice', 'formula', 'paul'));
    // complete: every kind given and none to send again
    expect(await numbers('documents=complete')).toEqual(n('brice', 'eloise'));
    expect(await numbers('documents=incomplete')).toEqual(n('formula', 'awa', 'paul'));
    expect(await numbers('decision=ADMITTED')).toEqual(n('awa'));
    expect(await numbers('decision=REFUSED')).toEqual(n('formula'));
    expect(await numbers('decision=NONE')).toEqual(n('brice', 'paul', 'eloise'));
    expect(await numbers('paid=false&documents=complete&decision=NONE')).toEqual(n('brice'));
  });

  it('searches names, number, address and phone, ignoring case and accents, every word matching', async () => {
    expect(await numbers('search=ELOISE')).toEqual(n('eloise'));
    expect(await numbers('search=éloïse ngo')).toEqual(n('eloise'));
    expect(await numbers('search=eloise mbarga')).toEqual([]);
    expect(await numbers(`search=${c.paul!.number.toLowerCase()}`)).toEqual(n('paul'));
    expect(await numbers('search=eloise.ngo@mail')).toEqual(n('eloise'));
    expect(await numbers('search=677001122')).toEqual(n('eloise'));
    expect(await numbers('search=50%25')).toEqual([]);
    // every entrance when none is named
    const everywhere = ok<CandidatePage>(await office.get(`/api/admissions/candidates?search=${encodeURIComponent(c.brice!.number)}`));
    expect(everywhere.rows.map((row) => row.id)).toEqual([c.brice!.id]);
  });

  it('pages the list and refuses a filter it does not know', async () => {
    const second = await page('pageSize=2&page=2');
    expect({ total: second.total, page: second.page, pageSize: second.pageSize, rows: second.rows.map((row) => row.CANDIDATE_NUMBER) }).toEqual({
      total: 5,
      page: 2,
      pageSize: 2,
      rows: n('awa', 'paul'),
    });
    expect((await page('page=3&pageSize=2')).rows.map((row) => row.CANDIDATE_NUMBER)).toEqual(n('eloise'));
    for (const bad of ['paid=maybe', 'documents=half', 'decision=MAYBE', 'entrance=abc', 'pageSize=500']) {
      expect(outcome(await office.get(`/api/admissions/candidates?${bad}`)), bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('the export', () => {
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);

  it('exports the selection as CSV with every column a reader needs, spreadsheet-safe, and audits it', async () => {
    const res = await office.get(`/api/admissions/candidates/export?format=csv&entrance=${entrance.Entrance_ID}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="candidates-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Candidate number,Last name,First name,Gender,Date of birth,Place of birth,E-mail,Phone,Town of residence,Region of origin,Entrance,First choice,Second choice,Diploma held,Mention,Year obtained,School of obtention,Registered on,Paid,Paid on,Photo,Birth certificate,Diploma (document),Documents complete,Decision,Speciality of the decision,Decided on',
    );
    expect(lines).toHaveLength(6);
    const eloise = lines.find((line) => line.startsWith(c.eloise!.number))!;
    expect(eloise).toContain(',Ngo Biyong,Éloïse,');
    expect(eloise).toContain(',BTS GSI – Information Systems Management,BTS CGE – Accounting and Business Management,Baccalauréat C,Good,2026,');
    expect(eloise).toMatch(/,Yes,\d{4}-\d{2}-\d{2} \d{2}:\d{2},Sent,Checked,Sent,Yes,,,$/);
    const awa = lines.find((line) => line.startsWith(c.awa!.number))!;
    expect(awa).toMatch(/,No,Admitted,BTS BF – Banking and Finance,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(awa).toContain(',Missing,Missing,Missing,');
    // a name typed as a formula is shown as text
    const formula = lines.find((line) => line.startsWith(c.formula!.number))!;
    expect(formula).toContain(`,"'=HYPERLINK(""http://evil.test"",""x"")",'@Chantal,`);
    expect(formula).toContain(',Not admitted,,');
    const paid = csvLines((await office.get(`/api/admissions/candidates/export?format=csv&entrance=${entrance.Entrance_ID}&paid=true`)).body);
    expect(paid.slice(1).map((line) => line.split(',')[0])).toEqual(n('awa', 'eloise'));
    const [audited] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'candidates.exported'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited!.details).toMatchObject({ format: 'csv', rows: 2, filters: { paid: 'true', entrance: entrance.Entrance_ID } });
  });

  it('exports XLSX that opens, with the same rows and the formula-looking name as text, in French for a French reader', async () => {
    const [admissions] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.admissions.matricule));
    await t.db
      .insert(settings)
      .values({ personId: admissions!.id, values: { LANGUAGE: 'fr' } })
      .onConflictDoUpdate({ target: settings.personId, set: { values: { LANGUAGE: 'fr' } } });
    await t.settled();
    const res = await office.get(`/api/admissions/candidates/export?format=xlsx&entrance=${entrance.Entrance_ID}`);
    await t.db.delete(settings).where(eq(settings.personId, admissions!.id));
    await t.settled();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Candidats')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 3)).toEqual(['Numéro de candidat', 'Nom', 'Prénom']);
    expect(rows[0]).toContain('Dossier complet');
    expect(rows.slice(1).map((row) => row[0])).toEqual(n('brice', 'formula', 'awa', 'paul', 'eloise'));
    const formula = rows.find((row) => row[0] === c.formula!.number)!;
    expect(formula.slice(1, 3)).toEqual(['\'=HYPERLINK("http://evil.test","x")', "'@Chantal"]);
    expect(formula).toContain('Non admis');
    const eloise = rows.find((row) => row[0] === c.eloise!.number)!;
    expect(eloise).toEqual(expect.arrayContaining(['Féminin', "BTS GSI – Gestion des systèmes d'information", 'Bien', 'Oui', 'Envoyé', 'Vérifié']));
    expect(outcome(await office.get('/api/admissions/candidates/export?format=pdf'))).toMatchObject({ status: 400 });
  });
});

describe("a candidate's file and documents", () => {
  it("answers the candidate's file with the office's document addresses, never cached; 404 for nobody", async () => {
    const res = await office.get(`/api/admissions/candidates/${c.eloise!.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = ok<CandidateFile>(res);
    expect(file).toMatchObject({
      CANDIDATE_NUMBER: c.eloise!.number,
      FIRSTNAME: 'Éloïse',
      HAS_PAID: true,
      documentsComplete: true,
      decision: null,
      ENTRANCE_ID: entrance.Entrance_ID,
    });
    expect(file.PHOTO_4X4_URL).toBe(`/api/admissions/candidates/${c.eloise!.id}/documents/PHOTO`);
    expect(file.documents.map((d) => [d.kind, d.status, d.url])).toEqual([
      ['PHOTO', 'SUBMITTED', `/api/admissions/candidates/${c.eloise!.id}/documents/PHOTO`],
      ['BIRTH_CERTIFICATE', 'CHECKED', `/api/admissions/candidates/${c.eloise!.id}/documents/BIRTH_CERTIFICATE`],
      ['DIPLOMA', 'SUBMITTED', `/api/admissions/candidates/${c.eloise!.id}/documents/DIPLOMA`],
    ]);
    expect(outcome(await office.get('/api/admissions/candidates/999999'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("serves a document's stored bytes, sandboxed and never cached; 404 for a document not given", async () => {
    const res = await office.get(`/api/admissions/candidates/${c.eloise!.id}/documents/BIRTH_CERTIFICATE`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(DOCUMENT_BYTES.BIRTH_CERTIFICATE.data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-disposition']).toBe(`inline; filename="${c.eloise!.number}-BIRTH_CERTIFICATE.pdf"`);
    expect((await office.get(`/api/admissions/candidates/${c.eloise!.id}/documents/PHOTO`)).headers['content-type']).toBe('image/png');
    expect(outcome(await office.get(`/api/admissions/candidates/${c.awa!.id}/documents/PHOTO`))).toMatchObject({ status: 404 });
    expect(outcome(await office.get(`/api/admissions/candidates/${c.eloise!.id}/documents/PASSPORT`))).toMatchObject({ status: 400 });
  });

  it('marks a document checked (once), audited', async () => {
    const checked = ok<CandidateDocument>(await office.post(`/api/admissions/candidates/${c.paul!.id}/documents/PHOTO/check`));
    expect(checked).toMatchObject({ kind: 'PHOTO', status: 'CHECKED', note: null, url: `/api/admissions/candidates/${c.paul!.id}/documents/PHOTO` });
    const [row] = await t.db
      .select()
      .from(candidateDocuments)
      .where(and(eq(candidateDocuments.candidateId, c.paul!.id), eq(candidateDocuments.kind, 'PHOTO')));
    expect(row!.checkedAt?.toISOString()).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    ok(await office.post(`/api/admissions/candidates/${c.paul!.id}/documents/PHOTO/check`));
    const [again] = await t.db
      .select()
      .from(candidateDocuments)
      .where(and(eq(candidateDocuments.candidateId, c.paul!.id), eq(candidateDocuments.kind, 'PHOTO')));
    expect(again!.checkedAt).toEqual(row!.checkedAt);
    // a document asked again, checked after all
    expect(ok<CandidateDocument>(await office.post(`/api/admissions/candidates/${c.paul!.id}/documents/DIPLOMA/check`))).toMatchObject({
      status: 'CHECKED',
      note: null,
    });
    const audits = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate-document.checked'), eq(auditLog.targetId, String(c.paul!.id))));
    expect(audits.map((a) => a.details)).toEqual([
      { kind: 'PHOTO', from: 'SUBMITTED' },
      { kind: 'DIPLOMA', from: 'REPLACE_REQUESTED' },
    ]);
    expect(outcome(await office.post(`/api/admissions/candidates/${c.awa!.id}/documents/DIPLOMA/check`))).toMatchObject({ status: 404 });
  });

  it("asks the candidate to send a document again: the reason is on the document and mailed in the candidate's language with the way to their file", async () => {
    const reason = 'The photo is blurred; take it again in daylight.';
    const asked = ok<CandidateDocument>(await office.post(`/api/admissions/candidates/${c.brice!.id}/documents/PHOTO/replace`, { REASON: reason }));
    expect(asked).toMatchObject({ kind: 'PHOTO', status: 'REPLACE_REQUESTED', note: reason });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, c.brice!.email)).orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ kind: 'candidate-document-replace', subject: `Votre photo 4x4 est à renvoyer (${c.brice!.number})` });
    expect(mail!.textBody).toContain(`Bonjour Brice Fotso,`);
    expect(mail!.textBody).toContain(`Le motif\u00a0: ${reason}`);
    expect(mail!.textBody).toContain(`«\u00a0${entrance.Entrance_Name}\u00a0»`);
    expect(mail!.textBody).toContain('http://portal.test/candidate');
    const file = ok<CandidateFile>(await office.get(`/api/admissions/candidates/${c.brice!.id}`));
    expect(file.documentsComplete).toBe(false);
    expect(file.documents.find((d) => d.kind === 'PHOTO')).toMatchObject({ status: 'REPLACE_REQUESTED', note: reason });
    expect(await numbers('documents=complete')).toEqual(n('paul', 'eloise'));
    // in English for an English-speaking candidate
    ok(await office.post(`/api/admissions/candidates/${c.eloise!.id}/documents/DIPLOMA/replace`, { REASON: 'Only the first page was sent.' }));
    const [english] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, c.eloise!.email)).orderBy(desc(mailOutbox.id));
    expect(english!.subject).toBe(`Your diploma must be sent again (${c.eloise!.number})`);
    expect(english!.textBody).toContain('The reason: Only the first page was sent.');
    expect(outcome(await office.post(`/api/admissions/candidates/${c.brice!.id}/documents/PHOTO/replace`, { REASON: '  ' }))).toMatchObject({
      status: 400,
      fields: { REASON: 'validation.required' },
    });
    expect(outcome(await office.post(`/api/admissions/candidates/${c.awa!.id}/documents/PHOTO/replace`, { REASON: 'x' }))).toMatchObject({ status: 404 });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, c.awa!.email))).toEqual([]);
    const [audited] = await t.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate-document.replace-requested'), eq(auditLog.targetId, String(c.brice!.id))));
    expect(audited).toEqual({ actorId: expect.any(Number), details: { kind: 'PHOTO', from: 'CHECKED' } });
  });
});
