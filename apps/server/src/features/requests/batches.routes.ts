import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BatchBody, BatchPage, BatchQuery, EligibleQuery, EligibleRequest, IdParams, RequestBatchDetail } from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { safeFileName } from '../../lib/uploads';
import { batchSlip, cancelBatch, createBatch, eligibleRequests, listBatches, loadBatchForViewer, receiveBatch, sendBatch } from './batches.service';

const tags = ['requests'];
const errors = errorResponses(400, 401, 403, 404);
const changeErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Issue 11 (decision 32): transmittal batches. A unit bundles requests it may send to one
 * destination (DRAFT), sends them (SENT), and the destination confirms their reception (RECEIVED),
 * which hands them over; the sender may cancel a batch not yet received (CANCELLED).
 */
export const requestBatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const processing = app.requirePermission('requests.process');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/request-batches',
    {
      schema: {
        tags,
        summary: "The caller's unit's batches, outgoing (OUT), incoming (IN, once sent) or both, by status, newest first; administrators see all",
        querystring: BatchQuery,
        response: { 200: BatchPage, ...errors },
      },
      preHandler: processing,
    },
    async (request) => listBatches(app.ctx, { actor: request.actor, query: request.query }),
  );

  app.get(
    '/request-batches/eligible',
    {
      schema: {
        tags,
        summary: "The requests the caller's unit may send now, each with the units it may go to (administrators name the unit)",
        querystring: EligibleQuery,
        response: { 200: z.array(EligibleRequest), ...errors },
      },
      preHandler: processing,
    },
    async (request) => eligibleRequests(app.ctx, { ...acting(request), unit: request.query.unit }),
  );

  app.post(
    '/request-batches',
    {
      schema: {
        tags,
        summary: "A batch of requests from the caller's unit to one destination (DRAFT; SEND sends it at once); 409 naming the requests that can no longer go",
        body: BatchBody,
        response: { 201: RequestBatchDetail, ...changeErrors },
      },
      preHandler: processing,
    },
    async (request, reply) => reply.code(201).send(await createBatch(app.ctx, { ...acting(request), body: request.body })),
  );

  app.get(
    '/request-batches/:id',
    {
      schema: {
        tags,
        summary: 'A batch and its requests, for its sending unit, its destination and administrators',
        params: IdParams,
        response: { 200: RequestBatchDetail, ...errors },
      },
      preHandler: processing,
    },
    async (request) => loadBatchForViewer(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.post(
    '/request-batches/:id/send',
    {
      schema: { tags, summary: 'The sending unit sends its prepared batch', params: IdParams, response: { 200: RequestBatchDetail, ...changeErrors } },
      preHandler: processing,
    },
    async (request) => sendBatch(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.post(
    '/request-batches/:id/receive',
    {
      schema: {
        tags,
        summary: 'The destination confirms the reception of a sent batch and takes its requests',
        params: IdParams,
        response: { 200: RequestBatchDetail, ...changeErrors },
      },
      preHandler: processing,
    },
    async (request) => receiveBatch(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.post(
    '/request-batches/:id/cancel',
    {
      schema: {
        tags,
        summary: 'The sending unit cancels a batch not yet received; its requests are free again',
        params: IdParams,
        response: { 200: RequestBatchDetail, ...changeErrors },
      },
      preHandler: processing,
    },
    async (request) => cancelBatch(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.get(
    '/request-batches/:id/slip',
    {
      schema: {
        tags,
        summary:
          'The printable transmittal slip (A4 PDF in French and English: the requests, and the boxes to sign on sending and on reception), for its sending unit, its destination and administrators',
        params: IdParams,
        response: {
          200: { description: 'The transmittal slip', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
          ...errors,
        },
      },
      preHandler: processing,
    },
    async (request, reply) => {
      const slip = await batchSlip(app.ctx, { ...acting(request), id: request.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${safeFileName(slip.reference, 'pdf', 'batch')}"`)
        .send(slip.data as never);
    },
  );
};
