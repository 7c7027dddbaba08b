// A CPU profile of the server while one call is under load, summarised: where the process's time
// goes, by package and by function (self time). Usage:
//   npm run bench:profile -- [--database postgres|pglite] [--call own-record|health|search] [--seconds 10] [--connections 50]
//   npm run bench:profile -- --path /api/requests?page=1 [--as PER0001|ST24A001|-] [--method POST --body '{...}']
// BENCH_KEEP_PROFILE=1 keeps the .cpuprofile file (its folder is printed) for a closer look.
// --path profiles any call, as the demo person --as names (PER0001 by default; - for nobody); {id}
// in the path is that person's id.
// The server runs with --cpu-prof; its profile is written when it stops, then read here. The
// summary is printed and written to bench/results/profile-<database>-<call>.md.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, option, root, signedInCookie, start, stop, waitFor, freshDatabase } from './lib';
import { now, summarise, type CpuProfile } from './profile-summary';

const database = option('database', 'postgres') as 'postgres' | 'pglite';
const pathOption = option('path', '');
const as = option('as', 'PER0001');
const call = pathOption ? `${option('method', 'GET')} ${pathOption}` : option('call', 'own-record');
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '50'));

async function main(): Promise<void> {
  const port = 3311;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
  const profileDir = path.join(dataDir, 'profile');
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    PUBLIC_URL: base,
    DATABASE_POOL_SIZE: '20',
    DEV_MAILBOX: 'true',
  };
  const fresh = database === 'postgres' ? await freshDatabase('portal_profile') : undefined;
  if (fresh) env.DATABASE_URL = fresh.url;
  const window = { from: 0, to: 0 };
  const server = start('apps/server/src/main.ts', env, root, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  try {
    await waitFor(`${base}/api/health`);
    const { cookie, id } = as === '-' ? { cookie: '', id: 0 } : await signedInCookie(base, as);
    const calls: Record<string, () => Promise<unknown>> = {
      'own-record': () => load(`${base}/api/students/${id}`, { seconds, connections, headers: { cookie } }),
      health: () => load(`${base}/api/health`, { seconds, connections }),
      search: () => load(`${base}/api/subjects/by-level/1`, { method: 'PATCH', body: JSON.stringify({ LEVEL: 3 }), seconds, connections, headers: { cookie } }),
    };
    if (pathOption) {
      const body = option('body', '');
      calls[call] = () =>
        load(`${base}${pathOption.replace('{id}', String(id))}`, {
          method: option('method', 'GET') as 'GET' | 'POST' | 'PATCH',
          ...(body ? { body } : {}),
          seconds,
          connections,
          headers: cookie ? { cookie } : {},
        });
    }
    const run = calls[call];
    if (!run) throw new Error(`unknown call ${call}: ${Object.keys(calls).join(', ')}`);
    await run(); // warm-up, outside the window
    window.from = now();
    console.log(JSON.stringify(await run()));
    window.to = now();
  } finally {
    await stop(server);
    await fresh?.drop();
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const summary = summarise(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile, window);
  if (!process.env.BENCH_KEEP_PROFILE) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`profile kept in ${profileDir}`);
  const out = path.join(
    root,
    `bench/results/profile-${database}-${call
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()}.md`,
  );
  writeFileSync(out, `# CPU profile: ${call} on ${database}, ${connections} connections, ${seconds} s\n\n${summary}\n`);
  console.log(summary);
}

await main();
