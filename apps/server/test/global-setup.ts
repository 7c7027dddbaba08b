import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, fromPglite, fromPostgres } from '../src/db/client';
import { seedIfEmpty } from '../src/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The names of a run's copies of its template (`portal_tpl_<pid>`): `portal_t_<pid>_<random>`. */
export const cloneNamePrefix = (template: string): string => `${template.replace(/^portal_tpl_/, 'portal_t_')}_`;

/**
 * Builds one migrated and seeded database for the whole run; each test file clones it.
 * PGlite: a data-directory dump. PostgreSQL (DATABASE_URL set): a template database.
 */
export default async function setup(project: TestProject) {
  const tmp = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(tmp, { recursive: true });
  const dumpPath = path.join(tmp, `pglite-template-${process.pid}.tar.gz`);
  const client = await createPglite();
  const database = fromPglite(client);
  await database.migrate();
  await seedIfEmpty(database.db);
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', dumpPath);

  const base = process.env.DATABASE_URL;
  if (!base) {
    project.provide('postgresTemplate', null);
    return;
  }
  const template = `portal_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${template}`);
  const pgDatabase = fromPostgres(databaseUrlFor(base, template), 2);
  await pgDatabase.migrate();
  await seedIfEmpty(pgDatabase.db);
  await pgDatabase.close();
  project.provide('postgresTemplate', template);

  return async () => {
    // A copy still here was left by a test that did not close its app: dropped, and said.
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [cloneNamePrefix(template)]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    if (rows.length)
      console.warn(`test teardown: ${rows.length} database(s) left by a test that did not close its app, dropped: ${rows.map((r) => r.datname).join(', ')}`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
