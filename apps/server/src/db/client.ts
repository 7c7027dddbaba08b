import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './database';
import { createPglite, fromPglite } from './pglite-client';
import { fromPostgres, type DatabaseTimeouts } from './postgres-client';

/*
 * The database client: an embedded PGlite (db/pglite-client.ts) or a PostgreSQL pool
 * (db/postgres-client.ts, its change feed db/postgres-listen.ts), behind the one Database
 * (db/database.ts) the server is given.
 */

export {
  MIGRATIONS_DIR,
  READ_CHANGE_CHANNEL,
  TABLE_NAMES,
  type ChangeFeed,
  type ChangeHandlers,
  type Database,
  type Db,
  type Executor,
  type Schema,
  type Tx,
} from './database';
export { createPglite, fromPglite, PGLITE_HURRIED_SLICE_MS, PGLITE_HURRY_MS, PGLITE_SLICE_MS } from './pglite-client';
export { DATABASE_TIMEOUT_DEFAULTS, fromPostgres, type DatabaseTimeouts } from './postgres-client';

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** PostgreSQL's answers that mean "not now": shutting down, starting, too many connections, a statement or an idle transaction timed out. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
const UNREACHABLE_MESSAGE =
  /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Query read timeout|Client has encountered a connection error|Connection refused/i;

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

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  readCache?: boolean;
}): Promise<Database> {
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
