// Where a CPU profile's time goes, by package and by function (self time), within a window of it.

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now, in the monotonic microseconds V8 stamps its samples with (CLOCK_MONOTONIC, as process.hrtime). */
export const now = () => Number(process.hrtime.bigint() / 1000n);

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
  if (inRepo >= 0)
    return `portal ${frame.url
      .slice(inRepo + 1)
      .split('/')
      .slice(0, 4)
      .join('/')}`;
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
    const name =
      `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${frame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  }
  const pct = (t: number) => `${((t / total) * 100).toFixed(1)} %`;
  const rows = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `| ${k.replace(/\|/g, '\\|')} | ${pct(t)} |`);
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
