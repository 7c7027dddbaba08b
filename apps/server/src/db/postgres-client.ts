import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { cachedPool } from './cached-pool';
import {
  MIGRATIONS_DIR,
  READ_CACHE_ENTRIES,
  READ_CACHE_MAX_CELLS,
  READ_CACHE_TOTAL_CELLS,
  schema,
  TABLE_NAMES,
  type ChangeFeed,
  type Database,
  type Db,
} from './database';
import { statementNames, type StatementNames } from './named-statements';
import { listenOnPostgres, oncePerTurn, sendDeferredAnnouncements } from './postgres-listen';
import { createReadCache } from './read-cache';

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

export const DATABASE_TIMEOUT_DEFAULTS: DatabaseTimeouts = {
  connectMs: 5_000,
  poolWaitMs: 60_000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
  healthMs: 2_000,
};

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
    // A statement drizzle sends again is sent under a name (docs/performance.md, kept plans).
    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: unknown; submit?: unknown } | string, unknown];
      // (a plain query's options only: a submittable, such as a cursor, is its own object)
      if (
        typeof config === 'object' &&
        config !== null &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        config.submit === undefined &&
        Array.isArray(values)
      ) {
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

export function fromPostgres(
  url: string,
  poolSize = 20,
  timeouts: DatabaseTimeouts = DATABASE_TIMEOUT_DEFAULTS,
  { readCache = true }: { readCache?: boolean } = {},
): Database {
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
    // change committed (docs/performance.md, deferred announcements): a transaction that notifies commits one at a time.
    options: readCache ? '-c random_page_cost=1.1 -c portal.defer_announcements=on' : '-c random_page_cost=1.1',
  });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  const cache = readCache
    ? createReadCache({ tables: TABLE_NAMES, entries: READ_CACHE_ENTRIES, maxCells: READ_CACHE_MAX_CELLS, totalCells: READ_CACHE_TOTAL_CELLS })
    : undefined;
  // changes made elsewhere are not heard yet: nothing is kept until the app listens (plugins/context.ts)
  cache?.pause();
  // What the pool's changes left to announce is sent right after they committed: with the marker of
  // the listening connection's next settle when the app listens, else on its own (docs/performance.md, deferred announcements).
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
