// A candidate's documents (decision 42): one of each kind (CANDIDATE_DOCUMENT_KINDS), checked by
// their content, stored under a key the server makes; a new one replaces the old. Candidates are not
// persons: their files are `candidate_documents` rows, not `files` rows.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CANDIDATE_DOCUMENT_MAX_BYTES,
  CANDIDATE_DOCUMENT_TYPES,
  UPLOAD_EXTENSIONS,
  V,
  type CandidateDocument,
  type CandidateDocumentKind,
  type UploadType,
} from '@portal/contract';
import { candidateDocuments, candidates } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { loadInstitution } from '../../lib/institution';
import { checkUpload, dropAfterCommit, dropOnRollback, fileTransaction, safeFileName, type IncomingFile } from '../../lib/uploads';
import { candidateFile, ownDocumentUrl } from './candidate-file.service';
import { candidateSlipPdf } from './candidate-slip';

/** The names a kind's file is given when the sender's name says nothing. */
const FALLBACK_NAMES: Record<CandidateDocumentKind, string> = { PHOTO: 'photo', BIRTH_CERTIFICATE: 'birth-certificate', DIPLOMA: 'diploma' };

/**
 * `POST /candidate/documents/{kind}`: the candidate's own document of a kind. Checked before any
 * transaction: at most CANDIDATE_DOCUMENT_MAX_BYTES (413 FILE_TOO_LARGE), a type the kind accepts by
 * the file's bytes, never its name (415 FILE_TYPE_REFUSED), images re-encoded. Then, the candidate's
 * row locked: the same bytes as the current document of that kind are 409 FILE_EXISTS; the new one
 * is stored under `candidates/<id>/<random>` and replaces the old, whose stored object goes once the
 * transaction commits. It is SUBMITTED again, the office's note gone. A closed entrance does not stop
 * uploads: the office may ask for a replacement after the deadline.
 */
export async function uploadCandidateDocument(
  ctx: ServiceContext,
  input: { candidateId: number; kind: CandidateDocumentKind; file: IncomingFile },
): Promise<CandidateDocument> {
  const { candidateId, kind, file } = input;
  if (file.data.length > CANDIDATE_DOCUMENT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { fields: { FILE: V.fileTooLarge } });
  const upload = await checkUpload(file, { allowed: CANDIDATE_DOCUMENT_TYPES[kind], fallbackName: FALLBACK_NAMES[kind] });
  const row = await fileTransaction(ctx, async (tx) => {
    // One upload of a candidate at a time (the row's key stays shareable: payments still reference it).
    const [candidate] = await tx.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, candidateId)).for('no key update');
    if (!candidate) throw new AppError('NOT_FOUND');
    const [current] = await tx
      .select()
      .from(candidateDocuments)
      .where(and(eq(candidateDocuments.candidateId, candidateId), eq(candidateDocuments.kind, kind)));
    if (current?.sha256 === upload.sha256) throw new AppError('FILE_EXISTS');
    const storageKey = `candidates/${candidateId}/${randomUUID()}`;
    await ctx.storage.put(storageKey, upload.data);
    dropOnRollback(tx, storageKey);
    const values = {
      sha256: upload.sha256,
      mime: upload.mime,
      size: upload.data.length,
      storageKey,
      originalName: upload.name,
      status: 'SUBMITTED' as const,
      note: null,
      uploadedAt: ctx.clock.now(),
      checkedAt: null,
    };
    const [saved] = await tx
      .insert(candidateDocuments)
      .values({ candidateId, kind, ...values })
      .onConflictDoUpdate({ target: [candidateDocuments.candidateId, candidateDocuments.kind], set: values })
      .returning();
    if (current) dropAfterCommit(tx, current.storageKey);
    return saved!;
  });
  return { kind, status: row.status, note: row.note, mime: row.mime, size: row.size, uploadedAt: row.uploadedAt.toISOString(), url: ownDocumentUrl(kind) };
}

/** `GET /candidate/documents/{kind}`: the content of one's own document of a kind (404 when there is none), as `sendStoredFile` answers it. */
export async function candidateDocumentContent(
  ctx: ServiceContext,
  input: { candidateId: number; kind: CandidateDocumentKind },
): Promise<{ data: Buffer; mime: string; name: string }> {
  const [row] = await ctx.db
    .select()
    .from(candidateDocuments)
    .where(and(eq(candidateDocuments.candidateId, input.candidateId), eq(candidateDocuments.kind, input.kind)));
  if (!row) throw new AppError('NOT_FOUND');
  const ext = UPLOAD_EXTENSIONS[row.mime as UploadType] ?? 'bin';
  return { data: await ctx.storage.get(row.storageKey), mime: row.mime, name: safeFileName(row.originalName, ext, FALLBACK_NAMES[input.kind]) };
}

/** `GET /candidate/slip`: the candidate's registration slip (A4 PDF, French and English, with its QR code). */
export async function registrationSlip(ctx: ServiceContext, input: { candidateId: number }): Promise<{ data: Buffer; candidateNumber: string }> {
  const candidate = await candidateFile(ctx.db, { candidateId: input.candidateId, documentUrl: ownDocumentUrl });
  const data = await candidateSlipPdf({ candidate, institution: await loadInstitution(ctx.db), printedAt: ctx.clock.now() });
  return { data, candidateNumber: candidate.CANDIDATE_NUMBER };
}
