import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DocumentDeleted,
  MAX_STUDENT_DOCUMENTS_PER_KIND,
  STUDENT_PROFILE_SECTIONS,
  StudentDocument,
  StudentDocumentFields,
  StudentDocumentParams,
  StudentDocumentUploadJson,
  StudentFile,
  StudentFileParams,
  studentSectionBody,
  type StudentSectionValues,
} from '@portal/contract';
import { acting, assertSelf, assertSelfOrPermitted } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, readUpload } from '../../lib/uploads';
import { addStudentDocument, deleteStudentDocument } from './student-documents.service';
import { readStudentFile, saveStudentSection } from './students.service';

const tags = ['students'];

/**
 * A student's own file (issue 13, decision 37): the sections they fill and save one by one, and their
 * uploads. Everything is the session's student's own; the human resources service reads someone
 * else's file (persons.readFull) and changes none of it.
 */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);

  app.get(
    '/students/profile',
    {
      schema: {
        tags,
        summary: "The signed-in student's file: the registry's identity (read only), the sections, when each was saved, the documents",
        response: { 200: StudentFile, ...errorResponses(401, 403, 404) },
      },
      preHandler: app.requirePermission('student.own'),
    },
    async (request, reply) => {
      const file = await readStudentFile(app.ctx, { ...acting(request), personId: request.actor.id });
      return reply.header('cache-control', 'no-store').send(file);
    },
  );

  app.get(
    '/students/profile/:id',
    {
      schema: {
        tags,
        summary: "A student's file: one's own, or anyone's for the human resources service (persons.readFull); the read of someone else's is audited",
        description: "It carries the parents' contacts and a disability: every other reader is refused (403, audited). Someone who is not a student: 404.",
        params: StudentFileParams,
        response: { 200: StudentFile, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission(['student.own', 'persons.readFull']),
    },
    async (request, reply) => {
      const personId = await assertSelfOrPermitted(app, request, request.params.id, 'persons.readFull');
      const file = await readStudentFile(app.ctx, { ...acting(request), personId });
      return reply.header('cache-control', 'no-store').send(file);
    },
  );

  for (const section of STUDENT_PROFILE_SECTIONS) {
    app.patch(
      `/students/profile/${section}`,
      {
        schema: {
          tags,
          summary: `Save the ${section} section of one's own student file (the other sections are left as they are); answers the whole file`,
          body: studentSectionBody(section),
          response: { 200: StudentFile, ...errorResponses(400, 401, 403, 404) },
        },
        bodyLimit: 64 * 1024,
        preHandler: app.requirePermission('student.own'),
      },
      async (request, reply) => {
        const body = request.body as StudentSectionValues<typeof section> & { STUDENT_ID?: number };
        const personId = await assertSelf(app, request, body.STUDENT_ID);
        const file = await saveStudentSection(app.ctx, { ...acting(request), personId, section, values: body });
        return reply.header('cache-control', 'no-store').send(file);
      },
    );
  }

  app.post(
    '/students/documents',
    {
      schema: {
        tags,
        summary: "Upload a file of one's own student file (CV, birth certificate, diploma, other); 201 with the document",
        description: `Send \`multipart/form-data\` (FILE, KIND, LABEL and, for a diploma, YEAR) or JSON with FILE as a base64 data URL. PDF, JPEG or PNG by content, 5 MB at most; a CV only as a PDF (400 CV_NOT_PDF); a PDF with scripts is refused (415). The same file twice: 409 FILE_EXISTS. A new CV or birth certificate replaces the old one; at most ${MAX_STUDENT_DOCUMENTS_PER_KIND} diplomas or other files (409 STUDENT_DOCUMENTS_LIMIT).`,
        consumes: ['multipart/form-data', 'application/json'],
        // Multipart bodies reach validation as null (Fastify passes null for an absent body).
        body: StudentDocumentUploadJson.nullish(),
        response: { 201: StudentDocument, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
      bodyLimit: JSON_FILE_BODY_LIMIT,
      preHandler: app.requirePermission('student.own'),
    },
    async (request, reply) => {
      const { fields, file } = await readUpload(request, request.body, StudentDocumentFields);
      const personId = await assertSelf(app, request, fields.STUDENT_ID);
      const document = await addStudentDocument(app.ctx, { ...acting(request), personId, fields, file });
      return reply.code(201).header('cache-control', 'no-store').send(document);
    },
  );

  app.delete(
    '/students/documents/:id',
    {
      schema: {
        tags,
        summary: "Delete one of one's own documents and its file; someone else's is refused (403, audited)",
        params: StudentDocumentParams,
        response: { 200: DocumentDeleted, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('student.own'),
    },
    async (request) => deleteStudentDocument(app.ctx, { ...acting(request), id: request.params.id }),
  );
};
