// What one request of a call costs each process, in CPU time: the server (Node), PostgreSQL (all
// its processes) and the load generator (this process), read from /proc over a load of the call.
// On a loaded two-core machine a V8 profile counts a thread waiting to run as time in what it last
// called; this counts only the time each process ran. Usage:
//   npm run bench:cost -- [--call filing|settings|registration|own-record] [--database postgres|pglite] [--seconds 5] [--connections 50] [--profile] [--server-root <checkout>]
// --profile also runs the server with --cpu-prof and prints where its time went during the load
// (profile-summary.ts); the profiler's own cost is then in the server's figure.
// Linux only (/proc). PostgreSQL's figure counts every process named `postgres` on the machine.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CLASSMATES,
  contractClaim,
  crowdHeaders,
  freshDatabase,
  load,
  openEntrance,
  option,
  REGISTRATION_ENV,
  registration,
  root,
  signedInCookie,
  start,
  stop,
  waitFor,
} from './lib';
import { now, summarise, type CpuProfile } from './profile-summary';

const database = option('database', 'postgres') as 'postgres' | 'pglite';
const call = option('call', 'filing');
const seconds = Number(option('seconds', '5'));
const connections = Number(option('connections', '50'));
const profiling = process.argv.includes('--profile');
/** --server-root: the checkout whose server is measured (a worktree of another commit, for an A/B) */
const serverRoot = path.resolve(option('server-root', root));

/** Clock ticks a second (`getconf CLK_TCK`, 100 on Linux). */
const TICK_MS = 10;

/** A process's user and system CPU time so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // a process that ended meanwhile
  }
}

/** The CPU time so far of every process named `postgres`, by pid. */
function postgresCpu(): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') times.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // gone
    }
  }
  return times;
}

/** PostgreSQL's CPU between two readings: processes that ended meanwhile count what they had at the first. */
const postgresSpent = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function main(): Promise<void> {
  const port = 3312;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cost-'));
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    PUBLIC_URL: base,
    DATABASE_POOL_SIZE: '20',
    DEV_MAILBOX: 'true',
    ...REGISTRATION_ENV,
  };
  const fresh = database === 'postgres' ? await freshDatabase('portal_cost') : undefined;
  if (fresh) env.DATABASE_URL = fresh.url;
  const profileDir = path.join(dataDir, 'profile');
  const server = start('apps/server/src/main.ts', env, serverRoot, profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const window = { from: 0, to: 0 };
  try {
    await waitFor(`${base}/api/health`, 120, server);
    const { cookie, id } = await signedInCookie(base);
    let run: () => ReturnType<typeof load>;
    if (call === 'filing') {
      const body = await contractClaim(base, cookie);
      run = () => load(`${base}/api/requests`, { method: 'POST', body, seconds, connections, headers: { cookie } });
    } else if (call === 'settings') {
      // As the bench's settings row: eight people's languages, the connections taking them in turn.
      const people = [cookie, (await signedInCookie(base, 'ST24A001')).cookie];
      for (const matricule of CLASSMATES) people.push((await signedInCookie(base, matricule)).cookie);
      run = () =>
        load(`${base}/api/settings`, {
          method: 'POST',
          body: JSON.stringify({ LANGUAGE: 'en' }),
          seconds,
          connections,
          connectionHeaders: people.map((c) => ({ cookie: c })),
        });
    } else if (call === 'registration') {
      const entrance = await openEntrance(base);
      // A new address each, from its own client address (X-Forwarded-For): each answers 202 and writes its row and mail.
      let n = 0;
      const headersOf = crowdHeaders();
      run = () =>
        load(`${base}/api/candidate`, {
          method: 'POST',
          body: () => registration(entrance, `cost-${process.pid}-${n}@bench.example`, n++),
          headersOf,
          seconds,
          connections,
        });
    } else if (call === 'own-record') {
      run = () => load(`${base}/api/students/${id}`, { seconds, connections, headers: { cookie } });
    } else throw new Error(`unknown call ${call}: filing, settings, registration, own-record`);
    await run(); // warm-up
    const before = { server: cpuMs(server.pid!), postgres: postgresCpu(), self: cpuMs('self') };
    window.from = now();
    const answer = await run();
    window.to = now();
    const spent = { server: cpuMs(server.pid!) - before.server, postgres: postgresSpent(before.postgres, postgresCpu()), self: cpuMs('self') - before.self };
    const requests = answer.rps * seconds;
    const per = (ms: number) => `${((ms / requests) * 1000).toFixed(0)} µs`;
    console.log(
      `${call} on ${database}, ${connections} connections, ${seconds} s: ${answer.rps} req/s, p99 ${answer.p99} ms, ${answer.errors} errors, ${answer.non2xx} non-2xx`,
    );
    console.log(
      `CPU per request: server ${per(spent.server)} (${((spent.server / (seconds * 1000)) * 100).toFixed(0)} % of a core), PostgreSQL ${per(spent.postgres)}, load generator ${per(spent.self)}`,
    );
  } finally {
    await stop(server);
    await fresh?.drop();
  }
  if (profiling) {
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    console.log(summarise(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile, window, 40));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
