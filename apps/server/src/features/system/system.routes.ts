import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, Meta } from '@portal/contract';
import { ping } from '../../db/client';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const tags = ['system'];

  app.get('/health', { schema: { tags, summary: 'Liveness and database reachability', response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const database = await ping(app.ctx.db).then(() => 'ok' as const, () => 'down' as const);
    reply.header('cache-control', 'no-store');
    return reply.code(database === 'ok' ? 200 : 503).send({ status: database === 'ok' ? 'ok' : 'degraded', database, driver: app.driver, version: config.version });
  });

  app.get('/meta', { schema: { tags, summary: 'Academic year, version and support address shown by the web app', response: { 200: Meta } } }, async () => ({
    academicYear: config.academicYear,
    version: config.version,
    supportEmail: config.supportEmail,
    devMailbox: config.devMailbox,
  }));
};
