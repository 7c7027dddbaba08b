import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DATABASE_TIMEOUT_DEFAULTS, type DatabaseTimeouts } from './db/client';
import { CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR, CANDIDATE_REGISTRATIONS_PER_HOUR } from '@portal/contract/rules';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (s) => {
      try {
        return protocols.includes(new URL(s).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.join(' or ')}` },
  );

/** An origin as browsers send it: http(s), host, optional port, nothing after. */
const isOrigin = (s: string): boolean => {
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === s.toLowerCase();
  } catch {
    return false;
  }
};

/** A comma-separated list of origins (empty entries ignored); each one that is not an origin is named. */
const origins = z.string().transform((value, ctx) => {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!isOrigin(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin (scheme://host[:port], e.g. https://app.example.org)` });
  }
  return list.map((entry) => entry.toLowerCase());
});

/** A wait in milliseconds: 100 ms to 10 minutes. */
const milliseconds = z.coerce
  .number({ error: 'must be a number of milliseconds' })
  .int({ error: 'must be a whole number of milliseconds' })
  .min(100, { error: 'must be at least 100 (milliseconds)' })
  .max(600_000, { error: 'must be at most 600000 (10 minutes)' });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, { error: 'must be a port number (0-65535)' }).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds.default(DATABASE_TIMEOUT_DEFAULTS.connectMs),
  DATABASE_POOL_WAIT_TIMEOUT_MS: milliseconds.default(DATABASE_TIMEOUT_DEFAULTS.poolWaitMs),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds.default(DATABASE_TIMEOUT_DEFAULTS.statementMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds.default(DATABASE_TIMEOUT_DEFAULTS.idleInTransactionMs),
  HEALTH_TIMEOUT_MS: milliseconds.default(DATABASE_TIMEOUT_DEFAULTS.healthMs),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  DEV_MAILBOX: bool.optional(),
  DEV_CLOCK: bool.default(false),
  MAIL_FROM: z.string().min(3).default('University Portal <no-reply@portal.local>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@portal.local'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  ACADEMIC_YEAR: z
    .string()
    .regex(/^\d{4}-\d{4}$/, { error: 'must look like 2023-2024' })
    .default('2023-2024'),
  APP_VERSION: z.string().min(1).default('1.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: origins.optional(),
  JOBS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  EVALUATION_BALLOT_KEY: z
    .string()
    .trim()
    .refine((s) => /^[A-Za-z0-9+/]{43}=$/.test(s) && Buffer.from(s, 'base64').length === 32, {
      error: 'must be 32 random bytes in base64 (44 characters), e.g. the output of `openssl rand -base64 32`',
    })
    .optional(),
  // entrance registrations (decision 45): how many are written at once, and how many may wait
  CANDIDATE_REGISTRATION_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(500, { error: 'must be from 1 to 500' }).optional(),
  CANDIDATE_REGISTRATION_QUEUE: z.coerce.number({ error: 'must be a number' }).int().min(0).max(100_000, { error: 'must be from 0 to 100000' }).default(2000),
  CANDIDATE_REGISTRATION_WAIT_MS: milliseconds.default(10_000),
  CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(1_000_000, { error: 'must be from 1 to 1000000' })
    .default(CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR),
  CANDIDATE_REGISTRATIONS_PER_HOUR: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(10_000_000, { error: 'must be from 1 to 10000000' })
    .default(CANDIDATE_REGISTRATIONS_PER_HOUR),
  // password work (argon2id) at once, waiting, and the longest wait before 503 (issue 15)
  PASSWORD_WORK_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64, { error: 'must be from 1 to 64' }).optional(),
  PASSWORD_WORK_QUEUE: z.coerce.number({ error: 'must be a number' }).int().min(0).max(100_000, { error: 'must be from 0 to 100000' }).default(200),
  PASSWORD_WORK_WAIT_MS: milliseconds.default(3_000),
  SESSION_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  READ_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // mobile-money payments (decision 43)
  PAYMENT_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox (the only provider this version runs; see docs/decisions/0043)' }).default('sandbox'),
  PAYMENT_SANDBOX_IN_PRODUCTION: bool.default(false),
  PAYMENT_CALLBACK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  PAYMENT_API_URL: url(['https:', 'http:']).optional(),
  PAYMENT_API_KEY: z.string().min(1).optional(),
  PAYMENT_API_SECRET: z.string().min(1).optional(),
  PAYMENT_MERCHANT_ID: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** how long to wait on PostgreSQL before answering 503 (db/client.ts) */
  databaseTimeouts: DatabaseTimeouts;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  academicYear: string;
  version: string;
  logLevel: string;
  /** `pretty`: one short line per event (development at a terminal, and `npm start`); `json`: pino's lines */
  logFormat: 'json' | 'pretty';
  trustProxy: boolean;
  seedDemo: boolean;
  webDist: string;
  /**
   * The development mailbox (/dev/mailbox, every mail with its sign-in codes) is served, to this
   * machine only: only when asked for (DEV_MAILBOX=true, or the demo's `npm start`), never in
   * production, never because a variable is missing (issue 9, finding 11).
   */
  devMailbox: boolean;
  /**
   * The development clock (decision 32): the server's time can be moved forward from this machine
   * (`POST /api/dev/clock`) and a periodic job run at once (`POST /api/dev/jobs/{name}`), so that
   * the end-to-end journeys see the 7-day rule without waiting a week. Never in production.
   */
  devClock: boolean;
  secureCookies: boolean;
  /** origins whose API clients (bearer tokens) get CORS answers; empty: no CORS */
  corsOrigins: string[];
  /**
   * Whether this instance runs the periodic jobs (lib/jobs.ts: the requests' 7-day rule): with
   * pg-boss on PostgreSQL (one run per tick whatever the number of instances), on a timer in the
   * process on PGlite. `off` in the tests but those of the jobs.
   */
  jobs: boolean;
  /**
   * The key that seals the evaluation ballots until they are mixed (decision 39), 32 bytes
   * (EVALUATION_BALLOT_KEY, base64). When absent, one is made once and kept in DATA_DIR
   * (`evaluation-ballot.key`, mode 0600): every instance sharing a database must share the key.
   */
  evaluationBallotKey: Buffer | undefined;
  /**
   * Entrance registrations (`POST /candidate`, decision 45): at most `concurrency` are written at
   * once (default: the database pool's size, or 1 on PGlite), `queue` more wait at most `waitMs`;
   * past that the server answers 503 SERVER_BUSY with Retry-After at once instead of hanging.
   */
  candidateRegistration: { concurrency: number; queue: number; waitMs: number; perAddressHour: number; perHour: number };
  /**
   * The calls that hash or verify a password with argon2id (sign-in, sign-up, the e-mail's
   * confirmation, the anonymous calls padded to the same time): at most `concurrency` at once
   * (default: the machine's cores, the threads argon2 runs on), `queue` more wait at most `waitMs`;
   * past that 503 SERVER_BUSY with Retry-After at once, so that a crowd signing in neither waits
   * 10 s nor slows the rest of the portal (issue 15, docs/performance.md, password gate).
   */
  passwordWork: { concurrency: number; queue: number; waitMs: number };
  /** Sessions kept in memory where the database announces their changes at commit (docs/performance.md, sessions in memory); SESSION_CACHE=off reads every one from the database. */
  sessionCache: boolean;
  /** On the embedded database, reads' answers kept until a table they read changes (docs/performance.md, read cache); READ_CACHE=off runs every read. */
  readCache: boolean;
  /**
   * Mobile-money payments (decision 43). `provider`: the only one this version runs is the local
   * sandbox. `callbackSecret`: the key of the callbacks' HMAC signature (PAYMENT_CALLBACK_SECRET;
   * when absent, one is made once and kept in DATA_DIR). A real aggregator's credentials would be
   * PAYMENT_API_URL, PAYMENT_API_KEY, PAYMENT_API_SECRET and PAYMENT_MERCHANT_ID. `enabled`: false
   * in production with the sandbox unless PAYMENT_SANDBOX_IN_PRODUCTION=true (a demonstration
   * server): its phone page lets anyone approve a payment, so a real university's server never
   * takes a fake payment by mistake; payments then answer 503 PAYMENT_PROVIDER_UNAVAILABLE.
   */
  payments: {
    provider: 'sandbox';
    enabled: boolean;
    callbackSecret: string | undefined;
    apiUrl: string | undefined;
    apiKey: string | undefined;
    apiSecret: string | undefined;
    merchantId: string | undefined;
  };
};

export class ConfigError extends Error {}

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Parses the environment once, at start; a bad value stops the process with a clear message.
 * `demo` (main.ts --demo, what `npm start` runs): the development mailbox is on unless DEV_MAILBOX
 * says otherwise or NODE_ENV is production.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { demo?: boolean; tty?: boolean } = {}): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(raw[String(i.path[0])] ?? null)})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DEV_MAILBOX && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_MAILBOX: the development mailbox shows every mail, sign-in codes included: never in production (got "true" with NODE_ENV=production)',
    );
  }
  if (e.DEV_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_CLOCK: the development clock lets anyone on this machine move the server\'s time: never in production (got "true" with NODE_ENV=production)',
    );
  }
  // npm runs workspace scripts inside the workspace; relative paths are the caller's.
  const base = env.INIT_CWD ?? process.cwd();
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      poolWaitMs: e.DATABASE_POOL_WAIT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      healthMs: e.HEALTH_TIMEOUT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl,
    academicYear: e.ACADEMIC_YEAR,
    version: e.APP_VERSION,
    logLevel: e.LOG_LEVEL,
    // Readable lines for a person at a terminal in development; JSON for anything that collects logs.
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' && options.tty === true ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
    devMailbox: e.DEV_MAILBOX ?? (options.demo === true && e.NODE_ENV !== 'production'),
    devClock: e.DEV_CLOCK,
    secureCookies: publicUrl.startsWith('https:'),
    corsOrigins: e.CORS_ORIGINS ?? [],
    jobs: e.JOBS === 'on',
    evaluationBallotKey: e.EVALUATION_BALLOT_KEY ? Buffer.from(e.EVALUATION_BALLOT_KEY, 'base64') : undefined,
    candidateRegistration: {
      concurrency: e.CANDIDATE_REGISTRATION_CONCURRENCY ?? (e.DATABASE_URL ? e.DATABASE_POOL_SIZE : 1),
      queue: e.CANDIDATE_REGISTRATION_QUEUE,
      waitMs: e.CANDIDATE_REGISTRATION_WAIT_MS,
      perAddressHour: e.CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR,
      perHour: e.CANDIDATE_REGISTRATIONS_PER_HOUR,
    },
    passwordWork: {
      concurrency: e.PASSWORD_WORK_CONCURRENCY ?? Math.max(1, availableParallelism()),
      queue: e.PASSWORD_WORK_QUEUE,
      waitMs: e.PASSWORD_WORK_WAIT_MS,
    },
    sessionCache: e.SESSION_CACHE === 'on',
    readCache: e.READ_CACHE === 'on',
    payments: {
      provider: e.PAYMENT_PROVIDER,
      enabled: e.PAYMENT_PROVIDER !== 'sandbox' || e.NODE_ENV !== 'production' || e.PAYMENT_SANDBOX_IN_PRODUCTION,
      callbackSecret: e.PAYMENT_CALLBACK_SECRET,
      apiUrl: e.PAYMENT_API_URL,
      apiKey: e.PAYMENT_API_KEY,
      apiSecret: e.PAYMENT_API_SECRET,
      merchantId: e.PAYMENT_MERCHANT_ID,
    },
  };
}
