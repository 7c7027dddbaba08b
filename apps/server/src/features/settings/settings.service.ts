import { and, eq, sql } from 'drizzle-orm';
import { SETTINGS_MAX_BYTES, SETTINGS_MAX_KEYS, type Settings } from '@portal/contract';
import { settings } from '../../db/schema';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { placeholdersOf, placeholderValues } from '../../lib/sql';

/** What a save writes of the row. */
const WRITTEN = ['values', 'updatedAt'] as const;

/** The writes of a save, built once (docs/performance.md, writes in fewer round trips): a save is most often one of them. */
const statementsOf = perDatabase((db: Db) => ({
  /** the values written only if they are still those known (`before`: compare and set) */
  swap: db
    .update(settings)
    .set(placeholdersOf('', WRITTEN))
    .where(and(eq(settings.personId, sql.placeholder('personId')), sql`${settings.values} = ${sql.placeholder('before')}::jsonb`))
    .returning({ personId: settings.personId })
    .prepare('settings_swap'),
  create: db
    .insert(settings)
    .values(placeholdersOf('', ['personId', ...WRITTEN]))
    .onConflictDoNothing({ target: settings.personId })
    .returning({ personId: settings.personId })
    .prepare('settings_create'),
}));

/** The free keys of a person's settings: LANGUAGE, which the portal itself reads, is always taken. */
const freeKeys = (values: Settings) => Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'LANGUAGE'));
const sizeOf = (values: Settings) => Buffer.byteLength(JSON.stringify(freeKeys(values)));
const keysOf = (values: Settings) => Object.keys(freeKeys(values)).length;

/** The given keys merged into `before` (null removes a key), or null when the save grows them past the bounds. */
function merged(before: Settings, values: Settings): Settings | null {
  const after = { ...before };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'STUDENT_ID') continue;
    if (value === null) delete after[key];
    else after[key] = value;
  }
  const keys = keysOf(after);
  const size = sizeOf(after);
  const grows = keys > keysOf(before) || size > sizeOf(before);
  return grows && (keys > SETTINGS_MAX_KEYS || size > SETTINGS_MAX_BYTES) ? null : after;
}

/**
 * Merges the given keys into the person's settings (null removes a key). The stored whole is
 * bounded (decision 0024): a save that would leave more than SETTINGS_MAX_KEYS free keys or more
 * than SETTINGS_MAX_BYTES of them, and grows them, is refused with 413 SETTINGS_TOO_LARGE (a save
 * that removes or shrinks is always taken, and so is LANGUAGE, which the portal reads).
 *
 * Concurrent saves neither lose each other's keys nor pass the bounds together. Most saves are one
 * statement: the values known (`known`, what the person's session lookup read, null for no row) are
 * merged here and written only if they are still those, or inserted if there were none (compare and
 * set). When another save came in between, or what was known is behind (a session kept in memory
 * while another instance saved), or the save looks too large on it, it is merged again under the
 * row's lock, and that decides.
 */
export async function saveSettings(ctx: ServiceContext, input: { personId: number; values: Settings; known: Settings | null }): Promise<Settings> {
  const now = ctx.clock.now();
  const statements = statementsOf(ctx.db);
  const after = merged(input.known ?? {}, input.values);
  if (after) {
    const values = placeholderValues('', settings, { personId: input.personId, values: after, updatedAt: now });
    const written = input.known ? await statements.swap.execute({ ...values, before: JSON.stringify(input.known) }) : await statements.create.execute(values);
    if (written.length) return after;
  }
  return ctx.db.transaction(async (tx) => {
    await tx.insert(settings).values({ personId: input.personId, values: {}, updatedAt: now }).onConflictDoNothing({ target: settings.personId });
    const [locked] = await tx.select({ values: settings.values }).from(settings).where(eq(settings.personId, input.personId)).for('update');
    const result = merged(locked?.values ?? {}, input.values);
    if (!result) throw new AppError('SETTINGS_TOO_LARGE', { limit: { limit: SETTINGS_MAX_KEYS } });
    await tx.update(settings).set({ values: result, updatedAt: now }).where(eq(settings.personId, input.personId));
    return result;
  });
}
