import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSlipCode, type CandidateDocument, type CandidateFile } from '@portal/contract';
import { candidateDocuments, candidates } from '../../db/schema';
import { dataUrl, jpeg, pdf, png, postMultipart } from '../../../test/files';
import { Client, createTestApp, ok, outcome, type TestApp } from '../../../test/helpers';
import { pdfQrCodes, pdfText } from '../../../test/pdf';
import { candidatePayload, closeEntrance, makeEntrance, registerAndConfirm, type FixtureEntrance } from './candidates.fixtures';

let t: TestApp;
let entrance: FixtureEntrance;

beforeAll(async () => {
  t = await createTestApp();
  entrance = await makeEntrance(t);
});
afterAll(async () => {
  await t?.close();
});

/** A new candidate, their file open in a browser of their own. */
async function candidate(overrides: Record<string, unknown> = {}): Promise<{ client: Client; file: CandidateFile }> {
  const client = new Client(t.app);
  const { file } = await registerAndConfirm(t, client, candidatePayload(entrance, overrides));
  return { client, file };
}

const upload = (client: Client, kind: string, data: Buffer, filename: string, type: string) =>
  postMultipart(client, `/api/candidate/documents/${kind}`, {}, { data, filename, type });
/** The stored objects of a candidate, as files on disk under the test app's DATA_DIR. */
const storedObjectsOf = (candidateId: number): string[] => {
  const dir = path.join(t.config.dataDir, 'uploads', 'candidates', String(candidateId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe("a candidate's documents", () => {
  it('takes a photo by its content (a PNG named .pdf and sent as a PDF is a PNG), serves it back to its owner only, and shows it in the file', async () => {
    const { client, file } = await candidate();
    const photo = await png(120, 160, 1);
    const res = await upload(client, 'PHOTO', photo, 'my-photo.pdf', 'application/pdf');
    const document = ok<CandidateDocument>(res, 201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(document).toMatchObject({ kind: 'PHOTO', status: 'SUBMITTED', note: null, mime: 'image/png', url: '/api/candidate/documents/PHOTO' });
    expect(storedObjectsOf(file.id)).toHaveLength(1);

    const read = await client.get('/api/candidate/documents/PHOTO');
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['content-security-policy']).toBe('sandbox');
    expect(read.headers['content-disposition']).toBe('inline; filename="my-photo.png"');
    expect(read.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const me = ok<CandidateFile>(await client.get('/api/candidate/me'));
    expect(me.PHOTO_4X4_URL).toBe('/api/candidate/documents/PHOTO');
    expect(me.BIRTH_CERTIFICATE_URL).toBeNull();
    expect(me.documents).toEqual([document]);
    expect(me.documentsComplete).toBe(false);

    // someone else's browser reads only its own (none), and no browser reads without a file open
    const other = await candidate();
    expect(outcome(await other.client.get('/api/candidate/documents/PHOTO'))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(outcome(await new Client(t.app).get('/api/candidate/documents/PHOTO'))).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(outcome(await upload(new Client(t.app), 'PHOTO', photo, 'p.png', 'image/png'))).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('refuses what the kind does not take, by content: a text file, a PDF as the photo; an unknown kind', async () => {
    const { client, file } = await candidate();
    const text = Buffer.from('I am a birth certificate, trust me.\n');
    expect(outcome(await upload(client, 'BIRTH_CERTIFICATE', text, 'birth.pdf', 'application/pdf'))).toEqual({
      status: 415,
      code: 'FILE_TYPE_REFUSED',
      fields: { FILE: 'validation.invalid' },
    });
    expect(outcome(await upload(client, 'PHOTO', pdf('photo'), 'photo.jpg', 'image/jpeg'))).toEqual({
      status: 415,
      code: 'FILE_TYPE_REFUSED',
      fields: { FILE: 'validation.invalid' },
    });
    expect(outcome(await upload(client, 'CV', pdf(), 'cv.pdf', 'application/pdf'))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(outcome(await postMultipart(client, '/api/candidate/documents/DIPLOMA', {}))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { FILE: 'validation.required' },
    });
    expect(await t.db.select().from(candidateDocuments).where(eq(candidateDocuments.candidateId, file.id))).toEqual([]);
    expect(storedObjectsOf(file.id)).toEqual([]);
  });

  it('refuses a file over 5 MB (413 FILE_TOO_LARGE)', async () => {
    const { client } = await candidate();
    const big = Buffer.concat([pdf('big'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    expect(outcome(await upload(client, 'DIPLOMA', big, 'diploma.pdf', 'application/pdf'))).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
  });

  it("replaces a document with a new one (the old object goes, SUBMITTED again, the office's note gone); the same bytes as the current one are 409 FILE_EXISTS", async () => {
    const { client, file } = await candidate();
    const first = pdf('Birth certificate, first scan');
    ok(await upload(client, 'BIRTH_CERTIFICATE', first, 'birth.pdf', 'application/pdf'), 201);
    const [before] = storedObjectsOf(file.id);
    expect(outcome(await upload(client, 'BIRTH_CERTIFICATE', first, 'again.pdf', 'application/pdf'))).toEqual({ status: 409, code: 'FILE_EXISTS' });
    expect(storedObjectsOf(file.id)).toEqual([before]);

    // the office asks for a replacement
    await t.db
      .update(candidateDocuments)
      .set({ status: 'REPLACE_REQUESTED', note: 'Unreadable' })
      .where(and(eq(candidateDocuments.candidateId, file.id), eq(candidateDocuments.kind, 'BIRTH_CERTIFICATE')));
    expect(ok<CandidateFile>(await client.get('/api/candidate/me')).documents[0]).toMatchObject({ status: 'REPLACE_REQUESTED', note: 'Unreadable' });

    const second = await jpeg(300, 400, 7);
    const replaced = ok<CandidateDocument>(await upload(client, 'BIRTH_CERTIFICATE', second, 'scan.jpeg', 'image/jpeg'), 201);
    expect(replaced).toMatchObject({ kind: 'BIRTH_CERTIFICATE', status: 'SUBMITTED', note: null, mime: 'image/jpeg' });
    const objects = storedObjectsOf(file.id);
    expect(objects).toHaveLength(1);
    expect(objects[0]).not.toBe(before);
    const rows = await t.db.select().from(candidateDocuments).where(eq(candidateDocuments.candidateId, file.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storageKey).toBe(`candidates/${file.id}/${objects[0]}`);
    expect((await client.get('/api/candidate/documents/BIRTH_CERTIFICATE')).headers['content-type']).toBe('image/jpeg');
    // the first file again is no longer the current one: taken
    expect((await upload(client, 'BIRTH_CERTIFICATE', first, 'birth.pdf', 'application/pdf')).statusCode).toBe(201);
  });

  it('takes the JSON form (a data URL), completes the file with the three kinds, and still takes uploads once the entrance is closed', async () => {
    const closing = await makeEntrance(t);
    const client = new Client(t.app);
    const { file } = await registerAndConfirm(t, client, candidatePayload(closing));
    await closeEntrance(t, closing.id);
    ok(await client.post('/api/candidate/documents/PHOTO', { FILE: dataUrl('image/jpeg', await jpeg(80, 80, 2)) }), 201);
    ok(await client.post('/api/candidate/documents/BIRTH_CERTIFICATE', { FILE: dataUrl('application/pdf', pdf('Birth')) }), 201);
    expect(outcome(await client.post('/api/candidate/documents/DIPLOMA', { FILE: 'not a data url' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    const diploma = ok<CandidateDocument>(await client.post('/api/candidate/documents/DIPLOMA', { FILE: dataUrl('image/png', await png(90, 60, 3)) }), 201);
    expect(diploma.mime).toBe('image/png');
    const me = ok<CandidateFile>(await client.get('/api/candidate/me'));
    expect(me.documents.map((d) => d.kind)).toEqual(['PHOTO', 'BIRTH_CERTIFICATE', 'DIPLOMA']);
    expect(me.documentsComplete).toBe(true);
    expect(storedObjectsOf(file.id)).toHaveLength(3);
  });
});

describe('the registration slip', () => {
  it('is a PDF with the candidate number, identity, entrance, choices, documents given, whether paid, and a QR code of the number and the entrance', async () => {
    const { client, file } = await candidate({ LASTNAME: 'Ekane', FIRSTNAME: 'Brice', GENDER: 'Male' });
    ok(await upload(client, 'PHOTO', await png(100, 100, 4), 'photo.png', 'image/png'), 201);
    const res = await client.get('/api/candidate/slip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${file.CANDIDATE_NUMBER}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      "Fiche d'inscription au concours / Entrance registration slip",
      'Numéro de candidat / Candidate number',
      file.CANDIDATE_NUMBER,
      'Ekane Brice',
      'Masculin / Male',
      entrance.name,
      '25.000 FCFA',
      "Gestion des systèmes d'information / Information Systems Management",
      'Photo 4x4 / 4x4 photo Fourni / Given',
      'Acte de naissance / Birth certificate Non fourni / Not given',
      'Pas encore payés / Not paid yet',
    ]) {
      expect(text).toContain(part);
    }
    expect(await pdfQrCodes(res.rawPayload)).toEqual([candidateSlipCode(file.CANDIDATE_NUMBER, entrance.id)]);

    // paid: the slip says when
    await t.db
      .update(candidates)
      .set({ HAS_PAID: true, paidAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(candidates.id, file.id));
    expect(await pdfText((await client.get('/api/candidate/slip')).rawPayload)).toContain('Payés le 02/03/2026 / Paid on 02/03/2026');
    expect(outcome(await new Client(t.app).get('/api/candidate/slip'))).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
