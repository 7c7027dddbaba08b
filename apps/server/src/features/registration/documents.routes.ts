import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DiplomaMarkBody,
  DocumentDeleteBody,
  DocumentDeleted,
  DocumentFields,
  DocumentRecord,
  DocumentUploadJson,
  EmployeeParams,
  ErrorResponse,
  TRAINING_MAX_FILES,
  TrainingBody,
} from '@portal/contract';
import { acting, assertSelf, assertSelfOrPermitted } from '../../lib/auth';
import { JSON_FILE_BODY_LIMIT, jsonUpload, MULTIPART_OPTIONS, readUpload } from '../../lib/uploads';
import { createDocuments, deleteDocument, listDocuments, markLastDiploma } from './documents.service';
import { errorResponses } from '../../lib/errors';

const tags = ['documents'];
const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/**
 * One's own diplomas and civil-status pieces (STUDENT_ID, when given, must be the session's person:
 * decision 22); the human resources service changes someone else's through /api/hr, with a reason.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);

  app.get(
    '/documents/:employee',
    {
      schema: {
        tags,
        summary: "A person's diplomas and civil-status pieces (one's own, or anyone's for the human resources service); FILE is the file's URL",
        params: EmployeeParams,
        response: { 200: z.array(DocumentRecord), 401: ErrorResponse, 403: ErrorResponse },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const personId = await assertSelfOrPermitted(app, request, request.params.employee, 'persons.readFull');
      reply.header('cache-control', 'no-store');
      return listDocuments(app.ctx, personId);
    },
  );

  app.post(
    '/documents/upload-student',
    {
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
    },
    async (request, reply) => {
      const upload = await readUpload(request, request.body, DocumentFields);
      const personId = await assertSelf(app, request, upload.fields.STUDENT_ID);
      const [created] = await createDocuments(app.ctx, { ...acting(request), personId, items: [upload] });
      return reply.code(201).header('cache-control', 'no-store').send(created!);
    },
  );

  app.post(
    '/documents/delete',
    {
      schema: { tags, summary: 'Delete a document and its file', body: DocumentDeleteBody, response: { 200: DocumentDeleted, ...errors } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.body.STUDENT_ID);
      return deleteDocument(app.ctx, { ...acting(request), id: request.body.id, personId });
    },
  );

  app.patch(
    '/students/update/diploma',
    {
      schema: {
        tags,
        summary: 'Mark a diploma (DIPL_CERT) as the last one obtained; the previous mark is cleared',
        body: DiplomaMarkBody,
        response: { 200: DocumentRecord, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.body.STUDENT_ID);
      return markLastDiploma(app.ctx, { ...acting(request), id: request.body.id, personId });
    },
  );

  app.patch(
    '/students/update/training',
    {
      schema: {
        tags,
        summary: `Add diplomas sent as data URLs (at most ${TRAINING_MAX_FILES}), all or nothing; 201 with the documents`,
        body: TrainingBody,
        response: { 201: z.array(DocumentRecord), ...uploadErrors },
      },
      bodyLimit: TRAINING_MAX_FILES * JSON_FILE_BODY_LIMIT,
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const personId = await assertSelf(app, request, request.body.STUDENT_ID);
      const created = await createDocuments(app.ctx, { ...acting(request), personId, items: request.body.files.map(jsonUpload) });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );
};
