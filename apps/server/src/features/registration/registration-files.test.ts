import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@portal/contract';
import { auditLog, files, persons, profiles } from '../../db/schema';
import { checkUpload, dropAfterCommit, dropOnRollback, fileTransaction, storeUpload } from '../../lib/uploads';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { Client, createTestApp, onPostgres, registrationCast, type TestApp } from '../../../test/helpers';
import { dataUrl, jpeg, multipartBody, pdf, png, postMultipart, storedObjects } from '../../../test/files';
import { VALID_SECTIONS } from './fixtures';
import { storeColumnFile } from './registration-files.service';

let t: TestApp;
let owner: Client;
let ownerId: number;
let other: Client;
let hr: Client;
let closedOwner: Client;
let closedId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, ownerId, other, hr, closedOwner, closedId } = await registrationCast(t, DEMO_ACCOUNTS.intern.matricule));
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- helpers

const storedPath = (key: string) => path.join(t.config.dataDir, 'uploads', key);
const idOf = (url: string) => url.split('/').pop()!;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function fileRow(id: string) {
  const [row] = await t.db.select().from(files).where(eq(files.id, id));
  return row;
}

async function profileColumn(personId: number, col: 'CV_LINK' | 'NIU_LINK' | 'IDENTITY1' | 'IDENTITY2' | 'RIB_LINK' | 'CNPS_LINK') {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.personId, personId));
  return row?.[col] ?? null;
}

const zipHeader = () => Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), randomBytes(200)]);
const exeHeader = () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), randomBytes(200)]);
/** A valid PDF just over the 5 MiB limit. */
const bigPdf = () => Buffer.concat([pdf(`big ${randomBytes(4).toString('hex')}`), Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]);

// ---------------------------------------------------------------- tests

describe('CV upload', () => {
  it('stores a PDF sent as multipart, answers CV_LINK, and serves it to its owner with safe headers', async () => {
    const data = pdf('cv multipart');
    const res = await postMultipart(owner, '/api/students/cv', { STUDENT_ID: ownerId }, { data, filename: 'Mon CV (final) é.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ col: 'CV_LINK', url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/), CV_LINK: body.url });

    const id = idOf(body.url);
    expect(await profileColumn(ownerId, 'CV_LINK')).toBe(id);
    const row = await fileRow(id);
    expect(row).toMatchObject({
      ownerId,
      mime: 'application/pdf',
      size: data.length,
      sha256: sha256(data),
      purpose: 'CV_LINK',
      storageKey: `${ownerId}/${id}`,
    });
    // Stored under the server-made key, outside any web root, byte for byte.
    expect(readFileSync(storedPath(row!.storageKey)).equals(data)).toBe(true);

    const record = (await owner.get(`/api/students/${ownerId}`)).json();
    expect(record.CV_LINK).toBe(body.url);

    const served = await owner.get(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline; filename="Mon_CV_final_e.pdf"');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(data)).toBe(true);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.uploaded'), eq(auditLog.targetId, String(ownerId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: ownerId, targetType: 'person' });
    expect(entry!.details).toMatchObject({ column: 'CV_LINK', mime: 'application/pdf', size: data.length, fileId: id });
    expect(JSON.stringify(entry!.details)).not.toContain(data.toString('base64').slice(0, 20));
  });

  it('accepts the CV as a JSON data URL, whatever type the data URL declares', async () => {
    const data = pdf('cv json');
    const res = await owner.post('/api/students/cv', { FILE: dataUrl('image/png', data), STUDENT_ID: ownerId, name: 'cv.pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().col).toBe('CV_LINK');
    expect((await fileRow(idOf(res.json().url)))?.mime).toBe('application/pdf');
  });

  it('refuses a CV that is not a PDF (CV_NOT_PDF), judging by content and not by name or declared type', async () => {
    const before = storedObjects(t, ownerId);
    const image = await png(40, 40, 11);
    const asPng = await postMultipart(owner, '/api/students/cv', {}, { data: image, filename: 'cv.png', type: 'image/png' });
    expect(asPng.statusCode).toBe(400);
    expect(asPng.json()).toMatchObject({ code: 'CV_NOT_PDF', message: 'The CV must be in PDF format' });

    // A PNG renamed .pdf and declared application/pdf is still a PNG.
    const renamed = await postMultipart(owner, '/api/students/cv', {}, { data: image, filename: 'cv.pdf', type: 'application/pdf' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('CV_NOT_PDF');
    const renamedJson = await owner.post('/api/students/cv', { FILE: dataUrl('application/pdf', image), name: 'cv.pdf' });
    expect(renamedJson.json().code).toBe('CV_NOT_PDF');
    expect(storedObjects(t, ownerId)).toEqual(before);
  });

  it('refuses a ZIP, an executable and unknown bytes whatever their name (FILE_TYPE_REFUSED)', async () => {
    const before = storedObjects(t, ownerId);
    for (const data of [zipHeader(), exeHeader(), Buffer.from('just some text, not a document')]) {
      const cv = await postMultipart(owner, '/api/students/cv', {}, { data, filename: 'cv.pdf', type: 'application/pdf' });
      expect(cv.statusCode).toBe(415);
      expect(cv.json().code).toBe('FILE_TYPE_REFUSED');
      const other = await owner.post('/api/students/files', { col: 'NIU_LINK', FILE: dataUrl('image/jpeg', data) });
      expect(other.statusCode).toBe(415);
      expect(other.json().code).toBe('FILE_TYPE_REFUSED');
    }
    // PNG magic bytes followed by garbage: refused when the image cannot be decoded.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
    const broken = await postMultipart(owner, '/api/students/files', { col: 'RIB_LINK' }, { data: fake, filename: 'rib.png', type: 'image/png' });
    expect(broken.statusCode).toBe(415);
    expect(storedObjects(t, ownerId)).toEqual(before);
  });

  it('refuses a file over 5 MiB with 413, as multipart or as a data URL', async () => {
    const before = storedObjects(t, ownerId);
    const data = bigPdf();
    const viaForm = await postMultipart(owner, '/api/students/cv', {}, { data, filename: 'cv.pdf', type: 'application/pdf' });
    expect(viaForm.statusCode).toBe(413);
    expect(viaForm.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'The file is too large' });
    const viaJson = await owner.post('/api/students/cv', { FILE: dataUrl('application/pdf', data) });
    expect(viaJson.statusCode).toBe(413);
    expect(viaJson.json().code).toBe('FILE_TOO_LARGE');
    // Exactly 5 MiB is allowed.
    const limit = Buffer.concat([pdf('at the limit'), Buffer.alloc(MAX_UPLOAD_BYTES - pdf('at the limit').length, 0x20)]);
    expect(limit.length).toBe(MAX_UPLOAD_BYTES);
    const atLimit = await postMultipart(owner, '/api/students/files', { col: 'CNPS_LINK' }, { data: limit, filename: 'cnps.pdf', type: 'application/pdf' });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(storedObjects(t, ownerId)).toHaveLength(before.length + 1);
  });

  it('refuses the same bytes twice for one person (409 FILE_EXISTS), even in another column', async () => {
    const data = pdf('duplicate');
    expect((await postMultipart(owner, '/api/students/files', { col: 'RIB_LINK' }, { data, filename: 'rib.pdf', type: 'application/pdf' })).statusCode).toBe(
      200,
    );
    const before = storedObjects(t, ownerId);
    for (const res of [
      await postMultipart(owner, '/api/students/files', { col: 'RIB_LINK' }, { data, filename: 'again.pdf', type: 'application/pdf' }),
      await owner.post('/api/students/cv', { FILE: dataUrl('application/pdf', data) }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'FILE_EXISTS', message: 'Error, a similar file already exists' });
    }
    expect(storedObjects(t, ownerId)).toEqual(before);
    // Someone else may upload the same bytes.
    expect((await other.post('/api/students/files', { col: 'RIB_LINK', FILE: dataUrl('application/pdf', data) })).statusCode).toBe(200);
  });

  it('keeps one file when the same bytes arrive twice at once', async () => {
    const data = pdf(`race ${randomBytes(4).toString('hex')}`);
    for (const col of ['NIU_LINK', 'CNPS_LINK']) expect((await owner.request('PATCH', '/api/students/files/remove', { col })).statusCode).toBe(200);
    const before = storedObjects(t, ownerId).length;
    const results = await Promise.all([
      owner.post('/api/students/files', { col: 'NIU_LINK', FILE: dataUrl('application/pdf', data) }),
      owner.post('/api/students/files', { col: 'CNPS_LINK', FILE: dataUrl('application/pdf', data) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.db
        .select()
        .from(files)
        .where(and(eq(files.ownerId, ownerId), eq(files.sha256, sha256(data)))),
    ).toHaveLength(1);
    // One new object: the loser's is removed.
    expect(storedObjects(t, ownerId)).toHaveLength(before + 1);
  });

  // PGlite has one connection, so only PostgreSQL can hold two transactions open at once.
  it.skipIf(!onPostgres)("lets the unique index decide between two transactions storing the same bytes, and drops the loser's object", async () => {
    const ctx = t.app.ctx;
    const data = pdf(`index race ${randomBytes(4).toString('hex')}`);
    const upload = await checkUpload({ data, name: 'race.pdf' });
    const before = storedObjects(t, ownerId).length;
    let inserted!: () => void;
    let release!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = fileTransaction(ctx, async (tx) => {
      await storeUpload(ctx, tx, { ownerId, upload, purpose: 'TEST' });
      inserted();
      await gate;
    });
    await firstInserted;
    // The second transaction does not see the first's row yet: it stores its object, then waits on the index.
    const second = fileTransaction(ctx, (tx) => storeUpload(ctx, tx, { ownerId, upload, purpose: 'TEST' }));
    // Its refusal may come before the first's commit is read: awaited below, it is not unhandled meanwhile.
    second.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(storedObjects(t, ownerId)).toHaveLength(before + 2);
    release();
    await first;
    await expect(second).rejects.toMatchObject({ code: 'FILE_EXISTS', status: 409 });
    expect(storedObjects(t, ownerId)).toHaveLength(before + 1);
    expect(
      await t.db
        .select()
        .from(files)
        .where(and(eq(files.ownerId, ownerId), eq(files.sha256, sha256(data)))),
    ).toHaveLength(1);
  });
});

describe('images', () => {
  it('downscales a large image to fit 2000 px, keeping its format; never enlarges a small one', async () => {
    const big = await png(3000, 2000, 3);
    const res = await postMultipart(owner, '/api/students/files', { col: 'IDENTITY1' }, { data: big, filename: 'id-front.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await fileRow(idOf(res.json().url)))!;
    expect(row.mime).toBe('image/png');
    expect(row.sha256).toBe(sha256(big));
    const stored = readFileSync(storedPath(row.storageKey));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(2000);
    expect(meta.height).toBeLessThanOrEqual(2000);
    expect(meta.height).toBe(1333);

    const small = await png(120, 80, 4);
    const res2 = await owner.post('/api/students/files', { col: 'IDENTITY2', FILE: dataUrl('image/png', small) });
    const smallMeta = await sharp(readFileSync(storedPath((await fileRow(idOf(res2.json().url)))!.storageKey))).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([120, 80]);
  });

  it('drops EXIF (GPS included) from a JPEG and applies its orientation', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 3/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 42/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await postMultipart(owner, '/api/students/files', { col: 'IDENTITY2' }, { data: photo, filename: 'id back.jpeg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await fileRow(idOf(res.json().url)))!;
    expect(row.mime).toBe('image/jpeg');
    const stored = readFileSync(storedPath(row.storageKey));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Someone'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([200, 300]);
    const served = await owner.get(res.json().url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe('inline; filename="id_back.jpg"');
  });
});

describe('replacing and removing', () => {
  it('replacing a column file deletes the previous row and stored object', async () => {
    const first = await owner.post('/api/students/files', { col: 'NIU_LINK', FILE: dataUrl('application/pdf', pdf('niu one')) });
    expect(first.statusCode).toBe(200);
    const oldRow = (await fileRow(idOf(first.json().url)))!;
    expect(existsSync(storedPath(oldRow.storageKey))).toBe(true);

    const second = await postMultipart(
      owner,
      '/api/students/files',
      { col: 'NIU_LINK' },
      { data: await jpeg(90, 60, 7), filename: 'niu.jpg', type: 'image/jpeg' },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ col: 'NIU_LINK', url: second.json().url, NIU_LINK: second.json().url });
    expect(await profileColumn(ownerId, 'NIU_LINK')).toBe(idOf(second.json().url));
    expect(await fileRow(oldRow.id)).toBeUndefined();
    expect(existsSync(storedPath(oldRow.storageKey))).toBe(false);
    expect((await owner.get(first.json().url)).statusCode).toBe(404);
    expect((await owner.get(second.json().url)).statusCode).toBe(200);
  });

  it('removes a column file: the column becomes null, the row and object are deleted', async () => {
    const up = await owner.post('/api/students/files', { col: 'RIB_LINK', FILE: dataUrl('application/pdf', pdf('rib to remove')) });
    expect(up.statusCode).toBe(200);
    const row = (await fileRow(idOf(up.json().url)))!;

    // A `file` that is not the column's current one is refused.
    const stale = await owner.request('PATCH', '/api/students/files/remove', { col: 'RIB_LINK', file: '/api/files/00000000-0000-4000-8000-000000000000' });
    expect(stale.statusCode).toBe(404);

    const res = await owner.request('PATCH', '/api/students/files/remove', { col: 'RIB_LINK', file: up.json().url, STUDENT_ID: ownerId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ col: 'RIB_LINK', removed: true, RIB_LINK: null });
    expect(await profileColumn(ownerId, 'RIB_LINK')).toBeNull();
    expect(await fileRow(row.id)).toBeUndefined();
    expect(existsSync(storedPath(row.storageKey))).toBe(false);
    expect((await owner.get(up.json().url)).statusCode).toBe(404);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.removed'), eq(auditLog.targetId, String(ownerId))));
    expect(entries.find((e) => e.details.fileId === row.id)?.details).toMatchObject({
      column: 'RIB_LINK',
      fileId: row.id,
      mime: 'application/pdf',
      size: row.size,
    });

    const again = await owner.request('PATCH', '/api/students/files/remove', { col: 'RIB_LINK' });
    expect(again.json()).toEqual({ col: 'RIB_LINK', removed: false, RIB_LINK: null });
    expect((await owner.request('PATCH', '/api/students/files/remove', { col: 'PHOTO' })).statusCode).toBe(400);
  });

  it('removes the stored object of a file stored in a transaction that rolls back', async () => {
    const before = storedObjects(t, ownerId);
    const failed = fileTransaction(t.app.ctx, async (tx) => {
      await storeColumnFile(t.app.ctx, tx, { personId: ownerId, col: 'CNPS_LINK', data: dataUrl('application/pdf', pdf('rolled back')), name: 'x.pdf' });
      expect(storedObjects(t, ownerId)).toHaveLength(before.length + 1);
      throw new Error('later step failed');
    });
    await expect(failed).rejects.toThrow('later step failed');
    expect(storedObjects(t, ownerId)).toEqual(before);
    expect(
      await t.db
        .select()
        .from(files)
        .where(eq(files.sha256, sha256(pdf('rolled back')))),
    ).toHaveLength(0);
  });

  it('keeps objects stored apart from files in step: written ones go on rollback, released ones only after a commit', async () => {
    const ctx = t.app.ctx;
    const key = (label: string) => `fingerprints/${ownerId}/${label}-${randomBytes(4).toString('hex')}`;
    const exists = (k: string) =>
      ctx.storage.get(k).then(
        () => true,
        () => false,
      );
    const [written, released, fresh] = [key('written'), key('released'), key('fresh')];
    await ctx.storage.put(released, Buffer.from('old'));

    const failed = fileTransaction(ctx, async (tx) => {
      await ctx.storage.put(written, Buffer.from('new'));
      dropOnRollback(tx, written);
      dropAfterCommit(tx, released);
      throw new Error('later step failed');
    });
    await expect(failed).rejects.toThrow('later step failed');
    expect(await exists(written)).toBe(false);
    expect(await exists(released)).toBe(true);

    await fileTransaction(ctx, async (tx) => {
      await ctx.storage.put(fresh, Buffer.from('new'));
      dropOnRollback(tx, fresh);
      dropAfterCommit(tx, released);
      expect(await exists(released)).toBe(true);
    });
    expect(await exists(fresh)).toBe(true);
    expect(await exists(released)).toBe(false);

    // Outside a fileTransaction nothing would follow the transaction: refused at once.
    await expect(t.db.transaction(async (tx) => dropOnRollback(tx, key('lost')))).rejects.toThrow(/fileTransaction/);
  });
});

describe('who may read and write', () => {
  it('serves a file to its owner and the human resources service; another staff member or office is refused and audited', async () => {
    const up = await owner.post('/api/students/files', { col: 'IDENTITY1', FILE: dataUrl('image/jpeg', await jpeg(50, 50, 21)) });
    expect(up.statusCode).toBe(200);
    const url = up.json().url as string;

    const refused = await other.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const refusals = await t.db.select().from(auditLog).where(eq(auditLog.action, 'access.refused'));
    expect(refusals.some((r) => r.targetId === '/api/files/:id' && (r.details as { requestedId?: number }).requestedId === ownerId)).toBe(true);

    const byHr = await hr.get(url);
    expect(byHr.statusCode).toBe(200);
    expect(byHr.headers['content-type']).toBe('image/jpeg');
    expect((await owner.get('/api/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await owner.get('/api/files/not-a-file')).statusCode).toBe(404);
    expect((await new Client(t.app).get(url)).statusCode).toBe(401);
  });

  it("refuses anyone writing someone else's files through the own routes (STUDENT_ID), HR included; HR does it through its routes, with a reason", async () => {
    const data = pdf('for someone else');
    const cvBefore = await profileColumn(ownerId, 'CV_LINK');
    for (const writer of [other, hr]) {
      const byJson = await writer.post('/api/students/cv', { FILE: dataUrl('application/pdf', data), STUDENT_ID: ownerId });
      expect(byJson.statusCode).toBe(403);
      const viaForm = await postMultipart(
        writer,
        '/api/students/files',
        { col: 'CV_LINK', STUDENT_ID: ownerId },
        { data, filename: 'cv.pdf', type: 'application/pdf' },
      );
      expect(viaForm.statusCode).toBe(403);
      expect((await writer.request('PATCH', '/api/students/files/remove', { col: 'CV_LINK', STUDENT_ID: ownerId })).statusCode).toBe(403);
    }
    expect(await profileColumn(ownerId, 'CV_LINK')).toBe(cvBefore);

    const noReason = await postMultipart(
      hr,
      `/api/hr/registrations/${ownerId}/files`,
      { col: 'CV_LINK' },
      { data, filename: 'cv.pdf', type: 'application/pdf' },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'validation.required' });
    const byOtherHr = await postMultipart(
      other,
      `/api/hr/registrations/${ownerId}/files`,
      { col: 'CV_LINK', reason: 'I would like to' },
      { data, filename: 'cv.pdf', type: 'application/pdf' },
    );
    expect(byOtherHr.statusCode).toBe(403);

    const byHr = await postMultipart(
      hr,
      `/api/hr/registrations/${ownerId}/files`,
      { col: 'CV_LINK', reason: 'The CV sent by post' },
      { data, filename: 'cv.pdf', type: 'application/pdf' },
    );
    expect(byHr.statusCode, byHr.body).toBe(200);
    const row = (await fileRow(idOf(byHr.json().url)))!;
    // The file belongs to the person it was uploaded for, and the audit log says who, and why.
    expect(row.ownerId).toBe(ownerId);
    expect((await owner.get(byHr.json().url)).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.uploaded'), eq(auditLog.targetId, String(ownerId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({ column: 'CV_LINK', reason: 'The CV sent by post' });
  });

  it('asks for a column and a file', async () => {
    const noCol = await owner.post('/api/students/files', { FILE: dataUrl('application/pdf', pdf('no column')) });
    expect(noCol.statusCode).toBe(400);
    expect(noCol.json().fields).toHaveProperty('col');
    const noFile = await postMultipart(owner, '/api/students/files', { col: 'NIU_LINK' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ FILE: 'validation.required' });
    const badCol = await postMultipart(owner, '/api/students/files', { col: 'PASSWORD' }, { data: pdf('bad col'), filename: 'x.pdf', type: 'application/pdf' });
    expect(badCol.statusCode).toBe(400);
    expect(badCol.json().fields).toHaveProperty('col');
    const twoFiles = multipartBody({ col: 'NIU_LINK' }, { data: pdf('two a'), filename: 'a.pdf', type: 'application/pdf' });
    const extra = multipartBody({}, { data: pdf('two b'), filename: 'b.pdf', type: 'application/pdf' });
    const boundary = twoFiles.headers['content-type'].split('boundary=')[1]!;
    const otherBoundary = extra.headers['content-type'].split('boundary=')[1]!;
    const both = Buffer.concat([
      twoFiles.payload.subarray(0, twoFiles.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(extra.payload.toString('latin1').replaceAll(otherBoundary, boundary), 'latin1'),
    ]);
    const res = await owner.request('POST', '/api/students/files', both, twoFiles.headers);
    expect(res.statusCode).toBe(400);
  });

  it('locks the files of a closed registration for their owner, not for HR', async () => {
    const up = await closedOwner.post('/api/students/files', { col: 'NIU_LINK', FILE: dataUrl('application/pdf', pdf('before closure')) });
    expect(up.statusCode).toBe(200);
    await t.db.update(persons).set({ registrationClosedAt: new Date() }).where(eq(persons.id, closedId));
    await t.settled();
    const before = storedObjects(t, closedId);

    const cv = await postMultipart(closedOwner, '/api/students/cv', {}, { data: pdf('after closure'), filename: 'cv.pdf', type: 'application/pdf' });
    expect(cv.statusCode).toBe(403);
    expect(cv.json()).toMatchObject({ code: 'REGISTRATION_CLOSED' });
    const json = await closedOwner.post('/api/students/files', { col: 'RIB_LINK', FILE: dataUrl('application/pdf', pdf('after closure')) });
    expect(json.statusCode).toBe(403);
    const removal = await closedOwner.request('PATCH', '/api/students/files/remove', { col: 'NIU_LINK' });
    expect(removal.statusCode).toBe(403);
    expect(removal.json().code).toBe('REGISTRATION_CLOSED');
    expect(await profileColumn(closedId, 'NIU_LINK')).toBe(idOf(up.json().url));
    expect(storedObjects(t, closedId)).toEqual(before);
    // Reading stays open.
    expect((await closedOwner.get(up.json().url)).statusCode).toBe(200);

    const byHr = await postMultipart(
      hr,
      `/api/hr/registrations/${closedId}/files`,
      { col: 'CV_LINK', reason: 'Signed CV received' },
      { data: pdf('after closure'), filename: 'cv.pdf', type: 'application/pdf' },
    );
    expect(byHr.statusCode, byHr.body).toBe(200);
    expect(await profileColumn(closedId, 'CV_LINK')).toBe(idOf(byHr.json().url));
    const noReason = await hr.request('PATCH', `/api/hr/registrations/${closedId}/files/remove`, { col: 'NIU_LINK' });
    expect(noReason.statusCode).toBe(400);
    const hrRemoval = await hr.request('PATCH', `/api/hr/registrations/${closedId}/files/remove`, { col: 'NIU_LINK', reason: 'Wrong NIU certificate' });
    expect(hrRemoval.json()).toMatchObject({ removed: true });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.removed'), eq(auditLog.targetId, String(closedId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({ column: 'NIU_LINK', reason: 'Wrong NIU certificate' });
  });
});

describe('the profile sections', () => {
  it('store ID images sent as data URLs and clear the officer-only files of a non-officer', async () => {
    const front = await jpeg(200, 120, 61);
    const saved = await owner.request('PATCH', '/api/students/update/identification', {
      ...VALID_SECTIONS.identification,
      IDENTITY1: dataUrl('image/jpeg', front),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await profileColumn(ownerId, 'IDENTITY1');
    expect(saved.json().IDENTITY1).toBe(`/api/files/${id}`);
    expect((await fileRow(id!))?.sha256).toBe(sha256(front));

    const decree = await owner.post('/api/students/files', { col: 'PRESENCE_ATTEST', FILE: dataUrl('application/pdf', pdf('presence attest')) });
    expect(decree.statusCode).toBe(200);
    const financial = await owner.request('PATCH', '/api/students/update/financial', { ...VALID_SECTIONS.financial, ACTIVITY_PRINCIPAL: 'EMPLOYEE' });
    expect(financial.statusCode, financial.body).toBe(200);
    expect(financial.json().PRESENCE_ATTEST).toBeNull();
    expect(await fileRow(idOf(decree.json().url))).toBeUndefined();
  });
});
