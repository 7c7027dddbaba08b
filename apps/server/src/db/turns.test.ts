import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/helpers';
import { PGLITE_HURRIED_SLICE_MS, PGLITE_SLICE_MS } from './client';
import { createTurns } from './turns';

/** Holds the thread for `ms`, as a PGlite query does while it runs in WebAssembly. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* the thread is held */
  }
}

/** A task that holds the thread for `ms` and records that it ran. */
const holding = (ms: number, log: string[], name: string) => async () => {
  busy(ms);
  log.push(name);
  return name;
};

describe('turns on the server thread (docs/performance.md, PGlite in turns)', () => {
  it('runs tasks one at a time, in the order they came, each answering its own caller', async () => {
    const turns = createTurns({ sliceMs: 1_000 });
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const task = (name: string) => async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 2));
      log.push(name);
      inside--;
      return name.toUpperCase();
    };
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((name) => turns.run(task(name))));
    expect(answers).toEqual(['A', 'B', 'C', 'D']);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(1);
  });

  it('lets the event loop turn once a slice is spent, so that sockets and timers are not held behind the queue', async () => {
    const turns = createTurns({ sliceMs: 10 });
    const log: string[] = [];
    const all = Array.from({ length: 30 }, (_, i) => turns.run(holding(3, log, `task ${i}`)));
    // A callback of the loop's check phase: the turns' own immediate, queued first, ends the first
    // slice and runs a second; this one runs next, not after the thirty tasks.
    const turned = new Promise<number>((resolve) => setImmediate(() => resolve(log.length)));
    const doneWhenTurned = await turned;
    await Promise.all(all);
    expect(log).toHaveLength(30);
    // a 10 ms slice holds four tasks of 3 ms (the fourth starts before 10 ms are spent): two slices, not thirty
    expect(doneWhenTurned).toBeGreaterThan(0);
    expect(doneWhenTurned).toBeLessThanOrEqual(8);
  });

  it('gives a rejected task its error, and goes on with the next', async () => {
    const turns = createTurns({ sliceMs: 10 });
    const failing = turns.run(async () => {
      throw new Error('a statement failed');
    });
    const throwing = turns.run((() => {
      throw new Error('thrown before any promise');
    }) as () => Promise<never>);
    const next = turns.run(async () => 'next');
    await expect(failing).rejects.toThrow('a statement failed');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    await expect(next).resolves.toBe('next');
    expect(turns.waiting).toBe(0);
  });

  it('after hurry(), slices are short until hurryMs has passed, then long again (docs/performance.md, hurried turns)', async () => {
    // a clock of the test's own: each task spends 2 ms of it
    let clock = 0;
    const turns = createTurns({ sliceMs: 30, hurriedSliceMs: 1, hurryMs: 100, now: () => clock });
    /** tasks done when the loop first turns, out of `n` given at once */
    const crowd = async (n: number) => {
      // (the last crowd's slice closes first)
      await new Promise((resolve) => setImmediate(resolve));
      let done = 0;
      const all = Array.from({ length: n }, () =>
        turns.run(async () => {
          clock += 2;
          done++;
        }),
      );
      const doneWhenTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
      await Promise.all(all);
      return doneWhenTurned;
    };
    // two slices of 30 ms: fifteen tasks each
    expect(await crowd(60)).toBe(30);
    turns.hurry();
    // a task is never cut, and a hurried slice holds one: two slices, two tasks
    expect(await crowd(60)).toBe(2);
    // the 60 tasks spent 120 ms of the clock: the hurry is over
    expect(await crowd(60)).toBe(30);
  });

  it('starts a task at once when the queue is empty and the slice has time left', async () => {
    const turns = createTurns({ sliceMs: 10 });
    let ran = false;
    const done = turns.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    await done;
  });
});

// PGlite runs on the server's thread: its statements go through the turns. On PostgreSQL they are
// the database server's work, and the event loop turns while they run anyway.
describe.runIf(!onPostgres)('PGlite statements in turns (docs/performance.md, PGlite in turns)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A statement's time alone: the fastest of five runs (after one to warm up), as a run the machine
   * interrupted would be longer and make the bounds below too tight.
   */
  const fastestMs = async (statement: () => Promise<unknown>) => {
    let fastest = Infinity;
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      await statement();
      if (run > 0) fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  /** How many of `n` statements given at once are done when the event loop first turns. */
  const doneWhenLoopTurns = async (n: number, statement: () => Promise<unknown>) => {
    let done = 0;
    const all = Array.from({ length: n }, () => statement().then(() => done++));
    const doneWhenTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(all);
    expect(done).toBe(n);
    return doneWhenTurned;
  };

  it('a crowd of statements leaves the event loop turning between slices', async () => {
    // each statement takes a few milliseconds of the thread
    const heavy = () => t.db.execute(sql`select count(*) from generate_series(1, 10000)`);
    const oneMs = await fastestMs(heavy);
    const doneWhenTurned = await doneWhenLoopTurns(40, heavy);
    expect(doneWhenTurned).toBeGreaterThan(0);
    // two slices' worth of statements at most (each slice starts one more before it is spent)
    expect(doneWhenTurned).toBeLessThanOrEqual(2 * (Math.ceil(PGLITE_SLICE_MS / oneMs) + 1));
    expect(doneWhenTurned).toBeLessThan(40);
  });

  it('a new connection hurries the turns: the loop turns after a slice of about a millisecond (docs/performance.md, hurried turns)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const light = () => t.db.execute(sql`select count(*) from generate_series(1, 2000)`);
    const oneMs = await fastestMs(light);
    const unhurried = await doneWhenLoopTurns(80, light);
    const accepted = once(t.app.server, 'connection');
    const socket = net.connect(port, '127.0.0.1');
    try {
      await accepted;
      const hurried = await doneWhenLoopTurns(80, light);
      expect(hurried).toBeGreaterThan(0);
      expect(hurried).toBeLessThanOrEqual(2 * (Math.ceil(PGLITE_HURRIED_SLICE_MS / oneMs) + 1));
      expect(hurried).toBeLessThan(unhurried);
    } finally {
      socket.destroy();
    }
  });

  it('a transaction already ended refuses a statement, as PGlite does', async () => {
    let kept: Parameters<Parameters<typeof t.db.transaction>[0]>[0] | undefined;
    await t.db.transaction(async (tx) => {
      kept = tx;
      await tx.execute(sql`select 1`);
    });
    const error = await kept!.execute(sql`select 2`).then(
      () => null,
      (e: unknown) => e as { cause?: Error },
    );
    expect(error?.cause?.message).toBe('Transaction is closed');
  });

  it('a transaction is one turn: statements outside it wait for its end, as PGlite makes them', async () => {
    const order: string[] = [];
    const inTransaction = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      order.push('transaction: first');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`select 2`);
      order.push('transaction: second');
    });
    const outside = t.db.execute(sql`select 3`).then(() => order.push('outside'));
    await Promise.all([inTransaction, outside]);
    expect(order).toEqual(['transaction: first', 'transaction: second', 'outside']);
  });
});
