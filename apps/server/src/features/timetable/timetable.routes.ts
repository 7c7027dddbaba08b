import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Timetable, TIMETABLE_MAX_DAYS, TimetableQuery } from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { timetable } from './timetable.service';

const tags = ['timetable'];

/** What lecturers and students read (issue 12, decision 35): their week's lessons. */
export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/lessons/timetable',
    {
      config: { readOnly: true },
      schema: {
        tags,
        summary: `The caller's lessons between two days, both included (at most ${TIMETABLE_MAX_DAYS} days), by date then time: a lecturer's own lessons, a student's class lessons with the student`,
        description:
          'PERSON_ID may name someone else for the back office only (`lessons.readAny`: the academic office, human resources, the units that check claims, administrators); anyone else naming another person is refused (403, audited). Refused lessons (NotValidated) are listed, as the week view shows them.',
        body: TimetableQuery,
        response: { 200: Timetable, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission(['timetable.own', 'lessons.readAny']),
    },
    async (request, reply) => {
      const answer = await timetable(app.ctx, {
        ...acting(request),
        self: { id: request.person.id, kind: request.person.KIND, classId: request.person.classId },
        query: request.body,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
