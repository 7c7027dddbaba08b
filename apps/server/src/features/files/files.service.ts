import { eq } from 'drizzle-orm';
import { UPLOAD_EXTENSIONS, type UploadType } from '@portal/contract/rules';
import { files, type FileRow } from '../../db/schema';
import { actorCan, selfOrPermitted } from '../../lib/auth';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { safeFileName } from '../../lib/uploads';

/** The name a stored file is served under (Content-Disposition). */
function servedName(row: FileRow): string {
  return safeFileName(row.originalName, UPLOAD_EXTENSIONS[row.mime as UploadType] ?? 'bin');
}

/**
 * `GET /files/{id}`: a stored file, to its owner, the human resources service (`persons.readFull`),
 * and, for an identification photo, to whoever reads photos (`photos.readAny`); anyone else 403, audited.
 * An unknown id, or a file whose stored object is missing (logged), is 404.
 */
export async function readFile(
  ctx: ServiceContext,
  input: { id: string; actor: Actor; meta: RequestMeta },
): Promise<{ data: Buffer; mime: string; name: string }> {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, input.id.toLowerCase())).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  if (!(row.purpose === 'PHOTO' && actorCan(input.actor, 'photos.readAny'))) {
    await selfOrPermitted(ctx, { actor: input.actor, meta: input.meta, id: row.ownerId, permission: 'persons.readFull' });
  }
  return storedFileContent(ctx, row);
}

/**
 * A stored file's bytes, type and the name to serve it under, for a caller that has decided who may
 * read it (the request attachments: decision 32). A file whose stored object is missing is 404 (logged).
 */
export async function storedFileContent(ctx: ServiceContext, row: FileRow): Promise<{ data: Buffer; mime: string; name: string }> {
  let data: Buffer;
  try {
    data = await ctx.storage.get(row.storageKey);
  } catch (error) {
    ctx.log.error({ err: error, fileId: row.id }, 'stored file missing');
    throw new AppError('NOT_FOUND');
  }
  return { data, mime: row.mime, name: servedName(row) };
}
