// The registration burst (issue 14, decision 45): 10,000 candidates register for an entrance at
// the same moment, plus a share of repeated submits (the same address and entrance again), each on
// its own connection, against the real server on PostgreSQL and on PGlite. Clients honour a 503's
// Retry-After and submit again, as a person does when the page says the server is busy. Every
// submit answers 202 alike, without a number (decision 65), and comes from its address's own client
// address (X-Forwarded-For, the server with TRUST_PROXY), so that the limit per client address is
// not what is measured. Then the database is read: one row per address, none lost, none
// duplicated, and one "registration received" mail per row carrying the stored number and a code.
// A second burst of 10,000 new addresses with the retries off shows the 503s come at once and
// store nothing. Usage:
//   npm run bench:burst [-- --registrations 10000 --repeats 0.1 --connections 1000 --timeout 30 --databases postgres,pglite --out <file.md>]
// (--connections: the crowd, how many submit at the same time, each on its own socket; 0: every
// submit at once. The gate's settings come from the environment: CANDIDATE_REGISTRATION_CONCURRENCY,
// _QUEUE, _WAIT_MS. The table goes to bench/results/burst-latest.md, or --out.)
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite } from '../apps/server/src/db/client';
import {
  CANDIDATE_CODE_LINE,
  crowdAddress,
  openEntrance,
  option,
  peakRssMiB,
  registeredCandidate,
  REGISTRATION_ENV,
  registration,
  root,
  start,
  stop,
  waitFor,
  type EntranceAnswer,
  freshDatabase,
} from './lib';

const arg = (name: string, fallback: number) => Number(option(name, String(fallback)));
const REGISTRATIONS = arg('registrations', 10_000);
const REPEATS = Math.round(REGISTRATIONS * arg('repeats', 0.1));
const CONNECTIONS = arg('connections', 1000);
const TIMEOUT_MS = arg('timeout', 30) * 1000;
const DATABASES = option('databases', 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const POOL_SIZE = 20;
// npm runs this from bench/: a path given on the command line is the caller's (INIT_CWD).
const OUT = path.resolve(process.env.INIT_CWD ?? process.cwd(), option('out', path.join(root, 'bench/results/burst-latest.md')));

// ---------------------------------------------------------------- one submit, as a phone would

interface Answer {
  status: number;
  retryAfter: number | null;
  body: string;
  /** the answer set the portal_candidate_attempt cookie (the browser's half of the mailed code) */
  attemptCookie: boolean;
  /** from the connection made (at once on a kept-alive one) to the answer, ms: the server's part */
  afterConnectMs: number;
}
/** An answer, or why there was none: `timeout` is a hang (no answer within TIMEOUT_MS). */
type Outcome = Answer | { error: string; timeout: boolean };

function post(agent: http.Agent, port: number, body: string, clientAddress: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let connectedAt = performance.now();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/candidate',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': clientAddress },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          const attemptCookie = (response.headers['set-cookie'] ?? []).some((c) => /^(__Host-)?portal_candidate_attempt=[^;]/.test(c));
          done({
            status: response.statusCode ?? 0,
            retryAfter: retryAfter === undefined ? null : Number(retryAfter),
            body: Buffer.concat(chunks).toString('utf8'),
            afterConnectMs: performance.now() - connectedAt,
            attemptCookie,
          });
        });
        response.on('error', (error) => done({ error: error.message, timeout: false }));
      },
    );
    const timer = setTimeout(() => {
      done({ error: `no answer within ${TIMEOUT_MS / 1000} s`, timeout: true });
      request.destroy();
    }, TIMEOUT_MS);
    request.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => (connectedAt = performance.now()));
      else connectedAt = performance.now();
    });
    // A kept-alive connection the server closed as it was reused (a race of keep-alive, which a
    // browser meets too) is told apart from a connection refused or dropped.
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({ error: `${error.code ?? error.message}${request.reusedSocket ? ' on a kept-alive connection' : ''}`, timeout: false }),
    );
    request.end(body);
  });
}

interface Submit {
  email: string;
  repeat: boolean;
  body: string;
  /** the client address it comes from (X-Forwarded-For): its address's own, a repeat the first submit's */
  clientAddress: string;
}
interface SubmitResult {
  email: string;
  repeat: boolean;
  /** 202, or the last status / failure when it never succeeded */
  final: number | 'hang' | 'error';
  /** the 202 was not decision 65's: a body other than CHECK_MAIL, or no attempt cookie */
  unlike: boolean;
  /** the successful attempt's own time (ms) */
  successMs: number | null;
  /** from the first attempt to the success, waits included (ms) */
  totalMs: number | null;
  busy: { ms: number; afterConnectMs: number; retryAfter: number | null; code: string }[];
  /** shortest wait before a retry, against the Retry-After asked (s) */
  retryGaps: { waited: number; asked: number }[];
  hangs: number;
  connectionErrors: string[];
  other: { status: number; body: string }[];
}

/** The kernel's count of connections dropped because a listening socket's queue was full (Linux). */
function listenOverflows(): number {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const at = names!.split(' ').indexOf('ListenOverflows');
    return Number(values!.split(' ')[at]);
  } catch {
    return NaN;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One person's submit: again after a 503 (after Retry-After, plus up to as much again: people do
 * not press at the same millisecond), after a dropped connection or a hang (1 s later), until it
 * is answered 202; with `retries` off, the first answer is the last.
 */
async function submit(agent: http.Agent, port: number, s: Submit, retries: boolean): Promise<SubmitResult> {
  const result: SubmitResult = {
    email: s.email,
    repeat: s.repeat,
    final: 'error',
    unlike: false,
    successMs: null,
    totalMs: null,
    busy: [],
    retryGaps: [],
    hangs: 0,
    connectionErrors: [],
    other: [],
  };
  const first = performance.now();
  for (let attempt = 0; attempt < 200; attempt++) {
    const sent = performance.now();
    const answer = await post(agent, port, s.body, s.clientAddress);
    const ms = performance.now() - sent;
    if ('error' in answer) {
      if (answer.timeout) result.hangs++;
      else result.connectionErrors.push(answer.error);
      result.final = answer.timeout ? 'hang' : 'error';
      if (!retries) return result;
      await sleep(1000);
      continue;
    }
    result.final = answer.status;
    if (answer.status === 202) {
      // The same answer for a new address and a known one: the number is only in the mail.
      result.unlike = (JSON.parse(answer.body) as { status?: string }).status !== 'CHECK_MAIL' || !answer.attemptCookie;
      result.successMs = ms;
      result.totalMs = performance.now() - first;
      return result;
    }
    if (answer.status === 503) {
      const { code } = JSON.parse(answer.body) as { code: string };
      result.busy.push({ ms, afterConnectMs: answer.afterConnectMs, retryAfter: answer.retryAfter, code });
      if (!retries) return result;
      const asked = answer.retryAfter ?? 5;
      const wait = asked * 1000 * (1 + Math.random());
      const before = performance.now();
      await sleep(wait);
      result.retryGaps.push({ waited: (performance.now() - before) / 1000, asked });
      continue;
    }
    result.other.push({ status: answer.status, body: answer.body.slice(0, 300) });
    return result;
  }
  return result;
}

interface Burst {
  label: string;
  results: SubmitResult[];
  seconds: number;
  peakMiB: number;
  /** connections the kernel dropped, the server's listen queue full (the whole machine's count) */
  overflows: number;
  /** GET /api/health during the burst, every half second: its times (ms) and how many were not 200 */
  health: { ms: number[]; failed: number };
}

/**
 * `submits` by a crowd of `CONNECTIONS` people at a time (all at once with 0): each takes the next
 * submit, sends it until answered (retries), then takes the next, so that the server always has the
 * whole crowd at its door until the last submit is answered.
 */
async function burst(label: string, port: number, submits: Submit[], retries: boolean, serverPid: number): Promise<Burst> {
  const crowd = CONNECTIONS > 0 ? Math.min(CONNECTIONS, submits.length) : submits.length;
  const agent = new http.Agent({ keepAlive: true, maxSockets: crowd, maxFreeSockets: crowd });
  const results: SubmitResult[] = [];
  let next = 0;
  const person = async () => {
    while (next < submits.length) {
      const i = next++;
      results[i] = await submit(agent, port, submits[i]!, retries);
    }
  };
  // The rest of the portal meanwhile: one query through the same pool, as a sign-in or the office would.
  const health = { ms: [] as number[], failed: 0 };
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const sent = performance.now();
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.arrayBuffer();
        if (!res.ok) health.failed++;
      } catch {
        health.failed++;
      }
      health.ms.push(performance.now() - sent);
      await sleep(500);
    }
  })();
  const overflowsBefore = listenOverflows();
  const started = performance.now();
  await Promise.all(Array.from({ length: crowd }, person));
  const seconds = (performance.now() - started) / 1000;
  polling = false;
  await poll;
  agent.destroy();
  const answered = results.filter((r) => r.final === 202).length;
  console.error(
    `${label}: ${submits.length} submits, ${answered} answered 202, ${results.reduce((n, r) => n + r.busy.length, 0)} answers 503, in ${seconds.toFixed(1)} s`,
  );
  return { label, results, seconds, peakMiB: peakRssMiB(serverPid), health, overflows: listenOverflows() - overflowsBefore };
}

// ---------------------------------------------------------------- the bodies

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * `count` new addresses, and `repeats` of them submitted a second time, the whole in random order.
 * Each address comes from its own client address, `firstClient` on (a repeat from the same one).
 */
function submitsFor(entrance: EntranceAnswer, prefix: string, count: number, repeats: number, firstClient: number): Submit[] {
  const submits: Submit[] = [];
  for (let i = 0; i < count; i++) {
    // Mixed case: the address is one whatever its case (the unique index is on lower(email)).
    const email = `${prefix}-${i}@Bench.example`;
    submits.push({ email, repeat: false, body: registration(entrance, email, i), clientAddress: crowdAddress(firstClient + i) });
  }
  const again = shuffle(submits.slice()).slice(0, repeats);
  return shuffle([...submits, ...again.map((s) => ({ ...s, repeat: true }))]);
}

// ---------------------------------------------------------------- the database's word

/** Every stored registration of the burst's addresses (lower-cased), with its candidate number. */
type Rows = { email: string; number: string }[];
const ROWS_SQL = `select lower(email) as email, candidate_number as number from candidates where entrance_id = $1 and lower(email) like '%@bench.example'`;
/** The candidates' mails to those addresses: a new registration's, and a repeated one's (at most one a minute per address, silently). */
type Mails = { email: string; kind: string; text: string }[];
const MAILS_SQL = `select lower(to_address) as email, kind, text_body as text from mail_outbox where kind in ('candidate-registered', 'candidate-repeated') and lower(to_address) like '%@bench.example'`;
const NUMBER = /\bC\d{8,}\b/;

interface Check {
  stored: number;
  duplicates: number;
  /** answered 202 but no row */
  lost: number;
  /** a row for an address never answered 202 (a refusal that stored something) */
  storedWithoutSuccess: number;
  /** "registration received" mails, rows without one, addresses with more than one (created twice) */
  registeredMails: number;
  unmailed: number;
  createdTwice: number;
  /** "sent again" mails */
  repeatedMails: number;
  /** mails without the stored number, or without a code on a line of its own */
  wrongMails: number;
  addresses: number;
  answered: number;
}

function check(results: SubmitResult[], rows: Rows, mails: Mails, prefix: string): Check {
  const mine = rows.filter((r) => r.email.startsWith(`${prefix}-`));
  const byEmail = new Map<string, string[]>();
  for (const r of mine) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r.number]);
  const answered = new Set(results.filter((r) => r.final === 202).map((r) => r.email.toLowerCase()));
  const myMails = mails.filter((m) => m.email.startsWith(`${prefix}-`));
  const registered = new Map<string, number>();
  for (const m of myMails) if (m.kind === 'candidate-registered') registered.set(m.email, (registered.get(m.email) ?? 0) + 1);
  const wrongMails = myMails.filter((m) => {
    const stored = byEmail.get(m.email);
    return !stored || NUMBER.exec(m.text)?.[0] !== stored[0] || !CANDIDATE_CODE_LINE.test(m.text);
  }).length;
  return {
    stored: mine.length,
    duplicates: mine.length - byEmail.size,
    lost: [...answered].filter((e) => !byEmail.has(e)).length,
    storedWithoutSuccess: [...byEmail.keys()].filter((e) => !answered.has(e)).length,
    registeredMails: [...registered.values()].reduce((a, b) => a + b, 0),
    unmailed: [...byEmail.keys()].filter((e) => !registered.has(e)).length,
    createdTwice: [...registered.values()].filter((n) => n > 1).length,
    repeatedMails: myMails.filter((m) => m.kind === 'candidate-repeated').length,
    wrongMails,
    addresses: new Set(results.map((r) => r.email.toLowerCase())).size,
    answered: answered.size,
  };
}

// ---------------------------------------------------------------- figures

const percentile = (values: number[], q: number): number => {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};
const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);
const min = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Infinity);
const ms = (v: number) => (Number.isNaN(v) ? '-' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);

interface Column {
  title: string;
  cells: Record<string, string>;
  ok: boolean;
}

function column(database: string, b: Burst, c: Check, retries: boolean, waitMs: number): Column {
  const r = b.results;
  const successes = r.filter((x) => x.final === 202);
  const unlike = successes.filter((x) => x.unlike).length;
  const busy = r.flatMap((x) => x.busy);
  const busyAtOnce = busy.filter((x) => x.ms < waitMs * 0.9);
  const retryAfters = busy.map((x) => x.retryAfter ?? NaN);
  const gaps = r.flatMap((x) => x.retryGaps);
  const honoured = gaps.every((g) => g.waited >= g.asked - 0.005); // a timer may fire a fraction of a millisecond early
  // Every 503 is the gate's SERVER_BUSY and says when to come back.
  const busyCodes = [...new Set(busy.map((x) => x.code))];
  const everyBusySaysWhen = busy.every((x) => x.code === 'SERVER_BUSY' && x.retryAfter !== null && x.retryAfter > 0);
  const hangs = r.reduce((n, x) => n + x.hangs, 0);
  const connectionErrors = r.flatMap((x) => x.connectionErrors);
  const other = r.flatMap((x) => x.other);
  const originals = r.filter((x) => !x.repeat).length;
  const cells: Record<string, string> = {
    'submits (new addresses + repeated)': `${originals} + ${r.length - originals}`,
    'answered 202 (first submits / repeats; not CHECK_MAIL with its cookie)': `${successes.filter((x) => !x.repeat).length} / ${successes.filter((x) => x.repeat).length}; ${unlike}`,
    'never answered 202 (given up)': String(r.length - successes.length),
    'rows stored / addresses answered': `${c.stored} / ${c.answered}`,
    'duplicates / lost': `${c.duplicates} / ${c.lost}`,
    'rows of refused addresses': String(c.storedWithoutSuccess),
    '"received" mails / rows without one / addresses with two (created twice)': `${c.registeredMails} / ${c.unmailed} / ${c.createdTwice}`,
    '"sent again" mails; mails without the stored number or a code line': `${c.repeatedMails}; ${c.wrongMails}`,
    '503 answers (submits refused at least once)': `${busy.length} (${r.filter((x) => x.busy.length).length})${busy.length ? `, ${busyCodes.join(', ')}` : ''}`,
    '503 at once (under the wait) / after the wait': `${busyAtOnce.length} / ${busy.length - busyAtOnce.length}`,
    '503 latency p50 / p99 / max': busy.length
      ? `${ms(
          percentile(
            busy.map((x) => x.ms),
            0.5,
          ),
        )} / ${ms(
          percentile(
            busy.map((x) => x.ms),
            0.99,
          ),
        )} / ${ms(max(busy.map((x) => x.ms)))}`
      : '-',
    '503 latency once connected p50 / p99': busy.length
      ? `${ms(
          percentile(
            busy.map((x) => x.afterConnectMs),
            0.5,
          ),
        )} / ${ms(
          percentile(
            busy.map((x) => x.afterConnectMs),
            0.99,
          ),
        )}`
      : '-',
    'Retry-After (s) min / p50 / max; honoured': busy.length
      ? `${min(retryAfters)} / ${percentile(retryAfters, 0.5)} / ${max(retryAfters)}; ${retries ? (honoured ? 'yes' : 'NO') : 'no retries'}`
      : '-',
    'hangs (no answer in 30 s) / connection errors': `${hangs} / ${connectionErrors.length}${connectionErrors.length ? ` (${[...new Set(connectionErrors)].join(', ')})` : ''}`,
    'connections dropped by the kernel (listen queue full)': String(b.overflows),
    'other answers': other.length ? `${other.length} (${[...new Set(other.map((o) => o.status))].join(', ')})` : '0',
    'total time': `${b.seconds.toFixed(1)} s`,
    'registrations stored per second': (c.stored / b.seconds).toFixed(0),
    'successful submit p50 / p99': `${ms(
      percentile(
        successes.map((x) => x.successMs!),
        0.5,
      ),
    )} / ${ms(
      percentile(
        successes.map((x) => x.successMs!),
        0.99,
      ),
    )}`,
    'time to success, retries included, p50 / p99': `${ms(
      percentile(
        successes.map((x) => x.totalMs!),
        0.5,
      ),
    )} / ${ms(
      percentile(
        successes.map((x) => x.totalMs!),
        0.99,
      ),
    )}`,
    'GET /api/health meanwhile p50 / max (not 200)': `${ms(percentile(b.health.ms, 0.5))} / ${ms(max(b.health.ms))} (${b.health.failed})`,
    'server peak memory (VmHWM)': `${b.peakMiB} MiB`,
  };
  // With retries every submit ends 202, one row and one "received" mail per address; without, refusals are allowed but store nothing.
  const ok =
    c.duplicates === 0 &&
    c.lost === 0 &&
    c.storedWithoutSuccess === 0 &&
    c.unmailed === 0 &&
    c.createdTwice === 0 &&
    c.wrongMails === 0 &&
    unlike === 0 &&
    hangs === 0 &&
    other.length === 0 &&
    everyBusySaysWhen &&
    (!retries || (successes.length === r.length && c.stored === c.addresses && c.registeredMails === c.addresses)) &&
    honoured;
  if (other.length) console.error(`${database} ${b.label}: unexpected answers, e.g. ${JSON.stringify(other.slice(0, 3))}`);
  return { title: `${database}, ${b.label}`, cells, ok };
}

// ---------------------------------------------------------------- a server, two bursts

interface Gate {
  concurrency: number;
  queue: number;
  waitMs: number;
}
const gateOf = (database: 'postgres' | 'pglite'): Gate => ({
  concurrency: Number(process.env.CANDIDATE_REGISTRATION_CONCURRENCY ?? (database === 'postgres' ? POOL_SIZE : 1)),
  queue: Number(process.env.CANDIDATE_REGISTRATION_QUEUE ?? 2000),
  waitMs: Number(process.env.CANDIDATE_REGISTRATION_WAIT_MS ?? 10_000),
});

async function portal(database: 'postgres' | 'pglite', port: number): Promise<{ columns: Column[]; entrance: string; gate: Gate }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-burst-'));
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DEV_MAILBOX: 'true',
    ...REGISTRATION_ENV,
  };
  const fresh = database === 'postgres' ? await freshDatabase('portal_burst') : undefined;
  if (fresh) env.DATABASE_URL = fresh.url;
  const gate = gateOf(database);
  const server = start('apps/server/src/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`);
    // An open entrance of the demo seed (issue 14's admissions seed opens two).
    const entrance = await openEntrance(base);
    // One registration first, outside the count, opened with its mailed code as the page does, so
    // that a wrong form or a mail without its code fails here, not 11,000 times.
    const probeEmail = `probe-${process.pid}@probe.example`;
    await registeredCandidate(base, registration(entrance, probeEmail, 0), probeEmail).catch((error: unknown) => {
      throw new Error(`bench: the probe registration: ${error instanceof Error ? error.message : String(error)}`);
    });

    // Client addresses: the first burst's from 10.0.0.0, the second's from 10.64.0.0 (up to 4 million each).
    const withRetries = await burst('burst, clients retry', port, submitsFor(entrance, `burst-a`, REGISTRATIONS, REPEATS, 0), true, server.pid!);
    await sleep(5000); // the mails of the first burst are written out before the second
    const noRetries = await burst('burst, no retries', port, submitsFor(entrance, `burst-b`, REGISTRATIONS, 0, 64 << 16), false, server.pid!);

    let rows: Rows;
    let mails: Mails;
    if (database === 'postgres') {
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      rows = (await db.query<Rows[number]>(ROWS_SQL, [entrance.Entrance_ID])).rows;
      mails = (await db.query<Mails[number]>(MAILS_SQL)).rows;
      await db.end();
      await stop(server);
    } else {
      // The embedded database is the server's own: read once the server is stopped.
      await stop(server);
      const client = await createPglite({ dataDir: path.join(dataDir, 'pglite') });
      rows = (await client.query<Rows[number]>(ROWS_SQL, [entrance.Entrance_ID])).rows;
      mails = (await client.query<Mails[number]>(MAILS_SQL)).rows;
      await client.close();
    }
    return {
      entrance: `${entrance.Entrance_Name} (id ${entrance.Entrance_ID}, from the demo seed)`,
      gate,
      columns: [
        column(database, withRetries, check(withRetries.results, rows, mails, 'burst-a'), true, gate.waitMs),
        column(database, noRetries, check(noRetries.results, rows, mails, 'burst-b'), false, gate.waitMs),
      ],
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

const columns: Column[] = [];
const notes: string[] = [];
for (const [i, database] of DATABASES.entries()) {
  const { columns: found, entrance, gate } = await portal(database, 3311 + i);
  columns.push(...found);
  notes.push(
    `${database}: entrance ${entrance}; gate ${gate.concurrency} running, ${gate.queue} waiting at most ${gate.waitMs / 1000} s${database === 'postgres' ? `, pool of ${POOL_SIZE} connections` : ''}.`,
  );
}

const keys = Object.keys(columns[0]!.cells);
const table = [
  `| | ${columns.map((c) => c.title).join(' | ')} |`,
  `| --- | ${columns.map(() => '---:').join(' | ')} |`,
  ...keys.map((k) => `| ${k} | ${columns.map((c) => c.cells[k]).join(' | ')} |`),
  `| **all checks hold** | ${columns.map((c) => (c.ok ? 'yes' : '**NO**')).join(' | ')} |`,
].join('\n');
const sockets =
  CONNECTIONS > 0
    ? `a crowd of ${CONNECTIONS} submitting at the same time (each on its own connection, the next submit as soon as one is answered)`
    : 'every submit on its own connection, all opened at once';
const summary = `${table}\n\n${REGISTRATIONS} new addresses and ${REPEATS} repeated submits (the same address and entrance again) in random order, ${sockets}; a client gives up after ${TIMEOUT_MS / 1000} s (a hang). Each address comes from its own client address (X-Forwarded-For, the server with TRUST_PROXY=true; a repeat from its first submit's), and the registrations an hour in all are set to ${Number(REGISTRATION_ENV.CANDIDATE_REGISTRATIONS_PER_HOUR).toLocaleString('en')}: neither limit of decision 65 is what is measured. With retries, a 503 is submitted again after its Retry-After plus a random share of it (up to twice). The second burst: ${REGISTRATIONS} other new addresses, no retries.\n${notes.join('\n')}\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`;
console.log(`\n${summary}`);
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, `${summary}\n`);
console.log(`\nTable written to ${OUT}.`);
if (columns.some((c) => !c.ok)) {
  console.error('burst: a check failed (see the table)');
  process.exitCode = 1;
}
