import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ErrorResponse } from '@portal/contract';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, validationError } from '../lib/errors';

/**
 * Every error answers the contract's ErrorResponse with a stable code (lib/errors.ts): a service's
 * AppError as it says, a schema's refusal as VALIDATION_FAILED with its fields, Fastify's own
 * refusals (too large, unsupported type, malformed), the database away as 503 DATABASE_UNAVAILABLE,
 * and anything else as 500 INTERNAL, logged.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorResponse) => {
      if (body.retryAfter) reply.header('retry-after', String(body.retryAfter));
      return reply.code(status).send(body);
    };
    if (error instanceof AppError) {
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
        ...(error.columns ? { columns: error.columns } : {}),
        ...(error.limit ? { limit: error.limit } : {}),
        ...(error.conflict ? { conflict: error.conflict } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const message = issue.message ?? '';
        fields[key] ??= message.startsWith('validation.') ? message : 'validation.invalid';
      }
      const refused = validationError(fields);
      return send(400, { code: refused.code, message: refused.message, fields });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, { code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, empty bodies and other client mistakes caught by Fastify itself.
      request.log.info({ code: error.code }, 'client error');
      return send(400, { code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away or too slow: a stable answer at once, never a hang nor a 500.
      request.log.warn({ err: error, req: request }, 'database unavailable');
      return send(503, { code: 'DATABASE_UNAVAILABLE', message: ERROR_MESSAGES.DATABASE_UNAVAILABLE, retryAfter: 30 });
    }
    request.log.error({ err: error, req: request }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL });
  });
});
