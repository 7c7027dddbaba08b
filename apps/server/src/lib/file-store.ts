import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { files, type FileRow } from '../db/schema';
import type { ServiceContext } from './context';
import { AppError } from './errors';
import { isUniqueViolation } from './sql';
import type { CheckedUpload } from './uploads';

/** Storage changes waiting for a transaction's end: new objects to drop on rollback, old ones to drop on commit. */
interface FileEffects {
  created: Set<string>;
  removed: string[];
}
const effectsOf = new WeakMap<object, FileEffects>();

/**
 * A database transaction that keeps the file store in step with it: objects written during a
 * transaction that rolls back are deleted, and objects of deleted `files` rows are deleted only
 * once it commits. Use it instead of `ctx.db.transaction` for anything that stores or removes files.
 * Objects stored apart from `files` (fingerprints) join in with dropOnRollback and dropAfterCommit.
 * The order is: write the object, commit the row, then (after a crash between the two, or a
 * delete that never ran) `sweepOrphanFiles` removes the object no row names.
 */
export async function fileTransaction<T>(ctx: ServiceContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const effects: FileEffects = { created: new Set(), removed: [] };
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      effectsOf.set(tx, effects);
      return fn(tx);
    });
  } catch (error) {
    await Promise.all([...effects.created].map((key) => dropObject(ctx, key)));
    throw error;
  }
  await Promise.all(effects.removed.map((key) => dropObject(ctx, key)));
  return result;
}

async function dropObject(ctx: ServiceContext, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.error({ err: error, key }, 'stored file not deleted');
  }
}

function effectsOfTransaction(tx: Tx): FileEffects {
  const effects = effectsOf.get(tx);
  if (!effects) throw new Error('stored objects follow a transaction only inside fileTransaction');
  return effects;
}

/** A stored object this fileTransaction has just written: deleted if the transaction rolls back. */
export function dropOnRollback(tx: Tx, key: string): void {
  effectsOfTransaction(tx).created.add(key);
}

/** A stored object this fileTransaction no longer refers to: deleted once it commits, kept if it rolls back. */
export function dropAfterCommit(tx: Tx, key: string): void {
  effectsOfTransaction(tx).removed.push(key);
}

const duplicate = () => new AppError('FILE_EXISTS');

/**
 * Stores a checked upload under a server-made key and records it in `files`, owned by `ownerId`.
 * The same bytes twice for one owner answer 409 FILE_EXISTS; the unique index on (owner, sha256)
 * decides under concurrency, and the stored object is removed when the row is not written.
 */
export async function storeUpload(ctx: ServiceContext, tx: Tx, input: { ownerId: number; upload: CheckedUpload; purpose: string }): Promise<FileRow> {
  const { ownerId, upload } = input;
  const [existing] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.sha256, upload.sha256)))
    .limit(1);
  if (existing) throw duplicate();
  const id = randomUUID();
  const key = `${ownerId}/${id}`;
  await ctx.storage.put(key, upload.data);
  const effects = effectsOf.get(tx);
  effects?.created.add(key);
  let row: FileRow | undefined;
  try {
    [row] = await tx
      .insert(files)
      .values({
        id,
        ownerId,
        sha256: upload.sha256,
        mime: upload.mime,
        size: upload.data.length,
        originalName: upload.name,
        storageKey: key,
        purpose: input.purpose,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing({ target: [files.ownerId, files.sha256] })
      .returning();
  } catch (error) {
    effects?.created.delete(key);
    await dropObject(ctx, key);
    throw isUniqueViolation(error) ? duplicate() : error;
  }
  if (!row) {
    effects?.created.delete(key);
    await dropObject(ctx, key);
    throw duplicate();
  }
  return row;
}

/**
 * Deletes a `files` row; its stored object goes when the transaction commits (inside
 * fileTransaction). In any other transaction the object is kept, never left referenced while gone.
 */
export async function deleteStoredFile(ctx: ServiceContext, tx: Tx, fileId: string): Promise<FileRow | null> {
  const [row] = await tx.delete(files).where(eq(files.id, fileId)).returning();
  if (!row) return null;
  const effects = effectsOf.get(tx);
  if (effects) effects.removed.push(row.storageKey);
  else ctx.log.warn({ fileId }, 'file row deleted outside fileTransaction: stored object kept');
  return row;
}
