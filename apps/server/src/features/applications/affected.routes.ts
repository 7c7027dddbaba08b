import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 11 (decision 32): a lecturer's assigned schools, classes and subjects. Filled in by its own change. */
export const affectedRoutes: FastifyPluginAsyncZod = async () => {};
