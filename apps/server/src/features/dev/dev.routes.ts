import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailboxEntry, MailboxQuery } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { mailbox, mailboxOpenTo, mailboxPage } from './dev.service';

/**
 * The development mailbox: mails kept in the outbox, read here, so that the demo's sign-up and
 * sign-in work with nothing installed. Registered only when asked for (DEV_MAILBOX=true, or the
 * demo's `npm start`), never in production, and it answers this machine only (404 to anyone else).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!mailboxOpenTo(app.ctx, { ip: request.ip, headers: request.headers })) throw new AppError('NOT_FOUND');
  });

  app.get('/api/dev/mailbox', { schema: { tags: ['dev'], summary: 'Mails kept in the development outbox, newest first (DEV_MAILBOX=true, to this machine only)', querystring: MailboxQuery, response: { 200: z.array(MailboxEntry) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return mailbox(app.ctx, request.query);
  });

  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request, reply) => {
    const page = await mailboxPage(app.ctx, request.query);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
};
