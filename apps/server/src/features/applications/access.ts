import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorCan, refuseAccess } from '../../lib/auth';
import type { Acting, Actor, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';

/** Who reads anyone's applications (the academic office and administrators). */
export const readsAnyApplication = (actor: Actor) => actorCan(actor, 'applications.readAny');

/** Staff with a category (permanent, part-time, intern, support) apply for subjects; students do not. */
export const isEligible = (person: { KIND: string; STATUS: string | null }) => person.KIND === 'STAFF' && person.STATUS !== null;

/** The owner of something, or the academic office and administrators; anyone else is refused (403, audited). */
export async function assertOwnerOrReader(
  ctx: ServiceContext,
  { actor, meta }: Acting,
  ownerId: number,
  target: { type: string; id: number | string },
): Promise<void> {
  if (ownerId === actor.id || readsAnyApplication(actor)) return;
  await refuseAccess(ctx, { actor, meta, target });
}

/**
 * preHandler: a signed-in person who may apply (staff with a category), or a reader of
 * everyone's applications; students and others get 403 NOT_ELIGIBLE.
 */
export function requireApplicant(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (!isEligible(request.person) && !readsAnyApplication(request.actor)) throw new AppError('NOT_ELIGIBLE');
  };
}
