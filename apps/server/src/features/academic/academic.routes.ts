import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const academicRoutes: FastifyPluginAsyncZod = async () => {};
