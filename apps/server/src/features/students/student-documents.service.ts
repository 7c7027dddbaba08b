import { and, eq } from 'drizzle-orm';
import {
  MAX_STUDENT_DOCUMENTS_PER_KIND,
  SINGLE_STUDENT_DOCUMENTS,
  type DocumentDeleted,
  type StudentDocument,
  type StudentDocumentFields,
} from '@portal/contract';
import { studentDocuments } from '../../db/schema';
import { audit } from '../../lib/audit';
import { refuseAccess } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { checkUpload, deleteStoredFile, fileTransaction, storeUpload, type IncomingFile } from '../../lib/uploads';
import { lockStudent, toStudentDocument } from './students.service';

/** What the stored files of a student's documents are recorded as (files.purpose). */
export const STUDENT_DOCUMENT_PURPOSE = 'STUDENT_DOCUMENT';

/**
 * `POST /students/documents`: a file the student uploads for their own file. Checked by its content
 * before any transaction (PDF, JPEG or PNG; a CV only as a PDF: CV_NOT_PDF; a PDF with scripts
 * refused; images re-encoded). Then, with the student's row locked: at most
 * MAX_STUDENT_DOCUMENTS_PER_KIND of a kind (STUDENT_DOCUMENTS_LIMIT); the same bytes twice refused
 * (FILE_EXISTS); a new CV or birth certificate replaces the old one, whose stored file goes once the
 * transaction commits.
 */
export async function addStudentDocument(
  ctx: ServiceContext,
  input: { personId: number; actor: Actor; fields: StudentDocumentFields; file: IncomingFile; meta: RequestMeta },
): Promise<StudentDocument> {
  const { personId, fields } = input;
  const kind = fields.KIND;
  const name = input.file.name ?? fields.LABEL ?? null;
  const upload = await checkUpload(
    { data: input.file.data, name },
    kind === 'CV' ? { allowed: ['application/pdf'], col: 'CV_LINK', fallbackName: 'cv' } : { fallbackName: kind.toLowerCase().replace('_', '-') },
  );
  return fileTransaction(ctx, async (tx) => {
    await lockStudent(tx, personId);
    const single = SINGLE_STUDENT_DOCUMENTS.includes(kind);
    const held = await tx
      .select()
      .from(studentDocuments)
      .where(and(eq(studentDocuments.personId, personId), eq(studentDocuments.kind, kind)));
    if (!single && held.length >= MAX_STUDENT_DOCUMENTS_PER_KIND)
      throw new AppError('STUDENT_DOCUMENTS_LIMIT', { limit: { limit: MAX_STUDENT_DOCUMENTS_PER_KIND } });
    const file = await storeUpload(ctx, tx, { ownerId: personId, upload, purpose: STUDENT_DOCUMENT_PURPOSE });
    const replaced = single ? held[0] : undefined;
    if (replaced) {
      await tx.delete(studentDocuments).where(eq(studentDocuments.id, replaced.id));
      await deleteStoredFile(ctx, tx, replaced.fileId);
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(studentDocuments)
      .values({ personId, kind, label: fields.LABEL ?? null, year: kind === 'DIPLOMA' ? (fields.YEAR ?? null) : null, fileId: file.id, createdAt: now })
      .returning();
    await audit(tx, {
      at: now,
      actorId: input.actor.id,
      action: 'studentFile.document-uploaded',
      targetType: 'person',
      targetId: personId,
      ip: input.meta.ip,
      details: {
        documentId: row!.id,
        kind,
        fileId: file.id,
        mime: file.mime,
        size: file.size,
        originalSize: upload.originalSize,
        ...(replaced ? { replaced: replaced.id } : {}),
      },
    });
    return toStudentDocument(row!, file);
  });
}

/**
 * `DELETE /students/documents/{id}`: one of the student's own documents and its file (the stored
 * object once the transaction commits). Someone else's document is refused (403, audited), an unknown one 404.
 */
export async function deleteStudentDocument(ctx: ServiceContext, input: { id: number; actor: Actor; meta: RequestMeta }): Promise<DocumentDeleted> {
  const { actor, meta } = input;
  const [document] = await ctx.db.select().from(studentDocuments).where(eq(studentDocuments.id, input.id)).limit(1);
  if (!document) throw new AppError('NOT_FOUND');
  if (document.personId !== actor.id) return refuseAccess(ctx, { actor, meta, details: { requestedId: document.personId, studentDocumentId: document.id } });
  await fileTransaction(ctx, async (tx) => {
    await lockStudent(tx, document.personId);
    const [row] = await tx.delete(studentDocuments).where(eq(studentDocuments.id, document.id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    const file = await deleteStoredFile(ctx, tx, row.fileId);
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: actor.id,
      action: 'studentFile.document-deleted',
      targetType: 'person',
      targetId: row.personId,
      ip: meta.ip,
      details: { documentId: row.id, kind: row.kind, fileId: row.fileId, ...(file ? { mime: file.mime, size: file.size } : {}) },
    });
  });
  return { id: document.id, deleted: true };
}
