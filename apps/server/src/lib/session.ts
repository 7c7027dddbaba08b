import { eq } from 'drizzle-orm';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '@portal/contract';
import type { Executor } from '../db/client';
import { persons, sessions, type Person } from '../db/schema';
import type { ServiceContext, RequestMeta } from './context';
import { hashToken, randomToken } from './crypto';

/** A session's last-seen time is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 30_000;

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
}

/** The session a token opens, or null when it is unknown, revoked, idle for 30 minutes or older than 10 hours. */
export async function resolveSession(ctx: ServiceContext, token: string): Promise<ActiveSession | null> {
  const [row] = await ctx.db
    .select({ session: sessions, person: persons })
    .from(sessions)
    .innerJoin(persons, eq(persons.id, sessions.personId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.session.revokedAt) return null;
  const now = ctx.clock.now().getTime();
  if (now >= row.session.expiresAt.getTime()) return null;
  if (now - row.session.lastSeenAt.getTime() >= SESSION_IDLE_SECONDS * 1000) return null;
  if (now - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, person: row.person };
}

export async function revokeSession(ctx: ServiceContext, sessionId: number): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: ctx.clock.now() }).where(eq(sessions.id, sessionId));
}
