#!/usr/bin/env node
// `npm test`: every suite of the project, then one closing line with the totals.
// - the lint rules' own tests (tools/), the contract, server (PGlite, or PostgreSQL when
//   DATABASE_URL is set) and web tests;
// - the end-to-end journeys in Chromium, when a Chromium is found. Without one they are
//   reported as not run, and the run fails only when E2E_REQUIRED=1 (CI sets it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const database = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : 'PGlite (embedded)';

function run(name, cwd, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: path.join(root, cwd), stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function vitest(name, cwd) {
  const out = path.join(reports, `${name}.json`);
  run(name, cwd, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (!existsSync(out)) return;
  const report = JSON.parse(readFileSync(out, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((c) => c && existsSync(c));
}

console.log(`Database for the server tests: ${database}`);
// TEST_DATABASE_SUITES_ONLY=1 runs only the suites the database changes (server and journeys):
// CI's PostgreSQL pass, after a full pass on PGlite has run the others (they never touch a database).
const databaseSuitesOnly = process.env.TEST_DATABASE_SUITES_ONLY === '1';
if (!databaseSuitesOnly) {
  vitest('tools', 'tools');
  vitest('contract', 'packages/contract');
}
vitest('server', 'apps/server');
if (!databaseSuitesOnly) vitest('web', 'apps/web');

const chromium = findChromium();
let e2eNote = '';
if (process.env.TEST_E2E === '0') {
  // CI's PostgreSQL pass: the journeys ran in its first pass, on the embedded database `npm start` uses (decision 47).
  e2eNote = 'The end-to-end journeys were not run in this pass (TEST_E2E=0).';
} else if (!chromium) {
  e2eNote =
    'The end-to-end browser journeys did NOT run: no Chromium was found.\n' +
    'Enable them with `apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run `npm test` again.';
  if (process.env.E2E_REQUIRED === '1') failures.push('e2e (Chromium missing)');
} else if (!existsSync(path.join(root, 'apps/web/dist/index.html')) && !run('web build (for e2e)', '.', 'npm', ['run', 'build'])) {
  e2eNote = 'The end-to-end journeys did not run: the web app failed to build.';
} else {
  const out = path.join(reports, 'e2e.json');
  run('e2e (Chromium)', 'e2e', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (existsSync(out)) {
    const stats = JSON.parse(readFileSync(out, 'utf8')).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
}

console.log('\n=== summary ===');
if (e2eNote) console.log(e2eNote);
if (failures.length) console.log(`Failed suites: ${failures.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
