import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const hrRoutes: FastifyPluginAsyncZod = async () => {};
