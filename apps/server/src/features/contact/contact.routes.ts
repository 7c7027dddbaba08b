import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody, ContactResponse, ErrorResponse } from '@portal/contract';
import { assertSelf, requestMeta } from '../../lib/auth';
import { ownRecord } from '../../lib/person-record';
import { sendContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/students/contact-us',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support; name, e-mail, matricule and phone come from the session',
        body: ContactBody,
        response: { 201: ContactResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await assertSelf(app, request, request.body.STUDENT_ID);
      const sent = await sendContactMessage(app.ctx, {
        person: request.person,
        email: ownRecord(request).EMAIL,
        body: request.body,
        meta: requestMeta(request),
      });
      return reply.code(201).send(sent);
    },
  );
};
