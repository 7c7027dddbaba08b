import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StudentClass } from '@portal/contract';
import { errorResponses } from '../../lib/errors';
import { studentClass } from './classes.service';

const tags = ['classes'];

/** A student's class, its subjects and lecturers (issue 13): the Classes page. */
export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/class',
    {
      schema: {
        tags,
        summary: "The signed-in student's class, its subjects with the lecturers confirmed for their parts, and the optional subjects the student follows",
        description: 'Lecturers by name only. A student without a class gets `class: null` and no class subjects.',
        response: { 200: StudentClass, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('student.own'),
    },
    async (request, reply) => {
      const answer = await studentClass(app.ctx, { studentId: request.actor.id, classId: request.person.classId });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
