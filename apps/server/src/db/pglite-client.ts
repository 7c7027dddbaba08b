import { PGlite, types, type PGliteOptions, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, READ_CACHE_ENTRIES, READ_CACHE_MAX_CELLS, READ_CACHE_TOTAL_CELLS, schema, TABLE_NAMES, type Database, type Db } from './database';
import { pgliteStatements } from './pglite-statements';
import { createReadCache, type ReadCache } from './read-cache';
import { createTurns, type Turns } from './turns';

/**
 * An embedded database with the extensions the migrations use (pg_trgm for subject search,
 * btree_gist for the lessons' exclusion constraints), and planning without Memoize. Once its tables
 * have statistics (db/upkeep.ts) the planner weighs Memoize nodes for each join: the author's
 * requests page took 2.2 ms instead of 1.6, planning twice as long for lookups of a few rows. The
 * portal's joins read a page at a time (docs/performance.md, PGlite upkeep). The portal's statements are prepared once
 * (db/pglite-statements.ts) and planned as PostgreSQL plans prepared statements: with their values
 * for the first five runs, then once for all runs where that plan costs no more (docs/performance.md, kept plans; a
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

/** How long PGlite may run queries before the event loop turns (db/turns.ts, docs/performance.md, PGlite in turns). */
export const PGLITE_SLICE_MS = 10;
/** The same just after a new connection, and for how long after the last one (docs/performance.md, hurried turns). */
export const PGLITE_HURRIED_SLICE_MS = 1;
export const PGLITE_HURRY_MS = 50;
/** How many named statements PGlite keeps prepared (db/pglite-statements.ts, docs/performance.md, PGlite in turns). */
const PGLITE_STATEMENTS = 300;

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
 * changes (db/read-cache.ts, docs/performance.md, read cache); `READ_CACHE=off` runs every read.
 */
export function fromPglite(client: PGlite, { readCache = true }: { readCache?: boolean } = {}): Database {
  const cache = readCache
    ? createReadCache({ tables: TABLE_NAMES, entries: READ_CACHE_ENTRIES, maxCells: READ_CACHE_MAX_CELLS, totalCells: READ_CACHE_TOTAL_CELLS })
    : undefined;
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
