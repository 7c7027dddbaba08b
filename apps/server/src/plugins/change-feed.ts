import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/client';
import { gatherReplies } from '../lib/gathered-replies';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read the specification sends with POST or PATCH (a week's lessons, a page of subjects): it
     * changes nothing its author reads next, so its answer does not wait for the database's
     * announcements (docs/performance.md, change feed). A refusal it audits is read by the back office, not by its author.
     */
    readOnly?: boolean;
  }
}

/**
 * A request that may have changed something answers once the database's announcements up to its
 * own changes have arrived (`changes.settle()`, docs/performance.md, change feed): its author's next request never reads
 * what was before. A read goes on at once, without a promise of its own: this hook runs for every
 * request. Then every reply is written with the other replies of its turn of the event loop
 * (lib/gathered-replies.ts, docs/performance.md, change feed).
 */
export const changeFeedPlugin = fp(async (app: FastifyInstance, { changes }: { changes: ChangeFeed }) => {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || request.routeOptions.config.readOnly)
      return done(null, payload);
    changes.settle().then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
  gatherReplies(app);
});
