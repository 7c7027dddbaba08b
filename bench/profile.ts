// A CPU profile of the server while one call is under load, summarised: where the process's time
// goes, by package and by function (self time). Usage:
//   npm run bench:profile -- [--database postgres|pglite] [--call own-record|health|search] [--seconds 10] [--connections 50]
// The server runs with --cpu-prof; its profile is written when it stops, then read here. The
// summary is printed and written to bench/results/profile-<database>-<call>.md.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, root, signedInCookie, start, stop, waitFor, freshDatabase } from './lib';

const option = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const database = option('database', 'postgres') as 'postgres' | 'pglite';
const call = option('call', 'own-record');
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '50'));

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

/** The load's window, in the monotonic microseconds V8 stamps its samples with (CLOCK_MONOTONIC, as process.hrtime). */
const now = () => Number(process.hrtime.bigint() / 1000n);

/** Where a function's code comes from: a package, Node itself, the portal's own code, or V8's bookkeeping. */
function origin(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (frame.url.startsWith('node:')) return `node:${frame.url.slice(5).split('/')[0]}`;
  const modules = frame.url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = frame.url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const inRepo = frame.url.indexOf('/apps/');
  if (inRepo >= 0) return `portal ${frame.url.slice(inRepo + 1).split('/').slice(0, 4).join('/')}`;
  if (frame.url.includes('/packages/contract/')) return 'portal packages/contract';
  return frame.url;
}

export function summarise(profile: CpuProfile, window: { from: number; to: number }, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < window.from || at > window.to) return;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    const where = origin(frame);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + time);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${frame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  }
  const pct = (t: number) => `${((t / total) * 100).toFixed(1)} %`;
  const rows = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `| ${k.replace(/\|/g, '\\|')} | ${pct(t)} |`);
  return [
    `Self time of the server during the load, ${(total / 1e6).toFixed(1)} s sampled.`,
    '',
    '| where | share |',
    '| --- | ---: |',
    ...rows(byOrigin, 20),
    '',
    '| function | share |',
    '| --- | ---: |',
    ...rows(byFunction, top),
  ].join('\n');
}

async function main(): Promise<void> {
  const port = 3311;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
  const profileDir = path.join(dataDir, 'profile');
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'info', PUBLIC_URL: base, DATABASE_POOL_SIZE: '20', DEV_MAILBOX: 'true' };
  const fresh = database === 'postgres' ? await freshDatabase('portal_profile') : undefined;
  if (fresh) env.DATABASE_URL = fresh.url;
  const window = { from: 0, to: 0 };
  const server = start('apps/server/src/main.ts', env, root, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  try {
    await waitFor(`${base}/api/health`);
    const { cookie, id } = await signedInCookie(base);
    const calls: Record<string, () => Promise<unknown>> = {
      'own-record': () => load(`${base}/api/students/${id}`, { seconds, connections, headers: { cookie } }),
      health: () => load(`${base}/api/health`, { seconds, connections }),
      search: () => load(`${base}/api/subjects/by-level/1`, { method: 'PATCH', body: JSON.stringify({ LEVEL: 3 }), seconds, connections, headers: { cookie } }),
    };
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
  rmSync(dataDir, { recursive: true, force: true });
  const out = path.join(root, `bench/results/profile-${database}-${call}.md`);
  writeFileSync(out, `# CPU profile: ${call} on ${database}, ${connections} connections, ${seconds} s\n\n${summary}\n`);
  console.log(summary);
}

await main();
