// Two runs of `npm run bench` side by side, as a markdown table: each call on each database, its
// ratio to the hello-world of its own run and its p99, before and after, and the change. Ratios,
// not requests per second, are compared: the hello-world itself moves between runs (README).
// Usage: npm run bench:compare -- before.json after.json
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Row {
  target: string;
  database: string;
  rps: number;
  p99: number;
  ratio: number;
  errors: number;
  non2xx: number;
}
interface Crowd {
  readsAlone: { rps: number; p99: number };
  readsDuring: { rps: number; p99: number };
  signIns: {
    ok: number;
    tooMany: number;
    busy: number;
    other: number;
    noAnswer: number;
    okP99: number | null;
    busyP99: number | null;
    busyWithRetryAfter: number;
  };
}
interface Results {
  date: string;
  server: { commit: string };
  options: { seconds: number; connections: number };
  rows: Row[];
  crowd?: Record<string, Crowd>;
  notMeasured?: string[];
}

const [beforeFile, afterFile] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!beforeFile || !afterFile) {
  console.error('usage: npm run bench:compare -- before.json after.json');
  process.exit(2);
}
// npm runs this from bench/: the files are the caller's (INIT_CWD).
const read = (file: string) => JSON.parse(readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8')) as Results;
const before = read(beforeFile);
const after = read(afterFile);

const key = (r: Row) => `${r.target}\u0000${r.database}`;
const beforeRows = new Map(before.rows.map((r) => [key(r), r]));
const afterRows = new Map(after.rows.map((r) => [key(r), r]));
// Database by database, the rows in the order of the later run, then those only the earlier one has.
const databases = [...new Set([...after.rows, ...before.rows].map((r) => r.database))].filter((d) => d !== '-');
const keys = databases.flatMap((d) => [...new Set([...after.rows, ...before.rows].filter((r) => r.database === d).map(key))]);

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
const figures = (r: Row | undefined) => (r ? `${percent(r.ratio)} / ${r.p99} ms${r.errors + r.non2xx ? ` (${r.errors + r.non2xx} not 2xx)` : ''}` : '-');
/** A relative change, signed, in whole percent ("+35 %", "-12 %"). */
const change = (from: number, to: number) => {
  if (!from) return '-';
  const delta = Math.round((to / from - 1) * 100);
  return `${delta > 0 ? '+' : ''}${delta} %`;
};
const row = (k: string) => {
  const b = beforeRows.get(k);
  const a = afterRows.get(k);
  const { target, database } = (a ?? b)!;
  const changed = a && b ? `req/s ratio ${change(b.ratio, a.ratio)}, p99 ${change(b.p99, a.p99)}` : a ? 'after only' : 'before only';
  return `| ${target} | ${database} | ${figures(b)} | ${figures(a)} | ${changed} |`;
};

const hello = (r: Results) => Math.round(r.rows.find((x) => x.database === '-')?.rps ?? NaN);
const lines = [
  `Before: ${before.server.commit}, ${before.date.slice(0, 16).replace('T', ' ')}, hello-world ${hello(before)} req/s, ${before.options.connections} connections, ${before.options.seconds} s per call.`,
  `After: ${after.server.commit}, ${after.date.slice(0, 16).replace('T', ' ')}, hello-world ${hello(after)} req/s, ${after.options.connections} connections, ${after.options.seconds} s per call.`,
  '',
  '| call | database | before: ratio / p99 | after: ratio / p99 | change |',
  '| --- | --- | ---: | ---: | --- |',
  ...keys.map(row),
];

// The sign-in crowd, where both runs have it: what the reads kept, and how the sign-ins were answered.
const crowdDatabases = Object.keys(after.crowd ?? {}).filter((d) => before.crowd?.[d]);
if (crowdDatabases.length) {
  const ms = (v: number | null) => (v === null || Number.isNaN(v) ? '-' : `${Math.round(v)} ms`);
  const describe = (c: Crowd) =>
    `reads ${Math.round(c.readsAlone.rps)} → ${Math.round(c.readsDuring.rps)} req/s (p99 ${c.readsAlone.p99} → ${c.readsDuring.p99} ms); sign-ins 2xx/429/503/other ${c.signIns.ok}/${c.signIns.tooMany}/${c.signIns.busy}/${c.signIns.other}, ${c.signIns.noAnswer} unanswered, p99 2xx ${ms(c.signIns.okP99)}, 503 ${ms(c.signIns.busyP99)}${c.signIns.busy ? `, Retry-After on ${c.signIns.busyWithRetryAfter} of ${c.signIns.busy}` : ''}`;
  lines.push('', '| sign-in crowd | database | before | after |', '| --- | --- | --- | --- |');
  for (const d of crowdDatabases)
    lines.push(`| reads alone → during the sign-ins; sign-ins | ${d} | ${describe(before.crowd![d]!)} | ${describe(after.crowd![d]!)} |`);
}
for (const [label, r] of [
  ['before', before],
  ['after', after],
] as const) {
  if (r.notMeasured?.length) lines.push('', `Not measured ${label}: ${r.notMeasured.join('; ')}.`);
}
console.log(lines.join('\n'));
