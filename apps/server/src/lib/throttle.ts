import { eq, sql } from 'drizzle-orm';
import { loginThrottles } from '../db/schema';
import type { ServiceContext } from './context';
import { AppError } from './errors';

/**
 * Failed sign-ins per client address. Generous, because a whole campus or a mobile
 * carrier may share one address; the per-account lockout is the tight limit.
 */
export const IP_FAILURE_LIMIT = 100;
export const IP_WINDOW_SECONDS = 15 * 60;

export async function assertAddressAllowed(ctx: ServiceContext, ip: string): Promise<void> {
  const [row] = await ctx.db.select().from(loginThrottles).where(eq(loginThrottles.key, `ip:${ip}`));
  if (!row) return;
  const elapsed = (ctx.clock.now().getTime() - row.windowStart.getTime()) / 1000;
  if (elapsed < IP_WINDOW_SECONDS && row.failures >= IP_FAILURE_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', { retryAfter: Math.ceil(IP_WINDOW_SECONDS - elapsed) });
  }
}

export async function recordAddressFailure(ctx: ServiceContext, ip: string): Promise<void> {
  const now = ctx.clock.now();
  const windowFloor = new Date(now.getTime() - IP_WINDOW_SECONDS * 1000);
  // One statement, so concurrent failures from many instances all count.
  await ctx.db
    .insert(loginThrottles)
    .values({ key: `ip:${ip}`, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${loginThrottles.windowStart} <= ${windowFloor.toISOString()}::timestamptz then 1 else ${loginThrottles.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottles.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStart} end`,
      },
    });
}
