import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParams, PersonRecord } from '@portal/contract';
import { assertSelfOrPermitted } from '../../lib/auth';
import { personRecord } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/students/:id', {
    schema: { tags: ['students'], summary: "A person's record: one's own, or anyone's for the back office", params: IdParams, response: { 200: PersonRecord, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const personId = await assertSelfOrPermitted(app, request, request.params.id, 'persons.readAny');
    const record = await personRecord(app.ctx, { personId, own: request.sessionRow });
    return reply.header('cache-control', 'no-store').send(record);
  });
};
