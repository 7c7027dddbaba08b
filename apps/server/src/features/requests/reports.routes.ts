import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 11 (decision 32): the requests report and its exports. Filled in by its own change. */
export const requestReportsRoutes: FastifyPluginAsyncZod = async () => {};
