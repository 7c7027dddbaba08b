import { and, eq, notExists } from 'drizzle-orm';
import type { RequestAttachment, RequestVerification } from '@portal/contract';
import type { Executor } from '../../db/client';
import { files, requests, requestSubcategories, type FileRow } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { loadInstitution } from '../../lib/institution';
import { checkUpload, fileTransaction, storeUpload, type IncomingFile } from '../../lib/uploads';
import { storedFileContent } from '../files/files.service';
import { requestFormPdf } from './request-form';
import { assertCanViewRequest, loadRequest, REQUEST_ATTACHMENT_PURPOSE } from './requests.service';

const toAttachment = (row: FileRow): RequestAttachment => ({ id: row.id, name: row.originalName ?? 'attachment', mime: row.mime, size: row.size });

/** The author's draft attachment with these bytes (same SHA-256) that no request names yet, if any. */
async function unusedDraft(exec: Executor, ownerId: number, sha256: string): Promise<FileRow | null> {
  const [row] = await exec
    .select()
    .from(files)
    .where(
      and(
        eq(files.ownerId, ownerId),
        eq(files.sha256, sha256),
        eq(files.purpose, REQUEST_ATTACHMENT_PURPOSE),
        notExists(exec.select({ id: requests.id }).from(requests).where(eq(requests.REQUEST_FILE, files.id))),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * `POST /requests/attachments` (decision 32): a PDF, JPEG or PNG (by content) the actor will file
 * with a request (`REQUEST_FILE`), stored as a draft attachment. The same bytes already uploaded as
 * a draft no request names answer that draft (`created: false`), so that a form reloaded in the
 * browser may send its file again; the same bytes as any other file of theirs (a filed request's
 * attachment, a CV ...) are 409 FILE_EXISTS.
 */
export async function uploadRequestAttachment(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta; file: IncomingFile },
): Promise<{ attachment: RequestAttachment; created: boolean }> {
  const { actor } = input;
  const upload = await checkUpload(input.file, { fallbackName: 'attachment' });
  return fileTransaction(ctx, async (tx) => {
    let row: FileRow;
    try {
      row = await storeUpload(ctx, tx, { ownerId: actor.id, upload, purpose: REQUEST_ATTACHMENT_PURPOSE });
    } catch (error) {
      // storeUpload refuses the same bytes twice (also when a concurrent upload just stored them): a draft is answered again.
      if (!(error instanceof AppError && error.code === 'FILE_EXISTS')) throw error;
      const draft = await unusedDraft(tx, actor.id, upload.sha256);
      if (!draft) throw error;
      return { attachment: toAttachment(draft), created: false };
    }
    await audit(tx, {
      at: ctx.clock.now(),
      actorId: actor.id,
      action: 'file.uploaded',
      targetType: 'person',
      targetId: actor.id,
      ip: input.meta.ip,
      details: { purpose: REQUEST_ATTACHMENT_PURPOSE, fileId: row.id, mime: upload.mime, size: row.size, originalSize: upload.originalSize },
    });
    return { attachment: toAttachment(row), created: true };
  });
}

/** `GET /requests/{id}/file`: the request's attachment, to whoever may see the request (403 audited otherwise); 404 when it has none. */
export async function requestAttachmentFile(
  ctx: ServiceContext,
  input: { actor: Actor; meta: RequestMeta; id: number },
): Promise<{ data: Buffer; mime: string; name: string }> {
  await assertCanViewRequest(ctx, input);
  const [found] = await ctx.db.select({ file: files }).from(requests).innerJoin(files, eq(files.id, requests.REQUEST_FILE)).where(eq(requests.id, input.id));
  if (!found) throw new AppError('NOT_FOUND');
  return storedFileContent(ctx, found.file);
}

/**
 * `GET /requests/{id}/form`: the printable request (A4 PDF, French and English), to whoever may see
 * the request (403 audited otherwise); its QR code opens the public verification page.
 */
export async function requestForm(ctx: ServiceContext, input: { actor: Actor; meta: RequestMeta; id: number }): Promise<{ data: Buffer; reference: string }> {
  await assertCanViewRequest(ctx, input);
  const request = (await loadRequest(ctx.db, input.id))!;
  const [sub] = await ctx.db
    .select({ display: requestSubcategories.display })
    .from(requestSubcategories)
    .where(eq(requestSubcategories.id, request.subcategory.id));
  const data = await requestFormPdf({
    request,
    display: sub!.display,
    institution: await loadInstitution(ctx.db),
    verificationUrl: `${ctx.config.publicUrl}${request.verificationUrl}`,
  });
  return { data, reference: request.REQUEST_ID };
}

/** `GET /public/requests/{token}`: what the printed form's QR code shows anyone: the reference, the filing instant and the current status, nothing else. */
export async function verifyRequest(ctx: ServiceContext, input: { token: string }): Promise<RequestVerification> {
  const [row] = await ctx.db
    .select({ REQUEST_ID: requests.REQUEST_ID, filedAt: requests.filedAt, REQUEST_STATUS: requests.REQUEST_STATUS })
    .from(requests)
    .where(eq(requests.verificationToken, input.token));
  if (!row) throw new AppError('NOT_FOUND');
  return { REQUEST_ID: row.REQUEST_ID, filedAt: row.filedAt.toISOString(), REQUEST_STATUS: row.REQUEST_STATUS };
}
