import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import {
  FINGERS,
  MAX_FINGERPRINT_BYTES,
  MIN_FINGERS_FOR_COMPLETION,
  PHOTO_TYPES,
  V,
  type Finger,
  type FingerprintFormat,
  type Identification,
  type IdentificationPage,
  type IdentificationQuery,
} from '@portal/contract';
import type { Executor, Tx } from '../../db/client';
import { fingerprints, identifications, persons } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { fold, likePattern } from '../../lib/sql';
import { checkUpload, deleteStoredFile, dropAfterCommit, dropOnRollback, fileTransaction, storeUpload, type IncomingFile } from '../../lib/uploads';
import { fileUrl, personNameColumns, registrationClosed } from '../../lib/person-record';

// ---------------------------------------------------------------- fingerprint formats

/** What a fingerprint file is served as: its content type and the extension of its name. */
export const FORMAT_TYPES: Record<FingerprintFormat, { mime: string; ext: string }> = {
  JPEG: { mime: 'image/jpeg', ext: 'jpg' },
  PNG: { mime: 'image/png', ext: 'png' },
  WSQ: { mime: 'application/octet-stream', ext: 'wsq' },
  FMR: { mime: 'application/octet-stream', ext: 'fmr' },
  FIR: { mime: 'application/octet-stream', ext: 'fir' },
};

/** WSQ: the start-of-image marker FF A0, and its comment marker FF A8 (NIST_COM) soon after. */
const WSQ_SOI = Buffer.from([0xff, 0xa0]);
const WSQ_COM = Buffer.from([0xff, 0xa8]);
/** How far into a WSQ file its comment marker (FF A8) is looked for. */
const WSQ_MARKER_WINDOW = 256;
/** ISO/IEC 19794-2 and ANSI 378 minutiae records, ISO/IEC 19794-4 finger image records. */
const FMR = Buffer.from('FMR\0', 'latin1');
const FIR = Buffer.from('FIR\0', 'latin1');
/** The shortest record header of these standards (ISO/IEC 19794-2:2005 is 24 bytes, then the views). */
const MIN_RECORD_BYTES = 24;

/** The format of a fingerprint file, by its content only (never its name or declared type), or null. */
export async function fingerprintFormat(data: Buffer): Promise<FingerprintFormat | null> {
  if (data.subarray(0, 4).equals(FMR)) return data.length >= MIN_RECORD_BYTES ? 'FMR' : null;
  if (data.subarray(0, 4).equals(FIR)) return data.length >= MIN_RECORD_BYTES ? 'FIR' : null;
  if (data.subarray(0, 2).equals(WSQ_SOI)) {
    const marker = data.subarray(2, WSQ_MARKER_WINDOW).indexOf(WSQ_COM);
    return marker >= 0 ? 'WSQ' : null;
  }
  const detected = await fileTypeFromBuffer(data);
  if (detected?.mime === 'image/jpeg') return 'JPEG';
  if (detected?.mime === 'image/png') return 'PNG';
  return null;
}

/** Checks a fingerprint file: not empty, 2 MiB at most, and one of the formats by content. */
export async function checkFingerprint(data: Buffer): Promise<FingerprintFormat> {
  if (data.length === 0) throw validationError({ FILE: V.required });
  if (data.length > MAX_FINGERPRINT_BYTES) throw new AppError('FILE_TOO_LARGE', { fields: { FILE: V.fileTooLarge } });
  const format = await fingerprintFormat(data);
  if (!format) throw new AppError('FILE_TYPE_REFUSED', { fields: { FILE: V.invalid } });
  return format;
}

export const fingerprintLink = (personId: number, finger: Finger) => `/api/identification/persons/${personId}/fingerprints/${finger}/file`;

// ---------------------------------------------------------------- reading

const completer = alias(persons, 'completer');

/** A staff person as the identification office sees them (404 for an unknown id or a student). */
export async function loadIdentification(exec: Executor, personId: number): Promise<Identification> {
  const [row] = await exec
    .select({
      id: persons.id,
      KIND: persons.KIND,
      ...personNameColumns,
      ACTIVED: registrationClosed,
      photoFileId: identifications.photoFileId,
      completedAt: identifications.completedAt,
      completerFirst: completer.FIRSTNAME,
      completerLast: completer.LASTNAME,
    })
    .from(persons)
    .leftJoin(identifications, eq(identifications.personId, persons.id))
    .leftJoin(completer, eq(completer.id, identifications.completedBy))
    .where(eq(persons.id, personId))
    .limit(1);
  if (!row || row.KIND !== 'STAFF') throw new AppError('NOT_FOUND');
  const fingers = await exec
    .select({ finger: fingerprints.finger, format: fingerprints.format, size: fingerprints.size, capturedAt: fingerprints.capturedAt })
    .from(fingerprints)
    .where(eq(fingerprints.personId, personId));
  fingers.sort((a, b) => FINGERS.indexOf(a.finger) - FINGERS.indexOf(b.finger));
  return {
    PERSON_ID: row.id,
    MATRICULE: row.MATRICULE,
    FIRSTNAME: row.FIRSTNAME,
    LASTNAME: row.LASTNAME,
    STATUS: row.STATUS,
    ACTIVED: row.ACTIVED,
    PHOTO_LINK: fileUrl(row.photoFileId),
    FINGERS: fingers.map((f) => ({
      FINGER: f.finger,
      FORMAT: f.format,
      SIZE: f.size,
      CAPTURED_AT: f.capturedAt.toISOString(),
      LINK: fingerprintLink(row.id, f.finger),
    })),
    COMPLETED_AT: row.completedAt?.toISOString() ?? null,
    COMPLETED_BY: row.completerFirst ? `${row.completerFirst} ${row.completerLast}` : null,
  };
}

/** Accented letters folded to ASCII in the database, as `fold` does in JavaScript. */
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ';
const UNACCENTED = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy';

/**
 * GET /identification/persons: staff (employees, whatever roles they hold; not office accounts) found by matricule or name, case-
 * and accent-insensitive, every word of the search matching; closed registrations first.
 */
export async function listIdentifications(ctx: ServiceContext, query: IdentificationQuery): Promise<IdentificationPage> {
  const where: SQL[] = [eq(persons.KIND, 'STAFF')];
  if (query.complete === 'yes') where.push(isNotNull(identifications.completedAt));
  if (query.complete === 'no') where.push(isNull(identifications.completedAt));
  const words = query.search ? fold(query.search).split(/\s+/).filter(Boolean) : [];
  if (words.length) {
    const haystack = sql`lower(translate(concat_ws(' ', ${persons.MATRICULE}, ${persons.FIRSTNAME}, ${persons.LASTNAME}), ${ACCENTED}, ${UNACCENTED}))`;
    for (const word of words) where.push(sql`${haystack} like ${likePattern(word)} escape '\\'`);
  }
  const condition = and(...where);
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(persons)
    .leftJoin(identifications, eq(identifications.personId, persons.id))
    .where(condition);
  const total = Number(counted?.total ?? 0);
  const rows = await ctx.db
    .select({
      PERSON_ID: persons.id,
      ...personNameColumns,
      ACTIVED: registrationClosed,
      HAS_PHOTO: sql<boolean>`(${identifications.photoFileId} is not null)`,
      FINGER_COUNT: sql<number>`(select count(*) from fingerprints f where f.person_id = ${persons.id})::int`,
      completedAt: identifications.completedAt,
    })
    .from(persons)
    .leftJoin(identifications, eq(identifications.personId, persons.id))
    .where(condition)
    .orderBy(desc(registrationClosed), asc(persons.LASTNAME), asc(persons.FIRSTNAME), asc(persons.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    rows: rows.map(({ completedAt, HAS_PHOTO, FINGER_COUNT, ...row }) => ({
      ...row,
      HAS_PHOTO: Boolean(HAS_PHOTO),
      FINGER_COUNT: Number(FINGER_COUNT),
      COMPLETED_AT: completedAt?.toISOString() ?? null,
    })),
    total,
    count: Math.max(1, Math.ceil(total / query.pageSize)),
    page: query.page,
  };
}

// ---------------------------------------------------------------- writing

type IdentificationState = typeof identifications.$inferSelect;

/**
 * Locks the person's identification for the rest of the transaction (creating its row first), so
 * that changes to one person's photo, fingerprints and completion happen one at a time.
 */
async function lockIdentification(ctx: ServiceContext, tx: Tx, personId: number): Promise<IdentificationState> {
  const [person] = await tx.select({ kind: persons.KIND }).from(persons).where(eq(persons.id, personId));
  if (!person || person.kind !== 'STAFF') throw new AppError('NOT_FOUND');
  await tx.insert(identifications).values({ personId, updatedAt: ctx.clock.now() }).onConflictDoNothing({ target: identifications.personId });
  const [state] = await tx.select().from(identifications).where(eq(identifications.personId, personId)).for('update');
  return state!;
}

/** Locks, and refuses any change while the identification is complete. */
async function lockForChange(ctx: ServiceContext, tx: Tx, personId: number): Promise<IdentificationState> {
  const state = await lockIdentification(ctx, tx, personId);
  if (state.completedAt) throw new AppError('IDENTIFICATION_COMPLETED');
  return state;
}

/** A fail-fast check before any work on a file: the person exists and their identification is open (checked again under the lock). */
async function assertOpen(ctx: ServiceContext, personId: number): Promise<void> {
  const identification = await loadIdentification(ctx.db, personId);
  if (identification.COMPLETED_AT) throw new AppError('IDENTIFICATION_COMPLETED');
}

interface Change {
  personId: number;
  actor: Actor;
  meta: RequestMeta;
}

const auditChange = (ctx: ServiceContext, tx: Tx, input: Change, action: string, details: Record<string, unknown>) =>
  audit(tx, { at: ctx.clock.now(), actorId: input.actor.id, action, targetType: 'person', targetId: input.personId, ip: input.meta.ip, details });

/** POST /identification/persons/:id/photo: a JPEG or PNG (re-encoded), owned by the person, replacing the previous photo. */
export async function savePhoto(ctx: ServiceContext, input: Change & { file: IncomingFile }): Promise<Identification> {
  await assertOpen(ctx, input.personId);
  const upload = await checkUpload(input.file, { allowed: PHOTO_TYPES, fallbackName: 'photo' });
  return fileTransaction(ctx, async (tx) => {
    const state = await lockForChange(ctx, tx, input.personId);
    const file = await storeUpload(ctx, tx, { ownerId: input.personId, upload, purpose: 'PHOTO' });
    await tx.update(identifications).set({ photoFileId: file.id, updatedAt: ctx.clock.now() }).where(eq(identifications.personId, input.personId));
    const previous = state.photoFileId;
    if (previous && previous !== file.id) await deleteStoredFile(ctx, tx, previous);
    await auditChange(ctx, tx, input, 'identification.photo.saved', {
      fileId: file.id,
      mime: file.mime,
      size: file.size,
      ...(previous ? { replaced: previous } : {}),
    });
    return loadIdentification(tx, input.personId);
  });
}

/** DELETE /identification/persons/:id/photo (404 when there is none). */
export async function removePhoto(ctx: ServiceContext, input: Change): Promise<Identification> {
  return fileTransaction(ctx, async (tx) => {
    const state = await lockForChange(ctx, tx, input.personId);
    if (!state.photoFileId) throw new AppError('NOT_FOUND');
    await tx.update(identifications).set({ photoFileId: null, updatedAt: ctx.clock.now() }).where(eq(identifications.personId, input.personId));
    await deleteStoredFile(ctx, tx, state.photoFileId);
    await auditChange(ctx, tx, input, 'identification.photo.removed', { fileId: state.photoFileId });
    return loadIdentification(tx, input.personId);
  });
}

/**
 * POST /identification/persons/:id/fingerprints/:finger: the raw bytes, stored apart from `files`
 * under a server-made key, replacing the finger's previous record. The same bytes already on file
 * for another finger are refused (409 FILE_EXISTS): one scan saved under two fingers is a mistake.
 */
export async function saveFingerprint(ctx: ServiceContext, input: Change & { finger: Finger; data: Buffer }): Promise<Identification> {
  const format = await checkFingerprint(input.data);
  await assertOpen(ctx, input.personId);
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  // Fingerprint objects follow the transaction: the new one goes if it rolls back, the replaced one once it commits.
  return fileTransaction(ctx, async (tx) => {
    await lockForChange(ctx, tx, input.personId);
    const [twin] = await tx
      .select({ finger: fingerprints.finger })
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, input.personId), eq(fingerprints.sha256, sha256), ne(fingerprints.finger, input.finger)))
      .limit(1);
    if (twin) throw new AppError('FILE_EXISTS');
    const [previous] = await tx
      .select({ storageKey: fingerprints.storageKey })
      .from(fingerprints)
      .where(and(eq(fingerprints.personId, input.personId), eq(fingerprints.finger, input.finger)));
    const key = `fingerprints/${input.personId}/${randomUUID()}`;
    await ctx.storage.put(key, input.data);
    dropOnRollback(tx, key);
    const now = ctx.clock.now();
    const values = { format, storageKey: key, sha256, size: input.data.length, capturedBy: input.actor.id, capturedAt: now };
    await tx
      .insert(fingerprints)
      .values({ personId: input.personId, finger: input.finger, ...values })
      .onConflictDoUpdate({ target: [fingerprints.personId, fingerprints.finger], set: values });
    await tx.update(identifications).set({ updatedAt: now }).where(eq(identifications.personId, input.personId));
    if (previous) dropAfterCommit(tx, previous.storageKey);
    await auditChange(ctx, tx, input, 'identification.fingerprint.saved', {
      finger: input.finger,
      format,
      size: input.data.length,
      replaced: Boolean(previous),
    });
    return loadIdentification(tx, input.personId);
  });
}

/** DELETE /identification/persons/:id/fingerprints/:finger (404 when the finger has none). */
export async function removeFingerprint(ctx: ServiceContext, input: Change & { finger: Finger }): Promise<Identification> {
  return fileTransaction(ctx, async (tx) => {
    await lockForChange(ctx, tx, input.personId);
    const [removed] = await tx
      .delete(fingerprints)
      .where(and(eq(fingerprints.personId, input.personId), eq(fingerprints.finger, input.finger)))
      .returning({ storageKey: fingerprints.storageKey, format: fingerprints.format });
    if (!removed) throw new AppError('NOT_FOUND');
    dropAfterCommit(tx, removed.storageKey);
    await tx.update(identifications).set({ updatedAt: ctx.clock.now() }).where(eq(identifications.personId, input.personId));
    await auditChange(ctx, tx, input, 'identification.fingerprint.removed', { finger: input.finger, format: removed.format });
    return loadIdentification(tx, input.personId);
  });
}

/**
 * GET /identification/persons/:id/fingerprints/:finger/file: the bytes and how to serve them.
 * Each read is audited (who looked at whose biometric data), never with the bytes.
 */
export async function readFingerprint(ctx: ServiceContext, input: Change & { finger: Finger }): Promise<{ data: Buffer; mime: string; name: string }> {
  const [row] = await ctx.db
    .select({ format: fingerprints.format, storageKey: fingerprints.storageKey, matricule: persons.MATRICULE })
    .from(fingerprints)
    .innerJoin(persons, eq(persons.id, fingerprints.personId))
    .where(and(eq(fingerprints.personId, input.personId), eq(fingerprints.finger, input.finger), eq(persons.KIND, 'STAFF')));
  if (!row) throw new AppError('NOT_FOUND');
  let data: Buffer;
  try {
    data = await ctx.storage.get(row.storageKey);
  } catch (error) {
    ctx.log.error({ err: error, personId: input.personId, finger: input.finger }, 'stored fingerprint missing');
    throw new AppError('NOT_FOUND');
  }
  await audit(ctx.db, {
    at: ctx.clock.now(),
    actorId: input.actor.id,
    action: 'identification.fingerprint.read',
    targetType: 'person',
    targetId: input.personId,
    ip: input.meta.ip,
    details: { finger: input.finger },
  });
  const { mime, ext } = FORMAT_TYPES[row.format];
  return { data, mime, name: `${row.matricule.replace(/[^A-Za-z0-9_-]/g, '_')}-${input.finger.toLowerCase()}.${ext}` };
}

/** POST /identification/persons/:id/complete: the photo and enough fingers, else 400 naming what is missing. */
export async function completeIdentification(ctx: ServiceContext, input: Change): Promise<Identification> {
  return ctx.db.transaction(async (tx) => {
    const state = await lockForChange(ctx, tx, input.personId);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fingerprints)
      .where(eq(fingerprints.personId, input.personId));
    const fingers = Number(counted?.n ?? 0);
    const missing = [...(state.photoFileId ? [] : ['PHOTO_LINK']), ...(fingers >= MIN_FINGERS_FOR_COMPLETION ? [] : ['FINGERS'])];
    if (missing.length) throw new AppError('IDENTIFICATION_INCOMPLETE', { columns: missing, limit: { limit: MIN_FINGERS_FOR_COMPLETION } });
    const now = ctx.clock.now();
    await tx.update(identifications).set({ completedAt: now, completedBy: input.actor.id, updatedAt: now }).where(eq(identifications.personId, input.personId));
    await auditChange(ctx, tx, input, 'identification.completed', { fingers });
    return loadIdentification(tx, input.personId);
  });
}

/** POST /identification/persons/:id/reopen: back to editable, with the reason (audited). */
export async function reopenIdentification(ctx: ServiceContext, input: Change & { reason: string }): Promise<Identification> {
  return ctx.db.transaction(async (tx) => {
    const state = await lockIdentification(ctx, tx, input.personId);
    if (!state.completedAt) throw new AppError('VALIDATION_FAILED', { fields: { _: V.invalid }, message: 'The identification is not complete' });
    await tx
      .update(identifications)
      .set({ completedAt: null, completedBy: null, updatedAt: ctx.clock.now() })
      .where(eq(identifications.personId, input.personId));
    await auditChange(ctx, tx, input, 'identification.reopened', { reason: input.reason, completedAt: state.completedAt.toISOString() });
    return loadIdentification(tx, input.personId);
  });
}
