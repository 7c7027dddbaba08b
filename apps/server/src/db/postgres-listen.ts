import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeFeed, ChangeHandlers } from './database';

/**
 * Sends the announcements the portal's connections left (migration 0018, docs/performance.md, deferred announcements), then the
 * marker if given, in a transaction of its own: it writes nothing PostgreSQL must put on disk
 * before answering, so it does not hold the notification queue's lock while the disk turns.
 */
export async function sendDeferredAnnouncements(pool: pg.Pool, marker?: { channel: string; marker: string }): Promise<void> {
  await pool.query("select set_config('synchronous_commit', 'off', true), portal_send_announcements($1, $2)", [
    marker?.channel ?? null,
    marker?.marker ?? null,
  ]);
}

/** `send` once in the next turn of the event loop however often asked within this one; its failure is left to the next (the heartbeat sends too). */
export function oncePerTurn(send: () => Promise<void>): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    setImmediate(() => {
      asked = false;
      send().catch(() => undefined);
    });
  };
}

/** How often the listening connection proves it still hears (a notification to itself), and how long that may take. */
const HEARTBEAT_MS = 5_000;
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * A connection of its own that LISTENs (notifications travel on it, not on the pool's). `settle`
 * sends a marker through the pool and waits for it to come back on this connection: PostgreSQL
 * delivers a listener's notifications in commit order, so every change committed before has been
 * handed on by then. A heartbeat does the same every few seconds; a connection lost or a marker late
 * calls `onLost`, and `onRestored` once listening again (reconnecting with a growing delay).
 * The marker goes with the announcements the pool's changes left (docs/performance.md, deferred announcements); while not
 * listening, `sendAlone` sends those without a marker.
 */
export async function listenOnPostgres(
  url: string,
  pool: pg.Pool,
  channels: readonly string[],
  handlers: ChangeHandlers,
  connectMs: number,
  sendAlone: () => void,
): Promise<ChangeFeed> {
  const [channel] = channels;
  if (!channel) throw new Error('listen: no channel');
  const markers = new Map<string, () => void>();
  const prefix = `settle:${process.pid}:${randomUUID()}:`;
  let sequence = 0;
  let client: pg.Client | undefined;
  let healthy = false;
  let stopped = false;
  let retryMs = 250;
  let reconnect: NodeJS.Timeout | undefined;

  const lost = () => {
    if (healthy) handlers.onLost();
    healthy = false;
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(prefix)) markers.get(payload)?.();
      else if (!payload.startsWith('settle:')) handlers.onPayload(message.channel, payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = undefined;
      lost();
      scheduleReconnect();
    });
    await next.connect();
    for (const name of channels) await next.query(`LISTEN "${name}"`);
    client = next;
    retryMs = 250;
    // (onRestored drops whatever was kept while not listening before anything is kept again)
    healthy = true;
    handlers.onRestored();
  };
  const scheduleReconnect = () => {
    if (stopped || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      connect().catch(() => {
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs);
    reconnect.unref();
  };

  /** One marker through the pool and back on the listening connection; false when it does not come back in time. */
  const roundTrip = async (): Promise<boolean> => {
    if (!healthy) return false;
    const marker = `${prefix}${++sequence}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      // The marker's own commit need not wait for the disk: nothing is kept of it (docs/performance.md, change feed).
      await sendDeferredAnnouncements(pool, { channel, marker });
      const ok = await arrived;
      if (!ok) lost();
      return ok;
    } catch {
      lost();
      return false;
    } finally {
      clearTimeout(timer);
      markers.delete(marker);
    }
  };
  // The requests that ask for a settle share a marker: each asked after its own changes committed,
  // and the marker is sent after all of them asked (docs/performance.md, change feed). One marker travels at a time: those
  // who ask while one is on its way share the next, sent once it is back, as a disk shares one flush
  // among the commits waiting for it (docs/performance.md, change feed). Alone, a request waits for its marker only.
  let next: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | undefined;
  let travelling = false;
  const sendNext = () => {
    const batch = next;
    if (!batch || travelling) return;
    next = undefined;
    travelling = true;
    void roundTrip().then((ok) => {
      travelling = false;
      batch.resolve(ok);
      if (next) setImmediate(sendNext);
    });
  };
  const settle = (): Promise<boolean> => {
    if (!healthy) {
      // (what this instance changed is announced to the others even while it does not hear them)
      sendAlone();
      return Promise.resolve(false);
    }
    if (!next) {
      let resolve!: (ok: boolean) => void;
      const promise = new Promise<boolean>((r) => (resolve = r));
      next = { promise, resolve };
      // (asked within one turn of the event loop: sent at its end, with the others of the turn)
      if (!travelling) setImmediate(sendNext);
    }
    return next.promise;
  };

  // A database away at start does not stop the server: nothing is kept until it listens.
  handlers.onLost();
  await connect().catch(() => scheduleReconnect());
  const heartbeat = setInterval(() => {
    if (healthy) void settle().then((ok) => !ok && client && void client.end().catch(() => undefined));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    settle,
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      healthy = false;
      await client?.end().catch(() => undefined);
    },
  };
}
