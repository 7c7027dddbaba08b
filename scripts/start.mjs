#!/usr/bin/env node
// `npm start`: the demo. Builds the web app only when its sources changed since the last build
// (a hash of them is stamped into apps/web/dist after a build that succeeded), quietly (the
// build's output is shown only if it fails), then runs the server with --demo (decision 27).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, 'dist/.build-stamp');

/** What the built web app is made of: its sources, build configuration, locales, the contract and the lockfile. */
const INPUTS = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/config',
  'apps/web/public',
  'apps/web/scripts/compress.mjs',
  'apps/web/src',
  'packages/contract/package.json',
  'packages/contract/src',
  'package-lock.json',
];
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

function filesOf(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => filesOf(path.join(relative, entry.name)))
    .filter((file) => !isTest(file));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function build(hash) {
  const why = existsSync(path.join(web, 'dist/index.html')) ? 'its sources changed' : 'not built yet';
  process.stdout.write(`building the web app (${why}) ... `);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code !== 0) {
        process.stdout.write('failed:\n');
        process.stderr.write(output);
        process.exit(code ?? 1);
      }
      writeFileSync(stampFile, `${hash}\n`);
      process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      resolve();
    });
  });
}

const hash = sourceHash();
// `npm run build` ends with `--stamp`: the app it just built is stamped as up to date, so that
// the next `npm start` does not build it again.
if (process.argv.includes('--stamp')) {
  writeFileSync(stampFile, `${hash}\n`);
  process.exit(0);
}
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (stamp !== hash || !existsSync(path.join(web, 'dist/index.html'))) await build(hash);

// Readable log lines for the person running the demo, even when its output is piped.
const env = { ...process.env, LOG_FORMAT: process.env.LOG_FORMAT || 'pretty' };
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
