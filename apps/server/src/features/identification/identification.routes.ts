import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const identificationRoutes: FastifyPluginAsyncZod = async () => {};
