import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, type RequestAttachment, type RequestDetail, type RequestDisplayConfig } from '@portal/contract';
import { auditLog, classes, files, persons, requests, requestSubcategories, subjects } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { dataUrl, pdf, png, postMultipart } from '../../../test/files';
import { Client, createTestApp, lastMailTo, onPostgres, sameSessionOn, sessionFor, twoInstances, type TestApp } from '../../../test/helpers';
import { pdfQrCodes, pdfText } from '../../../test/pdf';
import { REQUEST_ATTACHMENT_PURPOSE } from './requests.service';

let t: TestApp;
/** The demo sub-categories by code. */
let sub: Record<string, { id: number; display: RequestDisplayConfig }>;
let seng: Client;
let finance: Client;
let admin: Client;

let serial = 0;
interface Lecturer {
  id: number;
  email: string;
  client: Client;
}

/** A staff member in the registry, with an e-mail address and a session. */
async function lecturer(): Promise<Lecturer> {
  serial += 1;
  const matricule = `DOC${randomBytes(3).toString('hex').toUpperCase()}${serial}`;
  const email = `${matricule.toLowerCase()}@portal.example`;
  const [person] = await t.db
    .insert(persons)
    .values({ MATRICULE: matricule, KIND: 'STAFF', STATUS: 'VACATAIRE', FIRSTNAME: 'Awa', LASTNAME: `Mbarga${serial}`, EMAIL: email })
    .returning({ id: persons.id });
  return { id: person!.id, email, client: await sessionFor(t, person!.id) };
}

const idOf = async (matricule: string) => (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule)))[0]!.id;
/** A PDF no one has uploaded yet. */
const freshPdf = () => pdf(`attachment ${randomUUID()}`);
const upload = (client: Client, data: Buffer, filename = 'scan.pdf', type = 'application/pdf') =>
  postMultipart(client, '/api/requests/attachments', {}, { data, filename, type });
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  ...(res.json() as { code: string; fields?: Record<string, string> }),
});
/** A contract claim (0301: nothing but the title and the description; the attachment optional). */
const contractClaim = (overrides: Record<string, unknown> = {}) => ({
  REQUEST_CATEGORY_ID: sub['0301']!.id,
  REQUEST_OBJECT: 'Contract not received',
  DESCRIPTION: 'Teaching since October',
  ...overrides,
});

/** Runs `fn` with a sub-category's attachment group set to `presence`, then puts it back. */
async function withFileGroup<T>(code: string, presence: RequestDisplayConfig['FILE'], fn: () => Promise<T>): Promise<T> {
  const display = sub[code]!.display;
  await t.db
    .update(requestSubcategories)
    .set({ display: { ...display, FILE: presence } })
    .where(eq(requestSubcategories.id, sub[code]!.id));
  try {
    return await fn();
  } finally {
    await t.db.update(requestSubcategories).set({ display }).where(eq(requestSubcategories.id, sub[code]!.id));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  // The test clock: Monday 15 January 2024, 09:00 in Douala.
  t.clock.advance(new Date('2024-01-15T08:00:00Z').getTime() - t.clock.now().getTime());
  sub = Object.fromEntries(
    (await t.db.select({ id: requestSubcategories.id, code: requestSubcategories.code, display: requestSubcategories.display }).from(requestSubcategories)).map(
      (s) => [s.code, s],
    ),
  );
  seng = await sessionFor(t, await idOf(DEMO_ACCOUNTS.seng.matricule));
  finance = await sessionFor(t, await idOf(DEMO_ACCOUNTS.finance.matricule));
  admin = await sessionFor(t, await idOf(DEMO_ACCOUNTS.admin.matricule));
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/requests/attachments', () => {
  it('stores a PDF (multipart) and an image (JSON data URL) as draft attachments of the caller, checked by content', async () => {
    const l = await lecturer();
    const data = freshPdf();
    const res = await upload(l.client, data, 'Scan of my sheet.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const attachment = res.json() as RequestAttachment;
    expect(attachment).toEqual({ id: expect.any(String), name: 'Scan_of_my_sheet.pdf', mime: 'application/pdf', size: data.length });
    const [row] = await t.db.select().from(files).where(eq(files.id, attachment.id));
    expect(row).toMatchObject({ ownerId: l.id, purpose: REQUEST_ATTACHMENT_PURPOSE, mime: 'application/pdf' });
    expect(REQUEST_ATTACHMENT_PURPOSE).toBe('REQUEST_ATTACHMENT');

    const image = await l.client.post('/api/requests/attachments', { FILE: dataUrl('image/jpeg', await png(80, 60, 3)) });
    expect(image.statusCode, image.body).toBe(201);
    // the type is the content's (a PNG declared as JPEG stays a PNG)
    expect(image.json()).toMatchObject({ mime: 'image/png', name: 'attachment.png' });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.uploaded'), eq(auditLog.actorId, l.id)));
    expect(audited?.details).toMatchObject({ purpose: 'REQUEST_ATTACHMENT', fileId: attachment.id });
  });

  it('refuses a .pdf that is text (415) and a file over the size limit (413), and stores nothing', async () => {
    const l = await lecturer();
    const text = await upload(l.client, Buffer.from('This is not a PDF, only text named like one.\n'), 'fake.pdf');
    expect(refusal(text)).toMatchObject({ status: 415, code: 'FILE_TYPE_REFUSED' });
    const big = Buffer.concat([freshPdf(), Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]);
    expect(refusal(await upload(l.client, big, 'big.pdf'))).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
    expect(refusal(await l.client.post('/api/requests/attachments', { FILE: dataUrl('application/pdf', big) }))).toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
    });
    expect(refusal(await postMultipart(l.client, '/api/requests/attachments', { note: 'no file' }))).toMatchObject({
      status: 400,
      fields: { FILE: 'validation.required' },
    });
    expect(refusal(await l.client.post('/api/requests/attachments', {}))).toMatchObject({ status: 400, fields: { FILE: expect.any(String) } });
    expect(await t.db.select().from(files).where(eq(files.ownerId, l.id))).toEqual([]);
  });

  it('answers the same bytes again with the unused draft (200); once filed, or as another file of theirs, they are 409 FILE_EXISTS', async () => {
    const l = await lecturer();
    const data = freshPdf();
    const first = await upload(l.client, data);
    expect(first.statusCode).toBe(201);
    // a reloaded form sends its file again: the same draft, nothing new stored
    const again = await upload(l.client, data, 'renamed.pdf');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(files).where(eq(files.ownerId, l.id))).toHaveLength(1);

    // someone else may upload the same bytes: each person has their own files
    expect((await upload((await lecturer()).client, data)).statusCode).toBe(201);

    expect((await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: first.json().id }))).statusCode).toBe(201);
    expect(refusal(await upload(l.client, data))).toMatchObject({ status: 409, code: 'FILE_EXISTS' });

    // the same bytes as their CV
    const cv = freshPdf();
    const stored = await l.client.post('/api/students/cv', { FILE: dataUrl('application/pdf', cv) });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(refusal(await upload(l.client, cv))).toMatchObject({ status: 409, code: 'FILE_EXISTS' });
  });

  it('is for whoever files their own requests, staff and students (decision 41): an office account is refused (403), nobody signed in is 401', async () => {
    const student = await sessionFor(t, await idOf(DEMO_ACCOUNTS.student.matricule));
    expect((await upload(student, freshPdf())).statusCode).toBe(201);
    expect((await upload(seng, freshPdf())).statusCode).toBe(403);
    expect((await upload(new Client(t.app), freshPdf())).statusCode).toBe(401);
  });
});

describe('filing a request with its attachment (REQUEST_FILE)', () => {
  it('files the attachment with the request: the detail names it, and it is served to the author', async () => {
    const l = await lecturer();
    const data = freshPdf();
    const attachment = (await upload(l.client, data, 'contract-letter.pdf')).json() as RequestAttachment;
    const res = await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: attachment.id.toUpperCase() }));
    expect(res.statusCode, res.body).toBe(201);
    const filed = res.json() as RequestDetail;
    expect(filed).toMatchObject({ REQUEST_FILE: `/api/requests/${filed.id}/file`, fileName: 'contract-letter.pdf' });
    const [row] = await t.db.select({ file: requests.REQUEST_FILE }).from(requests).where(eq(requests.id, filed.id));
    expect(row!.file).toBe(attachment.id);

    const file = await l.client.get(`/api/requests/${filed.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="contract-letter.pdf"',
      'cache-control': 'private, no-store',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
  });

  it("refuses someone else's attachment, an unknown id, another kind of file and one already filed (REQUEST_ATTACHMENT_INVALID), and saves nothing", async () => {
    const l = await lecturer();
    const other = await lecturer();
    const invalid = { status: 400, code: 'REQUEST_ATTACHMENT_INVALID', fields: { REQUEST_FILE: 'validation.invalid' } };
    const theirs = (await upload(other.client, freshPdf())).json() as RequestAttachment;
    expect(refusal(await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: theirs.id })))).toMatchObject(invalid);
    expect(refusal(await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: randomUUID() })))).toMatchObject(invalid);
    const cv = await l.client.post('/api/students/cv', { FILE: dataUrl('application/pdf', freshPdf()) });
    const cvId = String(cv.json().url).split('/').pop()!;
    expect(refusal(await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: cvId })))).toMatchObject(invalid);
    expect(await t.db.select().from(requests).where(eq(requests.REQUEST_AUTHOR, l.id))).toEqual([]);

    const mine = (await upload(l.client, freshPdf())).json() as RequestAttachment;
    expect((await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: mine.id }))).statusCode).toBe(201);
    expect(refusal(await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: mine.id })))).toMatchObject(invalid);
    expect(await t.db.select().from(requests).where(eq(requests.REQUEST_AUTHOR, l.id))).toHaveLength(1);
    expect(refusal(await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: 'not-a-uuid' })))).toMatchObject({
      status: 400,
      fields: { REQUEST_FILE: 'validation.invalid' },
    });
  });

  it('requires the attachment where the sub-category says REQUIRED, and ignores it where HIDDEN', async () => {
    const l = await lecturer();
    await withFileGroup('0301', 'REQUIRED', async () => {
      expect(refusal(await l.client.post('/api/requests', contractClaim()))).toMatchObject({
        status: 400,
        code: 'REQUEST_DETAILS_MISSING',
        fields: { REQUEST_FILE: 'validation.required' },
      });
      const attachment = (await upload(l.client, freshPdf())).json() as RequestAttachment;
      expect((await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: attachment.id }))).statusCode).toBe(201);
    });
    await withFileGroup('0301', 'HIDDEN', async () => {
      const data = freshPdf();
      const attachment = (await upload(l.client, data)).json() as RequestAttachment;
      const res = await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: attachment.id }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ REQUEST_FILE: null, fileName: null });
      // still an unused draft: sending it again answers it
      expect(await t.db.select().from(requests).where(eq(requests.REQUEST_FILE, attachment.id))).toEqual([]);
      expect((await upload(l.client, data)).statusCode).toBe(200);
    });
  });
});

describe('GET /api/requests/:id/file', () => {
  let author: Lecturer;
  let withFile: RequestDetail;
  let withoutFile: RequestDetail;

  beforeAll(async () => {
    author = await lecturer();
    const attachment = (await upload(author.client, await png(90, 70, 5), 'photo.png', 'image/png')).json() as RequestAttachment;
    withFile = (await author.client.post('/api/requests', contractClaim({ REQUEST_FILE: attachment.id }))).json();
    withoutFile = (await author.client.post('/api/requests', contractClaim())).json();
  });

  it("refuses another lecturer's request (403, audited) and a unit that never held it; the unit holding it and an administrator read it", async () => {
    const stranger = await lecturer();
    const refused = await stranger.client.get(`/api/requests/${withFile.id}/file`);
    expect(refusal(refused)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, stranger.id), eq(auditLog.targetType, 'request')));
    expect(entry?.targetId).toBe(String(withFile.id));
    expect((await finance.get(`/api/requests/${withFile.id}/file`)).statusCode).toBe(403);
    expect((await new Client(t.app).get(`/api/requests/${withFile.id}/file`)).statusCode).toBe(401);

    for (const viewer of [seng, admin, author.client]) {
      const res = await viewer.get(`/api/requests/${withFile.id}/file`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline; filename="photo.png"');
    }
  });

  it('is 404 for a request without an attachment, and for no request', async () => {
    expect(refusal(await author.client.get(`/api/requests/${withoutFile.id}/file`))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await author.client.get('/api/requests/2147483647/file')).statusCode).toBe(404);
  });
});

describe('the printable request: GET /api/requests/:id/form', () => {
  let permanent: Client;
  let claim: RequestDetail;
  let subjectNames: { name: string; nameFr: string };

  beforeAll(async () => {
    // PER0001 is assigned GSI101 of BTS1 GSI/J A (seed/demo.ts, DEMO_PAST_ASSIGNMENTS).
    permanent = await sessionFor(t, await idOf(DEMO_ACCOUNTS.permanent.matricule));
    const [klass] = await t.db.select().from(classes).where(eq(classes.code, 'BTS1 GSI/J A'));
    const [subject] = await t.db
      .select()
      .from(subjects)
      .where(and(eq(subjects.classId, klass!.id), eq(subjects.code, 'GSI101')));
    subjectNames = { name: subject!.name, nameFr: subject!.nameFr };
    const attachment = (await upload(permanent, freshPdf(), 'attendance sheet.pdf')).json() as RequestAttachment;
    const res = await permanent.post('/api/requests', {
      REQUEST_CATEGORY_ID: sub['0101']!.id,
      CLASS_ID: klass!.id,
      SUBJECT_ID: subject!.id,
      REQUEST_PBLM_DATE: '2024-01-10',
      REQUEST_PBLM_HOUR_START: '10:10',
      REQUEST_PBLM_HOUR_END: '12:00',
      REQUEST_OBJECT: 'Lesson of 10 January not recorded',
      DESCRIPTION: 'I taught the second slot; the attendance sheet was signed by the delegate.',
      REQUEST_FILE: attachment.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    claim = res.json();
  });

  it('is an A4 PDF in French and English with every field the sub-category shows, the 7-day rule and the three signature boxes', async () => {
    const res = await permanent.get(`/api/requests/${claim.id}/form`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${claim.REQUEST_ID.replace('@', '_')}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      // the letterhead, both languages, and the institution
      'RÉPUBLIQUE DU CAMEROUN',
      'REPUBLIC OF CAMEROON',
      'Paix – Travail – Patrie',
      'Peace – Work – Fatherland',
      'Institut Universitaire du Littoral',
      'Douala',
      'Requête / Request',
      `Référence / Reference ${claim.REQUEST_ID}`,
      `Enseignant / Lecturer ${claim.author.LASTNAME} ${claim.author.FIRSTNAME} (${DEMO_ACCOUNTS.permanent.matricule})`,
      'Déposée le / Filed on 15/01/2024 09:00',
      'Catégorie / Category Enseignement / Teaching',
      'Sous-catégorie / Sub-category 0101 – Cours non enregistré / Teaching session not recorded',
      'Classe / Class BTS1 GSI/J A',
      `Matière / Subject ${subjectNames.nameFr === subjectNames.name ? subjectNames.name : `${subjectNames.nameFr} / ${subjectNames.name}`}`,
      'Date du problème / Date of the problem 10/01/2024',
      'Plage horaire / Time slot 10:10 – 12:00',
      'Semaine ISO / ISO week 2024-W02',
      'Pièce jointe / Attachment attendance_sheet.pdf',
      'Objet / Title Lesson of 10 January not recorded',
      'Description / Description I taught the second slot; the attendance sheet was signed by the delegate.',
      'Signez cette requête au service aux enseignants dans les 7 jours suivant son dépôt, avant le 22/01/2024 09:00, sinon elle est rejetée.',
      "Sign this request at the lecturers' service within 7 days of filing, before 22/01/2024 09:00, or it is rejected.",
      "Signature de l'enseignant / Lecturer's signature",
      "Reçue par le service aux enseignants le (date et heure) / Received by the lecturers' service on (date and hour)",
      "Le chef du service aux enseignants / Head of the lecturers' service",
    ]) {
      expect(text).toContain(expected);
    }
    // groups the sub-category hides are not printed
    for (const hidden of ['Montant perçu', 'Amount received', 'Contract number', 'Hourly rate', 'Number of copies']) expect(text).not.toContain(hidden);
  });

  it('carries a QR code to the public verification address, printed under it', async () => {
    const res = await permanent.get(`/api/requests/${claim.id}/form`);
    const address = `http://portal.test${claim.verificationUrl}`;
    expect(address).toMatch(/^http:\/\/portal\.test\/verify\/[0-9a-f]{32}$/);
    expect(await pdfQrCodes(res.rawPayload)).toEqual([address]);
    expect(await pdfText(res.rawPayload)).toContain(address);
  });

  it('leaves an empty line for a shown field not given, and writes amounts in FCFA', async () => {
    const l = await lecturer();
    const filed = (
      await l.client.post('/api/requests', {
        REQUEST_CATEGORY_ID: sub['0201']!.id,
        AMOUNT_RECEIVED: 150000,
        AMOUNT_EXPECTED: 187500.5,
        REQUEST_OBJECT: 'November fees',
        DESCRIPTION: 'Five hours missing',
      })
    ).json() as RequestDetail;
    const text = await pdfText((await l.client.get(`/api/requests/${filed.id}/form`)).rawPayload);
    expect(text).toContain('Montant perçu / Amount received 150.000 FCFA');
    expect(text).toContain('Montant attendu / Amount expected 187.500,5 FCFA');
    // the hourly volume (OPTIONAL) and the attachment are shown, with nothing written: a label followed by the next one
    expect(text).toContain('Volume horaire constaté / Hourly volume noted Volume horaire attendu / Hourly volume expected');
    expect(text).toContain('Pièce jointe / Attachment Objet / Title November fees');
    expect(text).not.toContain('Classe / Class');
  });

  it('refuses another lecturer (403, audited) and a unit that never held it; the unit holding it prints it', async () => {
    const stranger = await lecturer();
    expect((await stranger.client.get(`/api/requests/${claim.id}/form`)).statusCode).toBe(403);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, stranger.id)));
    expect(entry).toMatchObject({ targetType: 'request', targetId: String(claim.id) });
    expect((await finance.get(`/api/requests/${claim.id}/form`)).statusCode).toBe(403);
    expect((await new Client(t.app).get(`/api/requests/${claim.id}/form`)).statusCode).toBe(401);
    const byUnit = await seng.get(`/api/requests/${claim.id}/form`);
    expect(byUnit.statusCode).toBe(200);
    expect(await pdfText(byUnit.rawPayload)).toContain(claim.REQUEST_ID);
    expect((await permanent.get('/api/requests/2147483647/form')).statusCode).toBe(404);
  });
});

describe('the public verification: GET /api/public/requests/:token', () => {
  it('answers anyone the reference, filing instant and current status, and nothing else', async () => {
    const l = await lecturer();
    const filed = (await l.client.post('/api/requests', contractClaim())).json() as RequestDetail;
    const token = filed.verificationUrl.split('/').pop()!;
    const res = await new Client(t.app).get(`/api/public/requests/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ REQUEST_ID: filed.REQUEST_ID, filedAt: '2024-01-15T08:00:00.000Z', REQUEST_STATUS: 'REGISTERED' });
    // the current status, as it moves on
    await t.db.update(requests).set({ REQUEST_STATUS: 'PROCESSING' }).where(eq(requests.id, filed.id));
    expect((await new Client(t.app).get(`/api/public/requests/${token}`)).json()).toEqual({
      REQUEST_ID: filed.REQUEST_ID,
      filedAt: filed.filedAt,
      REQUEST_STATUS: 'PROCESSING',
    });
  });

  it('is 404 for an unknown token and 400 for a malformed one', async () => {
    const unknown = await new Client(t.app).get(`/api/public/requests/${randomBytes(16).toString('hex')}`);
    expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect((await new Client(t.app).get('/api/public/requests/1')).statusCode).toBe(400);
    expect((await new Client(t.app).get(`/api/public/requests/${'A'.repeat(32)}`)).statusCode).toBe(400);
  });
});

describe('the filing mail', () => {
  it("goes to the author in English: the reference, the title, the deadline's date and hour, the rule and the link", async () => {
    const l = await lecturer();
    const filed = (await l.client.post('/api/requests', contractClaim({ REQUEST_OBJECT: 'My 2024 contract' }))).json() as RequestDetail;
    const mail = await lastMailTo(t.db, l.email);
    expect(mail).toMatchObject({ kind: 'request-filed', subject: `Request ${filed.REQUEST_ID} filed: sign it within 7 days` });
    expect(mail!.textBody).toContain(`Your request ${filed.REQUEST_ID} "My 2024 contract" was filed on 15/01/2024 at 09:00.`);
    expect(mail!.textBody).toContain(
      "sign it at the lecturers' service within 7 days, before 22/01/2024 at 09:00 (university time). A request not signed by then is rejected.",
    );
    expect(mail!.textBody).toContain(`http://portal.test/requests/${filed.id}`);
    expect(mail!.htmlBody).toContain(`<a href="http://portal.test/requests/${filed.id}">`);
  });

  it('goes in French to an author who reads French', async () => {
    const l = await lecturer();
    expect((await l.client.post('/api/settings', { LANGUAGE: 'fr' })).statusCode).toBe(200);
    const filed = (await l.client.post('/api/requests', contractClaim({ REQUEST_OBJECT: 'Mon contrat 2024' }))).json() as RequestDetail;
    const mail = await lastMailTo(t.db, l.email);
    expect(mail).toMatchObject({ kind: 'request-filed', subject: `Requête ${filed.REQUEST_ID} déposée\u00a0: à signer sous 7 jours` });
    expect(mail!.textBody).toContain(`Votre requête ${filed.REQUEST_ID} «\u00a0Mon contrat 2024\u00a0» a été déposée le 15/01/2024 à 09:00.`);
    expect(mail!.textBody).toContain(
      "signez-la au service aux enseignants dans les 7 jours, avant le 22/01/2024 à 09:00 (heure de l'université). Une requête non signée à cette date est rejetée.",
    );
    expect(mail!.textBody).toContain(`http://portal.test/requests/${filed.id}`);
  });

  it('is not sent for a refused filing', async () => {
    const l = await lecturer();
    expect((await l.client.post('/api/requests', contractClaim({ REQUEST_FILE: randomUUID() }))).statusCode).toBe(400);
    expect(await lastMailTo(t.db, l.email)).toBeUndefined();
  });
});

describe('GET /api/requests/author/:id', () => {
  it("answers the caller's first page of requests, newest first, as GET /api/requests does; someone else's is 403", async () => {
    const l = await lecturer();
    for (const title of ['First', 'Second', 'Third']) {
      expect((await l.client.post('/api/requests', contractClaim({ REQUEST_OBJECT: title }))).statusCode).toBe(201);
      t.clock.advanceSeconds(60);
    }
    const res = await l.client.get(`/api/requests/author/${l.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual((await l.client.get('/api/requests')).json());
    expect(res.json().rows.map((r: { REQUEST_OBJECT: string }) => r.REQUEST_OBJECT)).toEqual(['Third', 'Second', 'First']);
    const other = await lecturer();
    expect((await other.client.get(`/api/requests/author/${l.id}`)).statusCode).toBe(403);
    expect((await seng.get(`/api/requests/author/${l.id}`)).statusCode).toBe(403);
  });
});

describe.runIf(onPostgres)('two filings naming the same attachment at once (PostgreSQL)', () => {
  const pair = twoInstances();

  it('lets one take it: the other is REQUEST_ATTACHMENT_INVALID, whichever instance answers', async () => {
    const { t: app } = pair;
    const [person] = await app.db
      .insert(persons)
      .values({ MATRICULE: `RACE${randomBytes(3).toString('hex').toUpperCase()}`, KIND: 'STAFF', STATUS: 'VACATAIRE', FIRSTNAME: 'Race', LASTNAME: 'Lecturer' })
      .returning({ id: persons.id });
    const client = await sessionFor(app, person!.id);
    const [subcategory] = await app.db.select({ id: requestSubcategories.id }).from(requestSubcategories).where(eq(requestSubcategories.code, '0301'));
    for (let round = 0; round < 5; round++) {
      const attachment = (
        await postMultipart(client, '/api/requests/attachments', {}, { data: freshPdf(), filename: 'a.pdf', type: 'application/pdf' })
      ).json() as RequestAttachment;
      const body = { REQUEST_CATEGORY_ID: subcategory!.id, REQUEST_OBJECT: `Race ${round}`, DESCRIPTION: 'Both at once', REQUEST_FILE: attachment.id };
      const answers = await Promise.all([0, 1, 2, 3].map((i) => sameSessionOn(client, pair.instance(i)).post('/api/requests', body)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const refused of answers.filter((a) => a.statusCode === 400))
        expect(refused.json()).toMatchObject({ code: 'REQUEST_ATTACHMENT_INVALID', fields: { REQUEST_FILE: 'validation.invalid' } });
      expect(await app.db.select().from(requests).where(eq(requests.REQUEST_FILE, attachment.id))).toHaveLength(1);
    }
  });
});
