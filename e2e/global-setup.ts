import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PORTAL_URLS } from './playwright.config';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts one portal per worker (docs/performance.md, journeys' two portals), each as `npm start` would (built web app, migrations,
 * demo seed, the development mailbox the journeys read their codes from: DEV_MAILBOX=true) on a
 * fresh embedded database, or on a fresh PostgreSQL database when DATABASE_URL is set.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const portals = await Promise.allSettled(PORTAL_URLS.map((url, index) => startPortal(url, index)));
  const stops = portals.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
  const failed = portals.find((p): p is PromiseRejectedResult => p.status === 'rejected');
  if (failed) {
    await Promise.all(stops.map((stop) => stop()));
    throw failed.reason;
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** One portal on the port of `url`; answers how to stop it and remove what it kept. */
async function startPortal(url: string, index: number): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const env: Record<string, string> = {
    PORT: new URL(url).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    DEV_MAILBOX: 'true',
    DEV_CLOCK: 'true',
  };
  let dropDatabase = async () => undefined as void;
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `portal_e2e_${process.pid}_${index}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const databaseUrl = new URL(base);
    databaseUrl.pathname = `/${name}`;
    env.DATABASE_URL = databaseUrl.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    env.DATABASE_URL = '';
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the portal on ${url} exited with ${server.exitCode}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return stop;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the portal on ${url} did not start within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
