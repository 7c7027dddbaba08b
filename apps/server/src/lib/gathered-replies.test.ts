import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { createTestApp, signIn, type TestApp } from '../../test/helpers';

// Replies written together once per turn of the event loop (docs/performance.md, gathered replies).
let t: TestApp;
/** whether each reply had been written when an immediate its handler queued ran */
const writtenAtImmediate: boolean[] = [];
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      app.get('/api/test/turn/:n', async (request, reply) => {
        setImmediate(() => writtenAtImmediate.push(reply.raw.headersSent));
        return { n: Number((request.params as { n: string }).n) };
      });
      app.get('/api/test/fails', async () => {
        throw new Error('fails on purpose');
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('replies gathered per turn of the event loop', () => {
  it('writes a reply at the check phase of the turn that built it, not as its handler returns', async () => {
    writtenAtImmediate.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/turn/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 1 });
    // the handler's immediate was queued before the gathering's: the reply was not written yet
    expect(writtenAtImmediate).toEqual([false]);
  });

  it('gives each of many concurrent connections its own answer, errors included, with the same headers', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const res = await fetch(`${base}/api/test/turn/${n}`);
        return { status: res.status, body: (await res.json()) as { n: number }, policy: res.headers.get('content-security-policy') };
      }),
    );
    answers.forEach((answer, n) => {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ n });
      expect(answer.policy).toContain("default-src 'self'");
    });
    const failed = await fetch(`${base}/api/test/fails`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: 'INTERNAL' });
  });
});

describe('reads the specification sends with POST or PATCH (docs/performance.md, change feed)', () => {
  it("answer without waiting for the database's announcements, where a change waits for them", async () => {
    const changes = t.app.ctx.changes!;
    const settle = changes.settle;
    let settled = 0;
    changes.settle = () => {
      settled++;
      return settle();
    };
    try {
      const { client } = await signIn(t, DEMO_ACCOUNTS.permanent.matricule);
      settled = 0;
      const week = await client.request('POST', '/api/lessons/timetable', { START_DATE: '2026-11-23', END_DATE: '2026-11-29' });
      expect(week.statusCode, week.body).toBe(200);
      const subjects = await client.request('PATCH', '/api/subjects/by-level/1', { LEVEL: 1 });
      expect(subjects.statusCode, subjects.body).toBe(200);
      expect(settled).toBe(0);
      // a change (one's own language) does wait: its author's next read sees it
      const saved = await client.request('POST', '/api/settings', { LANGUAGE: 'fr' });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      expect(settled).toBe(1);
    } finally {
      changes.settle = settle;
    }
  });
});
