import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentDeleted,
  DocumentRecord,
  Dossier,
  FileRemoveResponse,
  FileUploadResponse,
  HrDocumentFields,
  HrDocumentParams,
  HrDocumentUploadJson,
  HrFileRemoveBody,
  HrFileUploadFields,
  HrFileUploadJson,
  HrSectionExtra,
  IdParams,
  PersonRecord,
  RegistrationPage,
  RegistrationQuery,
  ReopenBody,
  SECTION_SCHEMAS,
  sectionBody,
  type SavedSection,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, readUpload } from '../../lib/uploads';
import { createDocuments, deleteDocument, markLastDiploma } from '../registration/documents.service';
import { removeColumnFileFor, uploadColumnFile } from '../registration/registration-files.service';
import { reopenRegistration, saveSection } from '../registration/registration.service';
import { dossier, exportRegistrations, listRegistrations } from './hr.service';
import { errorResponses, validationError } from '../../lib/errors';
import { EXPORT_CONTENT_TYPES } from '../../lib/spreadsheet';

const tags = ['hr'];
const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const uploadNote =
  'Send `multipart/form-data` (FILE and the other fields) or JSON with FILE as a base64 data URL. PDF, JPEG or PNG by content (a CV: PDF only), 5 MB at most. The reason (5 to 500 characters) is required and kept in the audit log, whether the registration is open or closed.';

/** The human resources service: registrations, dossiers, reopening and corrections (HR and administrators). */
export const hrRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);
  const hr = app.requirePermission('registrations.manage');
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/hr/')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/hr/registrations',
    {
      schema: {
        tags,
        summary: 'Staff registrations: search, filter by category, closure and missing data; 20 a page',
        querystring: RegistrationQuery,
        response: { 200: RegistrationPage, ...errors },
      },
      preHandler: hr,
    },
    async (request) => listRegistrations(app.ctx, request.query),
  );

  app.get(
    '/hr/registrations/export',
    {
      schema: { tags, summary: 'The filtered list as CSV', querystring: RegistrationQuery, response: { 200: z.string(), ...errors } },
      preHandler: hr,
    },
    async (request, reply) => {
      const { csv, filename } = await exportRegistrations(app.ctx, request.query);
      return reply.header('content-type', EXPORT_CONTENT_TYPES.csv).header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );

  app.get(
    '/hr/registrations/:id',
    {
      schema: { tags, summary: 'A dossier: the record, its state, documents and audit trail', params: IdParams, response: { 200: Dossier, ...errors } },
      preHandler: hr,
    },
    async (request) => dossier(app.ctx, { personId: request.params.id }),
  );

  app.post(
    '/hr/registrations/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a closed registration, with the reason',
        params: IdParams,
        body: ReopenBody,
        response: { 200: PersonRecord, ...errors },
      },
      preHandler: hr,
    },
    async (request) => reopenRegistration(app.ctx, { ...acting(request), personId: request.params.id, reason: request.body.reason }),
  );

  for (const section of Object.keys(SECTION_SCHEMAS) as SavedSection[]) {
    app.patch(
      `/hr/registrations/:id/${section}`,
      {
        schema: {
          tags,
          summary: `Correct the ${section} section of a registration, with the reason`,
          params: IdParams,
          body: sectionBody(section).and(HrSectionExtra),
          response: { 200: PersonRecord, ...errors },
        },
        bodyLimit: section === 'identification' ? 16 * 1024 * 1024 : 64 * 1024,
        preHandler: hr,
      },
      async (request) => {
        const { reason, ...values } = request.body as Record<string, unknown> & { reason: string };
        return saveSection(app.ctx, { ...acting(request), personId: request.params.id, section, values, reason });
      },
    );
  }

  // Someone else's files and documents: the human resources service's alone, with the reason, always (decision 22).

  app.post(
    '/hr/registrations/:id/files',
    {
      schema: {
        tags,
        summary: "Put a file into one of a person's file columns (col; the CV is CV_LINK), replacing and deleting the previous one, with the reason",
        description: uploadNote,
        consumes: ['multipart/form-data', 'application/json'],
        params: IdParams,
        // Multipart bodies reach validation as null (Fastify passes null for an absent body).
        body: HrFileUploadJson.nullish(),
        response: { 200: FileUploadResponse, ...uploadErrors },
      },
      bodyLimit: JSON_FILE_BODY_LIMIT,
      preHandler: hr,
    },
    async (request) => {
      const { fields, file } = await readUpload(request, request.body, HrFileUploadFields);
      return uploadColumnFile(app.ctx, { ...acting(request), personId: request.params.id, reason: fields.reason, col: fields.col, file });
    },
  );

  app.patch(
    '/hr/registrations/:id/files/remove',
    {
      schema: {
        tags,
        summary: "Clear one of a person's file columns and delete its file, with the reason",
        params: IdParams,
        body: HrFileRemoveBody,
        response: { 200: FileRemoveResponse, ...errors },
      },
      preHandler: hr,
    },
    async (request) => {
      const { col, file, reason } = request.body;
      return removeColumnFileFor(app.ctx, { ...acting(request), personId: request.params.id, reason, col, file });
    },
  );

  app.post(
    '/hr/registrations/:id/documents',
    {
      schema: {
        tags,
        summary: 'Add a diploma or civil-status piece with its file to a registration, with the reason; 201 with the document',
        description: `${uploadNote} The document's fields as for POST /documents/upload-student.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: IdParams,
        body: HrDocumentUploadJson.nullish(),
        response: { 201: DocumentRecord, ...uploadErrors },
      },
      bodyLimit: JSON_FILE_BODY_LIMIT,
      preHandler: hr,
    },
    async (request, reply) => {
      const { fields, file } = await readUpload(request, request.body, HrDocumentFields);
      // The path names the person; a STUDENT_ID naming someone else is a mistake, not a second person.
      if (fields.STUDENT_ID !== undefined && fields.STUDENT_ID !== request.params.id) throw validationError({ STUDENT_ID: 'validation.invalid' });
      const [created] = await createDocuments(app.ctx, { ...acting(request), personId: request.params.id, reason: fields.reason, items: [{ fields, file }] });
      return reply.code(201).send(created!);
    },
  );

  app.post(
    '/hr/registrations/:id/documents/:document/delete',
    {
      schema: {
        tags,
        summary: "Delete one of a person's documents and its file, with the reason",
        params: HrDocumentParams,
        body: ReopenBody,
        response: { 200: DocumentDeleted, ...errors },
      },
      preHandler: hr,
    },
    async (request) => deleteDocument(app.ctx, { ...acting(request), id: request.params.document, personId: request.params.id, reason: request.body.reason }),
  );

  app.patch(
    '/hr/registrations/:id/documents/:document/last-diploma',
    {
      schema: {
        tags,
        summary: "Mark one of a person's diplomas as the last one obtained, with the reason",
        params: HrDocumentParams,
        body: ReopenBody,
        response: { 200: DocumentRecord, ...errors },
      },
      preHandler: hr,
    },
    async (request) => markLastDiploma(app.ctx, { ...acting(request), id: request.params.document, personId: request.params.id, reason: request.body.reason }),
  );
};
