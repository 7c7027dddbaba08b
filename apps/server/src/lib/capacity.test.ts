import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { capacityGate, type CapacityGate, type CapacityOptions } from './capacity';
import { burstFiles, burstFromAnotherProcess, gatedRoutes, socketRequest as socketRequestTo, until } from './capacity.fixtures';

// The gate in front of test routes of the real app (capacity.fixtures.ts, gatedRoutes; its error
// handler answers the 503 and its Retry-After). Each request of a route runs until the test lets it
// go (`finish(id)`), so that the test decides who runs, who waits and when places free.
let gate: CapacityGate;
const useGate = (options: CapacityOptions) => (gate = capacityGate(options));
/** ids in the order their handler started */
let started: string[] = [];
/** handlers running now, and the most seen at once */
let live = 0;
let maxLive = 0;
const holds = new Map<string, () => void>();

function finish(id: string): void {
  const go = holds.get(id);
  if (!go) throw new Error(`request ${id} is not running`);
  holds.delete(id);
  go();
}

let t: TestApp;
let port: number;
const burst = burstFiles();
const socketRequest = (path: string) => socketRequestTo(port, path);
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) =>
      gatedRoutes(app, {
        gate: () => gate,
        started: (id) => started.push(id),
        startedCount: () => started.length,
        live: (change) => {
          live += change;
          maxLive = Math.max(maxLive, live);
        },
        hold: (key, go) => holds.set(key, go),
        allSent: burst.allSent,
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(burst.dir, { recursive: true, force: true });
});
afterEach(async () => {
  // Whatever a test did, nothing stays held: no place leaked, no one left waiting.
  for (const id of [...holds.keys()]) finish(id);
  await until(() => gate.running === 0 && gate.waiting === 0, 'the gate to empty');
  started = [];
  live = 0;
  maxLive = 0;
});

/** An injected GET, sent now (light-my-request sends on `then`). */
function send(path: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: path }).then((response) => response);
}

describe('capacity gate (lib/capacity.ts) through the real app', () => {
  it('runs at most `concurrency` at a time and serves the waiting ones in their order of arrival', async () => {
    useGate({ concurrency: 2, queue: 10, waitMs: 10_000 });
    const answers: Promise<LightMyRequestResponse>[] = [];
    for (let i = 1; i <= 6; i++) {
      answers.push(send(`/api/test/gated/${i}`));
      // one at a time into the gate, so that the order of arrival is the order of the loop
      await until(() => started.length + gate.waiting === i, `request ${i} to arrive`);
    }
    expect(started).toEqual(['1', '2']);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(4);

    finish('2');
    await until(() => started.length === 3, 'the first waiting request to start');
    expect(started).toEqual(['1', '2', '3']);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(3);
    finish('1');
    await until(() => started.length === 4, 'the next one');
    finish('3');
    finish('4');
    await until(() => started.length === 6, 'the last two');
    finish('5');
    finish('6');

    const statuses = (await Promise.all(answers)).map((r) => r.statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(started).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(maxLive).toBe(2);
    expect(gate.running).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it('answers 503 SERVER_BUSY with Retry-After at once when the queue is full', async () => {
    useGate({ concurrency: 1, queue: 2, waitMs: 60_000, retryAfterSeconds: 7 });
    const running = send('/api/test/gated/a');
    await until(() => started.length === 1, 'a to run');
    const waiting = [send('/api/test/gated/b'), send('/api/test/gated/c')];
    await until(() => gate.waiting === 2, 'b and c to wait');

    const before = performance.now();
    const refused = await send('/api/test/gated/d');
    const elapsed = performance.now() - before;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.json()).toMatchObject({ code: 'SERVER_BUSY', retryAfter: 7 });
    expect(elapsed).toBeLessThan(1000); // at once, not after the wait of 60 s
    expect(started).not.toContain('d');
    expect(gate.waiting).toBe(2);

    finish('a');
    await until(() => started.length === 2, 'b to run');
    finish('b');
    await until(() => started.length === 3, 'c to run');
    finish('c');
    expect((await running).statusCode).toBe(200);
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('with no queue, refuses the first request past `concurrency` at once', async () => {
    useGate({ concurrency: 1, queue: 0, waitMs: 60_000 });
    const running = send('/api/test/gated/a');
    await until(() => started.length === 1, 'a to run');
    const refused = await send('/api/test/gated/b');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    finish('a');
    expect((await running).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After to a request that waited past `waitMs`, and it leaves the queue', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 300, retryAfterSeconds: 3 });
    const running = send('/api/test/gated/a');
    await until(() => started.length === 1, 'a to run');
    const before = performance.now();
    const late = await send('/api/test/gated/b');
    const elapsed = performance.now() - before;
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('3');
    expect(late.json()).toMatchObject({ code: 'SERVER_BUSY' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3000);
    expect(gate.waiting).toBe(0);
    expect(gate.running).toBe(1);

    // The place freed by a goes to no one: the refused b never runs.
    finish('a');
    expect((await running).statusCode).toBe(200);
    await until(() => gate.running === 0, 'a to leave');
    expect(started).toEqual(['a']);
  });

  it('gives the queue place back when a waiting client goes away, and its handler never runs', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    const a = socketRequest('/api/test/gated/a');
    await until(() => started.length === 1, 'a to run');
    const b = socketRequest('/api/test/gated/b');
    const c = socketRequest('/api/test/gated/c');
    await until(() => gate.waiting === 2, 'b and c to wait');

    b.abort();
    await until(() => gate.waiting === 1, 'b to leave the queue');
    expect(gate.running).toBe(1);

    finish('a');
    expect(await a.answer).toBe(200);
    // The place goes to c, past the departed b.
    await until(() => started.length === 2, 'c to run');
    expect(started).toEqual(['a', 'c']);
    finish('c');
    expect(await c.answer).toBe(200);
    await until(() => gate.running === 0, 'c to leave');
    expect(started).not.toContain('b');
  });

  it('neither queues nor runs a request whose client went away before it reached the gate', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    const a = send('/api/test/gated/a');
    await until(() => started.length === 1, 'a to run');
    const b = socketRequest('/api/test/gated-after/b');
    await until(() => holds.has('before b'), 'b to reach the earlier hook');
    b.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish('before b');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gate.waiting).toBe(0);
    finish('a');
    expect((await a).statusCode).toBe(200);
    await until(() => gate.running === 0, 'a to leave');
    expect(started).toEqual(['a']);
  });

  it('gives the place back when a running client goes away (Fastify runs no onResponse then), once', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    const a = socketRequest('/api/test/gated/a');
    await until(() => started.length === 1, 'a to run');
    const b = socketRequest('/api/test/gated/b');
    await until(() => gate.waiting === 1, 'b to wait');

    a.abort();
    await until(() => started.length === 2, 'b to get the place a left');
    expect(gate.running).toBe(1);
    expect(gate.waiting).toBe(0);

    // a's abandoned handler ends: it gives back nothing more (b still holds the only place).
    finish('a');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gate.running).toBe(1);
    finish('b');
    expect(await b.answer).toBe(200);
    await until(() => gate.running === 0, 'b to leave');

    // And the gate still counts right: two more run one after the other.
    const c = send('/api/test/gated/c');
    const d = send('/api/test/gated/d');
    await until(() => started.length === 3 && gate.waiting === 1, 'c to run and d to wait');
    expect(maxLive).toBeLessThanOrEqual(2); // a's abandoned handler beside b, never more
    finish('c');
    await until(() => started.length === 4, 'd to run');
    finish('d');
    expect((await c).statusCode).toBe(200);
    expect((await d).statusCode).toBe(200);
  });

  it('gives the place back when the handler throws', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    const failing = send('/api/test/gated/a?fail=1');
    await until(() => started.length === 1, 'a to run');
    const next = send('/api/test/gated/b');
    await until(() => gate.waiting === 1, 'b to wait');
    finish('a');
    const failed = await failing;
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 'INTERNAL' });
    await until(() => started.length === 2, 'b to run after the failure');
    finish('b');
    expect((await next).statusCode).toBe(200);
  });

  it('gives the place back when a later hook refuses the request', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      const denied = await send(`/api/test/gated-denied/${i}`);
      expect(denied.statusCode).toBe(403);
      await until(() => gate.running === 0, `denied request ${i} to leave`);
    }
    expect(started).toEqual([]);
  });

  it('gives the place back when an onResponse hook before the gate fails', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    for (const id of ['a', 'b', 'c']) {
      const answer = send(`/api/test/gated-bad-hook/${id}`);
      await until(() => started.includes(id), `${id} to run`);
      finish(id);
      expect((await answer).statusCode).toBe(200);
    }
    await until(() => gate.running === 0, 'the last one to leave');
  });

  it('bounds the queue by time: a newcomer who could not start within the wait is refused at once, Retry-After the time to clear the queue', async () => {
    let clock = 0;
    useGate({ concurrency: 1, queue: 100, waitMs: 3000, retryAfterSeconds: 1, now: () => clock });
    // One request held 1 s (by the gate's clock) teaches it the pace: one a second.
    const first = send('/api/test/gated/first');
    await until(() => started.length === 1, 'the first to run');
    clock += 1000;
    finish('first');
    expect((await first).statusCode).toBe(200);
    expect(gate.serviceMs).toBe(1000);

    const running = send('/api/test/gated/a');
    await until(() => started.length === 2, 'a to run');
    // 3 can start within 3 s (after 1, 2 and 3 s); the 4th could not.
    const waiting = ['b', 'c', 'd'].map((id) => send(`/api/test/gated/${id}`));
    await until(() => gate.waiting === 3, 'b, c and d to wait');
    const before = performance.now();
    const refused = await send('/api/test/gated/e');
    expect(performance.now() - before).toBeLessThan(1000);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(gate.waiting).toBe(3);

    for (const id of ['a', 'b', 'c', 'd']) {
      await until(() => started.includes(id), `${id} to run`);
      clock += 1000;
      finish(id);
    }
    expect((await running).statusCode).toBe(200);
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(started).not.toContain('e');
  });

  it('refuses at once, from the back, the waiting who can no longer start in time when the service slows', async () => {
    let clock = 0;
    useGate({ concurrency: 1, queue: 100, waitMs: 10_000, retryAfterSeconds: 1, now: () => clock });
    const first = send('/api/test/gated/first');
    await until(() => started.length === 1, 'the first to run');
    clock += 1000;
    finish('first');
    await first;

    const a = send('/api/test/gated/a');
    await until(() => started.length === 2, 'a to run');
    const waiting = ['b', 'c', 'd', 'e'].map((id) => send(`/api/test/gated/${id}`));
    await until(() => gate.waiting === 4, 'four to wait');
    // a holds its place 21 s: the pace becomes 1 + 0.2 x (21 - 1) = 5 s a request. b takes the
    // place; c would start in 5 s, d in 10 s, e in 15 s, while their waits end at 10 s from their
    // arrival, 21 s ago: all three are told now, not when their wait runs out.
    clock += 21_000;
    const before = performance.now();
    finish('a');
    expect((await a).statusCode).toBe(200);
    await until(() => started.includes('b'), 'b to run');
    const told = await Promise.all(waiting.slice(1));
    expect(told.map((r) => r.statusCode)).toEqual([503, 503, 503]);
    expect(performance.now() - before).toBeLessThan(2000); // not after their 10 s
    // Each is told the time those ahead of it need (5 s each), at least 1 s.
    expect(told.map((r) => r.headers['retry-after'])).toEqual(['1', '5', '10']);
    expect(gate.waiting).toBe(0);
    finish('b');
    expect((await waiting[0]!).statusCode).toBe(200);
    expect(started).toEqual(['first', 'a', 'b']);
  });

  it('queues or refuses a burst even when handlers never give the event loop a turn (PGlite)', async () => {
    useGate({ concurrency: 1, queue: 5, waitMs: 60_000 });
    // 30 requests at once from another process (in this one, the test's own sockets would wait for the busy handlers too).
    const statuses = await burstFromAnotherProcess(t.app, port, burst, '/api/test/gated-sync/', 30);
    // Unseen by the gate, all 30 would run one after the other and none would be refused; seen, the
    // 29 that came while the first ran find the place taken: 5 wait, about 24 are refused (one or two
    // more may find a place the first one has just given back).
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(15);
    expect(statuses.filter((s) => s === 200).length).toBe(started.length);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  });

  it('serves a burst of 300 with 10 places and a queue of 100: 110 served, the rest refused at once, nothing left held', async () => {
    useGate({ concurrency: 10, queue: 100, waitMs: 60_000 });
    const answers = Array.from({ length: 300 }, (_, i) => send(`/api/test/gated/${i}`));
    await until(() => started.length === 10 && gate.waiting === 100, 'the places and the queue to fill');
    // Those past the queue are answered while the others still wait.
    await until(() => holds.size === 10, 'the first ten to run');
    let served = 0;
    while (served < 110) {
      const running = [...holds.keys()];
      for (const id of running) finish(id);
      served += running.length;
      await until(() => holds.size === Math.min(10, 110 - served), 'the next to run');
    }
    const statuses = (await Promise.all(answers)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(110);
    expect(statuses.filter((s) => s === 503)).toHaveLength(190);
    expect(maxLive).toBe(10);
    expect(new Set(started).size).toBe(110);
  });
});
