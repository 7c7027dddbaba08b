import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, RequestBody, RequestCategory, RequestDetail, RequestPage, RequestQuery, RequestStats, StudentRequestSubjects } from '@portal/contract';
import { acting, assertSelf } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { requestForViewer } from './processing.service';
import { authorRequests, fileRequest, requestCategoryList, requestStats, studentRequestSubjects } from './requests.service';

const tags = ['requests'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * The filer's side of requests (issue 11; students, issue 13 and decision 41): the categories to
 * file under (one's own audience's), filing, one's own list, one request with its steps, one's
 * counters, and a student's class and subjects. The author is always the session's person.
 */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = app.requirePermission('requests.own');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/request-categories',
    {
      schema: {
        tags,
        summary:
          "The categories of requests with their sub-categories, labels and descriptions in English and French, and the display configuration of each: a student's or a staff member's own audience (STUDENT, STAFF) to file under; every category for the units that process and report on them",
        response: { 200: z.array(RequestCategory), ...errors },
      },
      preHandler: app.requirePermission(['requests.own', 'requests.process', 'requests.report']),
    },
    async (request) => requestCategoryList(app.ctx, { actor: request.actor }),
  );

  app.get(
    '/requests/student-subjects',
    {
      schema: {
        tags,
        summary:
          "What a student's request is about: the caller's class (null without one) and the subjects they may name, their class's and their optional ones, by code; nothing for anyone else",
        response: { 200: StudentRequestSubjects, ...errors },
      },
      preHandler: own,
    },
    async (request) => studentRequestSubjects(app.ctx, { actor: request.actor }),
  );

  app.post(
    '/requests',
    {
      schema: {
        tags,
        summary:
          "File a request as the session's person, under a sub-category of their audience; it starts REGISTERED at its sub-category's first unit (a student's signed by its filing, about their own class)",
        body: RequestBody,
        response: { 201: RequestDetail, ...errors },
      },
      preHandler: own,
    },
    async (request, reply) => {
      await assertSelf(app, request, request.body.REQUEST_AUTHOR);
      const filed = await fileRequest(app.ctx, { ...acting(request), body: request.body });
      return reply.code(201).send(filed);
    },
  );

  app.get(
    '/requests',
    {
      schema: {
        tags,
        summary: "The caller's requests, newest first, by status, sub-category and free text, a page at a time",
        querystring: RequestQuery,
        response: { 200: RequestPage, ...errors },
      },
      preHandler: own,
    },
    async (request) => authorRequests(app.ctx, { authorId: request.actor.id, query: request.query }),
  );

  app.get(
    '/requests/:id',
    {
      schema: {
        tags,
        summary:
          'A request with its steps, for its author, a unit that holds or held it, or an administrator (anyone else: 403); the back office also sees who took each step and what it may do now',
        params: IdParams,
        response: { 200: RequestDetail, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => requestForViewer(app.ctx, { ...acting(request), id: request.params.id }),
  );

  app.get(
    '/requests/stats/user/:id',
    {
      schema: {
        tags,
        summary: "The caller's counters by status, requests per month over the last twelve months and their monthly average (only for oneself)",
        params: IdParams,
        response: { 200: RequestStats, ...errors },
      },
      preHandler: own,
    },
    async (request) => {
      const authorId = await assertSelf(app, request, request.params.id);
      return requestStats(app.ctx, { authorId });
    },
  );

  app.get(
    '/requests/author/:id',
    {
      schema: {
        tags,
        summary: "The caller's requests, newest first, first page (only for oneself): the same answer as GET /requests without filters",
        params: IdParams,
        response: { 200: RequestPage, ...errors },
      },
      preHandler: own,
    },
    async (request) => {
      const authorId = await assertSelf(app, request, request.params.id);
      return authorRequests(app.ctx, { authorId, query: RequestQuery.parse({}) });
    },
  );
};
