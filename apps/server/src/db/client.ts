import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Where the database's notifications on a channel reach the server before the transaction that
   * sent them lets its caller go on (the embedded database, which this process alone runs): what
   * keeping sessions in memory needs (lib/session-cache.ts). Absent for PostgreSQL, whose
   * notifications travel on another connection and may arrive after the writer's answer.
   */
  listenAtCommit?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/** An embedded database with the extensions the migrations use (pg_trgm for subject search, btree_gist for the lessons' exclusion constraints). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, btree_gist } });
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    // PGlite hands a notification to its listeners (as a microtask) while it reads the answer of
    // the statement that committed, before that statement's promise settles.
    listenAtCommit: (channel, onPayload) => client.listen(channel, onPayload),
  };
}

/**
 * How long the server waits on PostgreSQL before answering 503 DATABASE_UNAVAILABLE instead of
 * hanging (issue 9, finding 4). `connectMs`: to open a connection, or to get one from a busy
 * pool; `statementMs`: one statement (PostgreSQL cancels it; the client gives up a little later
 * if the server never answers, e.g. packets dropped); `idleInTransactionMs`: a transaction left
 * open doing nothing is ended by the server, releasing its row locks; `healthMs`: what
 * `/api/health` waits for its ping.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  /** a request waiting for a free connection of a busy pool (a burst past capacity) */
  poolWaitMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  healthMs: number;
}

export const DATABASE_TIMEOUT_DEFAULTS: DatabaseTimeouts = { connectMs: 5_000, poolWaitMs: 60_000, statementMs: 10_000, idleInTransactionMs: 30_000, healthMs: 2_000 };

/**
 * The pool's connections: each opens within `connectMs`, and once one could not, the next ones
 * fail at once for `connectMs` (instead of each waiting out its own timeout while requests queue
 * behind them), then connecting is tried again.
 */
function connectionClass(connectMs: number): typeof pg.Client {
  let downUntil = 0;
  const failed = () => {
    downUntil = Date.now() + connectMs;
  };
  return class PortalClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectMs });
    }
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const report = callback as ((err: Error | null, c?: pg.Client) => void) | undefined;
      if (Date.now() < downUntil) {
        const error = Object.assign(new Error('Connection refused: the database could not be reached a moment ago'), { code: 'ECONNREFUSED' });
        if (!report) return Promise.reject(error);
        process.nextTick(() => report(error));
        return;
      }
      if (!report) {
        return super.connect().catch((error: unknown) => {
          failed();
          throw error;
        });
      }
      super.connect((error: Error | null) => {
        if (error) failed();
        report(error, this);
      });
    }
  };
}

/** The client's own wait past the statement timeout, for a server that never answers at all. */
const READ_GRACE_MS = 2_000;

export function fromPostgres(url: string, poolSize = 20, timeouts: DatabaseTimeouts = DATABASE_TIMEOUT_DEFAULTS): Database {
  // random_page_cost 1.1 is the usual value for SSD storage (PostgreSQL's default of 4 assumes
  // spinning disks and makes the planner scan subjects instead of using the trigram index).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    Client: connectionClass(timeouts.connectMs),
    connectionTimeoutMillis: Math.max(timeouts.poolWaitMs, timeouts.connectMs),
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + READ_GRACE_MS,
    // Dead peers (a dropped network) are noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    options: '-c random_page_cost=1.1',
  });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  const pgDb = drizzlePg(pool, { schema });
  return {
    db: pgDb as unknown as Db,
    driver: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it (as long as it
      // takes: a connection of its own, without the statement timeouts of the request pool).
      const migrations = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true });
      migrations.on('error', () => undefined);
      const client = await migrations.connect();
      try {
        await client.query('select pg_advisory_lock(74210001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(74210001)').catch(() => undefined);
        client.release();
        await migrations.end();
      }
    },
    close: () => pool.end(),
  };
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** PostgreSQL's answers that mean "not now": shutting down, starting, too many connections, a statement or an idle transaction timed out. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
const UNREACHABLE_MESSAGE = /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Query read timeout|Client has encountered a connection error|Connection refused/i;

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) says the database cannot be
 * reached or answer in time, rather than that a query is wrong. Those are answered 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number; timeouts?: DatabaseTimeouts }): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, options.poolSize, options.timeouts);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return fromPglite(client);
}

/** Whether the database answers; rejects after `timeoutMs` at the latest (the query itself may go on). */
export async function ping(db: Db, timeoutMs?: number): Promise<void> {
  const query = db.execute(sql`select 1`);
  if (!timeoutMs) {
    await query;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  query.catch(() => undefined);
  try {
    await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}
