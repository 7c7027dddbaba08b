import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/** The OpenAPI document, built from the routes' contract schemas, and its pages at /api/docs. Registered before the routes. */
export const openApiPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'University portal API',
        version: config.version,
        description: 'Self-service portal for staff, students and candidates. Authenticated calls use the session cookie or `Authorization: Bearer <TOKEN>`.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'portal_session' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
