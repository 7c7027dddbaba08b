import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CapacityGate } from './capacity';
import { AppError } from './errors';

// What capacity.test.ts drives its gate with: the test routes behind it, waiting for a condition, a
// request over a real socket, and a burst of requests from another process.

export async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A GET over a real socket to the app's `port`, which the test may cut: `abort()`. */
export function socketRequest(port: number, path: string): { answer: Promise<number>; abort: () => void } {
  const request = http.request({ host: '127.0.0.1', port, path, agent: false });
  const answer = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  request.end();
  return { answer, abort: () => request.destroy() };
}

/** Files the burst's client writes once its connections are open and once every request is sent, and the test's go. */
export function burstFiles(): { dir: string; connected: string; go: string; allSent: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'capacity-test-'));
  return { dir, connected: path.join(dir, 'connected'), go: path.join(dir, 'go'), allSent: path.join(dir, 'all-sent') };
}

/**
 * `count` GETs of `prefix` + i, sent at once by a child process on connections the server has
 * already accepted; their statuses. libuv accepts one connection per turn of the event loop
 * (docs/performance.md, PGlite in turns): connections still waiting to be accepted when a handler holds the thread would
 * come in one by one afterwards, and never as the crowd the test is about.
 */
export async function burstFromAnotherProcess(
  app: FastifyInstance,
  port: number,
  files: ReturnType<typeof burstFiles>,
  prefix: string,
  count: number,
): Promise<number[]> {
  const { connected, go, allSent } = files;
  for (const file of [connected, go, allSent]) rmSync(file, { force: true });
  const client = `
    const net = require('node:net');
    const fs = require('node:fs');
    const [port, prefix, count, connected, go, allSent] = process.argv.slice(1);
    const sockets = Array.from({ length: Number(count) }, () => net.connect(Number(port), '127.0.0.1'));
    const answers = sockets.map((socket) => new Promise((resolve) => {
      let text = '';
      socket.on('data', (chunk) => { text += chunk; });
      socket.on('close', () => resolve(Number(text.slice(9, 12)) || 0));
      socket.on('error', () => undefined);
    }));
    Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve)))).then(() => {
      fs.writeFileSync(connected, '');
      const wait = setInterval(() => {
        if (!fs.existsSync(go)) return;
        clearInterval(wait);
        let sent = 0;
        sockets.forEach((socket, i) => socket.write('GET ' + prefix + i + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n', () => {
          if (++sent === sockets.length) fs.writeFileSync(allSent, '');
        }));
      }, 2);
    });
    Promise.all(answers).then((statuses) => process.stdout.write(JSON.stringify(statuses)));
  `;
  const answered = promisify(execFile)(process.execPath, ['-e', client, String(port), prefix, String(count), connected, go, allSent]);
  const accepted = () => new Promise<number>((resolve, reject) => app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
  const end = Date.now() + 10_000;
  while (!existsSync(connected) || (await accepted()) < count) {
    if (Date.now() > end) throw new Error("timed out waiting for the burst's connections to be accepted");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  writeFileSync(go, '');
  return JSON.parse((await answered).stdout) as number[];
}

/** What the test routes tell the test and ask of it: the gate in use, who started, who runs, who is held. */
export interface GatedTest {
  gate: () => CapacityGate;
  started: (id: string) => void;
  startedCount: () => number;
  /** a handler starts (+1) or ends (-1) */
  live: (change: 1 | -1) => void;
  /** the request (or its earlier hook) waits until the test calls `go` */
  hold: (key: string, go: () => void) => void;
  /** the file the burst's client writes once every request is sent (burstFiles) */
  allSent: string;
}

/** The routes behind the gate (`/api/test/gated...`), each request of which runs until the test lets it go. */
export function gatedRoutes(app: FastifyInstance, test: GatedTest): void {
  const hooks = {
    onRequest: (request: FastifyRequest, reply: FastifyReply) => test.gate().enter(request, reply),
    onResponse: (request: FastifyRequest) => test.gate().leave(request),
  };
  const handler = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    test.started(id);
    test.live(1);
    try {
      await new Promise<void>((resolve) => test.hold(id, resolve));
      if ((request.query as { fail?: string }).fail) throw new Error('the handler failed');
      return { id };
    } finally {
      test.live(-1);
    }
  };
  app.get('/api/test/gated/:id', hooks, handler);
  // A hook after the gate refuses: the place taken by the gate comes back.
  app.get(
    '/api/test/gated-denied/:id',
    {
      ...hooks,
      preHandler: async () => {
        throw new AppError('FORBIDDEN');
      },
    },
    handler,
  );
  // An earlier onRequest hook keeps the request until the test lets it reach the gate.
  const before = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await new Promise<void>((resolve) => test.hold(`before ${id}`, resolve));
  };
  app.get('/api/test/gated-after/:id', { onRequest: [before, hooks.onRequest], onResponse: hooks.onResponse }, handler);
  // A handler that works without giving the event loop a turn, as queries on PGlite do: the first
  // one until the burst's client says every request is sent (so that they all wait unread in
  // the sockets), the others 20 ms.
  app.get('/api/test/gated-sync/:id', hooks, async (request) => {
    const { id } = request.params as { id: string };
    test.started(id);
    const end = performance.now() + (test.startedCount() === 1 ? 10_000 : 20);
    while (performance.now() < end && !(test.startedCount() === 1 && existsSync(test.allSent))) {
      // busy, like WebAssembly running a query on this thread
    }
    return { id };
  });
  // An onResponse hook before the gate's fails, so Fastify never runs the gate's leave.
  app.get(
    '/api/test/gated-bad-hook/:id',
    {
      onRequest: hooks.onRequest,
      onResponse: [
        async () => {
          throw new Error('a broken onResponse hook');
        },
        hooks.onResponse,
      ],
    },
    handler,
  );
}
