import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeed, CalendarFeedParams, CalendarFeedState } from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { calendarFeedIcs, calendarFeedState, createCalendarFeed, removeCalendarFeed } from './calendar-feed.service';

const tags = ['timetable'];

/** The person's calendar feed address (issue 12, decision 35): whether there is one, a new one, none. Under /api. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = app.requirePermission('timetable.own');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/lessons/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Whether the caller has a calendar feed address, and since when (the address itself is shown once, when made)',
        response: { 200: CalendarFeedState, ...errorResponses(401, 403) },
      },
      preHandler: own,
    },
    async (request) => calendarFeedState(app.ctx, { personId: request.actor.id }),
  );

  app.post(
    '/lessons/calendar-feed',
    {
      schema: {
        tags,
        summary: "A new secret calendar feed address for the caller's lessons, shown this once; any earlier address stops working (404)",
        response: { 201: CalendarFeed, ...errorResponses(401, 403) },
      },
      preHandler: own,
    },
    async (request, reply) => {
      const feed = await createCalendarFeed(app.ctx, acting(request));
      return reply.code(201).send(feed);
    },
  );

  app.delete(
    '/lessons/calendar-feed',
    {
      schema: {
        tags,
        summary: "Ends the caller's calendar feed address (404 from then on); nothing when there is none",
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
      preHandler: own,
    },
    async (request, reply) => {
      await removeCalendarFeed(app.ctx, acting(request));
      return reply.code(204).send(null);
    },
  );
};

/**
 * The feed itself, outside /api and without signing in (a calendar application polls it): the
 * secret address is the only key. Registered at the root, like the development mailbox page.
 */
export const publicCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:token',
    {
      schema: {
        tags,
        summary: "A person's lessons as iCalendar, from 4 weeks back to 26 weeks ahead (refused lessons left out), times in UTC; the address is the secret",
        description:
          'The path is `/calendar/{token}.ics`, the token being 43 base64url characters. `Cache-Control: no-store`. An unknown or renewed token: 404 CALENDAR_FEED_UNKNOWN. Limited per feed, and per address for unknown tokens (429 with Retry-After).',
        params: CalendarFeedParams,
        response: { 200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } }, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const calendar = await calendarFeedIcs(app.ctx, { fileName: request.params.token, ip: request.ip });
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="timetable.ics"').send(calendar);
    },
  );
};
