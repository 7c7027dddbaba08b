// THE LOCKS of enrolment (decision 38). Every change that can take a seat or count against a
// student's limit runs in one transaction that locks, in this order and each set by id:
//   1. the students' rows (persons, SELECT ... FOR UPDATE): their limit per session, their class;
//   2. the offers' rows (enrolment_offers, FOR UPDATE): their seats;
//   3. the applications' rows (FOR UPDATE): their status.
// The same order everywhere means two changes wait for each other, never in a deadlock; the seats
// and the applications are counted only once the locks are held (READ COMMITTED reads what the
// transactions before committed).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { COUNTED_ENROLMENT_STATUSES } from '@portal/contract';
import type { Tx } from '../../db/client';
import { enrolmentApplications, enrolmentOffers, persons } from '../../db/schema';
import { SEAT_HOLDING_SQL } from './enrolment-rows';

/** Locks the students' rows (1). */
export async function lockStudents(tx: Tx, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .select({ id: persons.id })
    .from(persons)
    .where(inArray(persons.id, [...new Set(ids)]))
    .orderBy(asc(persons.id))
    .for('update');
}

export type LockedOffer = typeof enrolmentOffers.$inferSelect;

/** Locks the offers' rows (2), and answers them by id. */
export async function lockOffers(tx: Tx, ids: readonly number[]): Promise<Map<number, LockedOffer>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(enrolmentOffers)
    .where(inArray(enrolmentOffers.id, [...new Set(ids)]))
    .orderBy(asc(enrolmentOffers.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** The seats held in an offer (pending and accepted applications): read under the offer's lock. */
export async function seatsHeld(tx: Tx, offerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(enrolmentApplications)
    .where(and(eq(enrolmentApplications.offerId, offerId), sql`${enrolmentApplications.status} in (${SEAT_HOLDING_SQL})`));
  return row?.n ?? 0;
}

/** How many applications a student has running in a session (COUNTED_ENROLMENT_STATUSES): read under the student's lock. */
export async function runningApplications(tx: Tx, input: { studentId: number; sessionId: number }): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(enrolmentApplications)
    .where(
      and(
        eq(enrolmentApplications.studentId, input.studentId),
        eq(enrolmentApplications.sessionId, input.sessionId),
        inArray(enrolmentApplications.status, [...COUNTED_ENROLMENT_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

export type LockedApplication = typeof enrolmentApplications.$inferSelect;

/** Locks the applications' rows (3). */
export async function lockApplications(tx: Tx, ids: readonly number[]): Promise<LockedApplication[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(enrolmentApplications)
    .where(inArray(enrolmentApplications.id, [...new Set(ids)]))
    .orderBy(asc(enrolmentApplications.id))
    .for('update');
}
