import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES, type ErrorResponse } from '@portal/contract';

/** Whether the web app is built in `webDist` (its index.html), so that the server serves it. */
export const hasWebApp = (webDist: string): boolean => existsSync(path.join(webDist, 'index.html'));

/** The built web app's files: its hashed assets kept for a year, anything else checked each time. */
export const webFilesPlugin = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  await app.register(fastifyStatic, {
    root: webDist,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});

/** What no route answers: a page of the web app (its client-side routes) when it is served, else 404 NOT_FOUND. */
export const notFoundPlugin = fp(async (app: FastifyInstance, { hasWeb }: { hasWeb: boolean }) => {
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0]!);
    if (hasWeb && isPage) {
      // Client-side routes: the web app's index.html answers them.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND } satisfies ErrorResponse);
  });
});
