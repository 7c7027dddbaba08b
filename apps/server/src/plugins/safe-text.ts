import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertSafeText } from '../lib/safe-text';

/**
 * Text no field takes (a NUL byte, an unpaired surrogate) is refused in the path, the query and any
 * parsed body, before the route's schema or service sees it (400 INVALID_CHARACTERS, lib/safe-text.ts).
 */
export const safeTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => assertSafeText(request.params, request.query, request.body));
});
