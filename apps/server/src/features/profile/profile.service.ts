import type { PersonRecord } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { loadPersonRecord, toPersonRecord, type RecordRow } from '../../lib/person-record';

/**
 * `GET /students/{id}`: a person's record. One's own is built from what the session lookup
 * already read (`own`), with no query; anyone else's is read (404 when unknown).
 */
export async function personRecord(ctx: ServiceContext, input: { personId: number; own: RecordRow }): Promise<PersonRecord> {
  if (input.personId === input.own.person.id) return toPersonRecord(input.own);
  const record = await loadPersonRecord(ctx.db, input.personId);
  if (!record) throw new AppError('NOT_FOUND');
  return record;
}
