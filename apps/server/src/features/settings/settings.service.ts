import { eq } from 'drizzle-orm';
import type { Settings } from '@portal/contract';
import { settings } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

export async function getSettings(ctx: ServiceContext, input: { personId: number }): Promise<Settings> {
  const [row] = await ctx.db.select({ values: settings.values }).from(settings).where(eq(settings.personId, input.personId));
  return row?.values ?? {};
}

/** Merges the given keys into the person's settings (null removes a key). */
export async function saveSettings(ctx: ServiceContext, input: { personId: number; values: Settings }): Promise<Settings> {
  const merged = { ...(await getSettings(ctx, input)) };
  for (const [key, value] of Object.entries(input.values)) {
    if (key === 'STUDENT_ID') continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const now = ctx.clock.now();
  await ctx.db
    .insert(settings)
    .values({ personId: input.personId, values: merged, updatedAt: now })
    .onConflictDoUpdate({ target: settings.personId, set: { values: merged, updatedAt: now } });
  return merged;
}
