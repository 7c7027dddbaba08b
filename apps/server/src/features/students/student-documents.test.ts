import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STUDENT_DOCUMENTS_PER_KIND, MAX_UPLOAD_BYTES, type StudentDocument } from '@portal/contract';
import { auditLog, files, persons, studentDocuments } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { dataUrl, jpeg, pdf, png, postMultipart, storedObjects } from '../../../test/files';
import { createTestApp, sessionFor, type Client, type TestApp } from '../../../test/helpers';
import { signedInStudent } from './students.fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Student = { id: number; client: Client };
const upload = (student: Student, fields: Record<string, string | number>, file: { data: Buffer; filename: string; type: string }) =>
  postMultipart(student.client, '/api/students/documents', fields, file);
const aPdf = (text = 'student file') => pdf(`${text} ${randomBytes(4).toString('hex')}`);
const documentsOf = (personId: number) => t.db.select().from(studentDocuments).where(eq(studentDocuments.personId, personId)).orderBy(studentDocuments.id);
const fileRow = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
const fileIdOf = (url: string) => url.split('/').pop()!;
/** A PDF that runs a script when opened (finding 11). */
const scriptedPdf = () =>
  Buffer.from(`%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

describe("a student's uploads", () => {
  let student: Student;
  let cv: StudentDocument;

  beforeAll(async () => {
    student = await signedInStudent(t, 60);
  });

  it('stores a PDF CV sent as multipart, lists it in the file, and serves it to its owner and HR only', async () => {
    const data = aPdf('cv');
    const res = await upload(student, { KIND: 'CV' }, { data, filename: 'Mon CV é.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    cv = res.json();
    expect(cv).toMatchObject({
      KIND: 'CV',
      LABEL: null,
      YEAR: null,
      MIME: 'application/pdf',
      SIZE: data.length,
      NAME: 'Mon_CV_e.pdf',
      FILE: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
    });
    expect((await student.client.get('/api/students/profile')).json().documents).toEqual([cv]);
    expect(await fileRow(fileIdOf(cv.FILE))).toMatchObject({ ownerId: student.id, purpose: 'STUDENT_DOCUMENT', mime: 'application/pdf' });

    const served = await student.client.get(cv.FILE);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(data)).toBe(true);
    const hr = await sessionFor(t, (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.hr.matricule)))[0]!.id);
    expect((await hr.get(cv.FILE)).statusCode).toBe(200);
    const other = await signedInStudent(t, 61);
    expect((await other.client.get(cv.FILE)).statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, other.id))),
    ).toHaveLength(1);
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'studentFile.document-uploaded')).orderBy(desc(auditLog.id)).limit(1))[0],
    ).toMatchObject({ actorId: student.id, targetId: String(student.id) });
  });

  it("shows on the next read of the file a new document, a document's changed label, a stored file's changed name, a removal", async () => {
    const reader = await signedInStudent(t, 65);
    const documents = async () => ((await reader.client.get('/api/students/profile')).json() as { documents: StudentDocument[] }).documents;
    expect(await documents()).toEqual([]);
    const res = await upload(reader, { KIND: 'OTHER', LABEL: 'Certificate' }, { data: aPdf('other'), filename: 'certificate.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json() as StudentDocument;
    expect(await documents()).toEqual([added]);
    await t.db.update(studentDocuments).set({ label: 'Work certificate' }).where(eq(studentDocuments.id, added.id));
    expect((await documents()).map((d) => d.LABEL)).toEqual(['Work certificate']);
    await t.db
      .update(files)
      .set({ originalName: 'attestation.pdf' })
      .where(eq(files.id, fileIdOf(added.FILE)));
    expect((await documents()).map((d) => d.NAME)).toEqual(['attestation.pdf']);
    expect((await reader.client.request('DELETE', `/api/students/documents/${added.id}`)).statusCode).toBe(200);
    expect(await documents()).toEqual([]);
  });

  it('refuses a JPEG as CV (CV_NOT_PDF), and stores nothing', async () => {
    const before = storedObjects(t, student.id);
    const res = await upload(student, { KIND: 'CV' }, { data: await jpeg(40, 40, 3), filename: 'cv.pdf', type: 'application/pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CV_NOT_PDF', fields: { FILE: 'validation.invalid' } });
    expect(storedObjects(t, student.id)).toEqual(before);
    expect(await documentsOf(student.id)).toHaveLength(1);
  });

  it('refuses a PDF carrying a script, as every upload does', async () => {
    for (const KIND of ['CV', 'DIPLOMA']) {
      const res = await upload(student, { KIND, LABEL: 'Scripted', YEAR: 2020 }, { data: scriptedPdf(), filename: 'x.pdf', type: 'application/pdf' });
      expect(res.statusCode, KIND).toBe(415);
      expect(res.json().code).toBe('PDF_SCRIPT_REFUSED');
    }
    expect(await documentsOf(student.id)).toHaveLength(1);
  });

  it('refuses the same file twice (409 FILE_EXISTS), under another kind too', async () => {
    const data = aPdf('twice');
    expect((await upload(student, { KIND: 'OTHER', LABEL: 'Transcript' }, { data, filename: 't.pdf', type: 'application/pdf' })).statusCode).toBe(201);
    const again = await upload(student, { KIND: 'DIPLOMA', LABEL: 'Transcript', YEAR: 2021 }, { data, filename: 't2.pdf', type: 'application/pdf' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FILE_EXISTS');
    expect((await documentsOf(student.id)).map((d) => d.kind)).toEqual(['CV', 'OTHER']);
  });

  it('replaces the CV with a new one: one CV left, the old file and its stored object gone', async () => {
    const oldFileId = fileIdOf(cv.FILE);
    expect(storedObjects(t, student.id)).toContain(oldFileId);
    const res = await upload(student, { KIND: 'CV' }, { data: aPdf('new cv'), filename: 'cv2.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const cvs = (await documentsOf(student.id)).filter((d) => d.kind === 'CV');
    expect(cvs).toHaveLength(1);
    expect(cvs[0]!.id).toBe(res.json().id);
    expect(await fileRow(oldFileId)).toBeUndefined();
    expect(storedObjects(t, student.id)).not.toContain(oldFileId);
    expect((await student.client.get(cv.FILE)).statusCode).toBe(404);
    cv = res.json();
  });

  it('keeps one birth certificate, a photo or a scan (images re-encoded)', async () => {
    const first = await upload(student, { KIND: 'BIRTH_CERTIFICATE' }, { data: await png(80, 60, 1), filename: 'acte.png', type: 'image/png' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ KIND: 'BIRTH_CERTIFICATE', MIME: 'image/png' });
    const second = await upload(student, { KIND: 'BIRTH_CERTIFICATE' }, { data: await jpeg(80, 60, 2), filename: 'acte.jpg', type: 'image/jpeg' });
    expect(second.statusCode, second.body).toBe(201);
    expect((await documentsOf(student.id)).filter((d) => d.kind === 'BIRTH_CERTIFICATE').map((d) => d.id)).toEqual([second.json().id]);
  });

  it('asks a diploma for its title and year, an other file for its title', async () => {
    const res = await upload(student, { KIND: 'DIPLOMA' }, { data: aPdf(), filename: 'd.pdf', type: 'application/pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { LABEL: 'validation.required', YEAR: 'validation.required' } });
    const future = await upload(
      student,
      { KIND: 'DIPLOMA', LABEL: 'BTS', YEAR: new Date().getFullYear() + 1 },
      { data: aPdf(), filename: 'd.pdf', type: 'application/pdf' },
    );
    expect(future.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { YEAR: 'validation.yearRange' } });
    const other = await upload(student, { KIND: 'OTHER' }, { data: aPdf(), filename: 'o.pdf', type: 'application/pdf' });
    expect(other.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { LABEL: 'validation.required' } });
    const unknown = await upload(student, { KIND: 'PASSPORT', LABEL: 'x' }, { data: aPdf(), filename: 'o.pdf', type: 'application/pdf' });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { KIND: 'validation.invalid' } });
  });

  it('takes the JSON form with the file as a data URL', async () => {
    const res = await student.client.post('/api/students/documents', {
      KIND: 'DIPLOMA',
      LABEL: 'Baccalauréat C',
      YEAR: 2022,
      FILE: dataUrl('application/pdf', aPdf('bac')),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ KIND: 'DIPLOMA', LABEL: 'Baccalauréat C', YEAR: 2022, NAME: 'Baccalaureat_C.pdf' });
  });

  it('refuses a file over 5 MB (413 FILE_TOO_LARGE)', async () => {
    const res = await upload(
      student,
      { KIND: 'OTHER', LABEL: 'Big' },
      { data: Buffer.concat([aPdf(), Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]), filename: 'big.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
  });

  it('deletes one of its own documents and its file; someone else’s is refused (403, audited) and stays', async () => {
    const [diploma] = (await documentsOf(student.id)).filter((d) => d.kind === 'DIPLOMA');
    const other = await signedInStudent(t, 62);
    const refused = await other.client.request('DELETE', `/api/students/documents/${diploma!.id}`);
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, other.id)))
      )[0]!.details,
    ).toMatchObject({ requestedId: student.id, studentDocumentId: diploma!.id });
    expect(await fileRow(diploma!.fileId)).toBeDefined();

    const res = await student.client.request('DELETE', `/api/students/documents/${diploma!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: diploma!.id, deleted: true });
    expect((await documentsOf(student.id)).some((d) => d.id === diploma!.id)).toBe(false);
    expect(await fileRow(diploma!.fileId)).toBeUndefined();
    expect(storedObjects(t, student.id)).not.toContain(diploma!.fileId);
    expect((await student.client.request('DELETE', `/api/students/documents/${diploma!.id}`)).statusCode).toBe(404);
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'studentFile.document-deleted')).orderBy(desc(auditLog.id)).limit(1))[0],
    ).toMatchObject({ actorId: student.id });
  });

  it(`keeps at most ${MAX_STUDENT_DOCUMENTS_PER_KIND} diplomas (409 STUDENT_DOCUMENTS_LIMIT)`, async () => {
    const collector = await signedInStudent(t, 63);
    for (let i = 0; i < MAX_STUDENT_DOCUMENTS_PER_KIND; i++) {
      expect(
        (
          await upload(
            collector,
            { KIND: 'DIPLOMA', LABEL: `Diploma ${i}`, YEAR: 2010 + i },
            { data: aPdf(`d${i}`), filename: 'd.pdf', type: 'application/pdf' },
          )
        ).statusCode,
      ).toBe(201);
    }
    const res = await upload(
      collector,
      { KIND: 'DIPLOMA', LABEL: 'One more', YEAR: 2022 },
      { data: aPdf('one more'), filename: 'd.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STUDENT_DOCUMENTS_LIMIT', limit: { limit: MAX_STUDENT_DOCUMENTS_PER_KIND } });
    expect(await documentsOf(collector.id)).toHaveLength(MAX_STUDENT_DOCUMENTS_PER_KIND);
    // other kinds are counted apart
    expect(
      (await upload(collector, { KIND: 'OTHER', LABEL: 'Certificate' }, { data: aPdf('other'), filename: 'o.pdf', type: 'application/pdf' })).statusCode,
    ).toBe(201);
  });

  it('refuses uploads to staff (403) and uploads naming another student (403, audited)', async () => {
    const staffId = (await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.permanent.matricule)))[0]!.id;
    const staff = await sessionFor(t, staffId);
    const res = await postMultipart(
      staff,
      '/api/students/documents',
      { KIND: 'OTHER', LABEL: 'x' },
      { data: aPdf(), filename: 'o.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(403);
    const other = await signedInStudent(t, 64);
    const planted = await upload(
      other,
      { KIND: 'OTHER', LABEL: 'Planted', STUDENT_ID: student.id },
      { data: aPdf(), filename: 'o.pdf', type: 'application/pdf' },
    );
    expect(planted.statusCode).toBe(403);
    expect(await documentsOf(other.id)).toEqual([]);
    expect((await documentsOf(student.id)).some((d) => d.label === 'Planted')).toBe(false);
  });
});
