import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { persons, type Person } from '../../db/schema';
import { actorCan } from '../../lib/auth';
import type { Actor } from '../../lib/context';
import { AppError } from '../../lib/errors';

/** Who may change a closed registration (with a reason, recorded in the audit log): the human resources service. */
export const canEditClosed = (actor: Actor) => actorCan(actor, 'registrations.manage');

/** Locks the person's row for the rest of the transaction. */
export async function lockPerson(tx: Executor, personId: number): Promise<Person> {
  const [person] = await tx.select().from(persons).where(eq(persons.id, personId)).for('update');
  if (!person) throw new AppError('NOT_FOUND');
  return person;
}

/**
 * Locks the person's row for the rest of the transaction and checks that the registration
 * may be changed by this actor: once closed (registrationClosedAt), only the human resources service may.
 * Every write to a person's HR data goes through here, inside its transaction.
 */
export async function lockForEdit(tx: Executor, personId: number, actor: Actor): Promise<Person> {
  const person = await lockPerson(tx, personId);
  if (person.registrationClosedAt && !canEditClosed(actor)) throw new AppError('REGISTRATION_CLOSED');
  return person;
}
