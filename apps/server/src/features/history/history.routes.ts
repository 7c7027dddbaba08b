import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HistoryPage, HistoryQuery } from '@portal/contract';
import { errorResponses } from '../../lib/errors';
import { listHistory } from './history.service';

const errors = errorResponses(400, 401, 403);

/** The person's own activity history (issue 12, decision 36): always the session's person, never one named in the request. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history',
    {
      schema: {
        tags: ['history'],
        summary:
          "The caller's own activity, newest first, a page at a time: sign-ins, sections saved, closure, identification, choices and their decisions, requests and their steps, a student's file, linked mail account and enrolment applications with the office's decisions (never an evaluation answer), each as a kind of event and its facts (the sentence is the reader's language's); `byOffice` when an office did it, never naming its agent",
        querystring: HistoryQuery,
        response: { 200: HistoryPage, ...errors },
      },
      preHandler: app.requirePermission('history.own'),
    },
    async (request, reply) => {
      const page = await listHistory(app.ctx, { personId: request.actor.id, page: request.query.page, pageSize: request.query.pageSize });
      return reply.header('cache-control', 'no-store').send(page);
    },
  );
};
