import { and, desc, eq, lte } from 'drizzle-orm';
import { isCurrentApplicationSession, type ApplicationSession } from '@portal/contract';
import { applicationSessions, subjectConstraints } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

type SessionRow = typeof applicationSessions.$inferSelect;
type ConstraintRow = typeof subjectConstraints.$inferSelect;

export function toApplicationSession(session: SessionRow, constraint: ConstraintRow): ApplicationSession {
  return {
    id: session.id,
    DESIGNATION: session.DESIGNATION,
    DESIGNATION_FR: session.DESIGNATION_FR,
    START_DATE: session.START_DATE.toISOString(),
    END_DATE: session.END_DATE?.toISOString() ?? null,
    MANUAL_CLOSURE: session.MANUAL_CLOSURE,
    ACTIVED: session.ACTIVED,
    SUBJECT_CONSTRAINT_ID: session.SUBJECT_CONSTRAINT_ID,
    SubjectConstraint: constraint,
    HOURS: { PERMANENT: session.hoursPermanent, VACATAIRE: session.hoursVacataire, STAGIAIRE: session.hoursStagiaire, STAFF: session.hoursStaff },
  };
}

/** The session open now (active, started, not ended, not closed by hand), or null. */
export async function currentApplicationSession(ctx: ServiceContext): Promise<ApplicationSession | null> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ session: applicationSessions, constraint: subjectConstraints })
    .from(applicationSessions)
    .innerJoin(subjectConstraints, eq(subjectConstraints.id, applicationSessions.SUBJECT_CONSTRAINT_ID))
    .where(and(eq(applicationSessions.ACTIVED, true), eq(applicationSessions.MANUAL_CLOSURE, false), lte(applicationSessions.START_DATE, now)))
    .orderBy(desc(applicationSessions.START_DATE));
  const open = rows.map((r) => toApplicationSession(r.session, r.constraint)).find((s) => isCurrentApplicationSession(s, now));
  return open ?? null;
}
