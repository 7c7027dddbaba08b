import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CloseSignBody,
  CloseSignResponse,
  ErrorResponse,
  PersonRecord,
  RegistrationState,
  SECTION_SCHEMAS,
  sectionBody,
  type SavedSection,
} from '@portal/contract';
import { acting, assertSelf } from '../../lib/auth';
import { closeRegistration, registrationState, saveSection } from './registration.service';
import { errorResponses } from '../../lib/errors';

const tags = ['registration'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * The person's own HR registration: one PATCH per section, the state of each section, and
 * the closure. The human resources service works on others' registrations through /api/hr.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/registration',
    {
      schema: { tags, summary: 'Per section: saved when, and the mandatory fields still missing', response: { 200: RegistrationState, 401: ErrorResponse } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The session lookup already read the person's record and profile.
      return registrationState(request.sessionRow);
    },
  );

  const sections = Object.keys(SECTION_SCHEMAS) as SavedSection[];
  for (const section of sections) {
    const variants =
      section === 'identification'
        ? [
            { path: 'identification', passport: false },
            { path: 'identification_passport', passport: true },
          ]
        : [{ path: section, passport: false }];
    for (const { path, passport } of variants) {
      app.patch(
        `/students/update/${path}`,
        {
          schema: { tags, summary: `Save the ${path.replace('_', ' ')} section`, body: sectionBody(section), response: { 200: PersonRecord, ...errors } },
          // ID images may come as data URLs inside the JSON body.
          bodyLimit: section === 'identification' ? 16 * 1024 * 1024 : 64 * 1024,
          preHandler: app.requireUser,
        },
        async (request, reply) => {
          const body = request.body as Record<string, unknown> & { STUDENT_ID?: number };
          const personId = await assertSelf(app, request, body.STUDENT_ID);
          reply.header('cache-control', 'no-store');
          return saveSection(app.ctx, { ...acting(request), personId, section, values: body, passport });
        },
      );
    }
  }

  app.post(
    '/students/close-sign',
    {
      schema: {
        tags,
        summary: 'Close the registration; refused (400, columns) while mandatory data is missing',
        body: CloseSignBody,
        response: { 200: CloseSignResponse, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const personId = await assertSelf(app, request, request.body.STUDENT_ID);
      return closeRegistration(app.ctx, { ...acting(request), personId });
    },
  );
};
