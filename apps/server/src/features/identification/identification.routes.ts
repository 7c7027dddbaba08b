import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FingerParams,
  Identification,
  IdentificationPage,
  IdentificationQuery,
  IdentificationUpload,
  MAX_FINGERPRINT_BYTES,
  MIN_FINGERS_FOR_COMPLETION,
  PersonIdParams,
  ReopenBody,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, NO_FIELDS, STORED_FILE_HEADERS, readUpload } from '../../lib/uploads';
import {
  completeIdentification,
  listIdentifications,
  loadIdentification,
  readFingerprint,
  removeFingerprint,
  removePhoto,
  reopenIdentification,
  saveFingerprint,
  savePhoto,
} from './identification.service';
import { errorResponses } from '../../lib/errors';

const tags = ['identification'];
const errors = errorResponses(400, 401, 403, 404);
const changeErrors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/** The options of an upload route: one file, as `multipart/form-data` (field FILE) or JSON with FILE as a base64 data URL. */
const upload = <P extends z.ZodType>(params: P, summary: string, description: string) => ({
  schema: {
    tags,
    summary,
    description: `Send \`multipart/form-data\` (field FILE) or JSON with FILE as a base64 data URL. ${description}`,
    consumes: ['multipart/form-data', 'application/json'],
    params,
    // Multipart bodies reach validation as null (Fastify passes null for an absent body).
    body: IdentificationUpload.nullish(),
    response: { 200: Identification, ...uploadErrors },
  },
  bodyLimit: JSON_FILE_BODY_LIMIT,
});

/**
 * The identification office: photo and fingerprints of staff, then completion, which opens the
 * lesson-choice menu. IDENTIFICATION agents and administrators only; fingerprints never leave these routes.
 */
export const identificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);
  const office = app.requirePermission('identification.manage');
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/identification/')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/identification/persons',
    {
      schema: {
        tags,
        summary: 'Staff to identify: search by matricule or name, filter by completion; closed registrations first',
        querystring: IdentificationQuery,
        response: { 200: IdentificationPage, ...errors },
      },
      preHandler: office,
    },
    async (request) => listIdentifications(app.ctx, request.query),
  );

  app.get(
    '/identification/persons/:id',
    {
      schema: {
        tags,
        summary: "A person's identification: photo, fingers on file, completion",
        params: PersonIdParams,
        response: { 200: Identification, ...errors },
      },
      preHandler: office,
    },
    async (request) => loadIdentification(app.ctx.db, request.params.id),
  );

  app.post(
    '/identification/persons/:id/photo',
    {
      ...upload(
        PersonIdParams,
        'Register the photo (JPEG or PNG by content); replaces and deletes the previous one',
        '5 MB at most; re-encoded without metadata; served to the person and the back office at PHOTO_LINK. The same bytes as a file the person already has: 409 FILE_EXISTS. 409 IDENTIFICATION_COMPLETED while complete.',
      ),
      preHandler: office,
    },
    async (request) => {
      const { file } = await readUpload(request, request.body, NO_FIELDS);
      return savePhoto(app.ctx, { ...acting(request), personId: request.params.id, file });
    },
  );

  app.delete(
    '/identification/persons/:id/photo',
    {
      schema: { tags, summary: 'Remove the photo and its file', params: PersonIdParams, response: { 200: Identification, ...changeErrors } },
      preHandler: office,
    },
    async (request) => removePhoto(app.ctx, { ...acting(request), personId: request.params.id }),
  );

  app.post(
    '/identification/persons/:id/fingerprints/:finger',
    {
      ...upload(
        FingerParams,
        "Register one finger's print; replaces the previous one",
        `Accepted by content only: JPEG, PNG, WSQ, ISO/IEC 19794-2 or ANSI 378 template (FMR), ISO/IEC 19794-4 image record (FIR); otherwise 415 FILE_TYPE_REFUSED. ${MAX_FINGERPRINT_BYTES} bytes at most (413 FILE_TOO_LARGE). The same file already on another finger: 409 FILE_EXISTS.`,
      ),
      preHandler: office,
    },
    async (request) => {
      const { file } = await readUpload(request, request.body, NO_FIELDS);
      return saveFingerprint(app.ctx, { ...acting(request), personId: request.params.id, finger: request.params.finger, data: file.data });
    },
  );

  app.delete(
    '/identification/persons/:id/fingerprints/:finger',
    {
      schema: { tags, summary: "Remove one finger's print and its stored file", params: FingerParams, response: { 200: Identification, ...changeErrors } },
      preHandler: office,
    },
    async (request) => removeFingerprint(app.ctx, { ...acting(request), personId: request.params.id, finger: request.params.finger }),
  );

  app.get(
    '/identification/persons/:id/fingerprints/:finger/file',
    {
      schema: {
        tags,
        summary: "One finger's print as stored (identification office and administrators only)",
        description: 'Answers the bytes as an attachment: image/jpeg, image/png, or application/octet-stream for WSQ, FMR and FIR; `Cache-Control: no-store`.',
        params: FingerParams,
        response: {
          200: {
            description: 'The fingerprint file',
            content: {
              'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) },
              'image/jpeg': { schema: z.string().meta({ format: 'binary' }) },
              'image/png': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...errors,
        },
      },
      preHandler: office,
    },
    async (request, reply) => {
      const file = await readFingerprint(app.ctx, { ...acting(request), personId: request.params.id, finger: request.params.finger });
      return (
        reply
          .header('content-type', file.mime)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .headers(STORED_FILE_HEADERS)
          // Bytes go out as they are (Fastify never serializes a Buffer); the 200 has no JSON schema.
          .send(file.data as never)
      );
    },
  );

  app.post(
    '/identification/persons/:id/complete',
    {
      schema: {
        tags,
        summary: `Complete the identification: needs the photo and at least ${MIN_FINGERS_FOR_COMPLETION} fingers`,
        description:
          'Otherwise 400 IDENTIFICATION_INCOMPLETE with `columns` naming what is missing (PHOTO_LINK, FINGERS). While complete, the photo and fingerprints cannot change (409 IDENTIFICATION_COMPLETED).',
        params: PersonIdParams,
        response: { 200: Identification, ...changeErrors },
      },
      preHandler: office,
    },
    async (request) => completeIdentification(app.ctx, { ...acting(request), personId: request.params.id }),
  );

  app.post(
    '/identification/persons/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a complete identification to redo it, with the reason',
        params: PersonIdParams,
        body: ReopenBody,
        response: { 200: Identification, ...errors },
      },
      preHandler: office,
    },
    async (request) => reopenIdentification(app.ctx, { ...acting(request), personId: request.params.id, reason: request.body.reason }),
  );
};
