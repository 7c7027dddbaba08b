/**
 * Turns for work that runs on the server's own thread: the embedded database (PGlite) executes each
 * query synchronously in WebAssembly, behind a promise, so a request that reads PGlite runs from its
 * first query to its answer without the event loop turning. When fifty sockets are readable at once,
 * the loop's poll phase runs fifty requests back to back (150 ms and more), and libuv accepts one
 * new connection per turn of the loop (libuv pull request 3696): a client that connects then waits
 * one such turn per connection ahead of it, seconds at fifty connections, while the clients already
 * connected go round at p50 (docs/performance.md, PGlite in turns).
 *
 * `Turns` runs tasks one at a time, in the order they came, for at most `sliceMs` per slice; then it
 * lets the event loop turn (accept, read sockets, fire timers) before the next slice. A slice opened
 * in a loop turn ends at that turn's check phase (setImmediate) at the latest, so a turn holds about
 * two slices of database work, whatever the number of requests waiting. A task is never cut: one
 * long statement still holds the thread for as long as it runs.
 *
 * A connection just accepted may have others behind it, and libuv takes one a turn: for `hurryMs`
 * after `hurry()` (the server calls it on each new connection) a slice lasts `hurriedSliceMs`, so the
 * loop turns every millisecond or so until the connections in line are in, instead of every two
 * slices of database work (docs/performance.md, hurried turns). Under a steady load with no new connection, slices are
 * `sliceMs` again, which keeps the switches of the loop from eating into the database's work.
 */
export interface TurnsOptions {
  /** how long one slice may run tasks before the event loop turns (ms) */
  sliceMs: number;
  /** how long a slice may run just after a new connection (ms; default: `sliceMs`) */
  hurriedSliceMs?: number;
  /** how long after the last `hurry()` slices stay hurried (ms; default 0) */
  hurryMs?: number;
  /** the clock (ms), for tests */
  now?: () => number;
}

export interface Turns {
  /** runs `task` in its turn: after every task given before it, in a slice with time left */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** a new connection came in: others may be waiting to be accepted, one per turn of the loop */
  hurry(): void;
  /** tasks waiting for their turn (not counting the one running) */
  readonly waiting: number;
}

export function createTurns({ sliceMs, hurriedSliceMs = sliceMs, hurryMs = 0, now = () => performance.now() }: TurnsOptions): Turns {
  const queue: (() => Promise<void>)[] = [];
  let running = false;
  /** a slice is open until the check phase of the loop turn that opened it */
  let open = false;
  let sliceStart = 0;
  /** slices are hurried until then */
  let hurriedUntil = -Infinity;

  const openSlice = () => {
    open = true;
    sliceStart = now();
    setImmediate(() => {
      open = false;
      pump();
    });
  };

  const pump = (): void => {
    if (running || queue.length === 0) return;
    if (!open) openSlice();
    else {
      const at = now();
      if (at - sliceStart >= (at < hurriedUntil ? hurriedSliceMs : sliceMs)) return; // the slice's immediate opens the next one
    }
    running = true;
    const task = queue.shift()!;
    void task().finally(() => {
      running = false;
      pump();
    });
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(async () => {
          try {
            resolve(await task());
          } catch (error) {
            reject(error as Error);
          }
        });
        pump();
      });
    },
    hurry() {
      hurriedUntil = now() + hurryMs;
    },
    get waiting() {
      return queue.length;
    },
  };
}
