import { eq } from 'drizzle-orm';
import { FILE_COLUMN_TYPES, type FileColumn, type FileRemoveResponse } from '@portal/contract';
import type { Tx } from '../../db/client';
import { profiles, type FileRow } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { checkUpload, decodeDataUrl, deleteStoredFile, fileTransaction, storeUpload, type CheckedUpload, type IncomingFile } from '../../lib/uploads';
import { lockForEdit } from './registration-lock';
import { fileUrl } from '../../lib/person-record';

type ProfilePatch = Partial<typeof profiles.$inferInsert>;

/** Checks a file for a column: its allowed types (a CV must be a PDF), size, and images re-encoded. */
export function checkColumnFile(col: FileColumn, file: IncomingFile): Promise<CheckedUpload> {
  return checkUpload(file, { allowed: FILE_COLUMN_TYPES[col], col, fallbackName: col.toLowerCase() });
}

async function currentFileId(tx: Tx, personId: number, col: FileColumn): Promise<string | null> {
  const [row] = await tx.select({ value: profiles[col] }).from(profiles).where(eq(profiles.personId, personId));
  return (row?.value as string | null | undefined) ?? null;
}

export interface StoredColumnFile {
  col: FileColumn;
  file: FileRow;
  url: string;
  /** the id of the file this one replaced (deleted) */
  replaced: string | null;
}

/**
 * Stores a file into one of the person's file columns, inside the caller's transaction, and deletes
 * the file it replaces. `data` is the bytes or a base64 data URL (the identification section's JSON
 * form); `upload` is a file already checked with checkColumnFile (no image work inside the transaction).
 * The caller has called lockForEdit in this transaction. Open the transaction with fileTransaction so
 * that the stored objects follow a rollback or a commit.
 */
export async function storeColumnFile(
  ctx: ServiceContext,
  tx: Tx,
  input: { personId: number; col: FileColumn; data?: Buffer | string; name?: string | null; upload?: CheckedUpload },
): Promise<StoredColumnFile> {
  const { personId, col } = input;
  let upload = input.upload;
  if (!upload) {
    if (input.data === undefined) throw new Error('storeColumnFile needs data or upload');
    const data = typeof input.data === 'string' ? decodeDataUrl(input.data) : input.data;
    upload = await checkColumnFile(col, { data, name: input.name ?? null });
  }
  const file = await storeUpload(ctx, tx, { ownerId: personId, upload, purpose: col });
  const previous = await currentFileId(tx, personId, col);
  const now = ctx.clock.now();
  await tx
    .insert(profiles)
    .values({ personId, [col]: file.id, updatedAt: now } as typeof profiles.$inferInsert)
    .onConflictDoUpdate({ target: profiles.personId, set: { [col]: file.id, updatedAt: now } as ProfilePatch });
  if (previous && previous !== file.id) await deleteStoredFile(ctx, tx, previous);
  return { col, file, url: fileUrl(file.id)!, replaced: previous };
}

/**
 * Clears one of the person's file columns and deletes its file (row now, stored object once the
 * fileTransaction commits). Answers the removed file, or null when the column was empty.
 * The caller has called lockForEdit in this transaction.
 */
export async function removeColumnFile(ctx: ServiceContext, tx: Tx, personId: number, col: FileColumn): Promise<FileRow | null> {
  const current = await currentFileId(tx, personId, col);
  if (!current) return null;
  await tx
    .update(profiles)
    .set({ [col]: null, updatedAt: ctx.clock.now() } as ProfilePatch)
    .where(eq(profiles.personId, personId));
  return deleteStoredFile(ctx, tx, current);
}

export type ColumnUploadResponse = { col: FileColumn; url: string } & Record<string, string>;

/** What changes someone's files: who, on whose behalf, and, for the human resources service, why (decision 22). */
export interface FileChange {
  personId: number;
  actor: Actor;
  meta: RequestMeta;
  /** why the human resources service changes someone else's (or a closed) registration: required then, kept in the audit log */
  reason?: string | undefined;
}

/** The reason in the audit details, when there is one. */
export const withReason = (reason: string | undefined) => (reason ? { reason } : {});

/** POST /students/cv and /students/files (one's own), /hr/registrations/{id}/files (HR, with the reason): one file into a column. */
export async function uploadColumnFile(ctx: ServiceContext, input: FileChange & { col: FileColumn; file: IncomingFile }): Promise<ColumnUploadResponse> {
  const { personId, actor, col, reason } = input;
  // A closed registration is refused before any work on the file; the transaction checks again.
  await lockForEdit(ctx.db, personId, actor, reason);
  const upload = await checkColumnFile(col, input.file);
  const stored = await fileTransaction(ctx, async (tx) => {
    await lockForEdit(tx, personId, actor, reason);
    const result = await storeColumnFile(ctx, tx, { personId, col, upload });
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: actor.id,
      action: 'file.uploaded',
      targetType: 'person',
      targetId: personId,
      ip: input.meta.ip,
      details: {
        column: col,
        fileId: result.file.id,
        mime: upload.mime,
        size: result.file.size,
        originalSize: upload.originalSize,
        ...(result.replaced ? { replaced: result.replaced } : {}),
        ...withReason(reason),
      },
    });
    return result;
  });
  return { col, url: stored.url, [col]: stored.url };
}

const FILE_ID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * PATCH /students/files/remove (one's own), /hr/registrations/{id}/files/remove (HR, with the reason):
 * clears a column and deletes its file. `file`, when it names one of our files (its URL or id), must be
 * the column's current file; otherwise it is ignored.
 */
export async function removeColumnFileFor(
  ctx: ServiceContext,
  input: FileChange & { col: FileColumn; file?: string | undefined },
): Promise<FileRemoveResponse> {
  const { personId, actor, col, reason } = input;
  const named = input.file ? FILE_ID.exec(input.file)?.[1]?.toLowerCase() : undefined;
  const removed = await fileTransaction(ctx, async (tx) => {
    await lockForEdit(tx, personId, actor, reason);
    if (named) {
      const current = await currentFileId(tx, personId, col);
      if (current && current !== named) throw new AppError('NOT_FOUND');
    }
    const row = await removeColumnFile(ctx, tx, personId, col);
    if (row) {
      await audit(tx, {
        at: ctx.clock.now(),
        actorId: actor.id,
        action: 'file.removed',
        targetType: 'person',
        targetId: personId,
        ip: input.meta.ip,
        details: { column: col, fileId: row.id, mime: row.mime, size: row.size, ...withReason(reason) },
      });
    }
    return row;
  });
  // The column named by `col` answers null beside `col` and `removed`.
  return { col, removed: Boolean(removed), [col]: null } as FileRemoveResponse;
}
