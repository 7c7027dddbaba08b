import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const filesRoutes: FastifyPluginAsyncZod = async () => {};
