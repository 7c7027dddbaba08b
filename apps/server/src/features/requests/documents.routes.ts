import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 11 (decision 32): attachments, the printable form and the public verification. Filled in by its own change. */
export const requestDocumentsRoutes: FastifyPluginAsyncZod = async () => {};
