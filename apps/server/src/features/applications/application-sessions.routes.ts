import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicationSession, ErrorResponse } from '@portal/contract';
import { currentApplicationSession } from './application-sessions.service';

export const applicationSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions-applications/current',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The subject-choice session open now; 204 when none (No active session)',
        response: { 200: ApplicationSession, 204: z.null(), 401: ErrorResponse },
      },
      preHandler: app.requireUser,
    },
    async (_request, reply) => {
      const session = await currentApplicationSession(app.ctx);
      reply.header('cache-control', 'no-store');
      return session ? session : reply.code(204).send(null);
    },
  );
};
