import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 11 (decision 32): the administrators' configuration of units, categories, hops and decisions. Filled in by its own change. */
export const requestConfigRoutes: FastifyPluginAsyncZod = async () => {};
