import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/** The value after `--<name>` on the command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}

export interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Told of each answer of a load: its status, its time (ms) and its Retry-After header, if any. */
export type OnAnswer = (status: number, ms: number, retryAfter: string | undefined) => void;

export interface LoadOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  /** the same body every time, or a new one for each request (a registration with its own address) */
  body?: string | (() => string);
  /** a new path for each request (a page drawn at random), else the url's */
  pathOf?: () => string;
  headers?: Record<string, string>;
  /** headers of each connection: the n-th connection sends the n-th (round the list), e.g. one person's cookie each */
  connectionHeaders?: Record<string, string>[];
  /** headers drawn anew for each request, over the others (a registration's own client address: crowdHeaders) */
  headersOf?: () => Record<string, string>;
  seconds: number;
  connections: number;
  /** seconds before a request without an answer counts as a timeout (autocannon's default: 10) */
  timeout?: number;
  /** called for every answer, in the order they come */
  onAnswer?: OnAnswer;
}

export function load(url: string, options: LoadOptions): Promise<Load> {
  const headers = { 'content-type': 'application/json', ...(options.headers ?? {}) };
  const { body, pathOf, connectionHeaders, headersOf, onAnswer } = options;
  const perRequest = typeof body === 'function' || pathOf || headersOf;
  let connection = 0;
  // The answer's headers reach `onResponse` just before the client reports its status and time.
  let retryAfter: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: options.method ?? 'GET',
        connections: options.connections,
        duration: options.seconds,
        headers,
        ...(options.timeout ? { timeout: options.timeout } : {}),
        ...(typeof body === 'string' ? { body } : {}),
        ...(perRequest || onAnswer
          ? {
              requests: [
                {
                  ...(perRequest
                    ? {
                        setupRequest: (request: autocannon.Request) => ({
                          ...request,
                          ...(typeof body === 'function' ? { body: body() } : {}),
                          ...(pathOf ? { path: pathOf() } : {}),
                          ...(headersOf ? { headers: { ...request.headers, ...headersOf() } } : {}),
                        }),
                      }
                    : {}),
                  ...(onAnswer
                    ? {
                        onResponse: (_status: number, _body: string, _context: object, answerHeaders: autocannon.Request['headers']) =>
                          (retryAfter = answerHeaders?.['retry-after'] as string | undefined),
                      }
                    : {}),
                },
              ],
            }
          : {}),
        ...(connectionHeaders?.length
          ? { setupClient: (client: autocannon.Client) => client.setHeaders({ ...headers, ...connectionHeaders[connection++ % connectionHeaders.length] }) }
          : {}),
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx });
      },
    );
    if (onAnswer) {
      instance.on('response', (_client, status, _bytes, ms) => {
        onAnswer(status, ms, retryAfter);
        retryAfter = undefined;
      });
    }
  });
}

/** The q-quantile (0 to 1) of `values`, by the nearest rank; NaN for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Waits until `url` answers 2xx; fails at once if `server`, the process started, has exited. */
export async function waitFor(url: string, seconds = 120, server?: ChildProcess): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (server && server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** What a started process wrote on its standard output (the server's log: one JSON line per request at info). */
const written = new WeakMap<ChildProcess, { lines: number; bytes: number }>();
export const logOf = (child: ChildProcess) => written.get(child) ?? { lines: 0, bytes: 0 };

/** tsx, from the bench's own packages, so that a checkout without node_modules (`--server-root`) starts too. */
const tsx = import.meta.resolve('tsx');

/**
 * Starts `script` (relative to `cwd`, the repository root unless told) with `env` over this
 * process's environment. Its standard output is read and thrown away as it comes, as a log
 * collector would, so that writing the log costs what it costs in production (a pipe that is
 * never read would stop the server once full; 'ignore' would make it free).
 */
export function start(script: string, env: Record<string, string>, cwd = root, nodeArgs: readonly string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', tsx, script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const log = { lines: 0, bytes: 0 };
  written.set(child, log);
  // BENCH_LOG_FILE: the log is also appended to that file (each request's line has its responseTime,
  // the server's side of a latency, against autocannon's from the client).
  const copy = process.env.BENCH_LOG_FILE ? createWriteStream(process.env.BENCH_LOG_FILE, { flags: 'a' }) : undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    copy?.write(chunk);
    log.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) log.lines++;
  });
  child.stdout!.resume();
  return child;
}

/** Peak resident memory of a process (Linux VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------- a candidate's registration

/**
 * What the servers of the benches that register candidates get over their own settings (decision
 * 65): registrations are counted per client address (60 an hour) and in all (30,000 an hour by
 * default). The crowd's requests each name their own client address in X-Forwarded-For, which the
 * server reads with TRUST_PROXY, and the hour's total is set past anything a run sends: the bench
 * measures registering, not the limits (whose statement runs all the same).
 */
export const REGISTRATION_ENV: Record<string, string> = { TRUST_PROXY: 'true', CANDIDATE_REGISTRATIONS_PER_HOUR: '10000000' };

/** The n-th client address of a crowd (10.x.y.z, n < 2^24): only a header's value, no traffic goes there. */
export const crowdAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Headers for a load's requests: each request from the next client address of the crowd, from `first` on. */
export function crowdHeaders(first = 0): () => Record<string, string> {
  let n = first;
  return () => ({ 'x-forwarded-for': crowdAddress(n++) });
}

export interface EntranceAnswer {
  Entrance_ID: number;
  Entrance_Name: string;
  specialities: { SPECIALITY_ID: number; SPECIALITY_DESCRIPTION: string; CYCLE_NAME: string }[];
}

const LASTNAMES = ['Mbarga', 'Nkoulou', 'Fotso', 'Bello', 'Tchoupo', 'Ngono', 'Eto', 'Kamga', 'Abena', 'Njoya'];
const FIRSTNAMES = ['Aïcha', 'Landry', 'Brice', 'Mireille', 'Samuel', 'Grâce', 'Ibrahim', 'Carine', 'Junior', 'Estelle'];

/** An open entrance of the demo seed that offers specialities: what the registrations go to. */
export async function openEntrance(base: string): Promise<EntranceAnswer> {
  const entrances = (await (await fetch(`${base}/api/entrances`)).json()) as EntranceAnswer[];
  const entrance = entrances.find((e) => e.specialities.length > 0);
  if (!entrance) throw new Error('bench: the demo seed has no open entrance with specialities');
  return entrance;
}

/** The body of a lecturer's contract claim (sub-category 0301), as the filing page sends it; `cookie` is the lecturer's. */
export async function contractClaim(base: string, cookie: string): Promise<string> {
  const categories = (await (await fetch(`${base}/api/request-categories`, { headers: { cookie } })).json()) as {
    sousCategories: { id: number; code: string }[];
  }[];
  const claim = categories.flatMap((c) => c.sousCategories).find((s) => s.code === '0301');
  if (!claim) throw new Error('bench: the demo seed has no sub-category 0301 (contract not received)');
  return JSON.stringify({
    REQUEST_CATEGORY_ID: claim.id,
    REQUEST_OBJECT: 'Contract not received',
    DESCRIPTION: 'I teach BTS1 GSI/J A since October and have not received my contract.',
  });
}

/** A complete registration form for the entrance, as the web page sends it (packages/contract/src/candidates.ts CandidateCreate). */
export function registration(entrance: EntranceAnswer, email: string, i: number): string {
  const first = entrance.specialities[0]!;
  const second = entrance.specialities.find((s) => s.CYCLE_NAME === first.CYCLE_NAME && s.SPECIALITY_ID !== first.SPECIALITY_ID);
  const choice = (s: typeof first) => ({ CYCLE_NAME: s.CYCLE_NAME, SPECIALITY_DESCRIPTION: s.SPECIALITY_DESCRIPTION, SPECIALITY_ID: s.SPECIALITY_ID });
  return JSON.stringify({
    ENTRANCE_ID: entrance.Entrance_ID,
    LASTNAME: LASTNAMES[i % LASTNAMES.length],
    FIRSTNAME: FIRSTNAMES[Math.floor(i / LASTNAMES.length) % FIRSTNAMES.length],
    BIRTHDATE: `200${4 + (i % 4)}-0${1 + (i % 9)}-1${i % 10}`,
    BIRTHPLACE: 'Yaoundé',
    GENDER: i % 2 ? 'Male' : 'Female',
    COUNTRY: { name: 'Cameroon' },
    REGION_ORIGIN: { nom: 'Centre' },
    DEPARTMENT: 'Mfoundi',
    EMAIL: email,
    PHONE_NUMBER: '677 12 34 56',
    LIVING_TOWN: { name: 'Yaoundé' },
    FIRST_LANGUAGE: { name: 'French' },
    SECOND_LANGUAGE: { name: 'English' },
    ADMISSION_DIPLOMA: 'Baccalauréat C',
    ADMISSION_DIPLOMA_GRADE: 10 + (i % 10),
    MENTION_OBTAINED: 'GOOD',
    YEAR_OBTENTION: 2023,
    COUNTRY_OBTENTION: { name: 'Cameroon' },
    SCHOOL_OBTENTION: 'Lycée Leclerc',
    IS_PROFESSIONAL: 'NO',
    FIRST_YEAR_UNIVERSITY: 2024,
    FIRST_YEAR_UNIVERSITY_TYPE: 'PUBLIC',
    NAME_OF_UNIVERSITY: 'University of Yaoundé I',
    FORMATION_TYPE: 'INITIAL',
    CYCLE: { CYCLE_NAME: first.CYCLE_NAME },
    FORMATION_FIRST_CHOICE: choice(first),
    FORMATION_SECOND_CHOICE: second ? choice(second) : null,
    FATHER_NAME: 'Mbarga Jean',
    FATHER_JOB: 'Teacher',
    FATHER_CONTACT: '699 11 22 33',
    FATHER_REGION_ORIGIN: { nom: 'Centre' },
    MOTHER_NAME: 'Ngo Marie',
    MOTHER_JOB: 'Trader',
    MOTHER_CONTACT: '655 44 55 66',
    MOTHER_REGION_ORIGIN: { nom: 'Littoral' },
    EMERGENCY_NAME: 'Mbarga Paul',
    EMERGENCY_CONTACT: '699 77 88 99',
    IS_HANDICAPED: 0,
    IS_SPORTIVE: i % 3 === 0 ? 1 : 0,
    IS_SPORTIVE_COMPETITOR: 0,
    FIRST_SPORT: i % 3 === 0 ? 'FOOTBALL' : null,
    LANGUAGE: i % 2 ? 'fr' : 'en',
  });
}

/** The demo accounts' password (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'Portal-2024!';

/** Demo students who save their settings beside the lecturer and the student (the settings row). */
export const CLASSMATES = ['ST24A004', 'ST24A007', 'ST24A010', 'ST24A013', 'ST24A016', 'ST24A019'];

export interface SignedIn {
  cookie: string;
  id: number;
  device: string;
}

/** A cookie the answer sets, `name=value` (the name may carry a `__Host-` prefix). */
export const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.split('=')[0]!.endsWith(name));

/** Signs a person in as the sign-in page does: the password, then the mailed code. Their session, and the device now known. */
export async function signedInCookie(base: string, identifier = 'PER0001'): Promise<SignedIn> {
  const res = await fetch(`${base}/api/auth/students/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in of ${identifier} failed: ${res.status} ${await res.text()}`);
  const attempt = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { STUDENT_ID } = (await res.json()) as { STUDENT_ID: number };
  // Sign-ins here run one after another, before any load: the newest code mail holds this one's code.
  const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { text: string; kind?: string }[];
  const code = /\b(\d{6})\b/.exec((mails.find((m) => m.kind === 'sign-code') ?? mails[0])!.text)![1];
  const verified = await fetch(`${base}/api/auth/student/code-verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: attempt },
    body: JSON.stringify({ SIGN_CODE: code, STUDENT_ID }),
  });
  if (!verified.ok) throw new Error(`bench code verification of ${identifier} failed: ${verified.status}`);
  return { cookie: cookieOf(verified, 'portal_session')!, id: STUDENT_ID, device: cookieOf(verified, 'portal_device') ?? '' };
}

/** The 6-digit code on a line of its own in a candidate's mail (decision 65). */
export const CANDIDATE_CODE_LINE = /^(\d{6})$/m;

/**
 * Registers a candidate as the registration page does (decision 65): `POST /api/candidate` answers
 * 202 and keeps the attempt in a cookie; the code of the newest candidate mail to the address (the
 * development mailbox), typed on the same page (`POST /api/candidate/confirm` with that cookie),
 * opens the file. The candidate's session cookie and number. `clientAddress`: sent as
 * X-Forwarded-For (REGISTRATION_ENV), else the registration comes from this machine.
 */
export async function registeredCandidate(base: string, body: string, email: string, clientAddress?: string): Promise<{ cookie: string; number: string }> {
  const res = await fetch(`${base}/api/candidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}) },
    body,
  });
  if (res.status !== 202) throw new Error(`a registration answered ${res.status} ${(await res.text()).slice(0, 200)}`);
  await res.arrayBuffer();
  const attempt = cookieOf(res, 'portal_candidate_attempt');
  if (!attempt) throw new Error('a registration answered 202 without the portal_candidate_attempt cookie');
  // The mailbox answers this machine only: no X-Forwarded-For here.
  const mails = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email.toLowerCase())}`)).json()) as { text: string; kind: string }[];
  const mail = mails.find((m) => m.kind === 'candidate-registered' || m.kind === 'candidate-repeated');
  const code = mail && CANDIDATE_CODE_LINE.exec(mail.text)?.[1];
  if (!code) throw new Error(`no candidate mail with a code line to ${email} (${mails.length} mails to the address)`);
  const confirmed = await fetch(`${base}/api/candidate/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: attempt },
    body: JSON.stringify({ code }),
  });
  if (!confirmed.ok) throw new Error(`the mailed code answered ${confirmed.status} ${(await confirmed.text()).slice(0, 200)}`);
  const cookie = cookieOf(confirmed, 'portal_candidate');
  if (!cookie) throw new Error('the mailed code opened the file without a portal_candidate cookie');
  const { CANDIDATE_NUMBER } = (await confirmed.json()) as { CANDIDATE_NUMBER: string };
  return { cookie, number: CANDIDATE_NUMBER };
}

/** The PostgreSQL server the benches create their databases on. */
const PG_BASE = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new empty PostgreSQL database (`<prefix>_<pid>`, replacing a leftover of the same name): its URL, and how to drop it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  const name = `${prefix}_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
