import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed, Database } from '../db/client';
import { startJobs, type Job, type JobRunner } from '../lib/jobs';
import { startOrphanSweeper } from '../lib/orphan-files';

interface LifecycleOptions {
  database: Database;
  changes: ChangeFeed;
  /** run the periodic jobs (JOBS=on) */
  runJobs: boolean;
  jobs: readonly Job[];
  databaseUrl: string | undefined;
  /** close the database when the app closes */
  ownsDatabase: boolean;
  /** written last: the log's lines still waiting */
  flushLog: () => void;
}

/**
 * What runs beside the requests: once the app is ready, the mail outbox, the sweep of orphan stored
 * files and the periodic jobs start; when it closes, they stop in the reverse order, then the
 * change feed and the database, and the log is flushed last. Registered after everything else.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance, options: LifecycleOptions) => {
  const { database, changes } = options;
  let sweeper: { stop: () => Promise<void> } | undefined;
  let jobs: JobRunner | undefined;
  app.addHook('onReady', async () => {
    app.ctx.mailer.start();
    // Stored files no committed row names (a crash between the write and the commit) go.
    sweeper = startOrphanSweeper(app.ctx);
    if (options.runJobs) jobs = await startJobs(app.ctx, { driver: database.driver, databaseUrl: options.databaseUrl, jobs: options.jobs });
  });
  app.addHook('onClose', async () => {
    // A run under way finishes first: it may still write rows and mails.
    await jobs?.stop();
    await sweeper?.stop();
    await app.ctx.mailer.stop();
    await changes.stop();
    if (options.ownsDatabase) await database.close();
    options.flushLog();
  });
});
