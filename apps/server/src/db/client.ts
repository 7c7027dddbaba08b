import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type PGliteOptions, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableName, is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTable, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { pgliteStatements } from './pglite-statements';
import { statementNames, type StatementNames } from './named-statements';
import { createReadCache, type ReadCache } from './read-cache';
import { createTurns, type Turns } from './turns';

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
  /** The database's notifications on some channels (lib/session-cache.ts, the subject lists): see ChangeFeed. */
  listen(channels: readonly string[], handlers: ChangeHandlers): Promise<ChangeFeed>;
  /**
   * The HTTP server accepted a connection (PGlite: others may be waiting behind it while the thread
   * runs queries, so the turns hurry; decision 60). PostgreSQL has nothing to do.
   */
  connectionAccepted?(): void;
  /**
   * The read cache, when on (decision 53). On PostgreSQL it keeps nothing until it is told that
   * changes made elsewhere are heard (`resume`, once the app listens on READ_CHANGE_CHANNEL).
   */
  readCache?: Pick<ReadCache, 'hits' | 'misses' | 'size' | 'changed' | 'pause' | 'resume' | 'stampOf' | 'holds'>;
}

export interface ChangeHandlers {
  /** a notification's payload, in the order the transactions that sent them committed */
  onPayload(channel: string, payload: string): void;
  /** notifications may have been missed (the listening connection was lost, or stopped answering): what they kept is stale */
  onLost(): void;
  /** listening again: notifications are delivered from now on */
  onRestored(): void;
}

export interface ChangeFeed {
  /**
   * Resolves once every notification sent by a transaction committed before the call has been
   * handed to `onPayload`; false when that could not be made sure of in time (then `onLost` ran).
   * The embedded database delivers them before the committing statement's promise settles: true at once.
   */
  settle(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * An embedded database with the extensions the migrations use (pg_trgm for subject search,
 * btree_gist for the lessons' exclusion constraints), and planning without Memoize. Once its tables
 * have statistics (db/upkeep.ts) the planner weighs Memoize nodes for each join: the author's
 * requests page took 2.2 ms instead of 1.6, planning twice as long for lookups of a few rows. The
 * portal's joins read a page at a time (decision 50). The portal's statements are prepared once
 * (db/pglite-statements.ts) and planned as PostgreSQL plans prepared statements: with their values
 * for the first five runs, then once for all runs where that plan costs no more (decision 58; a
 * search's pattern or a page's size keeps it planning with the values).
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  const client = await PGlite.create({ ...options, extensions: { pg_trgm, btree_gist } });
  await client.exec('set enable_memoize = off');
  return client;
}

/**
 * drizzle's PGlite driver passes its own parsers with every query (dates, timestamps and intervals
 * kept as text), and PGlite merges them into its three hundred type parsers on every call: 0.16 ms
 * a query, more than `select 1` itself. The instance takes those parsers as its own once, and the
 * client drizzle is given drops drizzle's copy from each query's options (only when it names the
 * same types, so a later drizzle that parses differently still gets its way).
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type QueryOptions = Parameters<PGlite['query']>[2];
function withoutDriverParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== TEXT_TYPES.length || !TEXT_TYPES.every((type) => type in parsers)) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

/**
 * The channel on which PostgreSQL announces a change to a table, with its name (migration 0017): an
 * instance forgets the reads of a table another one changed.
 */
export const READ_CHANGE_CHANNEL = 'portal_table_change';

/** How long PGlite may run queries before the event loop turns (db/turns.ts, decision 51). */
export const PGLITE_SLICE_MS = 10;
/** The same just after a new connection, and for how long after the last one (decision 60). */
export const PGLITE_HURRIED_SLICE_MS = 1;
export const PGLITE_HURRY_MS = 50;
/** How many named statements PGlite keeps prepared (db/pglite-statements.ts, decision 51). */
const PGLITE_STATEMENTS = 300;

/**
 * How many reads' answers the client keeps, the most values one may have, and the most values of all
 * of them (a million values: some tens of megabytes) (db/read-cache.ts, decision 53).
 */
const READ_CACHE_ENTRIES = 2_000;
const READ_CACHE_MAX_CELLS = 20_000;
const READ_CACHE_TOTAL_CELLS = 1_000_000;

/** The portal's tables, by their names in the database. */
export const TABLE_NAMES = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));

/**
 * The client drizzle is given: PGlite's own, with each query's (and each transaction's queries')
 * options trimmed, and each statement or transaction outside a transaction run in its turn. With a
 * read cache, a read it keeps is answered at once, and every change is told to it.
 */
function drizzleClient(client: PGlite, cache: ReadCache | undefined, turns: Turns): PGlite {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const statements = pgliteStatements(client, { size: PGLITE_STATEMENTS });
  type Queryable = Pick<PGlite, 'query'>;
  /** A statement outside a transaction: the cache's answer, or run in its turn, then kept or told. */
  const topLevel = (text: string, params: unknown[] | undefined, options: QueryOptions): Promise<Results> => {
    const run = () => statements.query(text, params, options);
    if (!cache) return turns.run(run);
    const kept = cache.answer(text, params, options);
    if (kept) return Promise.resolve(kept);
    return turns.run(() => cache.run(text, params, options, run, (sql) => statements.query(sql, [], undefined)));
  };
  type Transaction = ReturnType<ReadCache['transaction']>;
  const trimmed = <T extends Queryable>(target: T, transaction?: Transaction): T =>
    new Proxy(target, {
      get(object, key) {
        const top = object === (client as unknown as T);
        if (key === 'query') {
          return (text: string, params?: unknown[], options?: QueryOptions) => {
            const trimmedOptions = withoutDriverParsers(options);
            // (a transaction already ended answers PGlite's own error, as a blob goes PGlite's own way)
            if (trimmedOptions?.blob || (!top && (object as unknown as { closed: boolean }).closed)) {
              cache?.forget();
              return object.query(text, params, trimmedOptions);
            }
            if (top) return topLevel(text, params, trimmedOptions);
            transaction?.statement(text);
            return statements.inTransaction(text, params, trimmedOptions);
          };
        }
        if (key === 'exec') {
          // several statements of any kind in one text: whatever was kept may be stale
          return async (...args: Parameters<PGlite['exec']>) => {
            try {
              return await (top ? turns.run(() => client.exec(...args)) : (object as unknown as PGlite).exec(...args));
            } finally {
              // (in a transaction, its end forgets again)
              if (transaction) transaction.statement(undefined);
              else cache?.forget();
            }
          };
        }
        if (key === 'transaction' && top) {
          return (run: (tx: Queryable) => Promise<unknown>) =>
            turns.run(async () => {
              const transaction = cache?.transaction();
              try {
                return await client.transaction((tx) => run(trimmed(tx, transaction)));
              } finally {
                transaction?.end();
              }
            });
        }
        const value = Reflect.get(object, key, object) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  return trimmed(client);
}

/**
 * `readCache` (on unless told otherwise): the answers to reads are kept until a table they read
 * changes (db/read-cache.ts, decision 53); `READ_CACHE=off` runs every read.
 */
export function fromPglite(client: PGlite, { readCache = true }: { readCache?: boolean } = {}): Database {
  const cache = readCache ? createReadCache({ tables: TABLE_NAMES, entries: READ_CACHE_ENTRIES, maxCells: READ_CACHE_MAX_CELLS, totalCells: READ_CACHE_TOTAL_CELLS }) : undefined;
  const turns = createTurns({ sliceMs: PGLITE_SLICE_MS, hurriedSliceMs: PGLITE_HURRIED_SLICE_MS, hurryMs: PGLITE_HURRY_MS });
  const db = drizzlePglite(drizzleClient(client, cache, turns), { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    connectionAccepted: () => turns.hurry(),
    ...(cache ? { readCache: cache } : {}),
    migrate: () => migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    // PGlite hands a notification to its listeners (as a microtask) while it reads the answer of
    // the statement that committed, before that statement's promise settles; one process owns it.
    async listen(channels, handlers) {
      const unlisten = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => handlers.onPayload(channel, payload))));
      handlers.onRestored();
      return {
        settle: async () => true,
        stop: async () => {
          for (const stop of unlisten) await stop();
        },
      };
    },
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
function connectionClass(connectMs: number, names: StatementNames): typeof pg.Client {
  let downUntil = 0;
  const failed = () => {
    downUntil = Date.now() + connectMs;
  };
  return class PortalClient extends pg.Client {
    /** the statement names this connection was given (db/named-statements.ts) */
    readonly #named = new Set<string>();
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectMs });
    }
    // A statement drizzle sends again is sent under a name (decision 58).
    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: unknown; submit?: unknown } | string, unknown];
      // (a plain query's options only: a submittable, such as a cursor, is its own object)
      if (typeof config === 'object' && config !== null && typeof config.text === 'string' && config.name === undefined && config.submit === undefined && Array.isArray(values)) {
        const name = names.nameFor(config.text, values.length, this.#named);
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
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

export function fromPostgres(url: string, poolSize = 20, timeouts: DatabaseTimeouts = DATABASE_TIMEOUT_DEFAULTS, { readCache = true }: { readCache?: boolean } = {}): Database {
  // random_page_cost 1.1 is the usual value for SSD storage (PostgreSQL's default of 4 assumes
  // spinning disks and makes the planner scan subjects instead of using the trigram index).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    Client: connectionClass(timeouts.connectMs, statementNames()),
    connectionTimeoutMillis: Math.max(timeouts.poolWaitMs, timeouts.connectMs),
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + READ_GRACE_MS,
    // Dead peers (a dropped network) are noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // With the read cache, the portal's own announcements wait in a table until sent after the
    // change committed (decision 55): a transaction that notifies commits one at a time.
    options: readCache ? '-c random_page_cost=1.1 -c portal.defer_announcements=on' : '-c random_page_cost=1.1',
  });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  const cache = readCache ? createReadCache({ tables: TABLE_NAMES, entries: READ_CACHE_ENTRIES, maxCells: READ_CACHE_MAX_CELLS, totalCells: READ_CACHE_TOTAL_CELLS }) : undefined;
  // changes made elsewhere are not heard yet: nothing is kept until the app listens (app.ts)
  cache?.pause();
  // What the pool's changes left to announce is sent right after they committed: with the marker of
  // the listening connection's next settle when the app listens, else on its own (decision 55).
  let feed: ChangeFeed | undefined;
  const sendAnnouncements = oncePerTurn(() => sendDeferredAnnouncements(pool));
  const announce = () => (feed ? void feed.settle() : sendAnnouncements());
  const pgDb = drizzlePg(cache ? cachedPool(pool, cache, announce) : pool, { schema });
  return {
    db: pgDb as unknown as Db,
    driver: 'postgres',
    ...(cache ? { readCache: cache } : {}),
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
    async listen(channels, handlers) {
      const listening = await listenOnPostgres(url, pool, channels, handlers, timeouts.connectMs, sendAnnouncements);
      feed = listening;
      return {
        settle: listening.settle,
        async stop() {
          if (feed === listening) feed = undefined;
          await listening.stop();
        },
      };
    },
  };
}

type PgQuery = string | { text: string; rowMode?: 'array' };

/**
 * The pool drizzle is given on PostgreSQL with a read cache (decision 53): a read kept is answered
 * at once; a change through the pool is told once it answered; a change in a transaction is told
 * at once and again when its connection goes back to the pool, after its commit or rollback.
 * Changes by other instances or other programs arrive as announcements (app.ts).
 */
function cachedPool(pool: pg.Pool, cache: ReadCache, announce: () => void): pg.Pool {
  const learnQuery = (text: string) => pool.query(text) as unknown as Promise<Results>;
  const changes = (text: string | undefined) => {
    const kind = text === undefined ? 'schema' : cache.classify(text).kind;
    return kind === 'change' || kind === 'schema';
  };
  const read = async (query: PgQuery, params: unknown[] | undefined): Promise<unknown> => {
    const text = typeof query === 'string' ? query : query.text;
    const options = typeof query === 'object' && query.rowMode ? { rowMode: query.rowMode } : undefined;
    const kept = cache.answer(text, params, options);
    if (kept) return kept;
    const changing = changes(text);
    try {
      return await cache.run(text, params, options, () => pool.query(query, params) as unknown as Promise<Results>, learnQuery);
    } finally {
      if (changing) announce();
    }
  };
  const inTransaction = (client: pg.PoolClient): pg.PoolClient => {
    const transaction = cache.transaction();
    let changed = false;
    return new Proxy(client, {
      get(object, key) {
        if (key === 'query') {
          return (query: PgQuery, ...rest: unknown[]) => {
            // (a query the wrapper cannot read may change anything)
            const text = typeof query === 'string' ? query : typeof query?.text === 'string' ? query.text : undefined;
            transaction.statement(text);
            if (!changed && changes(text)) changed = true;
            return (object.query as (...args: unknown[]) => unknown)(query, ...rest);
          };
        }
        if (key === 'release') {
          return (...args: unknown[]) => {
            const released = (object.release as (...args: unknown[]) => unknown)(...args);
            transaction.end();
            if (changed) announce();
            return released;
          };
        }
        const value = Reflect.get(object, key, object) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  };
  return new Proxy(pool, {
    get(object, key) {
      if (key === 'query') {
        return (query: PgQuery, params?: unknown, callback?: unknown) => {
          const plain = typeof query === 'string' || (typeof query === 'object' && typeof query?.text === 'string');
          if (!plain || typeof params === 'function' || callback !== undefined || (params !== undefined && !Array.isArray(params))) {
            cache.forget();
            return (object.query as (...args: unknown[]) => unknown)(query, params, callback);
          }
          return read(query, params as unknown[] | undefined);
        };
      }
      if (key === 'connect') {
        return (callback?: unknown) => {
          if (callback !== undefined) {
            cache.forget();
            return (object.connect as (...args: unknown[]) => unknown)(callback);
          }
          return object.connect().then(inTransaction);
        };
      }
      const value = Reflect.get(object, key, object) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * Sends the announcements the portal's connections left (migration 0018, decision 55), then the
 * marker if given, in a transaction of its own: it writes nothing PostgreSQL must put on disk
 * before answering, so it does not hold the notification queue's lock while the disk turns.
 */
async function sendDeferredAnnouncements(pool: pg.Pool, marker?: { channel: string; marker: string }): Promise<void> {
  await pool.query("select set_config('synchronous_commit', 'off', true), portal_send_announcements($1, $2)", [marker?.channel ?? null, marker?.marker ?? null]);
}

/** `send` once in the next turn of the event loop however often asked within this one; its failure is left to the next (the heartbeat sends too). */
function oncePerTurn(send: () => Promise<void>): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    setImmediate(() => {
      asked = false;
      send().catch(() => undefined);
    });
  };
}

/** How often the listening connection proves it still hears (a notification to itself), and how long that may take. */
const HEARTBEAT_MS = 5_000;
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * A connection of its own that LISTENs (notifications travel on it, not on the pool's). `settle`
 * sends a marker through the pool and waits for it to come back on this connection: PostgreSQL
 * delivers a listener's notifications in commit order, so every change committed before has been
 * handed on by then. A heartbeat does the same every few seconds; a connection lost or a marker late
 * calls `onLost`, and `onRestored` once listening again (reconnecting with a growing delay).
 * The marker goes with the announcements the pool's changes left (decision 55); while not
 * listening, `sendAlone` sends those without a marker.
 */
async function listenOnPostgres(url: string, pool: pg.Pool, channels: readonly string[], handlers: ChangeHandlers, connectMs: number, sendAlone: () => void): Promise<ChangeFeed> {
  const [channel] = channels;
  if (!channel) throw new Error('listen: no channel');
  const markers = new Map<string, () => void>();
  const prefix = `settle:${process.pid}:${randomUUID()}:`;
  let sequence = 0;
  let client: pg.Client | undefined;
  let healthy = false;
  let stopped = false;
  let retryMs = 250;
  let reconnect: NodeJS.Timeout | undefined;

  const lost = () => {
    if (healthy) handlers.onLost();
    healthy = false;
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(prefix)) markers.get(payload)?.();
      else if (!payload.startsWith('settle:')) handlers.onPayload(message.channel, payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = undefined;
      lost();
      scheduleReconnect();
    });
    await next.connect();
    for (const name of channels) await next.query(`LISTEN "${name}"`);
    client = next;
    retryMs = 250;
    // (onRestored drops whatever was kept while not listening before anything is kept again)
    healthy = true;
    handlers.onRestored();
  };
  const scheduleReconnect = () => {
    if (stopped || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      connect().catch(() => {
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs);
    reconnect.unref();
  };

  /** One marker through the pool and back on the listening connection; false when it does not come back in time. */
  const roundTrip = async (): Promise<boolean> => {
    if (!healthy) return false;
    const marker = `${prefix}${++sequence}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      // The marker's own commit need not wait for the disk: nothing is kept of it (decision 50).
      await sendDeferredAnnouncements(pool, { channel, marker });
      const ok = await arrived;
      if (!ok) lost();
      return ok;
    } catch {
      lost();
      return false;
    } finally {
      clearTimeout(timer);
      markers.delete(marker);
    }
  };
  // The requests that ask for a settle share a marker: each asked after its own changes committed,
  // and the marker is sent after all of them asked (decision 50). One marker travels at a time: those
  // who ask while one is on its way share the next, sent once it is back, as a disk shares one flush
  // among the commits waiting for it (decision 62). Alone, a request waits for its marker only.
  let next: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | undefined;
  let travelling = false;
  const sendNext = () => {
    const batch = next;
    if (!batch || travelling) return;
    next = undefined;
    travelling = true;
    void roundTrip().then((ok) => {
      travelling = false;
      batch.resolve(ok);
      if (next) setImmediate(sendNext);
    });
  };
  const settle = (): Promise<boolean> => {
    if (!healthy) {
      // (what this instance changed is announced to the others even while it does not hear them)
      sendAlone();
      return Promise.resolve(false);
    }
    if (!next) {
      let resolve!: (ok: boolean) => void;
      const promise = new Promise<boolean>((r) => (resolve = r));
      next = { promise, resolve };
      // (asked within one turn of the event loop: sent at its end, with the others of the turn)
      if (!travelling) setImmediate(sendNext);
    }
    return next.promise;
  };

  // A database away at start does not stop the server: nothing is kept until it listens.
  handlers.onLost();
  await connect().catch(() => scheduleReconnect());
  const heartbeat = setInterval(() => {
    if (healthy) void settle().then((ok) => !ok && client && void client.end().catch(() => undefined));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    settle,
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      healthy = false;
      await client?.end().catch(() => undefined);
    },
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

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number; timeouts?: DatabaseTimeouts; readCache?: boolean }): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, options.poolSize, options.timeouts, { readCache: options.readCache ?? true });
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return fromPglite(client, { readCache: options.readCache ?? true });
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
