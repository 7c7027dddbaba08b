import { createHash } from 'node:crypto';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, UPLOAD_TYPES, V, type FileColumn, type UploadType } from '@portal/contract';
import { AppError, validationError } from './errors';
import { inspectPdf } from './pdf-content';
import { assertSafeText } from './safe-text';

/*
 * An incoming upload: read (multipart or a JSON data URL), checked by its content, and a stored file
 * answered. Storing under a transaction that keeps the file store in step is lib/file-store.ts;
 * removing what no row names, lib/orphan-files.ts (both re-exported here).
 */
export { deleteStoredFile, dropAfterCommit, dropOnRollback, fileTransaction, storeUpload } from './file-store';
export { ORPHAN_GRACE_MS, ORPHAN_SWEEP_INTERVAL_MS, startOrphanSweeper, sweepOrphanFiles } from './orphan-files';

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
export async function readUpload<S extends z.ZodType<object>>(
  request: FastifyRequest,
  body: { FILE: string } | null | undefined,
  fields: S,
): Promise<{ fields: z.output<S>; file: IncomingFile }> {
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
  return (
    reply
      .header('content-type', file.mime)
      .header('content-disposition', `inline; filename="${file.name}"`)
      .headers(STORED_FILE_HEADERS)
      .header('cache-control', 'private, no-store')
      // Bytes go out as they are (Fastify never serializes a Buffer); the 200 has no JSON schema.
      .send(file.data as never)
  );
}

/**
 * Checks a received file: size, type by its content, the types a column allows (a CV must be a
 * PDF), a PDF's scripts and actions (lib/pdf-content.ts), and re-encodes images (downscaled to
 * 2000 px, metadata dropped). Nothing is stored yet.
 */
export async function checkUpload(
  file: IncomingFile,
  options: { allowed?: readonly string[]; col?: FileColumn; fallbackName?: string } = {},
): Promise<CheckedUpload> {
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
