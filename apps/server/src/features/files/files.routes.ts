import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, FileParams } from '@portal/contract';
import { acting } from '../../lib/auth';
import { ALLOWED_MIME, sendStoredFile } from '../../lib/uploads';
import { readFile } from './files.service';

/** Stored files (CV, ID images, documents, photos), served to their owner, the human resources service, and photos to the identification office. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file, to its owner and the human resources service only (a photo also to the identification office)',
        description:
          "Answers the bytes with their stored type, `Content-Disposition: inline`, `Content-Security-Policy: sandbox` (nothing in the file, such as a PDF's script, runs in the portal's origin), `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`.",
        params: FileParams,
        response: {
          200: { description: 'The file', content: Object.fromEntries(ALLOWED_MIME.map((mime) => [mime, { schema: z.string().meta({ format: 'binary' }) }])) },
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const file = await readFile(app.ctx, { ...acting(request), id: request.params.id });
      return sendStoredFile(reply, file);
    },
  );
};
