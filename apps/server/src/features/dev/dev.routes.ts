import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailboxEntry, MailboxQuery } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { advanceClock, mailbox, mailboxOpenTo, mailboxPage, runJobNow } from './dev.service';
import type { Job } from '../../lib/jobs';

/**
 * The development mailbox: mails kept in the outbox, read here, so that the demo's sign-up and
 * sign-in work with nothing installed. Registered only when asked for (DEV_MAILBOX=true, or the
 * demo's `npm start`), never in production, and it answers this machine only (404 to anyone else).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!mailboxOpenTo(app.ctx, { ip: request.ip, headers: request.headers })) throw new AppError('NOT_FOUND');
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mails kept in the development outbox, newest first (DEV_MAILBOX=true, to this machine only)',
        querystring: MailboxQuery,
        response: { 200: z.array(MailboxEntry) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mailbox(app.ctx, request.query);
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request, reply) => {
    const page = await mailboxPage(app.ctx, request.query);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
};

/**
 * The development clock (DEV_CLOCK=true, never in production, this machine only): move the server's
 * time forward, and run a periodic job at once, so that a journey sees the 7-day rule of requests.
 */
export const devClockRoutes =
  (jobs: readonly Job[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!mailboxOpenTo(app.ctx, { ip: request.ip, headers: request.headers }, 'devClock')) throw new AppError('NOT_FOUND');
    });

    app.post(
      '/api/dev/clock',
      {
        schema: {
          tags: ['dev'],
          summary: "Moves the server's clock forward (DEV_CLOCK=true, to this machine only)",
          body: z.strictObject({
            advanceSeconds: z
              .number()
              .int()
              .min(1)
              .max(366 * 86_400),
          }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => ({ now: advanceClock(app.ctx, request.body.advanceSeconds).toISOString() }),
    );

    app.post(
      '/api/dev/jobs/:name',
      {
        schema: {
          tags: ['dev'],
          summary: 'Runs a periodic job now, with the handler its schedule runs (DEV_CLOCK=true, to this machine only)',
          params: z.object({ name: z.string().max(50) }),
          response: { 200: z.object({ name: z.string(), result: z.unknown() }) },
        },
      },
      async (request) => ({ name: request.params.name, result: await runJobNow(app.ctx, jobs, request.params.name) }),
    );
  };
