import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAIL_LINK_CODE_MAX_ATTEMPTS,
  MAIL_LINK_CODE_TTL_SECONDS,
  MailLink,
  MailLinkAnswer,
  MailLinkCodeSent,
  MailLinkConfirmation,
  MailLinkRequest,
} from '@portal/contract';
import { acting, assertSelf } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { confirmMailLinkCode, mailLinkOf, requestMailLinkCode, unlinkMailAccount } from './mail-link.service';

const tags = ['mail-link'];

/** One's linked mail account (issue 13, decision 40): everyone signed in links their own, nobody else's. */
export const mailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = app.requirePermission('profile.own');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/students/gmail-account',
    {
      schema: {
        tags,
        summary: "The caller's linked mail account: its address, how it was proven (PROVIDER) and when; null when none is linked",
        response: { 200: MailLinkAnswer, ...errorResponses(401, 403) },
      },
      preHandler: own,
    },
    async (request) => mailLinkOf(app.ctx, { personId: request.actor.id }),
  );

  app.post(
    '/students/gmail-account',
    {
      schema: {
        tags,
        summary: `Mails a 6-digit code to the address to link (valid ${MAIL_LINK_CODE_TTL_SECONDS / 60} minutes); the address is linked once the code comes back`,
        description:
          'An address linked to someone else: 409 MAIL_ACCOUNT_IN_USE at once, nothing mailed. One code a minute (429 RESEND_TOO_SOON), a few mails an hour (429 MAIL_RATE_LIMITED), a new code replaces the pending one. STUDENT_ID may only name the caller (403 otherwise).',
        body: MailLinkRequest,
        response: { 200: MailLinkCodeSent, ...errorResponses(400, 401, 403, 409, 429) },
      },
      preHandler: own,
    },
    async (request) => {
      await assertSelf(app, request, request.body.STUDENT_ID);
      return requestMailLinkCode(app.ctx, { ...acting(request), address: request.body.GMAIL_ACCOUNT });
    },
  );

  app.post(
    '/students/gmail-account/confirm',
    {
      schema: {
        tags,
        summary: 'Links the address the mailed code was sent to, replacing the one linked before',
        description: `A wrong code: 400 CODE_INCORRECT; ${MAIL_LINK_CODE_MAX_ATTEMPTS} wrong codes spend it (400 MAIL_LINK_CODE_ATTEMPTS_EXCEEDED); expired, replaced or none asked: 400 MAIL_LINK_CODE_EXPIRED. Linked to someone else in the meantime: 409 MAIL_ACCOUNT_IN_USE.`,
        body: MailLinkConfirmation,
        response: { 200: MailLink, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: own,
    },
    async (request) => {
      await assertSelf(app, request, request.body.STUDENT_ID);
      return confirmMailLinkCode(app.ctx, { ...acting(request), code: request.body.CODE });
    },
  );

  app.delete(
    '/students/gmail-account',
    {
      schema: {
        tags,
        summary: "Unlinks the caller's mail account (and drops a pending code); nothing when none is linked",
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
      preHandler: own,
    },
    async (request, reply) => {
      await unlinkMailAccount(app.ctx, acting(request));
      return reply.code(204).send(null);
    },
  );
};
