import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A gate in front of a route that a crowd may hit at once (decision 45): at most `concurrency`
 * requests run at a time; up to `queue` more wait, each at most `waitMs`; any other is answered at
 * once with 503 SERVER_BUSY and Retry-After, so that a burst is either served or told to come back,
 * never left hanging until a proxy or a phone gives up. The count is this process's: each instance
 * guards its own connections to the database.
 */
export interface CapacityGate {
  /** route `onRequest` hook: takes a place, or waits for one, or refuses */
  enter: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** route `onResponse` hook (and on an aborted request): gives the place back */
  leave: (request: FastifyRequest) => Promise<void>;
  /** requests running and waiting now (tests, the health of a bench) */
  readonly running: number;
  readonly waiting: number;
}

export interface CapacityOptions {
  concurrency: number;
  queue: number;
  waitMs: number;
  /** the Retry-After, in seconds, of a refusal */
  retryAfterSeconds?: number;
}

const HOLDS = Symbol('capacity.holds');
type Holder = FastifyRequest & { [HOLDS]?: Set<CapacityGate> };

export function capacityGate(options: CapacityOptions): CapacityGate {
  const retryAfter = options.retryAfterSeconds ?? 5;
  let running = 0;
  const waiters: Array<() => void> = [];

  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else running--;
  };

  const gate: CapacityGate = {
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
    async enter(request) {
      const holder = request as Holder;
      if (running < options.concurrency) {
        running++;
      } else {
        if (waiters.length >= options.queue) throw new AppError('SERVER_BUSY', { retryAfter });
        await new Promise<void>((resolve, reject) => {
          // The place is handed over by release(): `running` stays as it is.
          const take = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            const at = waiters.indexOf(take);
            if (at >= 0) waiters.splice(at, 1);
            reject(new AppError('SERVER_BUSY', { retryAfter }));
          }, options.waitMs);
          waiters.push(take);
        });
      }
      (holder[HOLDS] ??= new Set()).add(gate);
    },
    async leave(request) {
      const holds = (request as Holder)[HOLDS];
      if (!holds?.delete(gate)) return;
      release();
    },
  };
  return gate;
}
