import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, RequestAttachment, RequestAttachmentBody, RequestVerification, VerificationParams } from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { ALLOWED_MIME, JSON_FILE_BODY_LIMIT, MULTIPART_OPTIONS, NO_FIELDS, readUpload, safeFileName, sendStoredFile } from '../../lib/uploads';
import { requestAttachmentFile, requestForm, uploadRequestAttachment, verifyRequest } from './documents.service';

const tags = ['requests'];
const errors = errorResponses(400, 401, 403, 404);
const binary = z.string().meta({ format: 'binary' });

/** The draft attachment upload, in a plugin of its own: the only route here that reads multipart forms. */
const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, MULTIPART_OPTIONS);

  app.post(
    '/requests/attachments',
    {
      schema: {
        tags,
        summary: 'Upload the attachment of a request about to be filed (a draft, named by REQUEST_FILE when filing)',
        description:
          "Send `multipart/form-data` (field FILE) or JSON with FILE as a base64 data URL. PDF, JPEG or PNG by content, 5 MB at most; images are downscaled to 2000 px and their metadata dropped. 201 with the new draft; the same file again while it is a draft no request names answers that draft (200), so that a reloaded form may send it again; the same file as any other of yours (a filed request's attachment, a CV ...): 409 FILE_EXISTS. A draft never filed is deleted after 7 days.",
        consumes: ['multipart/form-data', 'application/json'],
        // Multipart bodies reach validation as null (Fastify passes null for an absent body).
        body: RequestAttachmentBody.nullish(),
        response: { 200: RequestAttachment, 201: RequestAttachment, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
      bodyLimit: JSON_FILE_BODY_LIMIT,
      preHandler: app.requirePermission('requests.own'),
    },
    async (request, reply) => {
      const { file } = await readUpload(request, request.body, NO_FIELDS);
      const { attachment, created } = await uploadRequestAttachment(app.ctx, { ...acting(request), file });
      return reply
        .code(created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(attachment);
    },
  );
};

/**
 * Issue 11 (decision 32): a request's attachment (uploaded before filing, served to whoever may see
 * the request), its printable form with the QR code, and the public verification the code opens.
 */
export const requestDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attachmentRoutes);

  app.get(
    '/requests/:id/file',
    {
      schema: {
        tags,
        summary: "A request's attachment, to its author, the units that hold or held it and administrators (another person's is 403); 404 when it has none",
        description:
          'Answers the bytes with their stored type, `Content-Disposition: inline`, `Content-Security-Policy: sandbox`, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`.',
        params: IdParams,
        response: { 200: { description: 'The attachment', content: Object.fromEntries(ALLOWED_MIME.map((mime) => [mime, { schema: binary }])) }, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const file = await requestAttachmentFile(app.ctx, { ...acting(request), id: request.params.id });
      return sendStoredFile(reply, file);
    },
  );

  app.get(
    '/requests/:id/form',
    {
      schema: {
        tags,
        summary: 'The printable request (A4 PDF in French and English, with its QR code), to its author, the units that hold or held it and administrators',
        params: IdParams,
        response: { 200: { description: 'The printable request', content: { 'application/pdf': { schema: binary } } }, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const form = await requestForm(app.ctx, { ...acting(request), id: request.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${safeFileName(form.reference, 'pdf', 'request')}"`)
        .header('cache-control', 'private, no-store')
        .send(form.data as never);
    },
  );

  app.get(
    '/public/requests/:token',
    {
      schema: {
        tags,
        summary: "What a printed request's QR code shows anyone, without signing in: its reference, filing instant and current status, nothing else",
        params: VerificationParams,
        response: { 200: RequestVerification, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyRequest(app.ctx, { token: request.params.token });
    },
  );
};
