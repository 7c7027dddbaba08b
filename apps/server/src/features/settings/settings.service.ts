import { eq } from 'drizzle-orm';
import { SETTINGS_MAX_BYTES, SETTINGS_MAX_KEYS, type Settings } from '@portal/contract';
import { settings } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';

export async function getSettings(ctx: ServiceContext, input: { personId: number }): Promise<Settings> {
  const [row] = await ctx.db.select({ values: settings.values }).from(settings).where(eq(settings.personId, input.personId));
  return row?.values ?? {};
}

/** The free keys of a person's settings: LANGUAGE, which the portal itself reads, is always taken. */
const freeKeys = (values: Settings) => Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'LANGUAGE'));
const sizeOf = (values: Settings) => Buffer.byteLength(JSON.stringify(freeKeys(values)));
const keysOf = (values: Settings) => Object.keys(freeKeys(values)).length;

/**
 * Merges the given keys into the person's settings (null removes a key). The stored whole is
 * bounded (decision 0024): a save that would leave more than SETTINGS_MAX_KEYS free keys or more
 * than SETTINGS_MAX_BYTES of them, and grows them, is refused with 413 SETTINGS_TOO_LARGE (a save
 * that removes or shrinks is always taken, and so is LANGUAGE, which the portal reads). The row is locked while merging, so that concurrent saves
 * neither lose each other's keys nor pass the bounds together.
 */
export async function saveSettings(ctx: ServiceContext, input: { personId: number; values: Settings }): Promise<Settings> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.insert(settings).values({ personId: input.personId, values: {}, updatedAt: now }).onConflictDoNothing({ target: settings.personId });
    const [row] = await tx.select({ values: settings.values }).from(settings).where(eq(settings.personId, input.personId)).for('update');
    const before = row?.values ?? {};
    const merged = { ...before };
    for (const [key, value] of Object.entries(input.values)) {
      if (key === 'STUDENT_ID') continue;
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    const keys = keysOf(merged);
    const size = sizeOf(merged);
    const grows = keys > keysOf(before) || size > sizeOf(before);
    if (grows && (keys > SETTINGS_MAX_KEYS || size > SETTINGS_MAX_BYTES)) {
      throw new AppError('SETTINGS_TOO_LARGE', { limit: { limit: SETTINGS_MAX_KEYS } });
    }
    await tx.update(settings).set({ values: merged, updatedAt: now }).where(eq(settings.personId, input.personId));
    return merged;
  });
}
