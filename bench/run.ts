// Requests per second and p99 of the portal's calls, each as a ratio to a bare Fastify
// hello-world measured in the same run, on PostgreSQL and on PGlite, and the server's
// peak resident memory. Usage: npm run bench [-- --seconds 10 --connections 50]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, peakRssMiB, root, start, stop, waitFor, type Load } from './lib';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 50);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row { target: string; database: string; rps: number; p99: number; ratio: number; errors: number; non2xx: number }
const rows: Row[] = [];

async function signedInCookie(base: string, identifier = 'PER0001'): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/auth/students/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier, password: 'Portal-2024!' }) });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const attempt = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { STUDENT_ID } = (await res.json()) as { STUDENT_ID: number };
  // Sign-ins here run one after another: the newest mail holds this one's code.
  const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { text: string }[];
  const code = /code is (\d{6})/.exec(mails[0]!.text)![1];
  const verified = await fetch(`${base}/api/auth/student/code-verification`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: attempt }, body: JSON.stringify({ SIGN_CODE: code, STUDENT_ID }) });
  if (!verified.ok) throw new Error(`bench code verification failed: ${verified.status}`);
  const session = verified.headers.getSetCookie().find((c) => c.startsWith('portal_session='))!.split(';')[0]!;
  return { cookie: session, id: STUDENT_ID };
}

async function portal(database: 'postgres' | 'pglite', port: number, hello: Load) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_POOL_SIZE: '20', DEV_MAILBOX: 'true' };
  let dbName: string | undefined;
  const admin = new pg.Client({ connectionString: pgBase });
  if (database === 'postgres') {
    await admin.connect();
    dbName = `portal_bench_${process.pid}`;
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const url = new URL(pgBase);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const server = start('apps/server/src/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`);
    const { cookie, id } = await signedInCookie(base);
    const measure = async (target: string, run: () => Promise<Load>) => {
      await run(); // warm-up round, not counted
      const r = await run();
      rows.push({ target, database, rps: r.rps, p99: r.p99, ratio: r.rps / hello.rps, errors: r.errors, non2xx: r.non2xx });
    };
    const short = Math.max(2, Math.round(seconds / 3));
    await measure('GET /api/health', () => load(`${base}/api/health`, { seconds, connections }));
    await measure(`GET /api/students/{id}`, () => load(`${base}/api/students/${id}`, { seconds, connections, headers: { cookie } }));
    // Subject search on a catalogue of 20,000 subjects, imported through the academic office's CSV import.
    const academic = await signedInCookie(base, 'academic');
    const imported = await importSubjects(base, academic.cookie, SUBJECTS);
    importTimes[database] = imported;
    const search = (body: Record<string, unknown>, page = 1) => () =>
      load(`${base}/api/subjects/by-level/${page}`, { method: 'PATCH', body: JSON.stringify(body), seconds, connections, headers: { cookie } });
    await measure('subjects: no filter, page 1', search({}));
    await measure('subjects: level 3 + day regime, page 5', search({ LEVEL: 3, REGIME: 'DAY' }, 5));
    await measure('subjects: search "algo", page 2', search({ SEARCH: 'algo' }, 2));
    await measure('subjects: cycle + level + search "network"', search({ CYCLE: 1, LEVEL: 2, SEARCH: 'network' }));
    // Requests (issue 11): filing a contract claim (a row, its first step, an audit entry and the
    // filing mail, in one transaction), then the lecturer's list and counters over everything filed.
    const categories = (await (await fetch(`${base}/api/request-categories`, { headers: { cookie } })).json()) as { sousCategories: { id: number; code: string }[] }[];
    const contractClaim = categories.flatMap((c) => c.sousCategories).find((s) => s.code === '0301')!;
    const claim = JSON.stringify({ REQUEST_CATEGORY_ID: contractClaim.id, REQUEST_OBJECT: 'Contract not received', DESCRIPTION: 'I teach BTS1 GSI/J A since October and have not received my contract.' });
    await measure('POST /api/requests (filing)', () => load(`${base}/api/requests`, { method: 'POST', body: claim, seconds: short, connections, headers: { cookie } }));
    const filed = ((await (await fetch(`${base}/api/requests?pageSize=1`, { headers: { cookie } })).json()) as { total: number }).total;
    requestsFiled[database] = filed;
    await measure(`GET /api/requests (list, page 1 of ${filed})`, () => load(`${base}/api/requests`, { seconds, connections, headers: { cookie } }));
    await measure('GET /api/requests (list, search "contract", page 3)', () => load(`${base}/api/requests?search=contract&page=3`, { seconds, connections, headers: { cookie } }));
    await measure('GET /api/requests/stats/user/{id} (counters)', () => load(`${base}/api/requests/stats/user/${id}`, { seconds, connections, headers: { cookie } }));
    // The timetable (issue 12): a lecturer with 30 lessons a week (every slot, Monday to Friday)
    // over a school year, planned by the academic office's import; a week read as the Schedule page does.
    timetableImports[database] = await importYearOfLessons(base, academic.cookie, cookie);
    const week = JSON.stringify({ START_DATE: '2025-02-03', END_DATE: '2025-02-09' });
    await measure('POST /api/lessons/timetable (a week of 30 lessons, a year planned)', () => load(`${base}/api/lessons/timetable`, { method: 'POST', body: week, seconds, connections, headers: { cookie } }));
    // Each sign-in verifies an argon2id hash (19 MiB, 2 passes) and writes a code mail.
    await measure('POST /api/auth/students/ (sign-in)', () =>
      load(`${base}/api/auth/students/`, { method: 'POST', body: JSON.stringify({ identifier: 'PER0001', password: 'Portal-2024!' }), seconds: short, connections }),
    );
    return peakRssMiB(server.pid!);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

/** The lessons the timetable read runs over, per database, and how long their import took. */
const timetableImports: Record<string, { seconds: number; created: number }> = {};

/**
 * Plans, through `POST /api/lessons/import`, every slot of every weekday from 2024-09-02 to
 * 2025-08-29 for the signed-in lecturer, in the subjects and parts assigned to them (the seed's
 * confirmed choices), round the classes: a school year before the seed's own lessons.
 */
async function importYearOfLessons(base: string, academicCookie: string, lecturerCookie: string): Promise<{ seconds: number; created: number }> {
  const me = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: lecturerCookie } })).json()) as { id: number; MATRICULE: string };
  // The lecturer's confirmed assignments, as the hours report lists them (with no lesson yet).
  const hours = (await (await fetch(`${base}/api/lessons/hours?lecturerId=${me.id}`, { headers: { cookie: academicCookie } })).json()) as { rows: { subject: { code: string }; class: { code: string }; part: string }[] };
  const assigned = hours.rows.map((row) => ({ CODE: row.subject.code, CLASS_CODE: row.class.code, CATEGORY: row.part }));
  if (assigned.length === 0) throw new Error('bench: the lecturer has no assignment to plan lessons for');
  const slots = [['08:00', '09:50'], ['10:10', '12:00'], ['13:00', '14:50'], ['15:10', '17:00'], ['17:30', '19:30'], ['20:00', '21:30']];
  const lines = ['DATE;BEGIN;END;CLASS_CODE;SUBJECT_CODE;PART;LECTURER'];
  let n = 0;
  for (let day = new Date('2024-09-02T00:00:00Z'); day <= new Date('2025-08-29T00:00:00Z'); day = new Date(day.getTime() + 86_400_000)) {
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const [begin, end] of slots) {
      const subject = assigned[n++ % assigned.length]!;
      lines.push(`${day.toISOString().slice(0, 10)};${begin};${end};${subject.CLASS_CODE};${subject.CODE};${subject.CATEGORY};${me.MATRICULE}`);
    }
  }
  const started = performance.now();
  const res = await fetch(`${base}/api/lessons/import?dryRun=false`, { method: 'POST', headers: { cookie: academicCookie, 'content-type': 'text/csv' }, body: lines.join('\n') });
  if (!res.ok) throw new Error(`bench lessons import failed: ${res.status} ${await res.text()}`);
  const report = (await res.json()) as { created: number; rejected: unknown[] };
  if (report.rejected.length) throw new Error(`bench lessons import rejected ${report.rejected.length} lines: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  return { seconds: (performance.now() - started) / 1000, created: report.created };
}

/** Subjects in the benchmark catalogue (the demo seed has about 300). */
const SUBJECTS = arg('subjects', 20_000);
const importTimes: Record<string, { seconds: number; inserted: number }> = {};
/** The lecturer's requests after the filing load, per database. */
const requestsFiled: Record<string, number> = {};

const TOPICS = ['Algorithms', 'Data structures', 'Networks', 'Network security', 'Databases', 'Operating systems', 'Compilers', 'Linear algebra', 'Analysis', 'Probability', 'Statistics', 'Accounting', 'Corporate finance', 'Marketing', 'Management', 'Business law', 'Economics', 'Electronics', 'Signal processing', 'Telecommunications', 'Thermodynamics', 'Mechanics', 'English', 'French', 'Communication'];

/** Imports `n` generated subjects spread over the seeded classes, as the academic office would (CSV). */
async function importSubjects(base: string, cookie: string, n: number): Promise<{ seconds: number; inserted: number }> {
  const classes = (await (await fetch(`${base}/api/classes`, { headers: { cookie } })).json()) as { CODE: string }[];
  const lines = ['CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS'];
  for (let i = 0; i < n; i++) {
    const klass = classes[i % classes.length]!.CODE;
    const topic = TOPICS[i % TOPICS.length]!;
    lines.push(`${klass};B${String(i).padStart(5, '0')};${topic} ${Math.floor(i / TOPICS.length) + 1};${20 + (i % 3) * 5};${10 + (i % 4) * 5};${i % 2 ? 0 : 10};${4000 + (i % 5) * 500};${2 + (i % 4)}`);
  }
  const started = performance.now();
  const res = await fetch(`${base}/api/academic/subjects/import?dryRun=false`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: lines.join('\n') });
  if (!res.ok) throw new Error(`bench import failed: ${res.status} ${await res.text()}`);
  const report = (await res.json()) as { inserted: number; rejected: unknown[] };
  if (report.rejected.length) throw new Error(`bench import rejected ${report.rejected.length} lines`);
  return { seconds: (performance.now() - started) / 1000, inserted: report.inserted };
}

const helloServer = start('bench/hello.ts', { PORT: '3301' });
await waitFor('http://127.0.0.1:3301/');
await load('http://127.0.0.1:3301/', { seconds: 2, connections });
const hello = await load('http://127.0.0.1:3301/', { seconds, connections });
await stop(helloServer);
rows.push({ target: 'bare Fastify hello-world', database: '-', rps: hello.rps, p99: hello.p99, ratio: 1, errors: hello.errors, non2xx: hello.non2xx });

const memory: Record<string, number> = {};
memory.postgres = await portal('postgres', 3302, hello);
memory.pglite = await portal('pglite', 3303, hello);

const table = [
  '| call | database | req/s | p99 (ms) | ratio to hello-world | errors / non-2xx |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.target} | ${r.database} | ${Math.round(r.rps)} | ${r.p99} | ${(r.ratio * 100).toFixed(1)} % | ${r.errors} / ${r.non2xx} |`),
].join('\n');
const imports = Object.entries(importTimes).map(([db, r]) => `${db} ${r.inserted} subjects in ${r.seconds.toFixed(1)} s`).join(', ');
const filings = Object.entries(requestsFiled).map(([db, n]) => `${db} ${n}`).join(', ');
const lessonsPlanned = Object.entries(timetableImports).map(([db, r]) => `${db} ${r.created} lessons in ${r.seconds.toFixed(1)} s`).join(', ');
const summary = `${table}\n\nCatalogue for the subject searches: the demo seed plus ${SUBJECTS} generated subjects, imported by CSV (${imports}).\nRequests: the lecturer's list and counters read everything the filing load filed for that lecturer (${filings} requests).\nTimetable: a school year of 30 lessons a week for the lecturer, planned by the lessons import (${lessonsPlanned}), plus the demo lessons.\nPeak resident memory of the server: PostgreSQL ${memory.postgres} MiB, PGlite ${memory.pglite} MiB.\n${connections} connections, ${seconds} s per call (sign-in: ${Math.max(2, Math.round(seconds / 3))} s), after a warm-up round; Node ${process.version}.`;
console.log(`\n${summary}`);
writeFileSync(path.join(root, 'bench/results/latest.md'), `${summary}\n`);
