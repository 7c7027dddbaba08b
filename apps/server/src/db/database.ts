import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { ReadCache } from './read-cache';

/* What the server knows of its database, whichever it is (db/client.ts opens one). */

export { schema };
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
   * runs queries, so the turns hurry; docs/performance.md, hurried turns). PostgreSQL has nothing to do.
   */
  connectionAccepted?(): void;
  /**
   * The read cache, when on (docs/performance.md). On PostgreSQL it keeps nothing until it is told that
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
 * The channel on which PostgreSQL announces a change to a table, with its name (migration 0017): an
 * instance forgets the reads of a table another one changed.
 */
export const READ_CHANGE_CHANNEL = 'portal_table_change';

/**
 * How many reads' answers the client keeps, the most values one may have, and the most values of all
 * of them (a million values: some tens of megabytes) (db/read-cache.ts, docs/performance.md, read cache).
 */
export const READ_CACHE_ENTRIES = 2_000;
export const READ_CACHE_MAX_CELLS = 20_000;
export const READ_CACHE_TOTAL_CELLS = 1_000_000;

/** The portal's tables, by their names in the database. */
export const TABLE_NAMES = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
