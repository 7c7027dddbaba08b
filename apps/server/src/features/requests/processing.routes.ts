import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 11 (decision 32): the units' inbox, signature, rejection and decisions. Filled in by its own change. */
export const requestProcessingRoutes: FastifyPluginAsyncZod = async () => {};
