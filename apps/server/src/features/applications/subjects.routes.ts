import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Catalogue, CatalogueClass, ClassesQuery, ClassParams, PageParam, SubjectFilters, SubjectPage, SubjectRow } from '@portal/contract';
import { catalogue, listClasses, subjectsByLevel, subjectsOfClass } from './subjects.service';
import { errorResponses } from '../../lib/errors';

const tags = ['subjects'];
const errors = errorResponses(400, 401);

/** The catalogue as the subject-choice page reads it (any signed-in user). */
export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalogue',
    {
      schema: {
        tags,
        summary: 'Departments, branches, cycles and levels (English and French names), for the subject filters',
        response: { 200: Catalogue, ...errors },
      },
      preHandler: app.requireUser,
    },
    async () => catalogue(app.ctx),
  );

  app.get(
    '/classes',
    {
      schema: {
        tags,
        summary: 'Classes of a branch, level or cycle, by code (choosing a branch loads its classes)',
        querystring: ClassesQuery,
        response: { 200: z.array(CatalogueClass), ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => listClasses(app.ctx, request.query),
  );

  app.get(
    '/subjects/class/:classId',
    {
      schema: {
        tags,
        summary: 'The subjects of a class still offered in the current session (choosing a class loads its subjects)',
        params: ClassParams,
        response: { 200: z.array(SubjectRow), ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      // TAX_RATE is the reader's own: it tells whether they have an NIU.
      reply.header('cache-control', 'no-store');
      return subjectsOfClass(app.ctx, { classId: request.params.classId, hasNiu: Boolean(request.sessionRow.profile?.NIU) });
    },
  );

  app.patch(
    '/subjects/by-level/:page',
    {
      config: { readOnly: true },
      schema: {
        tags,
        summary: 'Subjects still offered, filtered by cycle, level, regime, branch, class, department and text; 20 a page; 204 when none',
        params: PageParam,
        body: SubjectFilters,
        response: { 200: SubjectPage, 204: z.null(), ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const page = await subjectsByLevel(app.ctx, { page: request.params.page, filters: request.body ?? {}, hasNiu: Boolean(request.sessionRow.profile?.NIU) });
      reply.header('cache-control', 'no-store');
      return page ? page : reply.code(204).send(null);
    },
  );
};
