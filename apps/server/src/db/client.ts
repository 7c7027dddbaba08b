import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
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
}

/** An embedded database with the extensions the migrations use (pg_trgm for subject search). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function fromPostgres(url: string, poolSize = 20): Database {
  // random_page_cost 1.1 is the usual value for SSD storage (PostgreSQL's default of 4 assumes
  // spinning disks and makes the planner scan subjects instead of using the trigram index).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, options: '-c random_page_cost=1.1' });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  const pgDb = drizzlePg(pool, { schema });
  return {
    db: pgDb as unknown as Db,
    driver: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(74210001)');
        await migratePg(pgDb, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(74210001)').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number }): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, options.poolSize);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return fromPglite(client);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
