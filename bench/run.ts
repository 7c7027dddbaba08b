// Requests per second and p99 of the portal's calls, each as a ratio to a bare Fastify
// hello-world measured in the same run (again just before each row, each row against that measure:
// the machine's speed drifts within a run), on PostgreSQL and on PGlite; then a sign-in crowd beside
// the own-record reads; and the server's peak resident memory. The server runs as in production:
// its log at info (one JSON line per request), read from its standard output as a collector would.
// Usage: npm run bench [-- --seconds 10 --connections 50 --subjects 20000
//   --only <part of a call's name>[,<another>] --databases postgres,pglite
//   --server-root <the checkout whose apps/server/src/main.ts is started> --out <file.json>]
// The figures go to bench/results/latest.json (or --out), the table beside them (latest.md);
// `npm run bench:compare -- before.json after.json` sets two runs side by side.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { addDays, mondayOf, universityDayOf } from '../packages/contract/src/rules/calendar';
import {
  CLASSMATES,
  contractClaim,
  crowdAddress,
  crowdHeaders,
  option,
  DEMO_PASSWORD,
  load,
  logOf,
  peakRssMiB,
  percentile,
  openEntrance,
  registeredCandidate,
  REGISTRATION_ENV,
  registration,
  root,
  signedInCookie,
  start,
  stop,
  waitFor,
  type Load,
  type LoadOptions,
  type SignedIn,
  freshDatabase,
} from './lib';

const arg = (name: string, fallback: number) => Number(option(name, String(fallback)));
// npm runs this from bench/: a path given on the command line is the caller's (INIT_CWD).
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const seconds = arg('seconds', 10);
const connections = arg('connections', 50);
/** Writes that pile rows up (filings, registrations, sign-ins) run a third of the time. */
const short = Math.max(2, Math.round(seconds / 3));
/** Subjects in the benchmark catalogue (the demo seed has about 300). */
const SUBJECTS = arg('subjects', 20_000);
const ONLY = option('only', '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
type Database = 'postgres' | 'pglite';
const DATABASES = option('databases', 'postgres,pglite')
  .split(',')
  .map((s) => s.trim()) as Database[];
if (DATABASES.some((d) => d !== 'postgres' && d !== 'pglite')) throw new Error(`--databases: postgres, pglite or both, not ${DATABASES.join(',')}`);
const SERVER_ROOT = fromCaller(option('server-root', root));
if (!existsSync(path.join(SERVER_ROOT, 'apps/server/src/main.ts'))) throw new Error(`--server-root: no apps/server/src/main.ts in ${SERVER_ROOT}`);
const OUT = fromCaller(option('out', path.join(root, 'bench/results/latest.json')));

/** A row is measured when its name contains one of the --only parts (every row without --only). */
const selected = (name: string) => ONLY.length === 0 || ONLY.some((part) => name.includes(part));
const anySelected = (...names: string[]) => names.some(selected);

/** The rows, by family. A name is what --only matches and what compare.ts pairs: it never carries a figure of the run. */
const ROW = {
  health: 'GET /api/health',
  ownRecord: 'GET /api/students/{id}',
  subjects: [
    'subjects: no filter, page 1',
    'subjects: level 3 + day regime, page 5',
    'subjects: search "algo", page 2',
    'subjects: cycle + level + search "network"',
    'subjects: a new search each time (three letters of a topic, a level, a page)',
  ],
  filing: 'POST /api/requests (filing)',
  requestList: 'GET /api/requests (list, page 1)',
  requestSearch: 'GET /api/requests (list, search "contract", page 3)',
  requestCounters: 'GET /api/requests/stats/user/{id} (counters)',
  lecturerWeek: 'POST /api/lessons/timetable (a week of 30 lessons, a year planned)',
  signIn: 'POST /api/auth/students/ (sign-in)',
  studentFile: "GET /api/students/profile (a student's own file)",
  studentWeek: "POST /api/lessons/timetable (a student's week, the seed's)",
  evaluations: 'GET /api/students/subjects/{id} (what a student evaluates)',
  evaluationForm: 'GET /api/question-forms/{id} (the form a student answers)',
  entrances: 'GET /api/entrances (open entrances, public)',
  registration: 'POST /api/candidate (registration, a new address each)',
  candidateFile: "GET /api/candidate/me (a candidate's own file)",
  settings: "POST /api/settings (one's own language)",
  crowdReadsAlone: 'sign-in crowd: GET /api/students/{id} alone',
  crowdReadsDuring: 'sign-in crowd: GET /api/students/{id} during the sign-ins',
  crowdSignIns: 'sign-in crowd: POST /api/auth/students/ (known device)',
};
const STUDENT_ROWS = [
  ROW.studentFile,
  ROW.studentWeek,
  ROW.evaluations,
  ROW.evaluationForm,
  ROW.settings,
  ROW.crowdReadsAlone,
  ROW.crowdReadsDuring,
  ROW.crowdSignIns,
];

/** `hello`: the hello-world's req/s the row's ratio is to (the measure just before it). */
interface Row {
  target: string;
  database: string;
  rps: number;
  p99: number;
  ratio: number;
  errors: number;
  non2xx: number;
  hello?: number;
}
const rows: Row[] = [];

// ---------------------------------------------------------------- the hello-world, measured through the run

/**
 * The bare hello-world runs beside the portal for the whole run, idle but when measured. This
 * shared two-core machine's speed drifts by a third within minutes, so a ratio to one measure at
 * the start says as much about the drift as about the portal. It is measured again for
 * HELLO_SECONDS just before each row is loaded, and the row's ratio is to that measure
 * (`reference()`). Every measure is listed with the table.
 */
const HELLO_URL = 'http://127.0.0.1:3301/';
const HELLO_SECONDS = 3;
const helloMeasures: { before: string; load: Load }[] = [];
async function reference(before: string): Promise<number> {
  const measured = await load(HELLO_URL, { seconds: HELLO_SECONDS, connections });
  helloMeasures.push({ before, load: measured });
  return measured.rps;
}
/** A row of a load, its ratio to the hello-world measured just before it. */
const rowOf = (target: string, database: string, r: Load, hello: number): Row => ({
  target,
  database,
  rps: r.rps,
  p99: r.p99,
  ratio: r.rps / hello,
  errors: r.errors,
  non2xx: r.non2xx,
  hello,
});
/** Families or rows that could not be measured (a server without the call, a refused probe), and why. */
const notMeasured: string[] = [];

/** The demo student (seed/demo.ts) and the students of their class with an account (DEMO_EVALUATION_STUDENTS). */
const STUDENT = 'ST24A001';

/** The person signed in, or the reason they could not be, thrown to the family that needs them. */
const signedIn = (person: SignedIn | Error): SignedIn => {
  if (person instanceof Error) throw person;
  return person;
};

/** A call as autocannon sends it (the path under the server's address). */
interface Call extends Omit<LoadOptions, 'seconds' | 'connections' | 'onAnswer'> {
  path: string;
  seconds?: number;
  /** one request first, which must answer 2xx (true unless told) */
  probe?: boolean;
}

/** The sign-in crowd's figures, per database (see crowd()). */
interface Crowd {
  readsAlone: Load;
  readsDuring: Load;
  signIns: {
    answered: number;
    /** answers by status: 2xx, 429, 503, any other (with the statuses) */
    ok: number;
    tooMany: number;
    busy: number;
    other: number;
    otherStatuses: number[];
    /** errors and timeouts (no answer within 30 s) */
    noAnswer: number;
    okP50: number;
    okP99: number;
    busyP50: number;
    busyP99: number;
    busyWithRetryAfter: number;
  };
}
const crowds: Partial<Record<Database, Crowd>> = {};

/** What the rows ran over, per database: imports, filings, the weeks read. */
const setup: Record<string, Record<string, unknown>> = {};

async function portal(database: Database, port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  // The server as in production: the log at info (the default, whatever this shell says), on a pipe.
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_POOL_SIZE: '20',
    DEV_MAILBOX: 'true',
    ...REGISTRATION_ENV,
  };
  const fresh = database === 'postgres' ? await freshDatabase('portal_bench') : undefined;
  if (fresh) env.DATABASE_URL = fresh.url;
  const server = start('apps/server/src/main.ts', env, SERVER_ROOT);
  const base = `http://127.0.0.1:${port}`;
  const facts: Record<string, unknown> = (setup[database] = {});
  try {
    await waitFor(`${base}/api/health`, 120, server);

    /** Measures a call (a warm-up round, not counted, then the round that is), if its row is selected or `runAnyway`. */
    const measure = async (target: string, call: Call, options: { runAnyway?: boolean } = {}) => {
      const counted = selected(target);
      if (!counted && !options.runAnyway) return;
      const { path: callPath, probe = true, ...loadOptions } = call;
      if (probe) {
        // One request first: a call the server refuses is reported, not loaded for seconds.
        const body = typeof call.body === 'function' ? call.body() : call.body;
        const res = await fetch(`${base}${callPath}`, {
          method: call.method ?? 'GET',
          headers: { 'content-type': 'application/json', ...call.headers, ...call.connectionHeaders?.[0], ...call.headersOf?.() },
          ...(body ? { body } : {}),
        });
        if (!res.ok) {
          notMeasured.push(`${target} on ${database}: the first request answered ${res.status} ${(await res.text()).slice(0, 200)}`);
          return;
        }
        await res.arrayBuffer();
      }
      const run = () => load(`${base}${callPath}`, { ...loadOptions, seconds: call.seconds ?? seconds, connections });
      const hello = await reference(`${target} on ${database}`);
      await run(); // warm-up round, not counted
      const r = await run();
      if (counted) rows.push(rowOf(target, database, r, hello));
    };
    /** A family of rows whose setup may fail (a server of an older commit without these calls): reported, and the run goes on. */
    const family = async (name: string, names: string[], work: () => Promise<void>) => {
      if (!anySelected(...names)) return;
      try {
        await work();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`bench: ${name} on ${database} not measured: ${message}`);
        notMeasured.push(`${name} on ${database}: ${message.slice(0, 300)}`);
      }
    };

    // Everyone the rows need is signed in first, before any load: the code mails are then read in order.
    const lecturer = await signedInCookie(base);
    const { cookie, id } = lecturer;
    // A person who cannot sign in (a seed of an older commit) fails the families that need them, not the run.
    const trySignIn = (identifier: string) =>
      signedInCookie(base, identifier).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const notNeeded = new Error('not signed in');
    const student = anySelected(...STUDENT_ROWS) ? await trySignIn(STUDENT) : notNeeded;
    // The classmates save settings only; a server whose seed lacks one goes on with the others.
    const classmates: SignedIn[] = [];
    for (const matricule of selected(ROW.settings) ? CLASSMATES : []) {
      const signed = await trySignIn(matricule);
      if (!(signed instanceof Error)) classmates.push(signed);
    }
    const academic = anySelected(...ROW.subjects, ROW.lecturerWeek) ? await trySignIn('academic') : notNeeded;

    await measure(ROW.health, { path: '/api/health' });
    await measure(ROW.ownRecord, { path: `/api/students/${id}`, headers: { cookie } });

    // Subject search on a catalogue of 20,000 subjects, imported through the academic office's CSV import.
    await family('subjects', ROW.subjects, async () => {
      facts.subjectsImported = await importSubjects(base, signedIn(academic).cookie, SUBJECTS);
      const search = (body: Record<string, unknown>, page = 1): Call => ({
        path: `/api/subjects/by-level/${page}`,
        method: 'PATCH',
        body: JSON.stringify(body),
        headers: { cookie },
      });
      await measure(ROW.subjects[0]!, search({}));
      await measure(ROW.subjects[1]!, search({ LEVEL: 3, REGIME: 'DAY' }, 5));
      await measure(ROW.subjects[2]!, search({ SEARCH: 'algo' }, 2));
      await measure(ROW.subjects[3]!, search({ CYCLE: 1, LEVEL: 2, SEARCH: 'network' }));
      // What a person types is seldom what the last one typed: three letters of a topic's name, a
      // level and a page, drawn for each request: about 5,000 searches, where memory keeps the
      // answers of the last 2,000 lists and counts, so that most are read from the database.
      await measure(ROW.subjects[4]!, { ...search({}), body: typedSearch, pathOf: () => `/api/subjects/by-level/${1 + Math.floor(Math.random() * 4)}` });
    });

    // Requests (issue 11): filing a contract claim (a row, its first step, an audit entry and the
    // filing mail, in one transaction), then the lecturer's list and counters over everything filed.
    // The lists read what the filing load filed: it runs, counted or not, whenever one of them is measured.
    await family('requests', [ROW.filing, ROW.requestList, ROW.requestSearch, ROW.requestCounters], async () => {
      const claim = await contractClaim(base, cookie);
      await measure(ROW.filing, { path: '/api/requests', method: 'POST', body: claim, seconds: short, headers: { cookie } }, { runAnyway: true });
      facts.requestsFiled = ((await (await fetch(`${base}/api/requests?pageSize=1`, { headers: { cookie } })).json()) as { total: number }).total;
      await measure(ROW.requestList, { path: '/api/requests', headers: { cookie } });
      await measure(ROW.requestSearch, { path: '/api/requests?search=contract&page=3', headers: { cookie } });
      await measure(ROW.requestCounters, { path: `/api/requests/stats/user/${id}`, headers: { cookie } });
    });

    // The timetable (issue 12): a lecturer with 30 lessons a week (every slot, Monday to Friday)
    // over a school year, planned by the academic office's import; a week read as the Schedule page does.
    await family('lecturer timetable', [ROW.lecturerWeek], async () => {
      facts.lessonsPlanned = await importYearOfLessons(base, signedIn(academic).cookie, cookie);
      const week = JSON.stringify({ START_DATE: '2025-02-03', END_DATE: '2025-02-09' });
      await measure(ROW.lecturerWeek, { path: '/api/lessons/timetable', method: 'POST', body: week, headers: { cookie } });
    });

    // Each sign-in verifies an argon2id hash (19 MiB, 2 passes) and writes a code mail; without a
    // known device, the codes mailed for one account are limited (decision 23): most answers are 429.
    await measure(ROW.signIn, {
      path: '/api/auth/students/',
      method: 'POST',
      body: JSON.stringify({ identifier: 'PER0001', password: DEMO_PASSWORD }),
      seconds: short,
      probe: false,
    });

    // A student (issue 13): their own file, and their class's week as the Schedule page reads it
    // (the demo lessons of the seed day's week: the seed plans them round that day).
    await family('students', [ROW.studentFile, ROW.studentWeek], async () => {
      const headers = { cookie: signedIn(student).cookie };
      await measure(ROW.studentFile, { path: '/api/students/profile', headers });
      if (!selected(ROW.studentWeek)) return;
      const monday = mondayOf(universityDayOf(new Date()));
      const week = JSON.stringify({ START_DATE: monday, END_DATE: addDays(monday, 6) });
      const answer = (await (
        await fetch(`${base}/api/lessons/timetable`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: week })
      ).json()) as { timetable?: unknown[] };
      facts.studentWeek = { monday, lessons: answer.timetable?.length ?? 0 };
      await measure(ROW.studentWeek, { path: '/api/lessons/timetable', method: 'POST', body: week, headers });
    });

    // The evaluation of teaching (issue 13): what the student evaluates (their page's list), and the
    // form of an open session as the page opens it to answer. Answering is not loaded: it is once per
    // student and target, and the seed has 7 students with an account, 3 targets each (21 answers).
    await family('evaluation', [ROW.evaluations, ROW.evaluationForm], async () => {
      const { id: studentId, cookie: studentCookie } = signedIn(student);
      const headers = { cookie: studentCookie };
      const { items } = (await (await fetch(`${base}/api/students/subjects/${studentId}`, { headers })).json()) as {
        items: { formId: number; session: { open: boolean } }[];
      };
      const open = items.filter((item) => item.session.open);
      facts.evaluations = { items: items.length, open: open.length };
      await measure(ROW.evaluations, { path: `/api/students/subjects/${studentId}`, headers });
      if (!selected(ROW.evaluationForm)) return;
      if (!open[0]) throw new Error('the demo student has no open evaluation');
      await measure(ROW.evaluationForm, { path: `/api/question-forms/${open[0].formId}`, headers });
    });

    // Entrance candidates (issue 14): the public list of open entrances, a registration (a new
    // address each request, each from its own client address in X-Forwarded-For, so that the 60 an
    // hour per address of decision 65 is not what is measured; the same address again is another
    // path; both answer 202), and the file a candidate's own cookie opens: the first registration's,
    // opened with the code of its mail as the registration page does.
    await family('candidates', [ROW.entrances, ROW.registration, ROW.candidateFile], async () => {
      await measure(ROW.entrances, { path: '/api/entrances' });
      if (!anySelected(ROW.registration, ROW.candidateFile)) return;
      const entrance = await openEntrance(base);
      const emailOf = (i: number) => `bench-${database}-${process.pid}-${i}@bench.example`;
      let n = 0;
      const next = () => registration(entrance, emailOf(n), n++);
      const { cookie: candidate } = await registeredCandidate(base, next(), emailOf(0), crowdAddress(0));
      await measure(ROW.registration, { path: '/api/candidate', method: 'POST', body: next, headersOf: crowdHeaders(1), seconds: short });
      facts.registrations = n;
      await measure(ROW.candidateFile, { path: '/api/candidate/me', headers: { cookie: candidate } });
    });

    // A light write of a signed-in person: the language they read the portal in (one settings row
    // each, locked while merged). The connections take the people signed in in turn, so that 50
    // saves at once are not 50 waits on one person's row.
    await family('settings', [ROW.settings], async () => {
      const people = [lecturer, signedIn(student), ...classmates];
      facts.settingsPeople = people.length;
      await measure(ROW.settings, {
        path: '/api/settings',
        method: 'POST',
        body: JSON.stringify({ LANGUAGE: 'en' }),
        connectionHeaders: people.map((p) => ({ cookie: p.cookie })),
      });
    });

    await family('sign-in crowd', [ROW.crowdReadsAlone, ROW.crowdReadsDuring, ROW.crowdSignIns], async () => {
      crowds[database] = await crowd(base, lecturer, signedIn(student), database);
    });

    facts.log = logOf(server);
    return peakRssMiB(server.pid!);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

/**
 * The sign-in crowd: the own-record reads (a signed-in person's `GET /api/students/{id}`) alone,
 * then the same reads while a second crowd signs in, as at the start of a day. Every sign-in
 * presents the student's known-device cookie (from their first sign-in): a known device is spared
 * the per-account code limit and the address and password locks (decision 23), so that each one
 * reaches the argon2id verification of the right password, then files an attempt and a code mail.
 */
async function crowd(base: string, reader: SignedIn, student: SignedIn, database: Database): Promise<Crowd> {
  if (!student.device) throw new Error('the sign-in gave no known-device cookie');
  const signIn = { path: '/api/auth/students/', body: JSON.stringify({ identifier: STUDENT, password: DEMO_PASSWORD }), headers: { cookie: student.device } };
  const probe = await fetch(`${base}${signIn.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...signIn.headers }, body: signIn.body });
  if (!probe.ok) throw new Error(`a sign-in from the known device answered ${probe.status} ${(await probe.text()).slice(0, 200)}`);
  await probe.arrayBuffer();

  const reads = () => load(`${base}/api/students/${reader.id}`, { seconds, connections, headers: { cookie: reader.cookie } });
  const hello = await reference(`the sign-in crowd on ${database}`);
  const readsAlone = await reads();
  const answers: { status: number; ms: number; retryAfter: string | undefined }[] = [];
  const [readsDuring, signIns] = await Promise.all([
    reads(),
    load(`${base}${signIn.path}`, {
      method: 'POST',
      body: signIn.body,
      headers: signIn.headers,
      seconds,
      connections,
      timeout: 30,
      onAnswer: (status, ms, retryAfter) => answers.push({ status, ms, retryAfter }),
    }),
  ]);
  const row = (target: string, r: Load) => {
    if (selected(target)) rows.push(rowOf(target, database, r, hello));
  };
  row(ROW.crowdReadsAlone, readsAlone);
  row(ROW.crowdReadsDuring, readsDuring);
  row(ROW.crowdSignIns, signIns);

  const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
  const busy = answers.filter((a) => a.status === 503);
  const other = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 429 && a.status !== 503);
  return {
    readsAlone,
    readsDuring,
    signIns: {
      answered: answers.length,
      ok: ok.length,
      tooMany: answers.filter((a) => a.status === 429).length,
      busy: busy.length,
      other: other.length,
      otherStatuses: [...new Set(other.map((a) => a.status))],
      noAnswer: signIns.errors,
      okP50: percentile(
        ok.map((a) => a.ms),
        0.5,
      ),
      okP99: percentile(
        ok.map((a) => a.ms),
        0.99,
      ),
      busyP50: percentile(
        busy.map((a) => a.ms),
        0.5,
      ),
      busyP99: percentile(
        busy.map((a) => a.ms),
        0.99,
      ),
      busyWithRetryAfter: busy.filter((a) => a.retryAfter !== undefined && a.retryAfter !== '').length,
    },
  };
}

/**
 * Plans, through `POST /api/lessons/import`, every slot of every weekday from 2024-09-02 to
 * 2025-08-29 for the signed-in lecturer, in the subjects and parts assigned to them (the seed's
 * confirmed choices), round the classes: a school year before the seed's own lessons.
 */
async function importYearOfLessons(base: string, academicCookie: string, lecturerCookie: string): Promise<{ seconds: number; created: number }> {
  const me = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: lecturerCookie } })).json()) as { id: number; MATRICULE: string };
  // The lecturer's confirmed assignments, as the hours report lists them (with no lesson yet).
  const hours = (await (await fetch(`${base}/api/lessons/hours?lecturerId=${me.id}`, { headers: { cookie: academicCookie } })).json()) as {
    rows: { subject: { code: string }; class: { code: string }; part: string }[];
  };
  const assigned = hours.rows.map((row) => ({ CODE: row.subject.code, CLASS_CODE: row.class.code, CATEGORY: row.part }));
  if (assigned.length === 0) throw new Error('bench: the lecturer has no assignment to plan lessons for');
  const slots = [
    ['08:00', '09:50'],
    ['10:10', '12:00'],
    ['13:00', '14:50'],
    ['15:10', '17:00'],
    ['17:30', '19:30'],
    ['20:00', '21:30'],
  ];
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
  const res = await fetch(`${base}/api/lessons/import?dryRun=false`, {
    method: 'POST',
    headers: { cookie: academicCookie, 'content-type': 'text/csv' },
    body: lines.join('\n'),
  });
  if (!res.ok) throw new Error(`bench lessons import failed: ${res.status} ${await res.text()}`);
  const report = (await res.json()) as { created: number; rejected: unknown[] };
  if (report.rejected.length) throw new Error(`bench lessons import rejected ${report.rejected.length} lines: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  return { seconds: (performance.now() - started) / 1000, created: report.created };
}

const TOPICS = [
  'Algorithms',
  'Data structures',
  'Networks',
  'Network security',
  'Databases',
  'Operating systems',
  'Compilers',
  'Linear algebra',
  'Analysis',
  'Probability',
  'Statistics',
  'Accounting',
  'Corporate finance',
  'Marketing',
  'Management',
  'Business law',
  'Economics',
  'Electronics',
  'Signal processing',
  'Telecommunications',
  'Thermodynamics',
  'Mechanics',
  'English',
  'French',
  'Communication',
];

/** A search as a person types it: three letters from a topic's name, and one of the five levels (the page is drawn in the path). */
function typedSearch(): string {
  const topic = TOPICS[Math.floor(Math.random() * TOPICS.length)]!.toLowerCase();
  const at = Math.floor(Math.random() * (topic.length - 2));
  return JSON.stringify({ SEARCH: topic.slice(at, at + 3), LEVEL: 1 + Math.floor(Math.random() * 5) });
}

/** Imports `n` generated subjects spread over the seeded classes, as the academic office would (CSV). */
async function importSubjects(base: string, cookie: string, n: number): Promise<{ seconds: number; inserted: number }> {
  const classes = (await (await fetch(`${base}/api/classes`, { headers: { cookie } })).json()) as { CODE: string }[];
  const lines = ['CLASS_CODE;CODE;NAME;HOURS_CM;HOURS_TD;HOURS_TP;HOURLY_RATE;CREDITS'];
  for (let i = 0; i < n; i++) {
    const klass = classes[i % classes.length]!.CODE;
    const topic = TOPICS[i % TOPICS.length]!;
    lines.push(
      `${klass};B${String(i).padStart(5, '0')};${topic} ${Math.floor(i / TOPICS.length) + 1};${20 + (i % 3) * 5};${10 + (i % 4) * 5};${i % 2 ? 0 : 10};${4000 + (i % 5) * 500};${2 + (i % 4)}`,
    );
  }
  const started = performance.now();
  const res = await fetch(`${base}/api/academic/subjects/import?dryRun=false`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'text/csv' },
    body: lines.join('\n'),
  });
  if (!res.ok) throw new Error(`bench import failed: ${res.status} ${await res.text()}`);
  const report = (await res.json()) as { inserted: number; rejected: unknown[] };
  if (report.rejected.length) throw new Error(`bench import rejected ${report.rejected.length} lines`);
  return { seconds: (performance.now() - started) / 1000, inserted: report.inserted };
}

/** The commit of the server's checkout, and whether its files differ from it (a worktree of an older commit, or this one). */
function serverCommit(): string {
  try {
    const commit = execFileSync('git', ['-C', SERVER_ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = execFileSync('git', ['-C', SERVER_ROOT, 'status', '--porcelain', '--untracked-files=no', '--', 'apps/server', 'packages/contract'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return changed ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------- the run

const helloServer = start('bench/hello.ts', { PORT: '3301' });
await waitFor(HELLO_URL);
await load(HELLO_URL, { seconds: 2, connections }); // warm-up
const first = await load(HELLO_URL, { seconds, connections });
helloMeasures.push({ before: 'the first row', load: first });
rows.push({
  target: 'bare Fastify hello-world',
  database: '-',
  rps: first.rps,
  p99: first.p99,
  ratio: 1,
  errors: first.errors,
  non2xx: first.non2xx,
  hello: first.rps,
});

const memory: Partial<Record<Database, number>> = {};
try {
  for (const database of DATABASES) memory[database] = await portal(database, database === 'postgres' ? 3302 : 3303);
} finally {
  await stop(helloServer);
}

// ---------------------------------------------------------------- the figures

const ms = (v: number) => (Number.isNaN(v) ? '-' : `${Math.round(v)} ms`);
const helloRates = helloMeasures.map((m) => m.load.rps);
const helloNote = `The hello-world's row is its first measure (${seconds} s). It was measured again for ${HELLO_SECONDS} s just before each row, and each row's ratio is to that measure: ${helloMeasures.length} measures, from ${Math.round(Math.min(...helloRates))} to ${Math.round(Math.max(...helloRates))} req/s (each in \`hello\` in the JSON figures).`;
const table = [
  '| call | database | req/s | p99 (ms) | ratio to hello-world | errors / non-2xx |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.target} | ${r.database} | ${Math.round(r.rps)} | ${r.p99} | ${(r.ratio * 100).toFixed(1)} % | ${r.errors} / ${r.non2xx} |`),
].join('\n');

const crowdDatabases = DATABASES.filter((d) => crowds[d]);
const crowdCells = (cell: (c: Crowd) => string) => crowdDatabases.map((d) => cell(crowds[d]!)).join(' | ');
const crowdTable = crowdDatabases.length
  ? [
      `| sign-in crowd (${connections} + ${connections} connections, ${seconds} s) | ${crowdDatabases.join(' | ')} |`,
      `| --- | ${crowdDatabases.map(() => '---:').join(' | ')} |`,
      `| own-record reads alone: req/s, p99 | ${crowdCells((c) => `${Math.round(c.readsAlone.rps)}, ${c.readsAlone.p99} ms`)} |`,
      `| own-record reads during the sign-ins: req/s, p99 | ${crowdCells((c) => `${Math.round(c.readsDuring.rps)}, ${c.readsDuring.p99} ms`)} |`,
      `| sign-ins answered 2xx / 429 / 503 / other | ${crowdCells((c) => `${c.signIns.ok} / ${c.signIns.tooMany} / ${c.signIns.busy} / ${c.signIns.other}${c.signIns.otherStatuses.length ? ` (${c.signIns.otherStatuses.join(', ')})` : ''}`)} |`,
      `| sign-ins without an answer (errors, timeouts at 30 s) | ${crowdCells((c) => String(c.signIns.noAnswer))} |`,
      `| sign-ins verified per second (2xx) | ${crowdCells((c) => (c.signIns.ok / seconds).toFixed(1))} |`,
      `| 2xx latency p50 / p99 | ${crowdCells((c) => `${ms(c.signIns.okP50)} / ${ms(c.signIns.okP99)}`)} |`,
      `| 503 latency p50 / p99 | ${crowdCells((c) => `${ms(c.signIns.busyP50)} / ${ms(c.signIns.busyP99)}`)} |`,
      `| 503 with a Retry-After | ${crowdCells((c) => (c.signIns.busy ? `${c.signIns.busyWithRetryAfter} of ${c.signIns.busy}` : '-'))} |`,
    ].join('\n')
  : '';

/** A sentence about what the rows ran over, with the figure of each database that has one (none: no sentence). */
const note = <T>(key: string, show: (value: T) => string, sentence: (figures: string) => string) => {
  const figures = Object.entries(setup)
    .filter(([, facts]) => facts[key] !== undefined)
    .map(([db, facts]) => `${db} ${show(facts[key] as T)}`);
  return figures.length ? sentence(figures.join(', ')) : '';
};
type Timed = { seconds: number; inserted?: number; created?: number };
const notes = [
  helloNote,
  note(
    'subjectsImported',
    (r: Timed) => `${r.inserted} subjects in ${r.seconds.toFixed(1)} s`,
    (f) => `Catalogue for the subject searches: the demo seed plus ${SUBJECTS} generated subjects, imported by CSV (${f}).`,
  ),
  note(
    'requestsFiled',
    (n: number) => String(n),
    (f) => `Requests: the lecturer's list and counters read everything the filing load filed for that lecturer (${f} requests).`,
  ),
  note(
    'lessonsPlanned',
    (r: Timed) => `${r.created} lessons in ${r.seconds.toFixed(1)} s`,
    (f) => `Timetable: a school year of 30 lessons a week for the lecturer, planned by the lessons import (${f}), plus the demo lessons.`,
  ),
  note(
    'studentWeek',
    (w: { monday: string; lessons: number }) => `${w.lessons} lessons from ${w.monday}`,
    (f) => `A student's week: ${STUDENT}'s class in the week of the seed day (${f}).`,
  ),
  note(
    'evaluations',
    (e: { items: number; open: number }) => `${e.items} targets, ${e.open} open`,
    (f) =>
      `Evaluation: what ${STUDENT} evaluates (${f}); answering is not loaded: it is once per student and target, and the seed has 7 students with an account.`,
  ),
  note(
    'registrations',
    (n: number) => String(n),
    (f) =>
      `Registrations: a new address each, from its own client address (X-Forwarded-For), for the seed's open entrance (${f} in all, warm-up included); each answers 202 and mails a code.`,
  ),
  note(
    'settingsPeople',
    (n: number) => `${n} people`,
    (f) => `Settings: each connection saves one person's language, the people signed in taken in turn (${f}).`,
  ),
  crowdTable &&
    `Sign-in crowd: ${STUDENT} signs in with the password from their known device (decision 23: no code limit, no lock), so that each sign-in verifies the argon2id hash; the reads are the lecturer's own record.`,
  note(
    'log',
    (l: { lines: number; bytes: number }) => `${l.lines} lines, ${(l.bytes / 2 ** 20).toFixed(1)} MiB`,
    (f) => `Server log at info, on a pipe read as it comes (${f}).`,
  ),
  `Peak resident memory of the server: ${DATABASES.map((d) => `${d === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${memory[d]} MiB`).join(', ')}.`,
  notMeasured.length ? `**Not measured**: ${notMeasured.join('; ')}.` : '',
  `${connections} connections, ${seconds} s per call (filing, registration, sign-in: ${short} s), after a warm-up round; server ${SERVER_ROOT === root ? 'this checkout' : SERVER_ROOT} at ${serverCommit()}; ${cpus().length} cores, Node ${process.version}${ONLY.length ? `; only ${ONLY.join(', ')}` : ''}.`,
].filter(Boolean);
const summary = `${table}\n\n${crowdTable ? `${crowdTable}\n\n` : ''}${notes.join('\n')}`;
console.log(`\n${summary}`);
// The table beside the figures: bench/results/latest.md, or the --out file's name with .md.
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT.replace(/(\.json)?$/, '.md'), `${summary}\n`);

/** What compare.ts reads: every figure of the run, and what it ran over. */
const results = {
  date: new Date().toISOString(),
  server: { root: SERVER_ROOT, commit: serverCommit() },
  machine: { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  options: { seconds, connections, subjects: SUBJECTS, only: ONLY, databases: DATABASES },
  rows,
  hello: helloMeasures.map((m) => ({ before: m.before, rps: m.load.rps, p99: m.load.p99 })),
  crowd: crowds,
  setup,
  memoryMiB: memory,
  notMeasured,
};
writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nFigures written to ${OUT}.`);
