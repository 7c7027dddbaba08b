import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParams, PersonAnswer } from '@portal/contract';
import { assertSelfOrPermitted } from '../../lib/auth';
import { personRecord } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/:id',
    {
      schema: {
        tags: ['students'],
        summary:
          "A person's record: one's own; anyone's, whole, for the human resources service; a summary (PersonSummary) for the academic and identification offices",
        params: IdParams,
        response: { 200: PersonAnswer, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const personId = await assertSelfOrPermitted(app, request, request.params.id, ['persons.readFull', 'persons.readSummary']);
      const record = await personRecord(app.ctx, { personId, own: request.sessionRow, actor: request.actor });
      return reply.header('cache-control', 'no-store').send(record);
    },
  );
};
