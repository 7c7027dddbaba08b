import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParams, PersonRecord } from '@portal/contract';
import { assertSelfOrPermitted } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { loadPersonRecord, ownRecord } from '../../lib/person-record';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/students/:id', {
    schema: { tags: ['students'], summary: "A person's record: one's own, or anyone's for the back office", params: IdParams, response: { 200: PersonRecord, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const id = await assertSelfOrPermitted(app, request, request.params.id, 'persons.readAny');
    const record = id === request.actor.id ? ownRecord(request) : await loadPersonRecord(app.ctx.db, id);
    if (!record) throw new AppError('NOT_FOUND');
    reply.header('cache-control', 'no-store');
    return record;
  });
};
