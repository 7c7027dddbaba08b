import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 11 (decision 32): transmittal batches. Filled in by its own change. */
export const requestBatchesRoutes: FastifyPluginAsyncZod = async () => {};
