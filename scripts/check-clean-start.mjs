#!/usr/bin/env node
// What a newcomer sees (decision 27), checked on a clean clone (CI runs from one):
// 1. `npm ci` with an empty npm user config (a fresh machine's) prints no warning;
// 2. `npm start` on an empty DATA_DIR and a free PORT starts within 120 s, prints at most six
//    lines (npm's two, the web build, the demo seed, the address, the mailbox notice) and no
//    warning but the development mailbox's; `/` and `/api/health` answer;
// 3. started again, it does not rebuild the web app, and says only where it is.
// Prints the measured install and start times. Uses Node's own modules only: it runs before
// anything is installed. `--skip-install` leaves node_modules as they are.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-clean-start-'));
const userconfig = path.join(scratch, 'empty-npmrc');
writeFileSync(userconfig, '');

// A fresh machine's npm: no user config, and none inherited from an npm that runs this script.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
env.npm_config_userconfig = userconfig;
delete env.LOG_FORMAT;

const failures = [];
const fail = (message) => failures.push(message);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const linesOf = (text) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean);
const WARNING = /\bwarn(ing)?\b|\berror\b|EBADENGINE|deprecated/i;
/** The one notice a demo start prints on purpose (decision 25): the mailbox is open. */
const MAILBOX_NOTICE = /^\d\d:\d\d:\d\d warn {2}development mailbox open at http:\/\/localhost:\d+\/dev\/mailbox, to this machine only/;

function run(command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `npm start` in its own process group (stopped as Ctrl-C would stop it); resolves once it says it is ready. */
async function start(name, dataDir, port) {
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const until = started + 120_000;
  while (!/portal ready at /.test(output)) {
    if (child.exitCode !== null) break;
    if (Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = Date.now() - started;
  await new Promise((r) => setTimeout(r, 300)); // the lines that follow the address
  const startOutput = output;
  const ready = /portal ready at /.test(startOutput);
  if (!ready) fail(`${name}: no "portal ready" line within 120 s`);
  return {
    ms,
    ready,
    output: startOutput,
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
      if (code === 'timeout') {
        process.kill(-child.pid, 'SIGKILL');
        fail(`${name}: still running 15 s after SIGTERM`);
      }
    },
  };
}

function checkStartOutput(name, output, maxLines) {
  const lines = linesOf(output);
  for (const line of lines) {
    if (WARNING.test(line) && !MAILBOX_NOTICE.test(line)) fail(`${name}: unexpected warning: ${line}`);
  }
  if (!lines.some((line) => MAILBOX_NOTICE.test(line))) fail(`${name}: no development mailbox notice`);
  if (lines.length > maxLines) fail(`${name}: ${lines.length} lines of output, at most ${maxLines} expected`);
}

async function answers(port, url) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`).catch((error) => ({ ok: false, status: String(error) }));
  if (!response.ok) fail(`GET ${url}: ${response.status}`);
}

const report = [];
try {
  if (!process.argv.includes('--skip-install')) {
    const install = await run('npm', ['ci']);
    console.log(install.output.trimEnd());
    report.push(`npm ci (clean user config): ${seconds(install.ms)}`);
    if (install.code !== 0) throw new Error(`npm ci failed (${install.code})`);
    for (const line of linesOf(install.output)) if (WARNING.test(line)) fail(`npm ci: ${line}`);
  }

  const dataDir = path.join(scratch, 'data');
  const port = await freePort();
  const stamp = path.join(root, 'apps/web/dist/.build-stamp');

  const first = await start('first start', dataDir, port);
  console.log(`--- first start (${seconds(first.ms)} to ready) ---\n${first.output.trimEnd()}`);
  report.push(`first npm start, to ready: ${seconds(first.ms)}`);
  if (first.ready) {
    checkStartOutput('first start', first.output, 6);
    await answers(port, '/');
    await answers(port, '/api/health');
  }
  await first.stop();
  const built = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs;
  if (!built) fail('no build stamp (apps/web/dist/.build-stamp) after the first start');

  const second = await start('second start', dataDir, port);
  console.log(`--- second start (${seconds(second.ms)} to ready) ---\n${second.output.trimEnd()}`);
  report.push(`second npm start, to ready: ${seconds(second.ms)}`);
  if (second.ready) {
    checkStartOutput('second start', second.output, 4);
    if (/building the web app/.test(second.output)) fail('second start: rebuilt the web app although nothing changed');
    if (statSync(stamp, { throwIfNoEntry: false })?.mtimeMs !== built) fail('second start: the build stamp changed');
    if (/demo data seeded/.test(second.output)) fail('second start: seeded again');
    await answers(port, '/api/health');
  }
  await second.stop();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\n${report.join('\n')}`);
if (failures.length) {
  console.error(`\nclean start check FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('clean start check passed: no install warning, a quiet start, no rebuild on the second');
