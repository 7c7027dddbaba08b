/**
 * A server process that dies between writing a stored file and committing its row (finding 10):
 * run by finding-10-orphan-files.test.ts, which kills it (SIGKILL) once it prints `stored`.
 * Environment: DATA_DIR (shared with the test's app), OWNER_ID, and DATABASE_URL (PostgreSQL) or
 * PGLITE_DUMP (a copy of the test's embedded database).
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPglite, fromPglite, fromPostgres } from '../db/client';
import { checkUpload, fileTransaction, storeUpload } from '../lib/uploads';
import { pdf } from '../../test/files';

const env = process.env;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL, WEB_DIST: '.tmp/no-web' });
const database = config.databaseUrl
  ? fromPostgres(config.databaseUrl, 2)
  : fromPglite(await createPglite({ loadDataDir: new Blob([readFileSync(env.PGLITE_DUMP!)]) }));
const app = await buildApp({ config, database });
const upload = await checkUpload({ data: pdf(`written, never committed ${Date.now()}`), name: 'cv.pdf' }, { allowed: ['application/pdf'] });
await fileTransaction(app.ctx, async (tx) => {
  await storeUpload(app.ctx, tx, { ownerId: Number(env.OWNER_ID), upload, purpose: 'CV_LINK' });
  process.stdout.write('stored\n');
  // The process is killed here, before the commit.
  await new Promise(() => undefined);
});
