import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, Meta } from '@portal/contract';
import { health, meta } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['system'];

  app.get('/health', { schema: { tags, summary: 'Liveness and database reachability', response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const state = await health(app.ctx, { driver: app.driver });
    return reply
      .code(state.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });

  app.get('/meta', { schema: { tags, summary: 'Academic year, version and support address shown by the web app', response: { 200: Meta } } }, async (request) =>
    meta(app.ctx, { client: { ip: request.ip, headers: request.headers } }),
  );
};
