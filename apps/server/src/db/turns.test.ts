import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/helpers';
import { PGLITE_SLICE_MS } from './client';
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

describe('turns on the server thread (decision 51)', () => {
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
describe.runIf(!onPostgres)('PGlite statements in turns (decision 51)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a crowd of statements leaves the event loop turning between slices', async () => {
    // each statement takes a few milliseconds of the thread
    const heavy = () => t.db.execute(sql`select count(*) from generate_series(1, 10000)`);
    // its time alone: the fastest of five runs, as a run the machine interrupted would be longer
    // and make the bound below too tight
    let oneMs = Infinity;
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      await heavy();
      if (run > 0) oneMs = Math.min(oneMs, performance.now() - started);
    }
    let done = 0;
    const all = Array.from({ length: 40 }, () => heavy().then(() => done++));
    const doneWhenTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(all);
    expect(done).toBe(40);
    expect(doneWhenTurned).toBeGreaterThan(0);
    // two slices' worth of statements at most (each slice starts one more before it is spent)
    expect(doneWhenTurned).toBeLessThanOrEqual(2 * (Math.ceil(PGLITE_SLICE_MS / oneMs) + 1));
    expect(doneWhenTurned).toBeLessThan(40);
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
