import type { PersonAnswer, PersonRecord, PersonSummary } from '@portal/contract';
import { actorCan } from '../../lib/auth';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { loadPersonRecord, ownRecordOf, type RecordRow } from '../../lib/person-record';

/** Someone else's record narrowed to what the offices that do not manage registrations need (decision 22). */
export function toPersonSummary(record: PersonRecord): PersonSummary {
  const { id, STUDENT_ID, MATRICULE, KIND, STATUS, ACTIVED, DENOMINATION, FIRSTNAME, LASTNAME, GENDER, TITLE, GRADES, SPECIALITY, IDENTIFIED } = record;
  return { id, STUDENT_ID, MATRICULE, KIND, STATUS, ACTIVED, DENOMINATION, FIRSTNAME, LASTNAME, GENDER, TITLE, GRADES, SPECIALITY, IDENTIFIED, SUMMARY: true };
}

/**
 * `GET /students/{id}`: a person's record. One's own is built from what the session lookup
 * already read (`own`), with no query. Anyone else's is read (404 when unknown), whole for the
 * human resources service (`persons.readFull`), as a summary for the other offices that may read
 * it (`persons.readSummary`; the route refused everyone else).
 */
export async function personRecord(ctx: ServiceContext, input: { personId: number; own: RecordRow; actor: Actor }): Promise<PersonAnswer> {
  if (input.personId === input.own.person.id) return ownRecordOf(input.own);
  const record = await loadPersonRecord(ctx.db, input.personId);
  if (!record) throw new AppError('NOT_FOUND');
  return actorCan(input.actor, 'persons.readFull') ? record : toPersonSummary(record);
}
