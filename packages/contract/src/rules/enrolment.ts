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
