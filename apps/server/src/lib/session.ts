import { eq, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_GRACE_SECONDS, SESSION_IDLE_SECONDS } from '@portal/contract';
import type { Db, Executor } from '../db/client';
import { perDatabase } from '../db/per-database';
import { accounts, identifications, persons, profiles, sessions, settings, type Account, type Person } from '../db/schema';
import { childrenJson, identificationColumns, type RecordRow } from './person-record';
import type { ServiceContext, RequestMeta } from './context';
import { hashToken, randomToken } from './crypto';

/**
 * A session's last-seen time is written at most this often (issue 15): a read is not a write. The
 * idle timeout (30 minutes, plus the grace) is checked against it, so it ends at most a minute early.
 */
export const TOUCH_EVERY_MS = 60_000;

export async function createSession(ctx: ServiceContext, exec: Executor, personId: number, meta: RequestMeta): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.now();
  await exec.insert(sessions).values({
    tokenHash: hashToken(token),
    personId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export interface ActiveSession {
  sessionId: number;
  person: Person;
  account: Account | null;
  settings: Record<string, string | number | boolean | null> | undefined;
  /** everything the person's own record is made of */
  row: RecordRow;
}

/**
 * Every authenticated request needs this lookup: one prepared statement, one round trip, unless the
 * session cache holds its row. It has no `limit`: the token's hash is unique, and drizzle sends a
 * limit as a parameter, which makes PostgreSQL judge the generic plan costlier and plan the six
 * joins again on every run (1.1 ms, against 0.1 ms for the run itself; docs/performance.md, kept plans).
 */
function sessionLookup(db: Db) {
  return db
    .select({
      session: sessions,
      person: persons,
      account: accounts,
      settings: settings.values,
      profile: profiles,
      children: childrenJson,
      identification: identificationColumns,
    })
    .from(sessions)
    .innerJoin(persons, eq(persons.id, sessions.personId))
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .leftJoin(settings, eq(settings.personId, persons.id))
    .leftJoin(profiles, eq(profiles.personId, persons.id))
    .leftJoin(identifications, eq(identifications.personId, persons.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token');
}
const lookupOf = perDatabase(sessionLookup);
export type SessionLookupRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

async function lookUp(ctx: ServiceContext, tokenHash: string): Promise<SessionLookupRow | undefined> {
  const cache = ctx.sessionCache;
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const [row] = await lookupOf(ctx.db).execute({ tokenHash });
  if (row && cache) cache.set(tokenHash, row.person.id, row, mark);
  return row;
}

/** The session a token opens, or null when it is unknown, revoked, idle for 30 minutes (plus the grace) or older than 10 hours. */
export async function resolveSession(ctx: ServiceContext, token: string): Promise<ActiveSession | null> {
  const row = await lookUp(ctx, hashToken(token));
  if (!row || row.session.revokedAt) return null;
  const now = ctx.clock.now().getTime();
  if (now >= row.session.expiresAt.getTime()) return null;
  if (now - row.session.lastSeenAt.getTime() >= (SESSION_IDLE_SECONDS + SESSION_IDLE_GRACE_SECONDS) * 1000) return null;
  if (now - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.session.id));
    // The row kept in memory says so at once (its announcement, which drops it, may come later).
    row.session.lastSeenAt = new Date(now);
  }
  return { sessionId: row.session.id, person: row.person, account: row.account, settings: row.settings ?? undefined, row };
}

export async function revokeSession(ctx: ServiceContext, sessionId: number): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: ctx.clock.now() }).where(eq(sessions.id, sessionId));
}
