// Checks the JavaScript budgets of the built app (architecture, "Performance budgets"):
//   - initial JavaScript of the entry (what /login loads before any page: the entry chunk and
//     its static imports), gzipped: at most 170 KB;
//   - each lazily loaded chunk (a page, a locale) with its own static imports not already in
//     the entry, gzipped: at most 100 KB. A lazy chunk that only other lazy chunks load (a
//     step of the registration wizard, a dialog of a page) comes after one of them: it is
//     counted beyond what they have loaded. (What a page shows at once is imported
//     statically, so that the page's own figure is its first view.)
// Also prints /login in full (entry + the login page). Usage: node scripts/check-bundle.mjs [dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000;
const ENTRY_BUDGET = 170 * KB;
const LAZY_BUDGET = 100 * KB;
const LOGIN_PAGE = 'src/features/auth/login-page.tsx';
const DEFAULT_LOCALE = 'src/locales/en.json';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = resolve(process.argv[2] ? resolve(process.cwd(), process.argv[2]) : join(here, '..', 'dist'));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check-bundle: no ${manifestPath}; run the build first (build.manifest must be on)`);
  process.exit(1);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
function gzipped(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}

/** The chunk and everything it imports statically, as manifest keys. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}

const jsOf = (keys) => [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const total = (files) => files.reduce((sum, file) => sum + gzipped(file), 0);
const fmt = (bytes) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) {
  console.error(`check-bundle: expected one entry, found ${entries.length}`);
  process.exit(1);
}
const entryKeys = closure(entries[0]);
const entryFiles = jsOf(entryKeys);
const entrySize = total(entryFiles);

let failed = false;
const rows = [];
rows.push(['entry (initial JS)', entrySize, ENTRY_BUDGET, entryFiles.length]);
if (entrySize > ENTRY_BUDGET) failed = true;

const lazyKeys = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .sort();

/** The chunks that import `key` with import(). */
const importersOf = (key) => Object.keys(manifest).filter((k) => manifest[k].dynamicImports?.includes(key));

/**
 * What is surely loaded before a lazy chunk: the entry and, when only lazy chunks import it,
 * what every one of them has loaded (their closure and what came before them).
 */
function loadedBefore(key, seen = new Set()) {
  const importers = importersOf(key);
  if (seen.has(key) || importers.length === 0 || importers.some((k) => entryKeys.has(k) || seen.has(k))) return entryKeys;
  seen.add(key);
  const sets = importers.map((k) => new Set([...closure(k), ...loadedBefore(k, seen)]));
  return new Set([...sets[0]].filter((k) => sets.every((set) => set.has(k))));
}

let loginSize = null;
let localeSize = 0;
for (const key of lazyKeys) {
  const before = loadedBefore(key);
  const nested = before !== entryKeys;
  const own = [...closure(key)].filter((k) => !before.has(k));
  const files = jsOf(own);
  const size = total(files);
  const after = nested
    ? ` (after ${importersOf(key)
        .map((k) => (manifest[k].src ?? k).split('/').pop())
        .join(', ')})`
    : '';
  rows.push([`  lazy ${manifest[key].src ?? key}${after}`, size, LAZY_BUDGET, files.length]);
  if (size > LAZY_BUDGET) failed = true;
  if (key === LOGIN_PAGE) loginSize = size;
  if (key === DEFAULT_LOCALE) localeSize = size;
}

console.log(`check-bundle: ${dist} (gzip level 9, 1 KB = ${KB} bytes)`);
for (const [name, size, budget, count] of rows) {
  const verdict = size > budget ? 'OVER' : 'ok';
  console.log(`${name.padEnd(60)} ${fmt(size)} / ${fmt(budget)}  ${String(count).padStart(2)} file(s)  ${verdict}`);
}
if (loginSize !== null) {
  // what a first visit to /login downloads in all: the entry, the English texts and the page
  console.log(`${'/login in full (entry + en locale + login page)'.padEnd(60)} ${fmt(entrySize + localeSize + loginSize)}`);
}
if (lazyKeys.length === 0) {
  console.error('check-bundle: no lazily loaded chunk found: pages must be split by route');
  failed = true;
}
if (failed) {
  console.error('check-bundle: FAILED: a budget is exceeded');
  process.exit(1);
}
console.log('check-bundle: all budgets met');
