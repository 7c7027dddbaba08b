import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DecisionBody, IdParams, InboxPage, InboxQuery, RejectionBody, RequestDetail, SignatureBody } from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { decideRequest, inbox, rejectRequest, signRequest } from './processing.service';

const tags = ['requests'];
const errors = errorResponses(400, 401, 403, 404);
const changeErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Issue 11 (decision 32): the units' side of requests: their inbox, the signature and rejection at
 * the first unit, and the decisions. A member acts for their own unit; administrators for the
 * unit holding the request.
 */
export const requestProcessingRoutes: FastifyPluginAsyncZod = async (app) => {
  const processing = app.requirePermission('requests.process');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/requests/inbox',
    {
      schema: {
        tags,
        summary:
          "The requests the caller's unit holds (scope=held) or held before (scope=history), newest first, by stage, status, sub-category and free text; administrators see every unit's (unit narrows)",
        querystring: InboxQuery,
        response: { 200: InboxPage, ...errors },
      },
      preHandler: processing,
    },
    async (request) => inbox(app.ctx, { ...acting(request), query: request.query }),
  );

  app.post(
    '/requests/:id/signature',
    {
      schema: {
        tags,
        summary: 'The first unit records the signature of the printed request (SIGNED_AT, now when absent), once',
        params: IdParams,
        body: SignatureBody,
        response: { 200: RequestDetail, ...changeErrors },
      },
      preHandler: processing,
    },
    async (request) => signRequest(app.ctx, { ...acting(request), id: request.params.id, body: request.body }),
  );

  app.post(
    '/requests/:id/rejection',
    {
      schema: {
        tags,
        summary: 'The first unit rejects a request it has not sent on, with the reason the lecturer reads (mailed to them)',
        params: IdParams,
        body: RejectionBody,
        response: { 200: RequestDetail, ...changeErrors },
      },
      preHandler: processing,
    },
    async (request) => rejectRequest(app.ctx, { ...acting(request), id: request.params.id, body: request.body }),
  );

  app.post(
    '/requests/:id/decision',
    {
      schema: {
        tags,
        summary:
          'The unit holding a request it received takes one of the decisions of its hop, with the comment the lecturer reads as the deliberation (mailed to them)',
        params: IdParams,
        body: DecisionBody,
        response: { 200: RequestDetail, ...changeErrors },
      },
      preHandler: processing,
    },
    async (request) => decideRequest(app.ctx, { ...acting(request), id: request.params.id, body: request.body }),
  );
};
