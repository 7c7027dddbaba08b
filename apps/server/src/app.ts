import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import { ERROR_MESSAGES, type ErrorResponse } from '@portal/contract';
import type { Config } from './config';
import { isDatabaseUnavailable, READ_CHANGE_CHANNEL, type Database } from './db/client';
import { authRoutes } from './features/auth/auth.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { devClockRoutes, devMailboxRoutes } from './features/dev/dev.routes';
import { documentsRoutes } from './features/registration/documents.routes';
import { filesRoutes } from './features/files/files.routes';
import { registrationFilesRoutes } from './features/registration/registration-files.routes';
import { hrRoutes } from './features/hr/hr.routes';
import { registrationRoutes } from './features/registration/registration.routes';
import { applicationSessionsRoutes } from './features/applications/application-sessions.routes';
import { academicRoutes } from './features/academic/academic.routes';
import { planningRoutes } from './features/timetable/planning.routes';
import { applicationsRoutes } from './features/applications/applications.routes';
import { identificationRoutes } from './features/identification/identification.routes';
import { subjectsRoutes } from './features/applications/subjects.routes';
import { requestsRoutes } from './features/requests/requests.routes';
import { requestProcessingRoutes } from './features/requests/processing.routes';
import { requestBatchesRoutes } from './features/requests/batches.routes';
import { requestDocumentsRoutes } from './features/requests/documents.routes';
import { requestReportsRoutes } from './features/requests/reports.routes';
import { requestConfigRoutes } from './features/requests/config.routes';
import { historyRoutes } from './features/history/history.routes';
import { evaluationRoutes } from './features/evaluation/evaluation.routes';
import { ballotMixJob } from './features/evaluation/ballots.service';
import { paymentsReconcileJob } from './features/payments/reconcile.service';
import { entrancesClosePastDeadlineJob } from './features/admissions/entrances.service';
import { candidateAccessCleanupJob } from './features/candidates/cleanup.service';
import { enrolmentRoutes } from './features/enrolment/enrolment.routes';
import { studentsRoutes } from './features/students/students.routes';
import { mailLinkRoutes } from './features/mail-link/mail-link.routes';
import { classesRoutes } from './features/classes/classes.routes';
import { candidatesRoutes } from './features/candidates/candidates.routes';
import { admissionsRoutes } from './features/admissions/admissions.routes';
import { requestDeadlinesJob } from './features/requests/deadlines.service';
import { timetableRoutes } from './features/timetable/timetable.routes';
import { calendarFeedRoutes, publicCalendarRoutes } from './features/timetable/calendar-feed.routes';
import { weeklyPlanningJob } from './features/timetable/weekly-planning.service';
import { affectedRoutes } from './features/applications/affected.routes';
import { referenceRoutes } from './features/reference/reference.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { systemRoutes } from './features/system/system.routes';
import { authPlugin } from './lib/auth';
import { candidateSessionPlugin } from './lib/candidate-session';
import { systemClock, type Clock } from './lib/clock';
import { AppError, validationError } from './lib/errors';
import { startJobs, type Job, type JobRunner } from './lib/jobs';
import { databaseUpkeepJob } from './db/upkeep';
import { createMailer } from './lib/mail';
import { prettyLog, REDACT, safeError, safeUrl } from './lib/log';
import { assertSafeText } from './lib/safe-text';
import { LocalStorage, type FileStorage } from './lib/storage';
import { gatherReplies } from './lib/gathered-replies';
import { securityHeadersPlugin } from './lib/security-headers';
import { PERSON_CHANGE_CHANNEL, SessionCache } from './lib/session-cache';
import type { SessionLookupRow } from './lib/session';
import type { CatalogueChanges } from './lib/context';
import { CATALOGUE_CHANGE_CHANNEL } from './features/applications/subjects.service';
import { startOrphanSweeper } from './lib/uploads';
import { answerSerializerCompiler } from './lib/frozen-answer';
import { createKeptAnswers } from './lib/kept-answers';

/** How many whole answers are kept (lib/kept-answers.ts, decision 54): a page of twenty lines is some tens of kilobytes. */
const KEPT_ANSWERS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    driver: Database['driver'];
  }
  interface FastifyContextConfig {
    /**
     * A read the specification sends with POST or PATCH (a week's lessons, a page of subjects): it
     * changes nothing its author reads next, so its answer does not wait for the database's
     * announcements (decision 61). A refusal it audits is read by the back office, not by its author.
     */
    readOnly?: boolean;
  }
}

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

/** The portal's periodic jobs (lib/jobs.ts): the embedded database's upkeep (PGlite only, decision 50); the requests' reminder and 7-day rule, and their draft attachments; the weekly planning mail; the evaluation ballot box's mix (decision 39); the reconciliation of pending payments (decision 43); the closing of entrances past their deadline (decision 44); forgetting candidates' expired links and sessions (decision 42). */
export const PORTAL_JOBS: readonly Job[] = [databaseUpkeepJob, requestDeadlinesJob, weeklyPlanningJob, ballotMixJob, paymentsReconcileJob, entrancesClosePastDeadlineJob, candidateAccessCleanupJob];

/** What any log line says of a request: its method, its URL without query values (`safeUrl`) and the client's address. */
const loggedRequest = (request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) => ({ method: request.method, url: safeUrl(request.url), remoteAddress: request.ip });

/**
 * One log line per request, when it is answered, naming the request (issue 15): Fastify writes two.
 * An answered request's line holds only what it is built from here (method, URL as `safeUrl` logs
 * it, client address, status, time): nothing in it can be secret, so it is written by `lines`, a
 * logger without the redaction that every other line goes through (a third of a read's logging
 * time). A failed request's line carries its error, and goes through the redaction.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly lines: pino.Logger) {
    super();
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else this.lines.info({ reqId: request.id, req: loggedRequest(request), res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;

  // The log goes to standard output without blocking (issue 15): lines written while a write is under
  // way are gathered and written together by the next one, instead of one blocking write per line
  // (on Linux a pipe or a terminal is written synchronously). Flushed when the app closes.
  const stdout = options.logStream ? undefined : pino.destination({ dest: 1, sync: false });
  const out = options.logStream ?? stdout!;
  const stream = config.logFormat === 'pretty' ? prettyLog(out) : out;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        err: (error: unknown) => safeError(error),
        req: loggedRequest,
      },
    },
    logController: new OneLinePerRequest(pino({ level: config.logLevel }, stream)),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  // On PGlite, connections waiting to be accepted come in one per turn of the loop: the database's
  // turns hurry after each one (decision 60).
  if (database.connectionAccepted) app.server.on('connection', database.connectionAccepted);

  const mailer = createMailer({ db: database.db, clock, log: app.log, from: config.mailFrom, smtpUrl: config.smtpUrl, printKept: config.devMailbox, ...(options.mailTransport ? { transport: options.mailTransport } : {}) });
  // What the database announces (decision 48): changes to what a session's lookup reads, which
  // forget the sessions kept in memory, and changes to the subject catalogue, which renew the
  // subject lists' stamp.
  const sessionCache = config.sessionCache ? new SessionCache<SessionLookupRow>() : undefined;
  const catalogueChanges: CatalogueChanges = { generation: 0, active: false };
  // On PostgreSQL, also the tables other instances change, which the read cache forgets (decision 53;
  // the embedded database's own client sees every change).
  const readCache = database.driver === 'postgres' ? database.readCache : undefined;
  const changes = await database.listen([PERSON_CHANGE_CHANNEL, CATALOGUE_CHANGE_CHANNEL, ...(readCache ? [READ_CHANGE_CHANNEL] : [])], {
    onPayload: (channel, payload) => {
      if (channel === PERSON_CHANGE_CHANNEL) sessionCache?.changed(payload);
      else if (channel === READ_CHANGE_CHANNEL) readCache?.changed([payload]);
      else catalogueChanges.generation++;
    },
    onLost: () => {
      sessionCache?.suspend();
      readCache?.pause();
      catalogueChanges.active = false;
      catalogueChanges.generation++;
    },
    onRestored: () => {
      sessionCache?.resume();
      readCache?.resume();
      catalogueChanges.generation++;
      catalogueChanges.active = true;
    },
  });
  // Whole answers kept while their tables hold (decision 54); the tests check each against a new
  // build on the embedded database, where every change is known at once.
  const answers = database.readCache ? createKeptAnswers(database.readCache, { entries: KEPT_ANSWERS, check: config.env === 'test' && database.driver === 'pglite' }) : undefined;
  app.decorate('ctx', { db: database.db, clock, mailer, config, log: app.log, storage: options.storage ?? new LocalStorage(path.join(config.dataDir, 'uploads')), changes, catalogueChanges, ...(sessionCache ? { sessionCache } : {}), ...(answers ? { answers } : {}) });
  app.decorate('driver', database.driver);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorResponse) => {
      if (body.retryAfter) reply.header('retry-after', String(body.retryAfter));
      return reply.code(status).send(body);
    };
    if (error instanceof AppError) {
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
        ...(error.columns ? { columns: error.columns } : {}),
        ...(error.limit ? { limit: error.limit } : {}),
        ...(error.conflict ? { conflict: error.conflict } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const message = issue.message ?? '';
        fields[key] ??= message.startsWith('validation.') ? message : 'validation.invalid';
      }
      const refused = validationError(fields);
      return send(400, { code: refused.code, message: refused.message, fields });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, { code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, empty bodies and other client mistakes caught by Fastify itself.
      request.log.info({ code: error.code }, 'client error');
      return send(400, { code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away or too slow: a stable answer at once, never a hang nor a 500.
      request.log.warn({ err: error, req: request }, 'database unavailable');
      return send(503, { code: 'DATABASE_UNAVAILABLE', message: ERROR_MESSAGES.DATABASE_UNAVAILABLE, retryAfter: 30 });
    }
    request.log.error({ err: error, req: request }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL });
  });

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  if (config.corsOrigins.length) {
    // API clients of the origins listed, with bearer tokens (no credentials); any other origin, or
    // none, gets no CORS answer at all. Registered before the cross-site check (lib/auth.ts), so that
    // even its refusals are readable by those clients.
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      origin: (origin: string | undefined, done: (error: Error | null, origin: string | false) => void) => done(null, origin && allowed.has(origin) ? origin : false),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      credentials: false,
      maxAge: 600,
    });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'University portal API', version: config.version, description: 'Self-service portal for staff, students and candidates. Authenticated calls use the session cookie or `Authorization: Bearer <TOKEN>`.' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'portal_session' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // A request that may have changed something answers once the database's announcements up to
  // its own changes have arrived: its author's next request never reads what was before.
  // (a read goes on at once, without a promise of its own: this hook runs for every request)
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || request.routeOptions.config.readOnly) return done(null, payload);
    changes.settle().then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
  // ...and is written with the other replies of its turn of the event loop (decision 61).
  gatherReplies(app);

  await app.register(authPlugin);
  await app.register(candidateSessionPlugin);

  // Text no field takes (a NUL byte, an unpaired surrogate) is refused in the path, the query and
  // any parsed body, before the route's schema or service sees it (400 INVALID_CHARACTERS).
  app.addHook('preValidation', async (request) => assertSafeText(request.params, request.query, request.body));

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(settingsRoutes);
      await api.register(contactRoutes);
      await api.register(referenceRoutes);
      await api.register(registrationRoutes);
      await api.register(registrationFilesRoutes);
      await api.register(filesRoutes);
      await api.register(documentsRoutes);
      await api.register(hrRoutes);
      await api.register(applicationSessionsRoutes);
      await api.register(subjectsRoutes);
      await api.register(applicationsRoutes);
      await api.register(identificationRoutes);
      await api.register(academicRoutes);
      await api.register(planningRoutes);
      await api.register(requestsRoutes);
      await api.register(requestProcessingRoutes);
      await api.register(requestBatchesRoutes);
      await api.register(requestDocumentsRoutes);
      await api.register(requestReportsRoutes);
      await api.register(requestConfigRoutes);
      await api.register(affectedRoutes);
      await api.register(timetableRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(historyRoutes);
      await api.register(evaluationRoutes);
      await api.register(enrolmentRoutes);
      await api.register(studentsRoutes);
      await api.register(mailLinkRoutes);
      await api.register(classesRoutes);
      await api.register(paymentsRoutes);
      await api.register(candidatesRoutes);
      await api.register(admissionsRoutes);
    },
    { prefix: '/api' },
  );
  // The calendar feed a calendar application polls: outside /api, no session (the address is the secret).
  await app.register(publicCalendarRoutes);
  if (config.devMailbox) await app.register(devMailboxRoutes);
  if (config.devClock) await app.register(devClockRoutes(options.jobs ?? PORTAL_JOBS));

  const webIndex = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(webIndex);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  options.extraRoutes?.(app);

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0]!);
    if (hasWeb && isPage) {
      // Client-side routes: the web app's index.html answers them.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND } satisfies ErrorResponse);
  });

  let sweeper: { stop: () => Promise<void> } | undefined;
  let jobs: JobRunner | undefined;
  app.addHook('onReady', async () => {
    mailer.start();
    // Stored files no committed row names (a crash between the write and the commit) go.
    sweeper = startOrphanSweeper(app.ctx);
    if (config.jobs) jobs = await startJobs(app.ctx, { driver: database.driver, databaseUrl: config.databaseUrl, jobs: options.jobs ?? PORTAL_JOBS });
  });
  app.addHook('onClose', async () => {
    // A run under way finishes first: it may still write rows and mails.
    await jobs?.stop();
    await sweeper?.stop();
    await mailer.stop();
    await changes.stop();
    if (options.ownsDatabase !== false) await database.close();
    stdout?.flushSync();
  });

  return app;
}
