import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Database } from './db/client';
import { databaseUpkeepJob } from './db/upkeep';
import { entrancesClosePastDeadlineJob } from './features/admissions/entrances.service';
import { candidateAccessCleanupJob } from './features/candidates/cleanup.service';
import { ballotMixJob } from './features/evaluation/ballots.service';
import { paymentsReconcileJob } from './features/payments/reconcile.service';
import { requestDeadlinesJob } from './features/requests/deadlines.service';
import { weeklyPlanningJob } from './features/timetable/weekly-planning.service';
import { authPlugin } from './lib/auth';
import { candidateSessionPlugin } from './lib/candidate-session';
import { systemClock, type Clock } from './lib/clock';
import { answerSerializerCompiler } from './lib/frozen-answer';
import type { Job } from './lib/jobs';
import type { FileStorage } from './lib/storage';
import { changeFeedPlugin } from './plugins/change-feed';
import { serviceContext } from './plugins/context';
import { errorsPlugin } from './plugins/errors';
import { lifecyclePlugin } from './plugins/lifecycle';
import { logging } from './plugins/logging';
import { openApiPlugin } from './plugins/openapi';
import { routesPlugin } from './plugins/routes';
import { safeTextPlugin } from './plugins/safe-text';
import { securityPlugin } from './plugins/security';
import { hasWebApp, notFoundPlugin, webFilesPlugin } from './plugins/web';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** a nodemailer transport to use instead of SMTP_URL (tests) */
  mailTransport?: Transporter;
  /** close the database when the app closes (default true) */
  ownsDatabase?: boolean;
  /** where uploads are kept; a folder under DATA_DIR by default */
  storage?: FileStorage;
  /** where log lines go (tests read them); stdout by default */
  logStream?: NodeJS.WritableStream;
  /** extra routes registered before the app is ready (tests) */
  extraRoutes?: (app: FastifyInstance) => void;
  /** the periodic jobs run when JOBS=on (default: the portal's, PORTAL_JOBS); tests give their own */
  jobs?: readonly Job[];
}

/** The portal's periodic jobs (lib/jobs.ts): the embedded database's upkeep (PGlite only, docs/performance.md, PGlite upkeep); the requests' reminder and 7-day rule, and their draft attachments; the weekly planning mail; the evaluation ballot box's mix (decision 39); the reconciliation of pending payments (decision 43); the closing of entrances past their deadline (decision 44); forgetting candidates' expired links and sessions (decision 42). */
export const PORTAL_JOBS: readonly Job[] = [
  databaseUpkeepJob,
  requestDeadlinesJob,
  weeklyPlanningJob,
  ballotMixJob,
  paymentsReconcileJob,
  entrancesClosePastDeadlineJob,
  candidateAccessCleanupJob,
];

/**
 * The server, in its boot order: each concern is a plugin of `plugins/` (as in fastify/demo),
 * registered on the root instance in this order, which is the order of their hooks. The one-line
 * log is Fastify's own (plugins/logging.ts); the services' context listens to the database before
 * any plugin loads (plugins/context.ts).
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const log = logging(config, options.logStream);
  const app = Fastify({ ...log.options, trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  // On PGlite, connections waiting to be accepted come in one per turn of the loop: the database's
  // turns hurry after each one (docs/performance.md, hurried turns).
  if (database.connectionAccepted) app.server.on('connection', database.connectionAccepted);

  // What every service receives, with the database's announcements (the change feed, docs/performance.md).
  const ctx = await serviceContext(app.log, {
    config,
    database,
    clock: options.clock ?? systemClock,
    mailTransport: options.mailTransport,
    storage: options.storage,
  });
  app.decorate('ctx', ctx);
  app.decorate('driver', database.driver);

  // Errors answer the contract's ErrorResponse.
  await app.register(errorsPlugin);
  // Security headers, cookies, CORS; then the OpenAPI document, which sees every route after it.
  await app.register(securityPlugin, { config });
  await app.register(openApiPlugin, { config });
  // A write answers once its changes are announced; replies are written together (docs/performance.md, change feed and gathered replies).
  await app.register(changeFeedPlugin, { changes: ctx.changes });
  // Who asks: the session or bearer token, the candidate's session.
  await app.register(authPlugin);
  await app.register(candidateSessionPlugin);
  // Text no field takes is refused before any schema.
  await app.register(safeTextPlugin);
  // The features' routes.
  await app.register(routesPlugin, { config, jobs: options.jobs ?? PORTAL_JOBS });
  // The web app when it is built, the tests' extra routes, and what no route answers.
  const hasWeb = hasWebApp(config.webDist);
  if (hasWeb) await app.register(webFilesPlugin, { webDist: config.webDist });
  options.extraRoutes?.(app);
  await app.register(notFoundPlugin, { hasWeb });
  // Mail outbox, orphan sweep and jobs once ready; everything stopped, and the log flushed, on close.
  await app.register(lifecyclePlugin, {
    database,
    changes: ctx.changes,
    runJobs: config.jobs,
    jobs: options.jobs ?? PORTAL_JOBS,
    databaseUrl: config.databaseUrl,
    ownsDatabase: options.ownsDatabase !== false,
    flushLog: log.flush,
  });

  return app;
}
