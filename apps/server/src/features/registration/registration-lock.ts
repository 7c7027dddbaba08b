import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { persons, type Person } from '../../db/schema';
import { actorCan } from '../../lib/auth';
import type { Actor } from '../../lib/context';
import { AppError } from '../../lib/errors';

/** Who may change someone else's registration, or a closed one (with a reason, recorded in the audit log): the human resources service. */
export const canEditClosed = (actor: Actor) => actorCan(actor, 'registrations.manage');

/** Locks the person's row for the rest of the transaction. */
export async function lockPerson(tx: Executor, personId: number): Promise<Person> {
  const [person] = await tx.select().from(persons).where(eq(persons.id, personId)).for('update');
  if (!person) throw new AppError('NOT_FOUND');
  return person;
}

/**
 * Locks the person's row for the rest of the transaction and checks that the registration may be
 * changed by this actor (decisions 12 and 22): the person themself while it is open; the human
 * resources service with a reason, always (someone else's, or a closed one). Every write to a
 * person's HR data (sections, files, documents) goes through here, inside its transaction. The
 * routes refuse (and audit) someone else first; this is the rule's last word.
 */
export async function lockForEdit(tx: Executor, personId: number, actor: Actor, reason?: string): Promise<Person> {
  const person = await lockPerson(tx, personId);
  const byHr = canEditClosed(actor) && Boolean(reason?.trim());
  if (person.id !== actor.id && !byHr) throw new AppError('FORBIDDEN');
  if (person.registrationClosedAt && !byHr) throw new AppError('REGISTRATION_CLOSED');
  return person;
}
