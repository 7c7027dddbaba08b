import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DiplomaMarkBody, DocumentDeleteBody, DocumentFields, DocumentRecord, DocumentUploadJson, ErrorResponse, V } from '@portal/contract';
import { assertSelfOrPermitted, requestMeta } from '../../lib/auth';
import { AppError, validationError } from '../../lib/errors';
import { decodeDataUrl, JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, parseFields, readMultipart, type IncomingFile } from '../../lib/uploads';
import { createDocuments, deleteDocument, findDocument, listDocuments, markLastDiploma, type DocumentInput } from './documents.service';

const tags = ['documents'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const uploadErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse };

/** At most this many diplomas in one PATCH /students/update/training. */
export const TRAINING_MAX_FILES = 4;
/** PATCH /students/update/training: diplomas with their files as data URLs, created all or nothing. */
export const TrainingBody = z.object({ files: z.array(DocumentUploadJson).min(1).max(TRAINING_MAX_FILES), STUDENT_ID: z.coerce.number().int().positive().optional() });
export const DocumentDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** A document upload from a multipart form (the fields and FILE) or a JSON body (FILE as a data URL). */
async function readDocumentUpload(request: FastifyRequest, body: z.output<typeof DocumentUploadJson> | null | undefined): Promise<{ fields: DocumentInput; file: IncomingFile }> {
  if (request.isMultipart()) {
    const { fields: raw, file } = await readMultipart(request);
    const fields = parseFields(DocumentFields, raw, file ? {} : { FILE: V.required });
    return { fields, file: file! };
  }
  if (!body) throw validationError({ FILE: V.required });
  const { FILE, ...fields } = body;
  return { fields, file: { data: decodeDataUrl(FILE), name: null } };
}

/**
 * The document named by a delete or mark request, if the session may act on it: its owner or
 * whoever may act on anyone (the back office). Someone else's document is refused (403, audited), not hidden.
 */
async function documentToActOn(app: FastifyInstance, request: FastifyRequest, id: number, studentId: number | undefined) {
  if (studentId !== undefined) await assertSelfOrPermitted(app, request, studentId, 'persons.editAny');
  const document = await findDocument(app.ctx.db, id);
  if (!document || (studentId !== undefined && document.personId !== studentId)) throw new AppError('NOT_FOUND');
  await assertSelfOrPermitted(app, request, document.personId, 'persons.editAny');
  return document;
}

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);

  app.get('/documents/:employee', {
    schema: {
      tags,
      summary: "A person's diplomas and civil-status pieces (one's own, or anyone's for the back office); FILE is the file's URL",
      params: z.object({ employee: z.coerce.number().int().positive() }),
      response: { 200: z.array(DocumentRecord), 401: ErrorResponse, 403: ErrorResponse },
    },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const personId = await assertSelfOrPermitted(app, request, request.params.employee, 'persons.readAny');
    reply.header('cache-control', 'no-store');
    return listDocuments(app.ctx, personId);
  });

  app.post('/documents/upload-student', {
    schema: {
      tags,
      summary: 'Add a diploma or civil-status piece with its file; 201 with the document',
      description:
        'Send `multipart/form-data` (the document fields and FILE) or JSON with FILE as a base64 data URL. DESIGNATION, OBTENEDDATE and OBTENEDSTAB are required, and SPECIALITY, LEVEL and LANGUAGE for a DIPL_CERT: otherwise 400 DOCUMENT_INCOMPLETE. PDF, JPEG or PNG, 5 MB at most; the same file twice: 409 FILE_EXISTS.',
      consumes: ['multipart/form-data', 'application/json'],
      body: DocumentUploadJson.nullish(),
      response: { 201: DocumentRecord, ...uploadErrors },
    },
    bodyLimit: JSON_FILE_BODY_LIMIT,
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const { fields, file } = await readDocumentUpload(request, request.body);
    const personId = await assertSelfOrPermitted(app, request, fields.STUDENT_ID, 'persons.editAny');
    const [created] = await createDocuments(app.ctx, { personId, actor: request.actor, items: [{ fields, file }], meta: requestMeta(request) });
    return reply.code(201).header('cache-control', 'no-store').send(created!);
  });

  app.post('/documents/delete', {
    schema: { tags, summary: 'Delete a document and its file', body: DocumentDeleteBody, response: { 200: DocumentDeleted, ...errors } },
    preHandler: app.requireUser,
  }, async (request) => {
    const document = await documentToActOn(app, request, request.body.id, request.body.STUDENT_ID);
    return deleteDocument(app.ctx, { document, actor: request.actor, meta: requestMeta(request) });
  });

  app.patch('/students/update/diploma', {
    schema: { tags, summary: 'Mark a diploma (DIPL_CERT) as the last one obtained; the previous mark is cleared', body: DiplomaMarkBody, response: { 200: DocumentRecord, ...errors } },
    preHandler: app.requireUser,
  }, async (request) => {
    const document = await documentToActOn(app, request, request.body.id, request.body.STUDENT_ID);
    return markLastDiploma(app.ctx, { document, actor: request.actor, meta: requestMeta(request) });
  });

  app.patch('/students/update/training', {
    schema: {
      tags,
      summary: `Add diplomas sent as data URLs (at most ${TRAINING_MAX_FILES}), all or nothing; 201 with the documents`,
      body: TrainingBody,
      response: { 201: z.array(DocumentRecord), ...uploadErrors },
    },
    bodyLimit: TRAINING_MAX_FILES * JSON_FILE_BODY_LIMIT,
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const { files, STUDENT_ID } = request.body;
    const named = new Set([STUDENT_ID, ...files.map((f) => f.STUDENT_ID)].filter((id): id is number => id !== undefined));
    if (named.size > 1) throw validationError({ STUDENT_ID: V.invalid });
    const personId = await assertSelfOrPermitted(app, request, [...named][0], 'persons.editAny');
    const items = files.map(({ FILE, ...fields }) => ({ fields, file: { data: decodeDataUrl(FILE), name: null } }));
    const created = await createDocuments(app.ctx, { personId, actor: request.actor, items, meta: requestMeta(request) });
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });
};
