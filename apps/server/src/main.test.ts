import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const serverRoot = path.resolve(import.meta.dirname, '..');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('CORS_ORIGINS', () => {
  const origins = (value?: string) => loadConfig({ ...(value === undefined ? {} : { CORS_ORIGINS: value }) }).corsOrigins;

  it('is off by default and when empty', () => {
    expect(origins()).toEqual([]);
    expect(origins('')).toEqual([]);
  });

  it('lists origins, comma-separated, as browsers send them', () => {
    expect(origins('https://app.example.org, https://Admin.example.org,http://localhost:5173,')).toEqual([
      'https://app.example.org',
      'https://admin.example.org',
      'http://localhost:5173',
    ]);
  });

  it('names each entry that is not an origin', () => {
    for (const bad of [
      'https://app.example.org/',
      'https://app.example.org/api',
      'app.example.org',
      'ftp://files.example.org',
      '*',
      'https://user@app.example.org',
    ]) {
      expect(() => origins(`https://ok.example.org,${bad}`), bad).toThrow(`CORS_ORIGINS: "${bad}" is not an origin`);
    }
  });
});

describe('the server process', () => {
  it('refuses to start on a bad configuration, saying which value is wrong', async () => {
    const p = run({ PORT: 'abc', SMTP_URL: 'ftp://mail', CORS_ORIGINS: 'https://app.example.org,admin.example.org' });
    expect(await p.exited).toBe(78);
    expect(p.output()).toContain('Invalid configuration');
    expect(p.output()).toContain('PORT: must be a number (got "abc")');
    expect(p.output()).toContain('SMTP_URL: must be a URL starting with smtp: or smtps:');
    expect(p.output()).toContain('CORS_ORIGINS: "admin.example.org" is not an origin (scheme://host[:port], e.g. https://app.example.org)');
  });

  it('migrates, seeds, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
    // PORT=0: the system picks a free port, and the start line names it.
    const p = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', LOG_FORMAT: 'json' });
    try {
      await expect.poll(() => /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(p.output())?.[1], { timeout: 60_000, interval: 250 }).toBeDefined();
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(p.output())![1]);
      expect(port).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(p.output()).toContain('demo data seeded');
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      expect(p.output()).toContain('shutting down');
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      p.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
