// Students' enrolment applications (issue 13, decision 38): an enrolment session opened by the
// academic office offers classes and optional subjects, each with a capacity; a student applies,
// the office accepts, waitlists or refuses.

/** What an offer of an enrolment session is: a class to join, or an optional subject to follow. */
export const ENROLMENT_OFFER_KINDS = ['CLASS', 'SUBJECT'] as const;
export type EnrolmentOfferKind = (typeof ENROLMENT_OFFER_KINDS)[number];

/**
 * An enrolment application's status. PENDING and ACCEPTED hold one of the offer's seats: their
 * number never exceeds the offer's capacity (locked in the database). WAITLISTED, REFUSED and
 * WITHDRAWN hold none; a waitlisted application is accepted only into a free seat.
 */
export const ENROLMENT_STATUSES = ['PENDING', 'ACCEPTED', 'WAITLISTED', 'REFUSED', 'WITHDRAWN'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export const SEAT_HOLDING_STATUSES: readonly EnrolmentStatus[] = ['PENDING', 'ACCEPTED'];

/** The office's decisions and the status each gives. */
export const ENROLMENT_DECISION_NAMES = ['ACCEPT', 'WAITLIST', 'REFUSE'] as const;
export type EnrolmentDecision = (typeof ENROLMENT_DECISION_NAMES)[number];
export const ENROLMENT_DECISIONS: Record<EnrolmentDecision, EnrolmentStatus> = { ACCEPT: 'ACCEPTED', WAITLIST: 'WAITLISTED', REFUSE: 'REFUSED' };

/** The most offers a student may apply to in one session, and the largest capacity of an offer. */
export const MAX_ENROLMENT_APPLICATIONS = 10;
export const MAX_OFFER_CAPACITY = 5000;

/**
 * The applications a student has running in a session: what the session's maxApplications counts.
 * A refused or withdrawn application no longer counts (the student may apply elsewhere instead).
 */
export const COUNTED_ENROLMENT_STATUSES: readonly EnrolmentStatus[] = ['PENDING', 'ACCEPTED', 'WAITLISTED'];
/** What the office decides on: a pending or waitlisted application (an accepted, refused or withdrawn one is final). */
export const DECIDABLE_ENROLMENT_STATUSES: readonly EnrolmentStatus[] = ['PENDING', 'WAITLISTED'];
/** What the student may withdraw: an application not decided yet, or waitlisted. */
export const WITHDRAWABLE_ENROLMENT_STATUSES: readonly EnrolmentStatus[] = ['PENDING', 'WAITLISTED'];

/** Where an enrolment session stands at an instant: not started, open, past its end, or closed by the office. */
export const ENROLMENT_SESSION_STATES = ['UPCOMING', 'OPEN', 'ENDED', 'CLOSED'] as const;
export type EnrolmentSessionState = (typeof ENROLMENT_SESSION_STATES)[number];

/** The state of a session (its instants as ISO strings or dates) at `now`: closed first, then by its dates (start included, end excluded). */
export function enrolmentSessionState(
  session: { startsAt: string | Date; endsAt: string | Date; closedAt: string | Date | null },
  now: Date,
): EnrolmentSessionState {
  if (session.closedAt !== null) return 'CLOSED';
  const at = now.getTime();
  if (at < new Date(session.startsAt).getTime()) return 'UPCOMING';
  if (at >= new Date(session.endsAt).getTime()) return 'ENDED';
  return 'OPEN';
}

/** How long after its end (or closure) a session still shows on the students' page, its outcome with it. */
export const ENROLMENT_RECENT_DAYS = 30;
/** The most applications one decision names. */
export const ENROLMENT_BULK_MAX = 200;
/** The longest name of a session. */
export const ENROLMENT_NAME_MAX = 150;
