import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BASE_URL, E2E_PORT } from './playwright.config';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the portal as `npm start` would (built web app, migrations, demo seed, the development
 * mailbox the journeys read their codes from: DEV_MAILBOX=true) on a fresh
 * embedded database, or on a fresh PostgreSQL database when DATABASE_URL is set.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const env: Record<string, string> = { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', PUBLIC_URL: BASE_URL, DEV_MAILBOX: 'true', DEV_CLOCK: 'true' };
  let dropDatabase = async () => undefined as void;
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `portal_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    env.DATABASE_URL = '';
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const until = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode}`);
    const up = await fetch(`${BASE_URL}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > until) throw new Error('the portal did not start within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }

  return async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
