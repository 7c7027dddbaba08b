import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, UPLOAD_TYPES, V, type FileColumn, type UploadType } from '@portal/contract';
import type { Tx } from '../db/client';
import { candidateDocuments, files, fingerprints, type FileRow } from '../db/schema';
import type { ServiceContext } from './context';
import { AppError, validationError } from './errors';
import { inspectPdf } from './pdf-content';
import { assertSafeText } from './safe-text';
import { isUniqueViolation } from './sql';

/** The only types accepted anywhere, recognised by their first bytes (never by name or declared type). */
export const ALLOWED_MIME = UPLOAD_TYPES;
export type AllowedMime = UploadType;

/** Images are stored downscaled to fit this box (never enlarged). */
export const MAX_IMAGE_SIDE = 2000;
/** Refuse images that would decode to more pixels than this (decompression bombs); a 50 MP phone photo passes. */
export const MAX_INPUT_PIXELS = 64_000_000;

/** The multipart options every upload route registers (in its own plugin). */
export const MULTIPART_OPTIONS = { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24 } };
/** Route body limit for a JSON body carrying one file as a data URL (5 MiB in base64 is about 6.7 MiB). */
export const JSON_FILE_BODY_LIMIT = 8 * 1024 * 1024;

/** A file as received: its bytes and the name the client gave (only ever used, cleaned, in Content-Disposition). */
export interface IncomingFile {
  data: Buffer;
  name: string | null;
}

/** A file that passed the checks, ready to store. */
export interface CheckedUpload {
  /** what is stored: the original bytes for a PDF, the re-encoded image otherwise */
  data: Buffer;
  mime: AllowedMime;
  ext: string;
  /** SHA-256 of the bytes as received (duplicates are recognised on these) */
  sha256: string;
  /** size as received */
  originalSize: number;
  /** a safe file name with the extension of the detected type */
  name: string;
  width?: number;
  height?: number;
}

// ---------------------------------------------------------------- errors

/** Field messages of a failed parse: its translation key per field path (the first issue of each). */
export function issueFields(issues: z.ZodError['issues']): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message.startsWith('validation.') ? issue.message : V.invalid;
  }
  return fields;
}

/**
 * Parses string fields (multipart) with a contract schema; empty strings count as absent.
 * `extra` adds field failures found elsewhere (a missing file), answered together.
 */
export function parseFields<S extends z.ZodType>(schema: S, raw: Record<string, string>, extra: Record<string, string> = {}): z.output<S> {
  const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ''));
  const result = schema.safeParse(values);
  const fields = { ...extra, ...(result.success ? {} : issueFields(result.error.issues)) };
  if (Object.keys(fields).length || !result.success) throw validationError(fields);
  return result.data;
}

const tooLarge = () => new AppError('FILE_TOO_LARGE', { fields: { FILE: V.fileTooLarge } });
const activePdf = () => new AppError('PDF_SCRIPT_REFUSED', { fields: { FILE: V.invalid } });
const unreadablePdf = () => new AppError('PDF_UNREADABLE', { fields: { FILE: V.invalid } });
const refused = () => new AppError('FILE_TYPE_REFUSED', { fields: { FILE: V.invalid } });

// ---------------------------------------------------------------- reading

const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 data URL; the type it declares is ignored. */
export function decodeDataUrl(value: string): Buffer {
  const match = DATA_URL.exec(value);
  if (!match) throw validationError({ FILE: V.invalid });
  const payload = value.slice(match[0].length).replace(/\s+/g, '');
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) throw validationError({ FILE: V.invalid });
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > MAX_UPLOAD_BYTES) throw tooLarge();
  return Buffer.from(payload, 'base64');
}

/**
 * Reads a multipart request: its text fields and at most one file, in the field FILE.
 * The plugin's limits apply: a file over MAX_UPLOAD_BYTES is FILE_TOO_LARGE (413).
 */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: IncomingFile | null }> {
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'FILE' || file) throw validationError({ [part.fieldname]: V.invalid });
        file = { data, name: part.filename || null };
      } else if (typeof part.value === 'string') {
        assertSafeText({ [part.fieldname]: part.value });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw validationError({ FILE: V.invalid });
    // Anything else the form reader throws is a malformed form (no boundary, cut short, a broken header).
    throw validationError({ _: V.invalid });
  }
  return { fields, file };
}

/** The fields of an upload that carries nothing but its file. */
export const NO_FIELDS = z.object({});

/** The name a `name` field gives the file, if the upload's fields have one. */
const nameField = (fields: object): string | null => ('name' in fields && typeof fields.name === 'string' ? fields.name : null);

/** The JSON form of an upload, as the route's schema validated it: the file as a data URL in FILE, beside the other fields. */
export function jsonUpload<T extends { FILE: string }>(body: T): { fields: Omit<T, 'FILE'>; file: IncomingFile } {
  const { FILE, ...fields } = body;
  return { fields, file: { data: decodeDataUrl(FILE), name: nameField(fields) } };
}

/**
 * Reads one incoming upload, in either form every upload route accepts: a multipart form (the file
 * in FILE, the other fields parsed here with `fields`, the contract schema of the fields besides
 * FILE), or the JSON body the route's schema validated (`body`, with FILE as a base64 data URL).
 * A `name` field, where the fields have one, names the file. No file at all is 400 (FILE required).
 */
export async function readUpload<S extends z.ZodType<object>>(request: FastifyRequest, body: { FILE: string } | null | undefined, fields: S): Promise<{ fields: z.output<S>; file: IncomingFile }> {
  if (request.isMultipart()) {
    const { fields: raw, file } = await readMultipart(request);
    const parsed = parseFields(fields, raw, file ? {} : { FILE: V.required });
    return { fields: parsed, file: { data: file!.data, name: nameField(parsed) ?? file!.name } };
  }
  if (!body) throw validationError({ FILE: V.required });
  const { fields: given, file } = jsonUpload(body);
  return { fields: given as z.output<S>, file };
}

/** A file sent as the raw body (on a route with a parser for its type, e.g. text/csv), or as a multipart form (FILE). */
export async function readRawUpload(request: FastifyRequest): Promise<IncomingFile> {
  if (Buffer.isBuffer(request.body)) return { data: request.body, name: null };
  return (await readUpload(request, null, NO_FIELDS)).file;
}

// ---------------------------------------------------------------- checking

/** A file name safe for a header: ASCII letters, digits, dot, dash and underscore, with the detected extension. */
export function safeFileName(name: string | null | undefined, ext: string, fallback = 'file'): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80);
  return `${base || fallback}.${ext}`;
}

async function normalizeImage(data: Buffer, mime: 'image/jpeg' | 'image/png'): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    // rotate() applies the EXIF orientation; the output then carries no metadata (EXIF, GPS, XMP, ICC).
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = mime === 'image/jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png({ compressionLevel: 9 });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw tooLarge();
    throw refused();
  }
}

/** What every stored file is served with: a sandbox, so that nothing in it (a PDF's script) runs in the portal's origin. */
export const STORED_FILE_HEADERS = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' } as const;

/**
 * Answers a stored file to whoever may read it (`GET /files/{id}`, a request's attachment): its
 * stored type, shown in the browser (`inline`) under its safe name (`safeFileName`), sandboxed
 * (STORED_FILE_HEADERS), and never kept by a cache (`private, no-store`).
 */
export function sendStoredFile(reply: FastifyReply, file: { data: Buffer; mime: string; name: string }): FastifyReply {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `inline; filename="${file.name}"`)
    .headers(STORED_FILE_HEADERS)
    .header('cache-control', 'private, no-store')
    // Bytes go out as they are (Fastify never serializes a Buffer); the 200 has no JSON schema.
    .send(file.data as never);
}

/**
 * Checks a received file: size, type by its content, the types a column allows (a CV must be a
 * PDF), a PDF's scripts and actions (lib/pdf-content.ts), and re-encodes images (downscaled to
 * 2000 px, metadata dropped). Nothing is stored yet.
 */
export async function checkUpload(file: IncomingFile, options: { allowed?: readonly string[]; col?: FileColumn; fallbackName?: string } = {}): Promise<CheckedUpload> {
  const { data } = file;
  if (data.length === 0) throw validationError({ FILE: V.required });
  if (data.length > MAX_UPLOAD_BYTES) throw tooLarge();
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime as AllowedMime | undefined;
  if (!mime || !(ALLOWED_MIME as readonly string[]).includes(mime)) throw refused();
  if (options.allowed && !options.allowed.includes(mime)) {
    if (options.col === 'CV_LINK') throw new AppError('CV_NOT_PDF', { fields: { FILE: V.invalid } });
    throw refused();
  }
  const sha256 = createHash('sha256').update(data).digest('hex');
  const ext = UPLOAD_EXTENSIONS[mime];
  const name = safeFileName(file.name, ext, options.fallbackName);
  if (mime === 'application/pdf') {
    // Scripts and actions are read in the PDF's objects (finding 15, decision 66); one not read whole is refused too.
    const content = await inspectPdf(data);
    if (content === 'active') throw activePdf();
    if (content === 'unreadable') throw unreadablePdf();
    return { data, mime, ext, sha256, originalSize: data.length, name };
  }
  const image = await normalizeImage(data, mime);
  return { data: image.data, mime, ext, sha256, originalSize: data.length, name, width: image.width, height: image.height };
}

// ---------------------------------------------------------------- storing

/** Storage changes waiting for a transaction's end: new objects to drop on rollback, old ones to drop on commit. */
interface FileEffects {
  created: Set<string>;
  removed: string[];
}
const effectsOf = new WeakMap<object, FileEffects>();

/**
 * A database transaction that keeps the file store in step with it: objects written during a
 * transaction that rolls back are deleted, and objects of deleted `files` rows are deleted only
 * once it commits. Use it instead of `ctx.db.transaction` for anything that stores or removes files.
 * Objects stored apart from `files` (fingerprints) join in with dropOnRollback and dropAfterCommit.
 * The order is: write the object, commit the row, then (after a crash between the two, or a
 * delete that never ran) `sweepOrphanFiles` removes the object no row names.
 */
export async function fileTransaction<T>(ctx: ServiceContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const effects: FileEffects = { created: new Set(), removed: [] };
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      effectsOf.set(tx, effects);
      return fn(tx);
    });
  } catch (error) {
    await Promise.all([...effects.created].map((key) => dropObject(ctx, key)));
    throw error;
  }
  await Promise.all(effects.removed.map((key) => dropObject(ctx, key)));
  return result;
}

async function dropObject(ctx: ServiceContext, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.error({ err: error, key }, 'stored file not deleted');
  }
}

function effectsOfTransaction(tx: Tx): FileEffects {
  const effects = effectsOf.get(tx);
  if (!effects) throw new Error('stored objects follow a transaction only inside fileTransaction');
  return effects;
}

/** A stored object this fileTransaction has just written: deleted if the transaction rolls back. */
export function dropOnRollback(tx: Tx, key: string): void {
  effectsOfTransaction(tx).created.add(key);
}

/** A stored object this fileTransaction no longer refers to: deleted once it commits, kept if it rolls back. */
export function dropAfterCommit(tx: Tx, key: string): void {
  effectsOfTransaction(tx).removed.push(key);
}

const duplicate = () => new AppError('FILE_EXISTS');

/**
 * Stores a checked upload under a server-made key and records it in `files`, owned by `ownerId`.
 * The same bytes twice for one owner answer 409 FILE_EXISTS; the unique index on (owner, sha256)
 * decides under concurrency, and the stored object is removed when the row is not written.
 */
export async function storeUpload(ctx: ServiceContext, tx: Tx, input: { ownerId: number; upload: CheckedUpload; purpose: string }): Promise<FileRow> {
  const { ownerId, upload } = input;
  const [existing] = await tx.select({ id: files.id }).from(files).where(and(eq(files.ownerId, ownerId), eq(files.sha256, upload.sha256))).limit(1);
  if (existing) throw duplicate();
  const id = randomUUID();
  const key = `${ownerId}/${id}`;
  await ctx.storage.put(key, upload.data);
  const effects = effectsOf.get(tx);
  effects?.created.add(key);
  let row: FileRow | undefined;
  try {
    [row] = await tx
      .insert(files)
      .values({ id, ownerId, sha256: upload.sha256, mime: upload.mime, size: upload.data.length, originalName: upload.name, storageKey: key, purpose: input.purpose, createdAt: ctx.clock.now() })
      .onConflictDoNothing({ target: [files.ownerId, files.sha256] })
      .returning();
  } catch (error) {
    effects?.created.delete(key);
    await dropObject(ctx, key);
    throw isUniqueViolation(error) ? duplicate() : error;
  }
  if (!row) {
    effects?.created.delete(key);
    await dropObject(ctx, key);
    throw duplicate();
  }
  return row;
}

/**
 * Deletes a `files` row; its stored object goes when the transaction commits (inside
 * fileTransaction). In any other transaction the object is kept, never left referenced while gone.
 */
export async function deleteStoredFile(ctx: ServiceContext, tx: Tx, fileId: string): Promise<FileRow | null> {
  const [row] = await tx.delete(files).where(eq(files.id, fileId)).returning();
  if (!row) return null;
  const effects = effectsOf.get(tx);
  if (effects) effects.removed.push(row.storageKey);
  else ctx.log.warn({ fileId }, 'file row deleted outside fileTransaction: stored object kept');
  return row;
}

// ---------------------------------------------------------------- orphans

/**
 * How old an object no row names must be before the sweep removes it: longer than any transaction
 * that writes one (the statement and idle-in-transaction timeouts end those within a minute), so
 * that a file being written right now, whose row has not committed yet, is never taken.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often a running server sweeps (and once at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** The keys among these that a committed row names (`files`, `fingerprints` and `candidate_documents` are the only tables that hold storage keys). */
async function referencedKeys(ctx: ServiceContext, keys: string[]): Promise<Set<string>> {
  const [inFiles, inFingerprints, inCandidateDocuments] = await Promise.all([
    ctx.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys)),
    ctx.db.select({ key: fingerprints.storageKey }).from(fingerprints).where(inArray(fingerprints.storageKey, keys)),
    ctx.db.select({ key: candidateDocuments.storageKey }).from(candidateDocuments).where(inArray(candidateDocuments.storageKey, keys)),
  ]);
  return new Set([...inFiles, ...inFingerprints, ...inCandidateDocuments].map((row) => row.key));
}

/**
 * Removes stored objects that no committed row names and that were written more than `graceMs`
 * ago: those of a process that died between writing a file and committing its row, or after
 * committing a delete and before removing the object. Answers how many objects were looked at
 * and removed (never their keys in the log: they name their owner).
 */
export async function sweepOrphanFiles(ctx: ServiceContext, options: { graceMs?: number } = {}): Promise<{ checked: number; removed: number }> {
  const before = ctx.clock.now().getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let checked = 0;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const kept = await referencedKeys(ctx, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await ctx.storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const object of ctx.storage.list()) {
    checked++;
    if (object.modifiedAt.getTime() >= before) continue;
    batch.push(object.key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  if (removed) ctx.log.warn({ checked, removed }, 'orphan stored files removed');
  return { checked, removed };
}

/**
 * Sweeps once now and then every ORPHAN_SWEEP_INTERVAL_MS in this process (several instances may
 * sweep the same store: removing an object twice is harmless). `stop` waits for a sweep under way.
 */
export function startOrphanSweeper(ctx: ServiceContext): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(() => sweepOrphanFiles(ctx)).catch((error: unknown) => ctx.log.warn({ err: error }, 'orphan sweep failed; next time'));
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, ORPHAN_SWEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
