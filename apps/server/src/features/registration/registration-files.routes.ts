import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, FileColumn, FileRemoveBody, FileUploadJson, FileUploadResponse, V } from '@portal/contract';
import { assertSelfOrPermitted, requestMeta } from '../../lib/auth';
import { AppError, validationError } from '../../lib/errors';
import { ALLOWED_MIME, decodeDataUrl, findFile, JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, parseFields, readMultipart, type IncomingFile } from '../../lib/uploads';
import { readStoredFile, removeColumnFileFor, servedName, uploadColumnFile } from './registration-files.service';

const tags = ['files'];
const uploadErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse };

/** PATCH /students/files/remove answers the column, whether a file was removed, and the column as null. */
export const FileRemoveResponse = z.object({ col: FileColumn, removed: z.boolean() }).catchall(z.null());

const UploadFields = FileUploadJson.omit({ FILE: true });

/** An upload into a column, from a multipart form (FILE, col, STUDENT_ID, name) or a JSON body (FILE as a data URL). */
async function readColumnUpload(request: FastifyRequest, body: z.output<typeof FileUploadJson> | null | undefined): Promise<{ fields: z.output<typeof UploadFields>; file: IncomingFile }> {
  if (request.isMultipart()) {
    const { fields: raw, file } = await readMultipart(request);
    const fields = parseFields(UploadFields, raw, file ? {} : { FILE: V.required });
    return { fields, file: { data: file!.data, name: fields.name ?? file!.name } };
  }
  if (!body) throw validationError({ FILE: V.required });
  const { FILE, ...fields } = body;
  return { fields, file: { data: decodeDataUrl(FILE), name: fields.name ?? null } };
}

const multipartNote = 'Send `multipart/form-data` (field FILE, and col, STUDENT_ID, name) or JSON with FILE as a base64 data URL. PDF, JPEG or PNG by content, 5 MB at most; images are downscaled to 2000 px and their metadata dropped. The same file twice: 409 FILE_EXISTS.';

export const registrationFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);

  // The profile sections store ID images sent as data URLs and clear the officer-only files through these.

  app.post('/students/cv', {
    schema: {
      tags,
      summary: 'Upload the CV (PDF only); answers its URL as CV_LINK',
      description: multipartNote,
      consumes: ['multipart/form-data', 'application/json'],
      // Multipart bodies reach validation as null (Fastify passes null for an absent body).
      body: FileUploadJson.nullish(),
      response: { 200: FileUploadResponse, ...uploadErrors },
    },
    bodyLimit: JSON_FILE_BODY_LIMIT,
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const { fields, file } = await readColumnUpload(request, request.body);
    if (fields.col && fields.col !== 'CV_LINK') throw validationError({ col: V.invalid });
    const personId = await assertSelfOrPermitted(app, request, fields.STUDENT_ID, 'persons.editAny');
    reply.header('cache-control', 'no-store');
    return uploadColumnFile(app.ctx, { personId, actor: request.actor, col: 'CV_LINK', file, meta: requestMeta(request) });
  });

  app.post('/students/files', {
    schema: {
      tags,
      summary: 'Upload a file into one of the file columns (col); replaces and deletes the previous one',
      description: multipartNote,
      consumes: ['multipart/form-data', 'application/json'],
      // Multipart bodies reach validation as null (Fastify passes null for an absent body).
      body: FileUploadJson.nullish(),
      response: { 200: FileUploadResponse, ...uploadErrors },
    },
    bodyLimit: JSON_FILE_BODY_LIMIT,
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const { fields, file } = await readColumnUpload(request, request.body);
    if (!fields.col) throw validationError({ col: V.required });
    const personId = await assertSelfOrPermitted(app, request, fields.STUDENT_ID, 'persons.editAny');
    reply.header('cache-control', 'no-store');
    return uploadColumnFile(app.ctx, { personId, actor: request.actor, col: fields.col, file, meta: requestMeta(request) });
  });

  app.patch('/students/files/remove', {
    schema: {
      tags,
      summary: 'Clear a file column and delete its file; answers { col, removed, [col]: null }',
      description: '`removed` is false when the column was already empty. `file`, when it is one of our file URLs or ids, must be the file in the column (404 otherwise).',
      body: FileRemoveBody,
      response: { 200: FileRemoveResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
    },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const personId = await assertSelfOrPermitted(app, request, request.body.STUDENT_ID, 'persons.editAny');
    reply.header('cache-control', 'no-store');
    const removed = await removeColumnFileFor(app.ctx, { personId, actor: request.actor, col: request.body.col, file: request.body.file, meta: requestMeta(request) });
    return removed as z.output<typeof FileRemoveResponse>;
  });

  app.get('/files/:id', {
    schema: {
      tags,
      summary: 'A stored file, to its owner and the back office only',
      description: 'Answers the bytes with their stored type, `Content-Disposition: inline`, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`.',
      params: z.object({ id: z.string().min(1).max(100) }),
      response: {
        200: { description: 'The file', content: Object.fromEntries(ALLOWED_MIME.map((mime) => [mime, { schema: z.string().meta({ format: 'binary' }) }])) },
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
      },
    },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const row = await findFile(app.ctx.db, request.params.id.toLowerCase());
    if (!row) throw new AppError('NOT_FOUND');
    await assertSelfOrPermitted(app, request, row.ownerId, 'persons.readAny');
    const data = await readStoredFile(app.ctx, row);
    if (!data) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', row.mime)
      .header('content-disposition', `inline; filename="${servedName(row)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      // Bytes go out as they are (Fastify never serializes a Buffer); the 200 has no JSON schema.
      .send(data as never);
  });
};
