import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { ServiceContext } from './context';

/**
 * A periodic job (decision 32): on PostgreSQL pg-boss runs it at each tick of `cron` (university
 * time), once per tick whatever the number of instances; on PGlite this process runs it every
 * `everyMs`. The handler reads the time from `ctx.clock` and must be safe to run twice at once
 * (two instances, a tick that comes while the previous run is late): it takes its rows with
 * `FOR UPDATE SKIP LOCKED` and re-checks them under the lock.
 */
export interface Job {
  /** the pg-boss queue, and the job's name in the log */
  name: string;
  /** when it runs on PostgreSQL, e.g. `*\/10 * * * *` (every 10 minutes) */
  cron: string;
  /** how often it runs on PGlite, in milliseconds */
  everyMs: number;
  /** on PGlite, its first run this soon after the start (default: a minute, or everyMs if sooner) */
  firstRunMs?: number;
  /** the one database it runs on (e.g. PGlite's upkeep, which PostgreSQL's autovacuum does there); every database when absent */
  driver?: Database['driver'];
  /** what it does; its answer (counts) is logged and kept as the pg-boss job's output */
  handler: (ctx: ServiceContext) => Promise<unknown>;
}

export interface JobRunner {
  /** Stops scheduling and waits for a run under way to finish. */
  stop(): Promise<void>;
}

/** The time zone of the cron expressions: the university's (West Africa Time, UTC+1 all year). */
export const JOBS_TIME_ZONE = 'Africa/Douala';
/** pg-boss keeps its tables in a schema of its own, created at its first start. */
export const PGBOSS_SCHEMA = 'pgboss';
/** A run longer than this is given up by pg-boss (the next tick runs again). */
const RUN_LIMIT_SECONDS = 15 * 60;
/** pg-boss's own connections (polling, cron, maintenance), on top of the request pool. */
const PGBOSS_CONNECTIONS = 3;

/** Whether a job's answer says it changed something: a count above zero. */
const didSomething = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && Object.values(result).some((value) => typeof value === 'number' && value > 0);

/** One run of a job: its answer is logged (debug when it did nothing), a failure too, and thrown back. */
async function runOnce(ctx: ServiceContext, job: Job): Promise<unknown> {
  try {
    const result = await job.handler(ctx);
    ctx.log[didSomething(result) ? 'info' : 'debug']({ job: job.name, result }, 'job done');
    return result;
  } catch (error) {
    ctx.log.error({ err: error, job: job.name }, 'job failed');
    throw error;
  }
}

/** On PGlite, a job's first run comes this soon after the start (or after `everyMs`, if sooner): a server restarted often still runs it. */
const FIRST_RUN_MS = 60_000;

/** PGlite (one process): each job on a timer, and once soon after the start; a tick that finds the previous run still going is skipped. */
function startTimers(ctx: ServiceContext, jobs: readonly Job[]): JobRunner {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const timers = jobs.flatMap((job) => {
    const tick = () => {
      if (stopped || running.has(job.name)) return;
      const run = runOnce(ctx, job).then(
        () => undefined,
        () => undefined,
      );
      running.set(job.name, run);
      void run.finally(() => running.delete(job.name));
    };
    const first = setTimeout(tick, job.firstRunMs ?? Math.min(FIRST_RUN_MS, job.everyMs));
    const timer = setInterval(tick, job.everyMs);
    first.unref();
    timer.unref();
    return [first, timer];
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}

/**
 * PostgreSQL: pg-boss in the schema `pgboss` (created at its first start), a queue per job, its
 * schedule in university time and a worker calling the handler. The queue is `stately`: at most one
 * run waiting and one under way across all instances; a failed run is not retried (the next tick is
 * the retry).
 */
async function startPgBoss(ctx: ServiceContext, databaseUrl: string, jobs: readonly Job[]): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: PGBOSS_SCHEMA, max: PGBOSS_CONNECTIONS, application_name: 'portal-jobs' });
  boss.on('error', (error) => ctx.log.warn({ err: error }, 'job scheduler error'));
  try {
    await boss.start();
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 0, expireInSeconds: RUN_LIMIT_SECONDS });
      await boss.schedule(job.name, job.cron, {}, { tz: JOBS_TIME_ZONE });
      await boss.work(job.name, { batchSize: 1 }, async () => runOnce(ctx, job));
    }
  } catch (error) {
    // Nothing is left running: the scheduler's connections are closed before the start fails.
    await boss.stop({ graceful: false }).catch(() => undefined);
    await (boss.getDb() as unknown as { opened?: boolean; close?: () => Promise<void> }).close?.().catch(() => undefined);
    throw error;
  }
  return {
    async stop() {
      // Graceful: a run under way finishes (or pg-boss gives up on it after 30 s and marks it failed).
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}

/**
 * Starts the periodic jobs of this instance: pg-boss on PostgreSQL (which needs DATABASE_URL, the
 * connection string), timers in the process on PGlite. Quiet: one line at debug level.
 */
export async function startJobs(
  ctx: ServiceContext,
  input: { driver: Database['driver']; databaseUrl: string | undefined; jobs: readonly Job[] },
): Promise<JobRunner> {
  const { driver, databaseUrl } = input;
  const jobs = input.jobs.filter((job) => !job.driver || job.driver === driver);
  let runner: JobRunner;
  if (driver === 'postgres') {
    if (!databaseUrl) throw new Error('the periodic jobs on PostgreSQL need DATABASE_URL (pg-boss connects with it); set JOBS=off to run without them');
    runner = await startPgBoss(ctx, databaseUrl, jobs);
  } else {
    runner = startTimers(ctx, jobs);
  }
  ctx.log.debug({ jobs: jobs.map((job) => job.name), driver }, 'periodic jobs started');
  return runner;
}
