import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Transporter } from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createPglite, fromPglite, fromPostgres, type Database, type Db } from '../src/db/client';
import { mailOutbox, persons } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import type { Job } from '../src/lib/jobs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo';
import { cloneNamePrefix, databaseUrlFor } from './global-setup';

export { DEMO_PASSWORD };

export interface TestApp {
  /** PostgreSQL only: the URL of this test's database, for a second server instance */
  databaseUrl: string | null;
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  database: Database;
  /**
   * After a test writes to the database behind the app's back (`t.db`): waits until the database's
   * announcements of that change have reached the app (docs/performance.md, change feed). On PostgreSQL they come on
   * another connection a moment later; the app's own requests wait for them before answering.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A database of its own for a test app; on PostgreSQL, a pool of `poolSize` connections. */
async function cloneDatabase(poolSize = 10): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  const base = process.env.DATABASE_URL;
  if (template && base) {
    // (named after the run's template, so that the run's teardown finds a copy a test left behind)
    const name = `${cloneNamePrefix(template)}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    // Two files may copy the template at the same moment; PostgreSQL lets one at a time.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt > 40 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await admin.end();
    const url = databaseUrlFor(base, name);
    const database = fromPostgres(url, poolSize);
    return {
      database,
      url,
      drop: async () => {
        const cleanup = new pg.Client({ connectionString: base });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await createPglite({ loadDataDir: new Blob([dump]) });
  return { database: fromPglite(client), url: null, drop: async () => undefined };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // The periodic jobs stay off: a test app starts no scheduler unless the test turns them on.
  // Sign-ins wait their turn at the password gate rather than being refused when a loaded machine
  // makes argon2 slow (docs/performance.md, password gate; password-work.test.ts tests the refusals with its own settings).
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/data',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST: '.tmp/no-web',
    JOBS: 'off',
    PASSWORD_WORK_WAIT_MS: '60000',
    ...overrides,
  });
}

/** The real app on a fresh copy of the seeded database, with a clock the test moves. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailTransport?: Transporter;
    extraRoutes?: (app: FastifyInstance) => void;
    logStream?: NodeJS.WritableStream;
    jobs?: readonly Job[];
  } = {},
): Promise<TestApp> {
  // (DATABASE_POOL_SIZE sizes the test's own pool, as it sizes a server's)
  const { database, url, drop } = await cloneDatabase(options.env?.DATABASE_POOL_SIZE ? Number(options.env.DATABASE_POOL_SIZE) : undefined);
  const clock = new ManualClock(new Date());
  // Each app keeps its uploads in a folder of its own, removed when it closes.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const forget = async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let config: Config;
  let app: FastifyInstance | undefined;
  try {
    // On PostgreSQL the configuration names this test's database, as a server's names its own (pg-boss connects with it).
    config = testConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ...options.env });
    app = await buildApp({
      config,
      database,
      clock,
      ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
      ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.jobs ? { jobs: options.jobs } : {}),
    });
    await app.ready();
  } catch (error) {
    // An app that could not start (a configuration refused, as some tests mean it to be) leaves no database behind.
    await (app ? app.close() : database.close()).catch(() => undefined);
    await forget();
    throw error;
  }
  return {
    app,
    databaseUrl: url,
    db: database.db,
    clock,
    config,
    database,
    settled: async () => {
      await app.ctx.changes?.settle();
    },
    close: async () => {
      await app.close();
      await forget();
    },
  };
}

/** Another server instance on the same PostgreSQL database, sharing the clock. */
export async function secondInstance(t: TestApp): Promise<FastifyInstance> {
  if (!t.databaseUrl) throw new Error('a second instance needs PostgreSQL');
  const app = await buildApp({ config: t.config, database: fromPostgres(t.databaseUrl, 10), clock: t.clock });
  await app.ready();
  return app;
}

/**
 * For the tests of the calling describe: a test app and a second instance on its PostgreSQL
 * database, made before them and closed after; `instance(i)` alternates between the two.
 */
export function twoInstances(options: { env?: Record<string, string> } = {}): {
  readonly t: TestApp;
  readonly other: FastifyInstance;
  instance: (i: number) => FastifyInstance;
} {
  let t: TestApp | undefined;
  let other: FastifyInstance | undefined;
  beforeAll(async () => {
    t = await createTestApp(options.env ? { env: options.env } : {});
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  return {
    get t() {
      return t!;
    },
    get other() {
      return other!;
    },
    instance: (i) => (i % 2 === 0 ? t!.app : other!),
  };
}

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** A minimal cookie jar over app.inject. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '10.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
}

/** The newest mail sent to an address, from the outbox table. */
export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to.toLowerCase())).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to.toLowerCase())).orderBy(desc(mailOutbox.id));
}

export function codeIn(text: string | undefined): string {
  const match = /code is (\d{6})/.exec(text ?? '') ?? /code de connexion est (\d{6})/.exec(text ?? '');
  if (!match) throw new Error(`no sign-in code in mail: ${text}`);
  return match[1]!;
}

export async function emailOf(db: Db, matricule: string): Promise<string> {
  const [p] = await db.select({ email: persons.EMAIL }).from(persons).where(eq(persons.MATRICULE, matricule));
  if (!p?.email) throw new Error(`no e-mail for ${matricule}`);
  return p.email;
}

/** What an injected request answers, as the helpers below read it. */
export type Answer = { statusCode: number; body: string; json: () => unknown };

/** The body of a 2xx answer (none for a 204), failing with the body when the status differs. */
export function ok<T>(res: Answer, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? undefined : res.json()) as T;
}

/** An answer's status and error code, and its fields, conflict or columns when it names them: for one-line expectations. */
export const outcome = (res: Answer) => {
  const body = (res.body ? res.json() : null) as { code?: string; fields?: Record<string, string>; conflict?: unknown; columns?: string[] } | null;
  return {
    status: res.statusCode,
    code: body?.code,
    ...(body?.fields ? { fields: body.fields } : {}),
    ...(body?.conflict ? { conflict: body.conflict } : {}),
    ...(body?.columns ? { columns: body.columns } : {}),
  };
};

/** The id of the person with this matricule (the demo data's). */
export async function personIdOf(t: TestApp, matricule: string): Promise<number> {
  const [p] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
  if (!p) throw new Error(`no person ${matricule}`);
  return p.id;
}

/** Signs in with password and the mailed code; the client then holds the session cookie. */
export async function signIn(
  t: TestApp,
  identifier: string,
  password = DEMO_PASSWORD,
  ip?: string,
): Promise<{ client: Client; user: Record<string, unknown> }> {
  const client = new Client(t.app, ip);
  const first = await client.post('/api/auth/students/', { identifier, password });
  if (first.statusCode !== 200) throw new Error(`sign-in failed: ${first.statusCode} ${first.body}`);
  const { STUDENT_ID } = first.json() as { STUDENT_ID: number };
  const { accounts } = await import('../src/db/schema');
  const [account] = await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.personId, STUDENT_ID));
  const code = codeIn((await lastMailTo(t.db, account!.email))?.textBody);
  const second = await client.post('/api/auth/student/code-verification', { SIGN_CODE: code, STUDENT_ID });
  if (second.statusCode !== 200) throw new Error(`code verification failed: ${second.statusCode} ${second.body}`);
  return { client, user: second.json() };
}

/**
 * The people the registration tests act as, signed in: a permanent lecturer (the owner), a
 * part-time lecturer (someone else), human resources, and `closing`, whose registration a test closes.
 */
export async function registrationCast(t: TestApp, closing: string) {
  const owner = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
  const other = await signIn(t, DEMO_ACCOUNTS.partTime.matricule);
  const hr = await signIn(t, DEMO_ACCOUNTS.hr.matricule);
  const closed = await signIn(t, closing);
  return {
    owner: owner.client,
    ownerId: owner.user.id as number,
    other: other.client,
    otherId: other.user.id as number,
    hr: hr.client,
    hrId: hr.user.id as number,
    closedOwner: closed.client,
    closedId: closed.user.id as number,
  };
}

/**
 * A signed-in Client for a person, without the sign-in round trip: a server session is
 * created the way sign-in creates one (lib/session.ts: random token, stored hashed) and its
 * token is put in the session cookie. `app` may be a second instance on the same database.
 */
export async function sessionFor(t: TestApp, personId: number, app: FastifyInstance = t.app, ip = '10.0.0.1'): Promise<Client> {
  const { createSession } = await import('../src/lib/session');
  const { sessionCookieName } = await import('../src/lib/auth');
  const token = await createSession(t.app.ctx, t.db, personId, { ip, userAgent: 'vitest' });
  const client = new Client(app, ip);
  client.cookies.set(sessionCookieName(t.config.secureCookies), token);
  return client;
}

/** The same signed-in person on another server instance (same cookies). */
export function sameSessionOn(client: Client, app: FastifyInstance): Client {
  const other = new Client(app, client.ip);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/**
 * Runs `during` with `table` out of the app's reach: renamed on the embedded database (a query on it
 * fails), locked by another connection on PostgreSQL (a query on it waits). What `during` is answered
 * then came from the app's memory (docs/performance.md, sessions in memory).
 */
export async function withTableAway<T>(t: TestApp, table: string, during: () => Promise<T>): Promise<T> {
  if (t.databaseUrl) {
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`lock table ${table} in access exclusive mode`);
      return await during();
    } finally {
      await other.query('rollback');
      await other.end();
    }
  }
  await t.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    return await during();
  } finally {
    await t.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}
