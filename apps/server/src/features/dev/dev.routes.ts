import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailboxEntry, MailboxQuery } from '@portal/contract';
import { mailbox, mailboxPage } from './dev.service';

/**
 * The development mailbox: with no SMTP server configured and outside production, mails
 * are kept in the outbox and read here, so sign-up and sign-in work with nothing installed.
 * Registered only in that mode.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dev/mailbox', { schema: { tags: ['dev'], summary: 'Mails kept in the development outbox, newest first', querystring: MailboxQuery, response: { 200: z.array(MailboxEntry) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return mailbox(app.ctx, request.query);
  });

  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request, reply) => {
    const page = await mailboxPage(app.ctx, request.query);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
};
