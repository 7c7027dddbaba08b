import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ColumnUploadFields,
  ColumnUploadJson,
  CvUploadFields,
  CvUploadJson,
  ErrorResponse,
  FileRemoveBody,
  FileRemoveResponse,
  FileUploadResponse,
} from '@portal/contract';
import { acting, assertSelf } from '../../lib/auth';
import { JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, readUpload } from '../../lib/uploads';
import { removeColumnFileFor, uploadColumnFile } from './registration-files.service';
import { errorResponses } from '../../lib/errors';

const tags = ['files'];
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);

const multipartNote =
  'Send `multipart/form-data` (field FILE, and col, STUDENT_ID, name) or JSON with FILE as a base64 data URL. PDF, JPEG or PNG by content, 5 MB at most; images are downscaled to 2000 px and their metadata dropped. The same file twice: 409 FILE_EXISTS.';

/** The two ways into a file column: the CV alone, or any column named by `col`. */
const uploads = [
  { path: '/students/cv', summary: 'Upload the CV (PDF only); answers its URL as CV_LINK', fields: CvUploadFields, json: CvUploadJson },
  {
    path: '/students/files',
    summary: 'Upload a file into one of the file columns (col); replaces and deletes the previous one',
    fields: ColumnUploadFields,
    json: ColumnUploadJson,
  },
] as const;

/**
 * One's own file columns (CV, NIU, CNPS, RIB, decree, presence certificate, ID images): uploads and
 * removals. STUDENT_ID, when given, must be the session's person (decision 22); the human resources
 * service changes someone else's files through /api/hr, with a reason.
 */
export const registrationFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);

  // The profile sections store ID images sent as data URLs and clear the officer-only files through these.

  for (const upload of uploads) {
    app.post(
      upload.path,
      {
        schema: {
          tags,
          summary: upload.summary,
          description: multipartNote,
          consumes: ['multipart/form-data', 'application/json'],
          // Multipart bodies reach validation as null (Fastify passes null for an absent body).
          body: upload.json.nullish(),
          response: { 200: FileUploadResponse, ...uploadErrors },
        },
        bodyLimit: JSON_FILE_BODY_LIMIT,
        preHandler: app.requireUser,
      },
      async (request, reply) => {
        const { fields, file } = await readUpload(request, request.body, upload.fields);
        const personId = await assertSelf(app, request, fields.STUDENT_ID);
        reply.header('cache-control', 'no-store');
        return uploadColumnFile(app.ctx, { ...acting(request), personId, col: fields.col ?? 'CV_LINK', file });
      },
    );
  }

  app.patch(
    '/students/files/remove',
    {
      schema: {
        tags,
        summary: 'Clear a file column and delete its file; answers { col, removed, [col]: null }',
        description:
          '`removed` is false when the column was already empty. `file`, when it is one of our file URLs or ids, must be the file in the column (404 otherwise).',
        body: FileRemoveBody,
        response: { 200: FileRemoveResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const personId = await assertSelf(app, request, request.body.STUDENT_ID);
      reply.header('cache-control', 'no-store');
      return removeColumnFileFor(app.ctx, { ...acting(request), personId, col: request.body.col, file: request.body.file });
    },
  );
};
