import { inArray } from 'drizzle-orm';
import { candidateDocuments, files, fingerprints } from '../db/schema';
import type { ServiceContext } from './context';

/**
 * How old an object no row names must be before the sweep removes it: longer than any transaction
 * that writes one (the statement and idle-in-transaction timeouts end those within a minute), so
 * that a file being written right now, whose row has not committed yet, is never taken.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often a running server sweeps (and once at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** The keys among these that a committed row names (`files`, `fingerprints` and `candidate_documents` are the only tables that hold storage keys). */
async function referencedKeys(ctx: ServiceContext, keys: string[]): Promise<Set<string>> {
  const [inFiles, inFingerprints, inCandidateDocuments] = await Promise.all([
    ctx.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys)),
    ctx.db.select({ key: fingerprints.storageKey }).from(fingerprints).where(inArray(fingerprints.storageKey, keys)),
    ctx.db.select({ key: candidateDocuments.storageKey }).from(candidateDocuments).where(inArray(candidateDocuments.storageKey, keys)),
  ]);
  return new Set([...inFiles, ...inFingerprints, ...inCandidateDocuments].map((row) => row.key));
}

/**
 * Removes stored objects that no committed row names and that were written more than `graceMs`
 * ago: those of a process that died between writing a file and committing its row, or after
 * committing a delete and before removing the object. Answers how many objects were looked at
 * and removed (never their keys in the log: they name their owner).
 */
export async function sweepOrphanFiles(ctx: ServiceContext, options: { graceMs?: number } = {}): Promise<{ checked: number; removed: number }> {
  const before = ctx.clock.now().getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let checked = 0;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const kept = await referencedKeys(ctx, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await ctx.storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const object of ctx.storage.list()) {
    checked++;
    if (object.modifiedAt.getTime() >= before) continue;
    batch.push(object.key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  if (removed) ctx.log.warn({ checked, removed }, 'orphan stored files removed');
  return { checked, removed };
}

/**
 * Sweeps once now and then every ORPHAN_SWEEP_INTERVAL_MS in this process (several instances may
 * sweep the same store: removing an object twice is harmless). `stop` waits for a sweep under way.
 */
export function startOrphanSweeper(ctx: ServiceContext): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(() => sweepOrphanFiles(ctx)).catch((error: unknown) => ctx.log.warn({ err: error }, 'orphan sweep failed; next time'));
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, ORPHAN_SWEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
