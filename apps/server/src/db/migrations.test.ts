import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPersonRecord } from '../lib/person-record';
import { databaseUrlFor } from '../../test/global-setup';
import { createPglite, MIGRATIONS_DIR, type Db } from './client';
import * as schema from './schema';

type Row = Record<string, unknown>;

/** An empty database of the driver the run uses (PostgreSQL with DATABASE_URL, else PGlite), migrated from a folder on demand. */
async function emptyDatabase(): Promise<{ db: Db; query: (text: string, params?: unknown[]) => Promise<Row[]>; migrate: (folder: string) => Promise<void>; close: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `portal_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: databaseUrlFor(base, name), max: 2 });
    // The database is dropped with its connections at the end; a client still closing is told so.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      query: async (text, params) => (await pool.query(text, params)).rows as Row[],
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const client = await createPglite();
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    query: async (text, params) => (await client.query<Row>(text, params)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder that stops at `lastTag` (the database as it was then). */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) cpSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0006_registration_closed_at', () => {
  it('keeps each closed registration closed at the same time, and the open ones open, on the one column left', async () => {
    const database = await emptyDatabase();
    try {
      const before = migrationsUpTo('0005_catalogue_version');
      folders.push(before);
      await database.migrate(before);

      // The two stored facts as they were: persons.actived and profiles.closed_at.
      const person = async (matricule: string, actived: boolean, updatedAt: string) => {
        const [row] = await database.query(`insert into persons (matricule, kind, firstname, lastname, actived, updated_at) values ($1, 'STAFF', 'Test', $1, $2, $3) returning id`, [matricule, actived, updatedAt]);
        return row!.id as number;
      };
      const profile = (personId: number, closedAt: string | null) => database.query(`insert into profiles (person_id, closed_at) values ($1, $2)`, [personId, closedAt]);
      const closedWithDate = await person('MIG0001', true, '2024-03-05T09:00:00Z');
      await profile(closedWithDate, '2024-03-01T10:00:00Z');
      const closedWithoutDate = await person('MIG0002', true, '2024-04-02T08:00:00Z');
      await profile(closedWithoutDate, null);
      const closedWithoutProfile = await person('MIG0003', true, '2024-05-06T07:00:00Z');
      const openWithStaleDate = await person('MIG0004', false, '2024-06-01T12:00:00Z');
      await profile(openWithStaleDate, '2024-01-01T00:00:00Z');
      const open = await person('MIG0005', false, '2024-06-02T12:00:00Z');

      await database.migrate(MIGRATIONS_DIR);

      const rows = await database.query(`select id, registration_closed_at from persons where matricule like 'MIG%' order by matricule`);
      const closedAt = Object.fromEntries(rows.map((r) => [r.id as number, (r.registration_closed_at as Date | null)?.toISOString() ?? null]));
      expect(closedAt).toEqual({
        [closedWithDate]: '2024-03-01T10:00:00.000Z',
        [closedWithoutDate]: '2024-04-02T08:00:00.000Z',
        [closedWithoutProfile]: '2024-05-06T07:00:00.000Z',
        [openWithStaleDate]: null,
        [open]: null,
      });
      const dropped = await database.query(
        `select table_name, column_name from information_schema.columns where (table_name = 'persons' and column_name = 'actived') or (table_name = 'profiles' and column_name = 'closed_at')`,
      );
      expect(dropped).toEqual([]);

      // The record answers as before: ACTIVED and CLOSED_AT from the one column.
      expect(await loadPersonRecord(database.db, closedWithDate)).toMatchObject({ ACTIVED: true, CLOSED_AT: '2024-03-01T10:00:00.000Z' });
      expect(await loadPersonRecord(database.db, openWithStaleDate)).toMatchObject({ ACTIVED: false, CLOSED_AT: null });
    } finally {
      await database.close();
    }
  });
});
