import { and, asc, eq } from 'drizzle-orm';
import type { DocumentDeleted, DocumentFields, DocumentRecord } from '@portal/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { documents, type DocumentRow } from '../../db/schema';
import { audit } from '../../lib/audit';
import { refuseAccess } from '../../lib/auth';
import type { ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { checkUpload, deleteStoredFile, fileTransaction, storeUpload, type CheckedUpload, type IncomingFile } from '../../lib/uploads';
import { lockForEdit } from './registration-lock';
import { withReason, type FileChange } from './registration-files.service';
import { fileUrl } from '../../lib/person-record';

export type DocumentInput = z.output<typeof DocumentFields>;

export function toDocumentRecord(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    DESIGNATION: row.DESIGNATION,
    SPECIALITY: row.SPECIALITY,
    LEVEL: row.LEVEL,
    LANGUAGE: row.LANGUAGE,
    OBTENEDDATE: row.OBTENEDDATE,
    OBTENEDSTAB: row.OBTENEDSTAB,
    FILE: fileUrl(row.fileId)!,
    PIECE_TYPE: row.PIECE_TYPE,
    IS_LAST: row.isLast,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A person's diplomas and civil-status pieces, oldest first. */
export async function listDocuments(ctx: ServiceContext, personId: number, exec: Executor = ctx.db): Promise<DocumentRecord[]> {
  const rows = await exec.select().from(documents).where(eq(documents.personId, personId)).orderBy(asc(documents.createdAt), asc(documents.id));
  return rows.map(toDocumentRecord);
}

/**
 * What a delete or mark request names: the document, and whose it is. `personId` is the person the
 * route let the actor act on: the actor themself on their own routes (someone else's document is then
 * refused, 403 audited), the person of the HR route's path (with the reason).
 */
interface DocumentAction extends FileChange {
  id: number;
}

/**
 * The document named, if it is `personId`'s: on one's own routes someone else's document is refused
 * (403, audited), not hidden; an unknown one, or on the HR routes one of another person, is 404.
 */
async function documentToActOn(ctx: ServiceContext, input: DocumentAction): Promise<DocumentRow> {
  const { actor, meta, personId } = input;
  const [document] = await ctx.db.select().from(documents).where(eq(documents.id, input.id)).limit(1);
  if (!document) throw new AppError('NOT_FOUND');
  if (document.personId !== personId) {
    if (personId === actor.id) return refuseAccess(ctx, { actor, meta, details: { requestedId: document.personId, documentId: document.id } });
    throw new AppError('NOT_FOUND');
  }
  return document;
}

/** A document's file, checked (PDF, JPEG or PNG; images downscaled), named after its designation. */
export function checkDocumentFile(fields: DocumentInput, file: IncomingFile): Promise<CheckedUpload> {
  return checkUpload({ data: file.data, name: file.name ?? fields.DESIGNATION }, { fallbackName: fields.PIECE_TYPE.toLowerCase() });
}

/**
 * Creates documents for one person, all or nothing: each file stored (409 FILE_EXISTS for bytes the
 * person already gave), each row written, in one transaction locked by the registration.
 */
export async function createDocuments(
  ctx: ServiceContext,
  input: FileChange & { items: { fields: DocumentInput; file: IncomingFile }[] },
): Promise<DocumentRecord[]> {
  const { personId, actor, reason } = input;
  // A closed registration is refused before any work on the files; the transaction checks again.
  await lockForEdit(ctx.db, personId, actor, reason);
  const prepared: { fields: DocumentInput; upload: CheckedUpload }[] = [];
  for (const item of input.items) prepared.push({ fields: item.fields, upload: await checkDocumentFile(item.fields, item.file) });

  return fileTransaction(ctx, async (tx) => {
    await lockForEdit(tx, personId, actor, reason);
    const created: DocumentRecord[] = [];
    for (const { fields, upload } of prepared) {
      const file = await storeUpload(ctx, tx, { ownerId: personId, upload, purpose: 'DOCUMENT' });
      const diploma = fields.PIECE_TYPE === 'DIPL_CERT';
      const [row] = await tx
        .insert(documents)
        .values({
          personId,
          PIECE_TYPE: fields.PIECE_TYPE,
          DESIGNATION: fields.DESIGNATION!,
          // Speciality, level and language only describe diplomas.
          SPECIALITY: diploma ? fields.SPECIALITY : null,
          LEVEL: diploma ? fields.LEVEL : null,
          LANGUAGE: diploma ? fields.LANGUAGE : null,
          OBTENEDDATE: fields.OBTENEDDATE,
          OBTENEDSTAB: fields.OBTENEDSTAB,
          fileId: file.id,
          createdAt: ctx.clock.now(),
        })
        .returning();
      await audit(tx, {
        at: ctx.clock.now(),
        actorId: actor.id,
        action: 'document.uploaded',
        targetType: 'person',
        targetId: personId,
        ip: input.meta.ip,
        details: { documentId: row!.id, pieceType: row!.PIECE_TYPE, fileId: file.id, mime: file.mime, size: file.size, ...withReason(reason) },
      });
      created.push(toDocumentRecord(row!));
    }
    return created;
  });
}

/** `POST /documents/delete`: deletes a document and its file (the stored object once the transaction commits). */
export async function deleteDocument(ctx: ServiceContext, input: DocumentAction): Promise<DocumentDeleted> {
  const document = await documentToActOn(ctx, input);
  const { actor, reason } = input;
  await fileTransaction(ctx, async (tx) => {
    await lockForEdit(tx, document.personId, actor, reason);
    const [row] = await tx.delete(documents).where(eq(documents.id, document.id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    const file = await deleteStoredFile(ctx, tx, row.fileId);
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: actor.id,
      action: 'document.deleted',
      targetType: 'person',
      targetId: row.personId,
      ip: input.meta.ip,
      details: {
        documentId: row.id,
        pieceType: row.PIECE_TYPE,
        fileId: row.fileId,
        ...(file ? { mime: file.mime, size: file.size } : {}),
        ...withReason(reason),
      },
    });
  });
  return { id: document.id, deleted: true };
}

/**
 * `PATCH /students/update/diploma`: marks a diploma as the person's last one, clearing the previous
 * mark in the same transaction (a partial unique index allows one mark per person). Only a DIPL_CERT can be marked.
 */
export async function markLastDiploma(ctx: ServiceContext, input: DocumentAction): Promise<DocumentRecord> {
  const document = await documentToActOn(ctx, input);
  const { actor, reason } = input;
  if (document.PIECE_TYPE !== 'DIPL_CERT') throw validationError({ id: 'validation.invalid' });
  return ctx.db.transaction(async (tx) => {
    await lockForEdit(tx, document.personId, actor, reason);
    await tx
      .update(documents)
      .set({ isLast: false })
      .where(and(eq(documents.personId, document.personId), eq(documents.isLast, true)));
    const [row] = await tx.update(documents).set({ isLast: true }).where(eq(documents.id, document.id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: actor.id,
      action: 'document.lastDiploma',
      targetType: 'person',
      targetId: row.personId,
      ip: input.meta.ip,
      details: { documentId: row.id, ...withReason(reason) },
    });
    return toDocumentRecord(row);
  });
}
