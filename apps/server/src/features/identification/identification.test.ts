import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FINGERPRINT_BYTES, MIN_FINGERS_FOR_COMPLETION } from '@portal/contract';
import { auditLog, files, fingerprints, identifications, persons } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, signIn, type Client, type TestApp } from '../../../test/helpers';
import { dataUrl, jpeg, pdf, png, postMultipart } from '../../../test/files';

let t: TestApp;
let office: Client;
let officeId: number;
let admin: Client;
let adminId: number;
let person: Client;
let personId: number;
let readyId: number;
let studentId: number;

const base = () => `/api/identification/persons/${personId}`;

beforeAll(async () => {
  t = await createTestApp();
  const o = await signIn(t, DEMO_ACCOUNTS.identification.matricule, undefined, '10.1.0.1');
  office = o.client;
  officeId = o.user.id as number;
  const a = await signIn(t, DEMO_ACCOUNTS.admin.matricule, undefined, '10.1.0.2');
  admin = a.client;
  adminId = a.user.id as number;
  const p = await signIn(t, DEMO_ACCOUNTS.closedLecturer.matricule, undefined, '10.1.0.3');
  person = p.client;
  personId = p.user.id as number;
  const [ready] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.readyLecturer.matricule));
  readyId = ready!.id;
  const [student] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, DEMO_ACCOUNTS.student.matricule));
  studentId = student!.id;
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- helpers

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
/** Fingerprint objects of a person in the storage (keys under fingerprints/<id>/). */
function fingerprintObjects(id: number): string[] {
  const dir = path.join(uploadsDir(), 'fingerprints', String(id));
  return existsSync(dir)
    ? readdirSync(dir)
        .map((name) => `fingerprints/${id}/${name}`)
        .sort()
    : [];
}
/** Ordinary file objects of a person (photos, documents), keys <id>/<uuid>. */
function fileObjects(id: number): string[] {
  const dir = path.join(uploadsDir(), String(id));
  return existsSync(dir)
    ? readdirSync(dir)
        .map((name) => `${id}/${name}`)
        .sort()
    : [];
}
const stored = (key: string) => readFileSync(path.join(uploadsDir(), key));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A tiny WSQ-looking file: SOI (FF A0), a NIST comment (FF A8), a table marker, then data. */
function wsq(tag = randomBytes(6).toString('hex')): Buffer {
  const comment = Buffer.from(`NIST_COM\nPIX_WIDTH 500\nTAG ${tag}\n`, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([
    Buffer.from([0xff, 0xa0, 0xff, 0xa8]),
    length,
    comment,
    Buffer.from([0xff, 0xa4, 0x00, 0x3a]),
    randomBytes(120),
    Buffer.from([0xff, 0xa1]),
  ]);
}

/** A tiny ISO/IEC 19794-2 minutiae record: "FMR\0", version " 20\0", record length, then one view. */
function fmr(tag = randomBytes(6).toString('hex')): Buffer {
  const body = Buffer.concat([Buffer.from(`TAG${tag}`, 'latin1'), randomBytes(40)]);
  const header = Buffer.alloc(24);
  header.write('FMR\0 20\0', 0, 'latin1');
  header.writeUInt32BE(24 + body.length, 8);
  header.writeUInt16BE(500, 14);
  header.writeUInt16BE(500, 16);
  header[22] = 1;
  return Buffer.concat([header, body]);
}

/** A tiny ISO/IEC 19794-4 finger image record: "FIR\0", version "010\0", then data. */
function fir(tag = randomBytes(6).toString('hex')): Buffer {
  const header = Buffer.alloc(32);
  header.write('FIR', 0, 'latin1');
  header.write('010', 4, 'latin1');
  header.writeUInt32BE(32 + 80, 8);
  return Buffer.concat([header, Buffer.from(`TAG${tag}`, 'latin1'), randomBytes(60)]);
}

const postFinger = (client: Client, finger: string, data: Buffer, filename = 'finger.bin', type = 'application/octet-stream', id = personId) =>
  postMultipart(client, `/api/identification/persons/${id}/fingerprints/${finger}`, {}, { data, filename, type });

async function auditOf(id: number, prefix = 'identification.') {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'person'), eq(auditLog.targetId, String(id)), like(auditLog.action, `${prefix}%`)))
    .orderBy(auditLog.id);
}

async function state(id = personId) {
  const [row] = await t.db.select().from(identifications).where(eq(identifications.personId, id));
  return row;
}

// ---------------------------------------------------------------- access

describe('access', () => {
  it('refuses anyone without the IDENTIFICATION role (lecturer, HR, academic, student, the person) with 403, and anonymous with 401', async () => {
    const refused = [
      (await signIn(t, DEMO_ACCOUNTS.permanent.matricule, undefined, '10.1.0.4')).client,
      (await signIn(t, DEMO_ACCOUNTS.hr.matricule, undefined, '10.1.0.5')).client,
      (await signIn(t, DEMO_ACCOUNTS.academic.matricule, undefined, '10.1.0.6')).client,
      (await signIn(t, DEMO_ACCOUNTS.student.matricule, undefined, '10.1.0.7')).client,
      person,
    ];
    const image = await jpeg(32, 32, 1);
    for (const client of refused) {
      const calls = [
        await client.get('/api/identification/persons'),
        await client.get(base()),
        await client.post(`${base()}/photo`, { FILE: dataUrl('image/jpeg', image) }),
        await client.request('DELETE', `${base()}/photo`),
        await postFinger(client, 'R_THUMB', fmr()),
        await client.request('DELETE', `${base()}/fingerprints/R_THUMB`),
        await client.get(`${base()}/fingerprints/R_THUMB/file`),
        await client.post(`${base()}/complete`, {}),
        await client.post(`${base()}/reopen`, { reason: 'Because I can' }),
      ];
      for (const res of calls) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/identification/persons' });
    expect(anonymous.statusCode).toBe(401);
    // Nothing was written by the refused calls, and the refusals are audited.
    expect(await state()).toBeUndefined();
    expect(fingerprintObjects(personId)).toEqual([]);
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused'), like(auditLog.targetId, '/api/identification/%')));
    expect(refusals.length).toBeGreaterThanOrEqual(refused.length * 9);
  });

  it('lets the office and administrators in, with no-store answers', async () => {
    for (const client of [office, admin]) {
      const res = await client.get('/api/identification/persons');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

// ---------------------------------------------------------------- list and detail

describe('list and detail', () => {
  it('lists staff only (no students, no back-office accounts), closed registrations first, paged', async () => {
    const expected = await t.db
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.KIND, 'STAFF'), sql`cardinality(${persons.ROLES}) = 0`));
    const first = (await office.get('/api/identification/persons?pageSize=10')).json();
    expect(first.total).toBe(expected.length);
    expect(first.count).toBe(Math.ceil(expected.length / 10));
    expect(first.page).toBe(1);
    expect(first.rows).toHaveLength(10);
    // The two closed registrations (PER0003, PER0004) come first.
    expect(
      first.rows
        .slice(0, 2)
        .map((r: { MATRICULE: string }) => r.MATRICULE)
        .sort(),
    ).toEqual(['PER0003', 'PER0004']);
    expect(first.rows.slice(0, 2).every((r: { ACTIVED: boolean }) => r.ACTIVED)).toBe(true);
    expect(first.rows.slice(2).every((r: { ACTIVED: boolean }) => !r.ACTIVED)).toBe(true);
    const ready = first.rows.find((r: { MATRICULE: string }) => r.MATRICULE === 'PER0004');
    expect(ready).toMatchObject({ PERSON_ID: readyId, HAS_PHOTO: false, FINGER_COUNT: 0, COMPLETED_AT: expect.any(String), STATUS: 'PERMANENT' });
    expect(first.rows.find((r: { MATRICULE: string }) => r.MATRICULE === 'PER0003')).toMatchObject({
      PERSON_ID: personId,
      HAS_PHOTO: false,
      FINGER_COUNT: 0,
      COMPLETED_AT: null,
    });

    // Every page together: each person once, no student, no agent.
    const seen: number[] = [];
    for (let page = 1; page <= first.count; page++) {
      const res = (await office.get(`/api/identification/persons?pageSize=10&page=${page}`)).json();
      expect(res.page).toBe(page);
      seen.push(...res.rows.map((r: { PERSON_ID: number }) => r.PERSON_ID));
    }
    expect(seen.sort((a, b) => a - b)).toEqual(expected.map((e) => e.id).sort((a, b) => a - b));
    expect(seen).not.toContain(studentId);
    expect(seen).not.toContain(officeId);
    const beyond = (await office.get(`/api/identification/persons?pageSize=10&page=${first.count + 1}`)).json();
    expect(beyond).toMatchObject({ rows: [], total: expected.length });

    expect((await office.get('/api/identification/persons?pageSize=500')).statusCode).toBe(400);
    expect((await office.get('/api/identification/persons?complete=maybe')).statusCode).toBe(400);
  });

  it('finds by matricule and by name, case- and accent-insensitively, every word matching', async () => {
    const byMatricule = (await office.get('/api/identification/persons?search=per0003')).json();
    expect(byMatricule.rows.map((r: { PERSON_ID: number }) => r.PERSON_ID)).toEqual([personId]);
    expect(byMatricule.total).toBe(1);

    const [target] = await t.db.select().from(persons).where(eq(persons.MATRICULE, 'VAC0007'));
    await t.db.update(persons).set({ FIRSTNAME: 'Hélène', LASTNAME: 'Ébodé Nkoulou' }).where(eq(persons.id, target!.id));
    await t.settled();
    for (const search of ['ebode', 'ÉBODÉ', 'helene ebode', 'Nkoulou HÉLÈNE', 'vac0007 hélène']) {
      const res = (await office.get(`/api/identification/persons?search=${encodeURIComponent(search)}`)).json();
      expect(
        res.rows.map((r: { MATRICULE: string }) => r.MATRICULE),
        search,
      ).toEqual(['VAC0007']);
    }
    const none = (await office.get(`/api/identification/persons?search=${encodeURIComponent('hélène zzz')}`)).json();
    expect(none).toMatchObject({ rows: [], total: 0, count: 1 });
    // LIKE wildcards are taken literally.
    expect((await office.get('/api/identification/persons?search=%25')).json().total).toBe(0);
    expect((await office.get('/api/identification/persons?search=_')).json().total).toBe(0);
    // Students and agents are not found even by matricule.
    expect((await office.get(`/api/identification/persons?search=${DEMO_ACCOUNTS.student.matricule}`)).json().total).toBe(0);
    expect((await office.get('/api/identification/persons?search=BO0003')).json().total).toBe(0);
  });

  it('filters by completion', async () => {
    const done = (await office.get('/api/identification/persons?complete=yes')).json();
    expect(done.rows.map((r: { PERSON_ID: number }) => r.PERSON_ID)).toEqual([readyId]);
    const open = (await office.get('/api/identification/persons?complete=no&pageSize=100')).json();
    expect(open.rows.map((r: { PERSON_ID: number }) => r.PERSON_ID)).toContain(personId);
    expect(open.rows.map((r: { PERSON_ID: number }) => r.PERSON_ID)).not.toContain(readyId);
    const all = (await office.get('/api/identification/persons')).json();
    expect(open.total + done.total).toBe(all.total);
  });

  it('answers one staff person, 404 for a student or an unknown id, 400 for a bad id', async () => {
    const res = await office.get(base());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      PERSON_ID: personId,
      MATRICULE: 'PER0003',
      FIRSTNAME: expect.any(String),
      LASTNAME: expect.any(String),
      STATUS: 'PERMANENT',
      ACTIVED: true,
      PHOTO_LINK: null,
      FINGERS: [],
      COMPLETED_AT: null,
      COMPLETED_BY: null,
    });
    expect((await office.get(`/api/identification/persons/${readyId}`)).json().COMPLETED_AT).toEqual(expect.any(String));
    for (const id of [studentId, 999_999]) {
      const missing = await office.get(`/api/identification/persons/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    }
    expect((await office.get('/api/identification/persons/abc')).statusCode).toBe(400);
    // Changes to a student are refused the same way, and write nothing.
    expect((await postFinger(office, 'R_THUMB', fmr(), 'x.fmr', 'application/octet-stream', studentId)).statusCode).toBe(404);
    expect(await state(studentId)).toBeUndefined();
  });
});

// ---------------------------------------------------------------- photo

describe('photo', () => {
  let firstPhotoId: string;

  it('stores a JPEG sent as multipart as a file owned by the person, re-encoded, and audits it', async () => {
    const image = await jpeg(80, 100, 3);
    const res = await postMultipart(office, `${base()}/photo`, {}, { data: image, filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.PHOTO_LINK).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    firstPhotoId = body.PHOTO_LINK.split('/').pop();
    const [row] = await t.db.select().from(files).where(eq(files.id, firstPhotoId));
    expect(row).toMatchObject({ ownerId: personId, purpose: 'PHOTO', mime: 'image/jpeg', storageKey: `${personId}/${firstPhotoId}` });
    expect(existsSync(path.join(uploadsDir(), row!.storageKey))).toBe(true);
    expect((await state())?.photoFileId).toBe(firstPhotoId);
    // The office can look at it through the ordinary file route.
    const served = await office.get(body.PHOTO_LINK);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const [entry] = await auditOf(personId, 'identification.photo.saved');
    expect(entry).toMatchObject({ actorId: officeId, action: 'identification.photo.saved' });
    expect(entry!.details).toMatchObject({ fileId: firstPhotoId, mime: 'image/jpeg' });
    expect(JSON.stringify(entry!.details)).not.toContain(sha256(image));
  });

  it('replaces it with a PNG sent as a data URL and deletes the previous file and object', async () => {
    const [previous] = await t.db.select().from(files).where(eq(files.id, firstPhotoId));
    const image = await png(60, 60, 4);
    const res = await office.post(`${base()}/photo`, { FILE: dataUrl('image/png', image) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().PHOTO_LINK.split('/').pop();
    expect(id).not.toBe(firstPhotoId);
    expect((await t.db.select().from(files).where(eq(files.id, id)))[0]).toMatchObject({ mime: 'image/png', purpose: 'PHOTO', ownerId: personId });
    expect(await t.db.select().from(files).where(eq(files.id, firstPhotoId))).toEqual([]);
    expect(existsSync(path.join(uploadsDir(), previous!.storageKey))).toBe(false);
    expect(fileObjects(personId)).toEqual([`${personId}/${id}`]);
    const [, second] = await auditOf(personId, 'identification.photo.saved');
    expect(second!.details).toMatchObject({ fileId: id, replaced: firstPhotoId });
  });

  it('refuses a PDF, random bytes, or a PDF named .jpg, by content, and keeps the current photo', async () => {
    const before = (await state())?.photoFileId;
    const objects = fileObjects(personId);
    const attempts = [
      await postMultipart(office, `${base()}/photo`, {}, { data: pdf('not a photo'), filename: 'photo.jpg', type: 'image/jpeg' }),
      await postMultipart(office, `${base()}/photo`, {}, { data: randomBytes(500), filename: 'photo.jpg', type: 'image/jpeg' }),
      await office.post(`${base()}/photo`, { FILE: dataUrl('image/jpeg', pdf('renamed')) }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().code).toBe('FILE_TYPE_REFUSED');
    }
    expect((await office.post(`${base()}/photo`, {})).statusCode).toBe(400);
    expect((await office.post(`${base()}/photo`, { FILE: 'not a data url' })).statusCode).toBe(400);
    expect((await postMultipart(office, `${base()}/photo`, { other: 'x' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { FILE: 'validation.required' },
    });
    expect((await state())?.photoFileId).toBe(before);
    expect(fileObjects(personId)).toEqual(objects);
  });

  it('deletes the photo and its stored object; a second delete is 404', async () => {
    const current = (await state())!.photoFileId!;
    const [row] = await t.db.select().from(files).where(eq(files.id, current));
    const res = await office.request('DELETE', `${base()}/photo`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().PHOTO_LINK).toBeNull();
    expect(await t.db.select().from(files).where(eq(files.id, current))).toEqual([]);
    expect(existsSync(path.join(uploadsDir(), row!.storageKey))).toBe(false);
    expect(fileObjects(personId)).toEqual([]);
    expect((await auditOf(personId, 'identification.photo.removed'))[0]).toMatchObject({ actorId: officeId, details: { fileId: current } });
    expect((await office.request('DELETE', `${base()}/photo`)).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- fingerprints

describe('fingerprints', () => {
  it('accepts each format by content, stores the raw bytes under a server-made key, and serves them back to the office', async () => {
    const samples = [
      { finger: 'R_THUMB', data: wsq(), format: 'WSQ', name: 'scan.wsq', mime: 'application/octet-stream', ext: 'wsq' },
      { finger: 'R_INDEX', data: fmr(), format: 'FMR', name: 'template.ist', mime: 'application/octet-stream', ext: 'fmr' },
      { finger: 'R_MIDDLE', data: fir(), format: 'FIR', name: 'image.fir', mime: 'application/octet-stream', ext: 'fir' },
      { finger: 'L_THUMB', data: await png(40, 40, 7), format: 'PNG', name: 'thumb.png', mime: 'image/png', ext: 'png' },
      { finger: 'L_INDEX', data: await jpeg(40, 40, 8), format: 'JPEG', name: 'index.jpg', mime: 'image/jpeg', ext: 'jpg' },
    ];
    for (const sample of samples) {
      const res = await postFinger(office, sample.finger, sample.data, sample.name);
      expect(res.statusCode, res.body).toBe(200);
      const info = res.json().FINGERS.find((f: { FINGER: string }) => f.FINGER === sample.finger);
      expect(info).toEqual({
        FINGER: sample.finger,
        FORMAT: sample.format,
        SIZE: sample.data.length,
        CAPTURED_AT: t.clock.now().toISOString(),
        LINK: `${base()}/fingerprints/${sample.finger}/file`,
      });

      const [row] = await t.db
        .select()
        .from(fingerprints)
        .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, sample.finger as 'R_THUMB')));
      expect(row).toMatchObject({ format: sample.format, size: sample.data.length, sha256: sha256(sample.data), capturedBy: officeId });
      expect(row!.storageKey).toMatch(new RegExp(`^fingerprints/${personId}/[0-9a-f-]{36}$`));
      // Byte for byte, never re-encoded, and not a `files` row.
      expect(stored(row!.storageKey).equals(sample.data)).toBe(true);
      expect(
        await t.db
          .select()
          .from(files)
          .where(eq(files.sha256, sha256(sample.data))),
      ).toEqual([]);

      const served = await office.get(info.LINK);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(sample.mime);
      expect(served.headers['content-disposition']).toBe(`attachment; filename="PER0003-${sample.finger.toLowerCase()}.${sample.ext}"`);
      expect(served.headers['cache-control']).toBe('no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(sample.data)).toBe(true);
    }
    const detail = (await office.get(base())).json();
    // Listed in hand order, right thumb first.
    expect(detail.FINGERS.map((f: { FINGER: string }) => f.FINGER)).toEqual(['R_THUMB', 'R_INDEX', 'R_MIDDLE', 'L_THUMB', 'L_INDEX']);
    expect(fingerprintObjects(personId)).toHaveLength(5);
    const row = (await office.get('/api/identification/persons?search=PER0003')).json().rows[0];
    expect(row).toMatchObject({ FINGER_COUNT: 5, HAS_PHOTO: false });

    const entries = await auditOf(personId, 'identification.fingerprint.saved');
    expect(entries.map((e) => e.details.finger)).toEqual(samples.map((s) => s.finger));
    for (const [i, entry] of entries.entries()) {
      expect(entry).toMatchObject({ actorId: officeId, details: { format: samples[i]!.format, size: samples[i]!.data.length } });
      expect(JSON.stringify(entry.details)).not.toContain(sha256(samples[i]!.data));
    }
    // Reading a fingerprint is audited too.
    expect((await auditOf(personId, 'identification.fingerprint.read')).length).toBe(samples.length);
  });

  it('accepts a fingerprint as a JSON data URL, and the administrator may capture one', async () => {
    const data = fmr();
    const res = await admin.post(`${base()}/fingerprints/L_MIDDLE`, { FILE: dataUrl('image/jpeg', data) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().FINGERS.find((f: { FINGER: string }) => f.FINGER === 'L_MIDDLE')).toMatchObject({ FORMAT: 'FMR', SIZE: data.length });
    const [row] = await t.db
      .select()
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, 'L_MIDDLE')));
    expect(row!.capturedBy).toBe(adminId);
    expect((await admin.get(`${base()}/fingerprints/L_MIDDLE/file`)).rawPayload.equals(data)).toBe(true);
  });

  it('replaces a finger, deleting the previous object', async () => {
    const [before] = await t.db
      .select()
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, 'R_THUMB')));
    t.clock.advance(60_000);
    const data = fir();
    const res = await postFinger(office, 'R_THUMB', data, 'again.fir');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().FINGERS[0]).toMatchObject({ FINGER: 'R_THUMB', FORMAT: 'FIR', SIZE: data.length, CAPTURED_AT: t.clock.now().toISOString() });
    const [after] = await t.db
      .select()
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, 'R_THUMB')));
    expect(after!.storageKey).not.toBe(before!.storageKey);
    expect(existsSync(path.join(uploadsDir(), before!.storageKey))).toBe(false);
    expect(stored(after!.storageKey).equals(data)).toBe(true);
    expect(fingerprintObjects(personId)).toHaveLength(6);
    expect((await auditOf(personId, 'identification.fingerprint.saved')).at(-1)!.details).toMatchObject({ finger: 'R_THUMB', replaced: true });
  });

  it('refuses, by content, a renamed PDF, random bytes, look-alike headers and unknown fingers; and the same scan on two fingers', async () => {
    const objects = fingerprintObjects(personId);
    const refused = [
      await postFinger(office, 'R_RING', pdf('renamed'), 'finger.wsq'),
      await postFinger(office, 'R_RING', pdf('renamed'), 'finger.jpg', 'image/jpeg'),
      await postFinger(office, 'R_RING', randomBytes(400), 'finger.fmr'),
      // FF A0 without the WSQ comment marker, and a bare "FMR\0" with no record behind it.
      await postFinger(office, 'R_RING', Buffer.concat([Buffer.from([0xff, 0xa0]), Buffer.alloc(300, 0x11)]), 'finger.wsq'),
      await postFinger(office, 'R_RING', Buffer.from('FMR\0', 'latin1'), 'finger.fmr'),
      await office.post(`${base()}/fingerprints/R_RING`, { FILE: dataUrl('application/octet-stream', pdf('json')) }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'FILE_TYPE_REFUSED', fields: { FILE: 'validation.invalid' } });
    }
    const badFinger = await postFinger(office, 'R_TOE', fmr());
    expect(badFinger.statusCode).toBe(400);
    // The right index's template saved again on the ring finger: refused.
    const [index] = await t.db
      .select()
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, 'R_INDEX')));
    const twin = await postFinger(office, 'R_RING', stored(index!.storageKey));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().code).toBe('FILE_EXISTS');
    expect(
      await t.db
        .select()
        .from(fingerprints)
        .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, 'R_RING'))),
    ).toEqual([]);
    expect(fingerprintObjects(personId)).toEqual(objects);
  });

  it(`refuses a fingerprint over ${MAX_FINGERPRINT_BYTES} bytes with 413, as multipart or data URL`, async () => {
    const objects = fingerprintObjects(personId);
    const big = Buffer.concat([fmr(), Buffer.alloc(MAX_FINGERPRINT_BYTES, 0x20)]);
    const viaForm = await postFinger(office, 'R_RING', big);
    expect(viaForm.statusCode).toBe(413);
    expect(viaForm.json().code).toBe('FILE_TOO_LARGE');
    const viaJson = await office.post(`${base()}/fingerprints/R_RING`, { FILE: dataUrl('application/octet-stream', big) });
    expect(viaJson.statusCode).toBe(413);
    expect(viaJson.json().code).toBe('FILE_TOO_LARGE');
    // Exactly the limit is accepted.
    const head = fmr();
    const atLimit = Buffer.concat([head, Buffer.alloc(MAX_FINGERPRINT_BYTES - head.length, 0x20)]);
    const ok = await postFinger(office, 'R_RING', atLimit);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(fingerprintObjects(personId)).toHaveLength(objects.length + 1);
  });

  it('deletes a finger and its stored object; 404 when there is none, or for the file', async () => {
    const [row] = await t.db
      .select()
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, personId), eq(fingerprints.finger, 'R_RING')));
    const res = await office.request('DELETE', `${base()}/fingerprints/R_RING`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().FINGERS.map((f: { FINGER: string }) => f.FINGER)).not.toContain('R_RING');
    expect(existsSync(path.join(uploadsDir(), row!.storageKey))).toBe(false);
    expect(fingerprintObjects(personId)).not.toContain(row!.storageKey);
    expect((await auditOf(personId, 'identification.fingerprint.removed'))[0]).toMatchObject({
      actorId: officeId,
      details: { finger: 'R_RING', format: 'FMR' },
    });
    expect((await office.request('DELETE', `${base()}/fingerprints/R_RING`)).statusCode).toBe(404);
    expect((await office.get(`${base()}/fingerprints/R_RING/file`)).statusCode).toBe(404);
    expect((await office.get(`${base()}/fingerprints/L_LITTLE/file`)).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- completion

describe('completion', () => {
  it('refuses to complete without the photo or enough fingers, naming what is missing', async () => {
    // No photo yet (deleted above), fingers on file.
    const noPhoto = await office.post(`${base()}/complete`, {});
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json()).toMatchObject({ code: 'IDENTIFICATION_INCOMPLETE', columns: ['PHOTO_LINK'] });

    // Down to one finger: both are missing.
    const fingers = (await office.get(base())).json().FINGERS.map((f: { FINGER: string }) => f.FINGER) as string[];
    for (const finger of fingers.slice(MIN_FINGERS_FOR_COMPLETION - 1))
      expect((await office.request('DELETE', `${base()}/fingerprints/${finger}`)).statusCode).toBe(200);
    expect((await office.get(base())).json().FINGERS).toHaveLength(MIN_FINGERS_FOR_COMPLETION - 1);
    const both = await office.post(`${base()}/complete`, {});
    expect(both.json()).toMatchObject({ code: 'IDENTIFICATION_INCOMPLETE', columns: ['PHOTO_LINK', 'FINGERS'], limit: { limit: MIN_FINGERS_FOR_COMPLETION } });

    expect((await office.post(`${base()}/photo`, { FILE: dataUrl('image/jpeg', await jpeg(50, 60, 9)) })).statusCode).toBe(200);
    const fewFingers = await office.post(`${base()}/complete`, {});
    expect(fewFingers.statusCode).toBe(400);
    expect(fewFingers.json()).toMatchObject({ code: 'IDENTIFICATION_INCOMPLETE', columns: ['FINGERS'] });
    expect((await state())?.completedAt).toBeNull();
    expect(await auditOf(personId, 'identification.completed')).toEqual([]);
  });

  it('completes with the photo and enough fingers, and then refuses every change with 409', async () => {
    expect((await postFinger(office, 'L_RING', wsq())).statusCode).toBe(200);
    t.clock.advance(60_000);
    const res = await office.post(`${base()}/complete`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [agent] = await t.db.select().from(persons).where(eq(persons.id, officeId));
    expect(res.json()).toMatchObject({ COMPLETED_AT: t.clock.now().toISOString(), COMPLETED_BY: `${agent!.FIRSTNAME} ${agent!.LASTNAME}` });
    expect(await state()).toMatchObject({ completedAt: t.clock.now(), completedBy: officeId });
    expect((await auditOf(personId, 'identification.completed'))[0]).toMatchObject({ actorId: officeId, details: { fingers: MIN_FINGERS_FOR_COMPLETION } });

    const photoBefore = (await state())!.photoFileId;
    const objects = [...fileObjects(personId), ...fingerprintObjects(personId)];
    const changes = [
      await office.post(`${base()}/photo`, { FILE: dataUrl('image/png', await png(30, 30, 10)) }),
      await office.request('DELETE', `${base()}/photo`),
      await postFinger(office, 'L_LITTLE', fmr()),
      await postFinger(office, 'L_RING', fmr()),
      await office.request('DELETE', `${base()}/fingerprints/L_RING`),
      await office.post(`${base()}/complete`, {}),
    ];
    for (const change of changes) {
      expect(change.statusCode, change.body).toBe(409);
      expect(change.json().code).toBe('IDENTIFICATION_COMPLETED');
    }
    expect((await state())!.photoFileId).toBe(photoBefore);
    expect([...fileObjects(personId), ...fingerprintObjects(personId)]).toEqual(objects);
    // Listed as complete now.
    expect(
      (await office.get('/api/identification/persons?complete=yes'))
        .json()
        .rows.map((r: { PERSON_ID: number }) => r.PERSON_ID)
        .sort(),
    ).toEqual([personId, readyId].sort());
  });

  it('shows the person IDENTIFIED and the photo, which they can fetch, but never a fingerprint', async () => {
    const answers: string[] = [];
    const own = await person.get(`/api/students/${personId}`);
    expect(own.statusCode).toBe(200);
    const record = own.json();
    expect(record.IDENTIFIED).toBe(true);
    expect(record.PHOTO_LINK).toBe(`/api/files/${(await state())!.photoFileId}`);
    answers.push(own.body);

    const photo = await person.get(record.PHOTO_LINK);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    answers.push(photo.rawPayload.toString('latin1'));

    const fingers = await t.db.select().from(fingerprints).where(eq(fingerprints.personId, personId));
    expect(fingers.length).toBe(MIN_FINGERS_FOR_COMPLETION);
    for (const finger of fingers) {
      const file = await person.get(`${base()}/fingerprints/${finger.finger}/file`);
      expect(file.statusCode).toBe(403);
      answers.push(file.body);
    }
    const detail = await person.get(base());
    expect(detail.statusCode).toBe(403);
    answers.push(detail.body);

    // None of those answers carries a fingerprint's bytes, hash, storage key or link.
    expect(JSON.stringify(record)).not.toMatch(/FINGER/i);
    for (const finger of fingers) {
      const bytes = stored(finger.storageKey);
      for (const answer of answers) {
        expect(answer).not.toContain(bytes.toString('base64').slice(0, 24));
        expect(answer).not.toContain(bytes.subarray(0, 48).toString('latin1'));
        expect(answer).not.toContain(finger.sha256);
        expect(answer).not.toContain(finger.storageKey);
      }
    }
    // The HR service does not get them either.
    const hr = (await signIn(t, DEMO_ACCOUNTS.hr.matricule, undefined, '10.1.0.8')).client;
    expect((await hr.get(`${base()}/fingerprints/${fingers[0]!.finger}/file`)).statusCode).toBe(403);
    const dossier = await hr.get(`/api/hr/registrations/${personId}`);
    expect(dossier.statusCode).toBe(200);
    for (const finger of fingers) {
      expect(dossier.body).not.toContain(finger.sha256);
      expect(dossier.body).not.toContain(finger.storageKey);
    }
    // Audit entries name fingers and formats, never hashes.
    const entries = await auditOf(personId);
    for (const entry of entries) for (const finger of fingers) expect(JSON.stringify(entry.details)).not.toContain(finger.sha256);
  });

  it('reopens with a reason (a short one refused), audited, after which changes are allowed again', async () => {
    const completedAt = (await state())!.completedAt!;
    for (const body of [{}, { reason: 'no' }, { reason: '    ' }]) {
      const res = await office.post(`${base()}/reopen`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await state())!.completedAt).not.toBeNull();

    const res = await office.post(`${base()}/reopen`, { reason: 'Blurred photo, to be taken again' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ COMPLETED_AT: null, COMPLETED_BY: null });
    expect(await state()).toMatchObject({ completedAt: null, completedBy: null });
    expect((await auditOf(personId, 'identification.reopened'))[0]).toMatchObject({
      actorId: officeId,
      details: { reason: 'Blurred photo, to be taken again', completedAt: completedAt.toISOString() },
    });
    // Reopening an open identification is refused.
    expect((await office.post(`${base()}/reopen`, { reason: 'Once more, please' })).statusCode).toBe(400);

    // The person is no longer identified; the office may change the photo again.
    expect((await person.get(`/api/students/${personId}`)).json().IDENTIFIED).toBe(false);
    expect((await office.post(`${base()}/photo`, { FILE: dataUrl('image/png', await png(30, 30, 12)) })).statusCode).toBe(200);
    expect((await office.post(`${base()}/complete`, {})).statusCode).toBe(200);
    expect((await person.get(`/api/students/${personId}`)).json().IDENTIFIED).toBe(true);
  });
});

// ---------------------------------------------------------------- concurrency

describe('concurrency', () => {
  it('serialises concurrent photo uploads for one person: one photo, no orphan file or object', async () => {
    const [other] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, 'VAC0003'));
    const id = other!.id;
    const url = `/api/identification/persons/${id}/photo`;
    expect((await office.post(url, { FILE: dataUrl('image/png', await png(20, 20, 20)) })).statusCode).toBe(200);
    const images = await Promise.all([21, 22, 23, 24].map((seed) => png(20, 20, seed)));
    const results = await Promise.all(images.map((image) => office.post(url, { FILE: dataUrl('image/png', image) })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const photos = await t.db
      .select()
      .from(files)
      .where(and(eq(files.ownerId, id), eq(files.purpose, 'PHOTO')));
    expect(photos).toHaveLength(1);
    expect((await state(id))!.photoFileId).toBe(photos[0]!.id);
    expect(fileObjects(id)).toEqual([photos[0]!.storageKey]);
  });

  it('serialises fingerprints of one finger: one record and one object remain', async () => {
    const [other] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, 'VAC0004'));
    const id = other!.id;
    expect((await postFinger(office, 'R_THUMB', wsq(), 'f.bin', 'application/octet-stream', id)).statusCode).toBe(200);
    const results = await Promise.all([fmr(), fir(), wsq(), fmr()].map((data) => postFinger(office, 'R_THUMB', data, 'f.bin', 'application/octet-stream', id)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db.select().from(fingerprints).where(eq(fingerprints.personId, id));
    expect(rows).toHaveLength(1);
    expect(fingerprintObjects(id)).toEqual([rows[0]!.storageKey]);
    const saved = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(id)), inArray(auditLog.action, ['identification.fingerprint.saved'])));
    expect(saved.map((e) => e.details.replaced).sort()).toEqual([false, true, true, true, true]);
  });
});
