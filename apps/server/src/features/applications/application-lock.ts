import { eq, sql } from 'drizzle-orm';
import { isCurrentApplicationSession, type ApplicationSession, type PersonKind, type StaffStatus } from '@portal/contract';
import type { Tx } from '../../db/client';
import { applications, applicationSessions, identifications, persons, profiles, subjectConstraints } from '../../db/schema';
import type { Actor, RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { personNameColumns } from '../../lib/person-record';
import { toApplicationSession } from './application-sessions.service';
import { refuseAccess } from '../../lib/auth';
import { isEligible } from './access';

export type ApplicationRow = typeof applications.$inferSelect;
type ConstraintRow = typeof subjectConstraints.$inferSelect;

/** An application read under its row lock, with what every change checks. */
export interface LockedApplication {
  application: ApplicationRow;
  session: ApplicationSession;
  constraint: ConstraintRow;
  person: {
    KIND: PersonKind;
    STATUS: StaffStatus | null;
    registrationClosedAt: Date | null;
    EMAIL: string | null;
    FIRSTNAME: string;
    LASTNAME: string;
    MATRICULE: string;
  };
  identifiedAt: Date | null;
  /** an NIU is on the owner's profile (tax rate 5.5 % instead of 16.5 %) */
  hasNiu: boolean;
}

/**
 * THE LOCK. Reads the application with its session, limits, owner and identification, and
 * locks the application row (SELECT ... FOR UPDATE OF applications) for the rest of the
 * transaction: every change of an application's choices, and its closure, goes through here
 * first, so concurrent changes of one application run one after another and each sees the
 * choices the previous one committed. Without it, two requests could both read two choices
 * and both add a third: limits and the hours cap would not hold.
 */
export async function lockApplication(tx: Tx, applicationId: number): Promise<LockedApplication | null> {
  const [row] = await tx
    .select({
      application: applications,
      session: applicationSessions,
      constraint: subjectConstraints,
      person: { KIND: persons.KIND, ...personNameColumns, registrationClosedAt: persons.registrationClosedAt, EMAIL: persons.EMAIL },
      identifiedAt: identifications.completedAt,
      hasNiu: sql<boolean>`coalesce(${profiles.NIU}, '') <> ''`,
    })
    .from(applications)
    .innerJoin(applicationSessions, eq(applicationSessions.id, applications.SESSION_APPLICATION_ID))
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applications.SUBJECT_CONSTRAINT_ID))
    .innerJoin(persons, eq(persons.id, applications.EMPLOYEE_ID))
    .leftJoin(identifications, eq(identifications.personId, applications.EMPLOYEE_ID))
    .leftJoin(profiles, eq(profiles.personId, applications.EMPLOYEE_ID))
    .where(eq(applications.id, applicationId))
    .for('update', { of: applications });
  if (!row) return null;
  return {
    application: row.application,
    session: toApplicationSession(row.session, row.constraint),
    constraint: row.constraint,
    person: row.person,
    identifiedAt: row.identifiedAt,
    hasNiu: row.hasNiu,
  };
}

/**
 * Choice features are open to eligible staff whose registration is closed (ACTIVED) and
 * whose photo and fingerprints are registered. Checked on init and on every change.
 */
export function assertGate(person: { KIND: string; STATUS: string | null; registrationClosedAt: Date | null }, identifiedAt: Date | null): void {
  if (!isEligible(person)) throw new AppError('NOT_ELIGIBLE');
  if (!person.registrationClosedAt) throw new AppError('REGISTRATION_NOT_CLOSED');
  if (!identifiedAt) throw new AppError('IDENTIFICATION_MISSING');
}

/**
 * The hours a person may take: the application's volume, or less when the office has
 * lowered the session's cap for the person's category since the application was made.
 */
export function allowedHours(locked: Pick<LockedApplication, 'application' | 'session' | 'person'>): number {
  const cap = locked.person.STATUS ? locked.session.HOURS[locked.person.STATUS] : 0;
  return Math.min(locked.application.TOTAL_HOURS, cap);
}

/**
 * Runs one change of an application in one transaction: lock the row, then check that the
 * actor owns it, that it is not closed, that its session is still open and the gate; then
 * `change`. Any refusal rolls everything back. A refused access is audited after the rollback.
 */
export async function changeApplication<T>(
  ctx: ServiceContext,
  input: { applicationId: number; actor: Actor; meta: RequestMeta },
  change: (tx: Tx, locked: LockedApplication) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockApplication(tx, input.applicationId);
      if (!locked) throw new AppError('NOT_FOUND');
      // Only the owner changes an application, the back office included.
      if (locked.application.EMPLOYEE_ID !== input.actor.id) throw new AppError('FORBIDDEN');
      if (locked.application.CLOSED) throw new AppError('SESSION_CLOSED');
      if (!isCurrentApplicationSession(locked.session, ctx.clock.now())) throw new AppError('NO_ACTIVE_SESSION');
      assertGate(locked.person, locked.identifiedAt);
      return change(tx, locked);
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN')
      await refuseAccess(ctx, { actor: input.actor, meta: input.meta, target: { type: 'application', id: input.applicationId } });
    throw error;
  }
}
