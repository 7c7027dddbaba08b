import { and, eq, gte, sql } from 'drizzle-orm';
import { knownDevices } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { hashToken, randomToken } from '../../lib/crypto';
import type { Executor } from '../../db/client';

/** Failures in a row (wrong passwords or codes) after which a known device is forgotten. */
export const DEVICE_FAILURES_FORGET = 5;

export interface KnownDevice {
  id: number;
  personId: number;
}

/** The known device a portal_device cookie names, if it is this person's. */
export async function knownDeviceOf(ctx: ServiceContext, token: string | undefined, personId: number | undefined): Promise<KnownDevice | null> {
  if (!token || !personId || token.length > 100) return null;
  const [row] = await ctx.db
    .select({ id: knownDevices.id, personId: knownDevices.personId })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, hashToken(token)), eq(knownDevices.personId, personId)));
  return row ?? null;
}

/** A failure from a known device: counted, and the device is forgotten at the fifth in a row (one statement each). */
export async function recordDeviceFailure(ctx: ServiceContext, device: KnownDevice): Promise<void> {
  const [row] = await ctx.db
    .update(knownDevices)
    .set({ failures: sql`${knownDevices.failures} + 1` })
    .where(eq(knownDevices.id, device.id))
    .returning({ failures: knownDevices.failures });
  if ((row?.failures ?? 0) >= DEVICE_FAILURES_FORGET) {
    await ctx.db.delete(knownDevices).where(and(eq(knownDevices.id, device.id), gte(knownDevices.failures, DEVICE_FAILURES_FORGET)));
  }
}

/**
 * After a successful sign-in: the device the request came from is known for this person. The
 * same device keeps its token (its failures are cleared); another gets a new one, returned for
 * the cookie.
 */
export async function rememberDevice(ctx: ServiceContext, exec: Executor, input: { personId: number; deviceId: number | null }): Promise<string | null> {
  const now = ctx.clock.now();
  if (input.deviceId) {
    const kept = await exec
      .update(knownDevices)
      .set({ failures: 0, lastUsedAt: now })
      .where(and(eq(knownDevices.id, input.deviceId), eq(knownDevices.personId, input.personId)))
      .returning({ id: knownDevices.id });
    if (kept.length > 0) return null;
  }
  const token = randomToken();
  await exec.insert(knownDevices).values({ tokenHash: hashToken(token), personId: input.personId, createdAt: now, lastUsedAt: now });
  return token;
}
