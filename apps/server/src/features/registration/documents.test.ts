import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, files, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type Client, createTestApp, registrationCast, type TestApp } from '../../../test/helpers';
import { dataUrl, jpeg, pdf, png, postMultipart, storedObjects } from '../../../test/files';

let t: TestApp;
let owner: Client;
let ownerId: number;
let other: Client;
let otherId: number;
let hr: Client;
let hrId: number;
let closedOwner: Client;
let closedId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, ownerId, other, otherId, hr, hrId, closedOwner, closedId } = await registrationCast(t, DEMO_ACCOUNTS.support.matricule));
});
afterAll(async () => {
  await t?.close();
});

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

const diploma = (extra: Record<string, unknown> = {}) => ({
  PIECE_TYPE: 'DIPL_CERT',
  DESIGNATION: 'Master in Computer Science',
  SPECIALITY: 'Software engineering',
  LEVEL: 5,
  LANGUAGE: 'fr',
  OBTENEDDATE: '15/07/2012',
  OBTENEDSTAB: 'Université de Douala',
  ...extra,
});

async function createDiploma(client: Client, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/documents/upload-student', { ...diploma(extra), FILE: dataUrl('application/pdf', pdf(unique('diploma'))) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; FILE: string; IS_LAST: boolean };
}

async function documentCount(personId: number) {
  return (await t.db.select().from(documents).where(eq(documents.personId, personId))).length;
}

describe('adding documents', () => {
  it('refuses an incomplete diploma with DOCUMENT_INCOMPLETE, as JSON or as a form, storing nothing', async () => {
    const before = storedObjects(t, ownerId);
    const count = await documentCount(ownerId);
    const json = await owner.post('/api/documents/upload-student', {
      PIECE_TYPE: 'DIPL_CERT',
      DESIGNATION: 'Licence',
      OBTENEDDATE: '01/07/2008',
      OBTENEDSTAB: 'Université de Buea',
      FILE: dataUrl('application/pdf', pdf(unique('incomplete'))),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({
      code: 'DOCUMENT_INCOMPLETE',
      message: 'Provide all required informations to continue',
      fields: { SPECIALITY: 'validation.documentSpeciality', LEVEL: 'validation.documentLevel', LANGUAGE: 'validation.documentLanguage' },
    });

    const form = await postMultipart(
      owner,
      '/api/documents/upload-student',
      { PIECE_TYPE: 'DIPL_CERT', DESIGNATION: 'Licence', SPECIALITY: 'Physics', LEVEL: 3, LANGUAGE: 'en', OBTENEDSTAB: '' },
      { data: pdf(unique('incomplete form')), filename: 'licence.pdf', type: 'application/pdf' },
    );
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({
      code: 'DOCUMENT_INCOMPLETE',
      message: 'Provide all required informations to continue',
      fields: { OBTENEDDATE: 'validation.documentDate', OBTENEDSTAB: 'validation.documentEstablishment' },
    });

    const noFile = await postMultipart(owner, '/api/documents/upload-student', { PIECE_TYPE: 'BIRTH_CERT', OBTENEDDATE: '01/01/1980' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('DOCUMENT_INCOMPLETE');
    expect(noFile.json().fields).toMatchObject({ FILE: 'validation.required', DESIGNATION: 'validation.documentDesignation' });

    expect(storedObjects(t, ownerId)).toEqual(before);
    expect(await documentCount(ownerId)).toBe(count);
  });

  it('creates a complete diploma (201) from a form, and serves its file', async () => {
    const data = pdf(unique('master'));
    const res = await postMultipart(
      owner,
      '/api/documents/upload-student',
      { ...diploma(), STUDENT_ID: ownerId },
      { data, filename: 'master.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    expect(record).toEqual({
      id: expect.any(Number),
      PIECE_TYPE: 'DIPL_CERT',
      DESIGNATION: 'Master in Computer Science',
      SPECIALITY: 'Software engineering',
      LEVEL: 5,
      LANGUAGE: 'fr',
      OBTENEDDATE: '2012-07-15',
      OBTENEDSTAB: 'Université de Douala',
      FILE: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
      IS_LAST: false,
      createdAt: expect.any(String),
    });
    const served = await owner.get(record.FILE);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(served.headers['content-disposition']).toBe('inline; filename="master.pdf"');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.uploaded'), eq(auditLog.targetId, String(ownerId))));
    expect(entry!.details).toMatchObject({ documentId: record.id, pieceType: 'DIPL_CERT', mime: 'application/pdf', size: data.length });
  });

  it('needs no speciality, level or language for a birth certificate, and drops them', async () => {
    const res = await owner.post('/api/documents/upload-student', {
      PIECE_TYPE: 'BIRTH_CERT',
      DESIGNATION: 'Birth certificate',
      OBTENEDDATE: '1985-03-02',
      OBTENEDSTAB: 'Mairie de Bafoussam',
      SPECIALITY: 'not for a birth certificate',
      FILE: dataUrl('image/png', await jpeg(120, 160, 3)),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ PIECE_TYPE: 'BIRTH_CERT', SPECIALITY: null, LEVEL: null, LANGUAGE: null, OBTENEDDATE: '1985-03-02' });
    expect((await owner.get(res.json().FILE)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses the same file twice (409) and a refused type (415)', async () => {
    const data = pdf(unique('twice'));
    const first = await owner.post('/api/documents/upload-student', { ...diploma(), FILE: dataUrl('application/pdf', data) });
    expect(first.statusCode).toBe(201);
    const count = await documentCount(ownerId);
    const second = await postMultipart(owner, '/api/documents/upload-student', diploma({ DESIGNATION: 'Another name' }), {
      data,
      filename: 'other.pdf',
      type: 'application/pdf',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'FILE_EXISTS', message: 'Error, a similar file already exists' });
    const zip = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), randomBytes(100)]);
    const refused = await postMultipart(owner, '/api/documents/upload-student', diploma(), { data: zip, filename: 'diploma.pdf', type: 'application/pdf' });
    expect(refused.statusCode).toBe(415);
    expect(await documentCount(ownerId)).toBe(count);
  });

  it('creates several diplomas from data URLs (training), all or nothing', async () => {
    const count = await documentCount(ownerId);
    const res = await owner.request('PATCH', '/api/students/update/training', {
      STUDENT_ID: ownerId,
      files: [
        { ...diploma({ DESIGNATION: 'Licence', LEVEL: 3 }), FILE: dataUrl('application/pdf', pdf(unique('licence'))) },
        { ...diploma({ DESIGNATION: 'Doctorat', LEVEL: 8 }), FILE: dataUrl('image/png', await png(64, 64, 41)) },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().map((d: { DESIGNATION: string; LEVEL: number }) => [d.DESIGNATION, d.LEVEL])).toEqual([
      ['Licence', 3],
      ['Doctorat', 8],
    ]);
    expect(await documentCount(ownerId)).toBe(count + 2);

    // One duplicate in the batch: nothing is created and nothing is left on disk.
    const objects = storedObjects(t, ownerId);
    const dup = pdf(unique('batch duplicate'));
    const failed = await owner.request('PATCH', '/api/students/update/training', {
      files: [
        { ...diploma({ DESIGNATION: 'A' }), FILE: dataUrl('application/pdf', pdf(unique('batch ok'))) },
        { ...diploma({ DESIGNATION: 'B' }), FILE: dataUrl('application/pdf', dup) },
        { ...diploma({ DESIGNATION: 'C' }), FILE: dataUrl('application/pdf', dup) },
      ],
    });
    expect(failed.statusCode).toBe(409);
    expect(await documentCount(ownerId)).toBe(count + 2);
    expect(storedObjects(t, ownerId)).toEqual(objects);

    const incomplete = await owner.request('PATCH', '/api/students/update/training', {
      files: [{ ...diploma({ LANGUAGE: '' }), FILE: dataUrl('application/pdf', pdf(unique('x'))) }],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: 'DOCUMENT_INCOMPLETE', fields: { 'files.0.LANGUAGE': 'validation.documentLanguage' } });
    const forOther = await owner.request('PATCH', '/api/students/update/training', {
      STUDENT_ID: otherId,
      files: [{ ...diploma(), FILE: dataUrl('application/pdf', pdf(unique('y'))) }],
    });
    expect(forOther.statusCode).toBe(403);
  });
});

describe('listing, deleting and marking', () => {
  it("lists one's own documents; another staff member is refused, HR is not", async () => {
    const created = await createDiploma(other, { DESIGNATION: 'Listed diploma' });
    const list = await other.get(`/api/documents/${otherId}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, DESIGNATION: 'Listed diploma', FILE: created.FILE })]);
    expect((await owner.get(`/api/documents/${otherId}`)).statusCode).toBe(403);
    const byHr = await hr.get(`/api/documents/${otherId}`);
    expect(byHr.statusCode).toBe(200);
    expect(byHr.json()).toHaveLength(1);
  });

  it("deletes one's own document and its file; someone else's is refused (403, audited), an unknown one is 404", async () => {
    const mine = await createDiploma(owner, { DESIGNATION: 'To delete' });
    const [fileRow] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, mine.FILE.split('/').pop()!));
    expect(existsSync(path.join(t.config.dataDir, 'uploads', fileRow!.storageKey))).toBe(true);

    const refused = await other.post('/api/documents/delete', { id: mine.id });
    expect(refused.statusCode).toBe(403);
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actorId, otherId)));
    expect(refusals.some((r) => r.targetId === '/api/documents/delete' && r.details.requestedId === ownerId)).toBe(true);
    expect(await documentCount(ownerId)).toBeGreaterThan(0);

    const res = await owner.post('/api/documents/delete', { id: mine.id, STUDENT_ID: ownerId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: mine.id, deleted: true });
    expect(await t.db.select().from(documents).where(eq(documents.id, mine.id))).toHaveLength(0);
    expect(await t.db.select().from(files).where(eq(files.id, fileRow!.id))).toHaveLength(0);
    expect(existsSync(path.join(t.config.dataDir, 'uploads', fileRow!.storageKey))).toBe(false);
    expect((await owner.get(mine.FILE)).statusCode).toBe(404);

    expect((await owner.post('/api/documents/delete', { id: mine.id })).statusCode).toBe(404);
    expect((await owner.post('/api/documents/delete', { id: 99_999_999 })).statusCode).toBe(404);
  });

  it('marks one diploma as the last one: marking another moves the mark; a birth certificate cannot be marked', async () => {
    const first = await createDiploma(owner, { DESIGNATION: 'PhD' });
    const second = await createDiploma(owner, { DESIGNATION: 'Habilitation' });
    const a = await owner.request('PATCH', '/api/students/update/diploma', { id: first.id });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ id: first.id, IS_LAST: true });
    const b = await owner.request('PATCH', '/api/students/update/diploma', { id: second.id, STUDENT_ID: ownerId });
    expect(b.statusCode).toBe(200);
    expect((await owner.request('PATCH', '/api/students/update/diploma', { id: second.id })).statusCode).toBe(200);
    const marked = (
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.personId, ownerId), eq(documents.isLast, true)))
    ).map((d) => d.id);
    expect(marked).toEqual([second.id]);
    const list = (await owner.get(`/api/documents/${ownerId}`)).json() as { id: number; IS_LAST: boolean }[];
    expect(list.filter((d) => d.IS_LAST).map((d) => d.id)).toEqual([second.id]);

    const birth = await owner.post('/api/documents/upload-student', {
      PIECE_TYPE: 'BIRTH_CERT',
      DESIGNATION: 'Acte de naissance',
      OBTENEDDATE: '02/03/1985',
      OBTENEDSTAB: 'Mairie',
      FILE: dataUrl('application/pdf', pdf(unique('birth'))),
    });
    const notDiploma = await owner.request('PATCH', '/api/students/update/diploma', { id: birth.json().id });
    expect(notDiploma.statusCode).toBe(400);
    expect(notDiploma.json().code).toBe('VALIDATION_FAILED');
    expect((await other.request('PATCH', '/api/students/update/diploma', { id: first.id })).statusCode).toBe(403);
  });
});

describe('a closed registration', () => {
  it('refuses its owner every change (REGISTRATION_CLOSED) while HR may still act, through its routes and with a reason', async () => {
    const kept = await createDiploma(closedOwner, { DESIGNATION: 'Before closure' });
    await t.db.update(persons).set({ registrationClosedAt: new Date() }).where(eq(persons.id, closedId));
    await t.settled();
    const count = await documentCount(closedId);
    const objects = storedObjects(t, closedId);

    const upload = await closedOwner.post('/api/documents/upload-student', { ...diploma(), FILE: dataUrl('application/pdf', pdf(unique('closed'))) });
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toMatchObject({ code: 'REGISTRATION_CLOSED' });
    const form = await postMultipart(closedOwner, '/api/documents/upload-student', diploma(), {
      data: pdf(unique('closed form')),
      filename: 'd.pdf',
      type: 'application/pdf',
    });
    expect(form.statusCode).toBe(403);
    const training = await closedOwner.request('PATCH', '/api/students/update/training', {
      files: [{ ...diploma(), FILE: dataUrl('application/pdf', pdf(unique('closed training'))) }],
    });
    expect(training.statusCode).toBe(403);
    const removal = await closedOwner.post('/api/documents/delete', { id: kept.id });
    expect(removal.statusCode).toBe(403);
    expect(removal.json().code).toBe('REGISTRATION_CLOSED');
    const mark = await closedOwner.request('PATCH', '/api/students/update/diploma', { id: kept.id });
    expect(mark.json().code).toBe('REGISTRATION_CLOSED');
    expect(await documentCount(closedId)).toBe(count);
    expect(storedObjects(t, closedId)).toEqual(objects);
    // Reading stays open.
    expect((await closedOwner.get(`/api/documents/${closedId}`)).json()).toHaveLength(count);

    // HR acts through its own routes, and always says why; the own routes refuse it (STUDENT_ID or someone else's document).
    const viaOwnRoute = await postMultipart(
      hr,
      '/api/documents/upload-student',
      { ...diploma({ DESIGNATION: 'Added by HR' }), STUDENT_ID: closedId },
      { data: pdf(unique('by hr')), filename: 'hr.pdf', type: 'application/pdf' },
    );
    expect(viaOwnRoute.statusCode).toBe(403);
    expect((await hr.post('/api/documents/delete', { id: kept.id })).statusCode).toBe(403);
    const noReason = await postMultipart(hr, `/api/hr/registrations/${closedId}/documents`, diploma({ DESIGNATION: 'Added by HR' }), {
      data: pdf(unique('by hr')),
      filename: 'hr.pdf',
      type: 'application/pdf',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toMatchObject({ reason: 'validation.required' });
    expect(await documentCount(closedId)).toBe(count);

    const byHr = await postMultipart(
      hr,
      `/api/hr/registrations/${closedId}/documents`,
      { ...diploma({ DESIGNATION: 'Added by HR' }), reason: 'Diploma handed in at the office' },
      { data: pdf(unique('by hr')), filename: 'hr.pdf', type: 'application/pdf' },
    );
    expect(byHr.statusCode, byHr.body).toBe(201);
    expect(await documentCount(closedId)).toBe(count + 1);
    const [file] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, byHr.json().FILE.split('/').pop()));
    expect(file!.ownerId).toBe(closedId);
    expect(
      (await hr.request('PATCH', `/api/hr/registrations/${closedId}/documents/${byHr.json().id}/last-diploma`, { reason: 'Latest diploma' })).statusCode,
    ).toBe(200);
    // a document of someone else than the path's person is not found there
    expect((await hr.post(`/api/hr/registrations/${ownerId}/documents/${kept.id}/delete`, { reason: 'Duplicate piece' })).statusCode).toBe(404);
    expect((await hr.post(`/api/hr/registrations/${closedId}/documents/${kept.id}/delete`, { reason: '' })).statusCode).toBe(400);
    expect((await hr.post(`/api/hr/registrations/${closedId}/documents/${kept.id}/delete`, { reason: 'Duplicate piece' })).statusCode).toBe(200);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(closedId)), eq(auditLog.actorId, hrId)));
    expect(trail.map((e) => [e.action, e.details.reason])).toEqual(
      expect.arrayContaining([
        ['document.uploaded', 'Diploma handed in at the office'],
        ['document.lastDiploma', 'Latest diploma'],
        ['document.deleted', 'Duplicate piece'],
      ]),
    );
  });
});
