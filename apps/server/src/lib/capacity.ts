import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A gate in front of a route that a crowd may hit at once (decision 45): at most `concurrency`
 * requests run at a time; more wait, in their order of arrival, each at most `waitMs`; any other
 * is answered at once with 503 SERVER_BUSY and Retry-After, so that a burst is either served or
 * told to come back, never left hanging until a proxy or a phone gives up. The count is this
 * process's: each instance guards its own connections to the database.
 *
 * The queue is bounded twice: by `queue` requests, and by time. The gate measures how long a place
 * is held (a moving average), so it knows how many of the waiting can start within `waitMs`; a
 * newcomer who could not is refused at once rather than after a useless wait, and when the service
 * slows down, the waiting who can no longer make it are refused at once, from the back. A refusal's
 * Retry-After is the time those ahead of it in the queue need, from `retryAfterSeconds` (5) to
 * `maxRetryAfterSeconds` (60).
 *
 * Use: `{ onRequest: gate.enter, onResponse: gate.leave }` on the route. `enter` runs before the
 * body is read, so a waiting request costs a socket and a few objects, not its body.
 *
 * A place is given back exactly once, whichever comes first: the route's `onResponse`, or the close
 * of the response (Fastify runs no `onResponse` for a client that went away, nor after an earlier
 * `onResponse` hook failed). A client that goes while waiting leaves the queue at once and its
 * request never reaches the handler. A client that goes while its handler runs frees the place
 * when it goes: the abandoned handler finishes beside the next request (its database work is then
 * bounded by the connection pool, not by the gate).
 */
export interface CapacityGate {
  /** route `onRequest` hook: takes a place, or waits for one, or refuses */
  enter: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** route `onResponse` hook: gives the place back (again is harmless) */
  leave: (request: FastifyRequest) => Promise<void>;
  /** requests running and waiting now (tests, the health of a bench) */
  readonly running: number;
  readonly waiting: number;
  /** how long a place is held, a moving average (ms); null before the first request ends */
  readonly serviceMs: number | null;
}

export interface CapacityOptions {
  concurrency: number;
  /** at most this many wait */
  queue: number;
  /** none waits longer: past it, or when it could not start before it, 503 */
  waitMs: number;
  /** the least Retry-After of a refusal, in seconds (default 5) */
  retryAfterSeconds?: number;
  /** the longest Retry-After, in seconds (default 60) */
  maxRetryAfterSeconds?: number;
  /** the clock of the time a place is held, in milliseconds (tests) */
  now?: () => number;
}

/** The weight of the newest place held in the moving average. */
const SMOOTHING = 0.2;

interface Waiter {
  /** when it gives up waiting (by `now`) */
  deadline: number;
  /** hands it the place that was freed */
  take: () => void;
  /** takes it out of the queue with a 503 */
  refuse: () => void;
}

export function capacityGate(options: CapacityOptions): CapacityGate {
  const minRetryAfter = options.retryAfterSeconds ?? 5;
  const maxRetryAfter = Math.max(minRetryAfter, options.maxRetryAfterSeconds ?? 60);
  const now = options.now ?? (() => performance.now());
  let running = 0;
  let serviceMs: number | null = null;
  /** first come, first served */
  const waiters: Waiter[] = [];
  /** when each request running took its place */
  const since = new WeakMap<FastifyRequest, number>();

  /** how long until the waiter at `position` (1: the next) gets a place, as the service goes now */
  const expectedWait = (position: number) => (serviceMs === null ? 0 : (position * serviceMs) / options.concurrency);
  const busy = () => {
    const clear = Math.ceil(expectedWait(waiters.length) / 1000);
    return new AppError('SERVER_BUSY', { retryAfter: Math.min(maxRetryAfter, Math.max(minRetryAfter, clear)) });
  };

  const release = () => {
    const next = waiters.shift();
    if (next)
      next.take(); // the place goes straight to the next one: `running` stays as it is
    else running--;
  };

  /** The waiting who can no longer start before their deadline are told at once, from the back. */
  const shed = () => {
    const at = now();
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i]!;
      if (at + expectedWait(i + 1) <= waiter.deadline) break;
      waiter.refuse();
    }
  };

  const gate: CapacityGate = {
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
    get serviceMs() {
      return serviceMs;
    },
    async enter(request, reply) {
      const response = reply.raw;
      // A client already gone takes no place (Node emits no second 'close' to hear it by).
      if (response.destroyed) throw busy();
      if (running < options.concurrency) {
        running++;
      } else {
        if (waiters.length >= options.queue || expectedWait(waiters.length + 1) > options.waitMs) throw busy();
        await new Promise<void>((resolve, reject) => {
          const settle = () => {
            clearTimeout(timer);
            response.off('close', waiter.refuse);
          };
          const waiter: Waiter = {
            deadline: now() + options.waitMs,
            take: () => {
              settle();
              resolve();
            },
            // Waited too long, cannot make it, or the client went while waiting: out of the queue,
            // no place taken. The refusal of a client gone is answered to no one; the handler never runs.
            refuse: () => {
              const at = waiters.indexOf(waiter);
              if (at >= 0) waiters.splice(at, 1);
              settle();
              reject(busy());
            },
          };
          const timer = setTimeout(waiter.refuse, options.waitMs);
          response.once('close', waiter.refuse);
          waiters.push(waiter);
        });
      }
      since.set(request, now());
      // Before running, let the event loop read the requests that came meanwhile, so that they
      // reach the gate (and wait, or are refused) instead of piling up unread: PGlite runs its
      // queries on this thread, and a registration would otherwise run from its first query to
      // its answer without the loop reading one socket (then no one waits in the gate, and
      // everyone waits outside it, without a 503 nor a limit).
      await new Promise<void>((resolve) => setImmediate(resolve));
      // The client may have gone meanwhile, its 'close' already emitted.
      if (response.destroyed) {
        await gate.leave(request);
        throw busy();
      }
      response.once('close', () => void gate.leave(request));
    },
    async leave(request) {
      const start = since.get(request);
      if (start === undefined) return;
      since.delete(request);
      const held = now() - start;
      serviceMs = serviceMs === null ? held : serviceMs + SMOOTHING * (held - serviceMs);
      release();
      shed();
    },
  };
  return gate;
}
