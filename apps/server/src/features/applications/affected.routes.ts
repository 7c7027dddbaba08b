import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AffectedClass, AffectedClassesParams, AffectedSchool, AffectedSubject, AffectedSubjectsBody, IdParams } from '@portal/contract';
import { assertSelf } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { affectedClasses, affectedSchools, affectedSubjects } from './affected.service';

const tags = ['requests'];
const errors = errorResponses(400, 401, 403);

/**
 * Issue 11 (spec section 7): the request form's pickers, a lecturer's assigned schools (branches),
 * classes and subjects (confirmed choices of any session). Only ever one's own: another id is 403.
 */
export const affectedRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = app.requirePermission('requests.own');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/classes/school/affected/:id',
    {
      schema: {
        tags,
        summary: "The branches of the caller's assigned classes (BRANCH_ABREVIATION, names in English and French), by abbreviation; only for oneself",
        params: IdParams,
        response: { 200: z.array(AffectedSchool), ...errors },
      },
      preHandler: own,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.params.id);
      return affectedSchools(app.ctx, { personId });
    },
  );

  app.get(
    '/classes/affected/:x/:id',
    {
      schema: {
        tags,
        summary: "The caller's assigned classes of branch x (its abbreviation; an unknown one gives none), by code; only for oneself",
        params: AffectedClassesParams,
        response: { 200: z.array(AffectedClass), ...errors },
      },
      preHandler: own,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.params.id);
      return affectedClasses(app.ctx, { personId, branch: request.params.x });
    },
  );

  app.post(
    '/subjects/affected',
    {
      schema: {
        tags,
        summary: "The caller's assigned subjects of CLASS_ID, by code; EMPLOYEE_ID, when sent, must be the caller",
        body: AffectedSubjectsBody,
        response: { 200: z.array(AffectedSubject), ...errors },
      },
      preHandler: own,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.body.EMPLOYEE_ID);
      return affectedSubjects(app.ctx, { personId, classId: request.body.CLASS_ID });
    },
  );
};
