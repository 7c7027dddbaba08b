import type { FastifyInstance } from 'fastify';

/**
 * The replies finished during one turn of the event loop are written together, at that turn's check
 * phase (setImmediate), instead of each as soon as its handler returns (docs/performance.md, gathered replies).
 *
 * A reply written at once wakes its client in the middle of the turn, and the client's next request
 * comes back as a turn of its own: under load the server then reads and answers a few sockets a turn,
 * paying the loop's own work (polling, timers, microtasks) for each few. Written together, the
 * replies are followed by the requests they answer arriving together, and the next turn serves them
 * in one pass. A reply waits at most until the end of the turn that built it (what the callbacks
 * ready in that turn take); a reply that needs the database's announcements (plugins/change-feed.ts) is gathered in
 * the turn they arrive.
 *
 * Registered on the root instance after the root's other `onSend` hooks (the wait for the
 * database's announcements comes first); the features' own `onSend` hooks, which set headers, run
 * after it, in the same write. Any payload (text, buffer, stream) is gathered alike.
 */
export function gatherReplies(app: FastifyInstance): void {
  let waiting: (() => void)[] = [];
  const writeAll = () => {
    const now = waiting;
    waiting = [];
    for (const write of now) write();
  };
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (waiting.length === 0) setImmediate(writeAll);
    waiting.push(() => done(null, payload));
  });
}
