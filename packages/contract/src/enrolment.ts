// Students' enrolment (issue 13, decision 38): enrolment sessions the academic office opens, the
// classes and optional subjects each offers with their seats, the students' applications and the
// office's decisions on them. (The lecturers' subject-choice session is an *application session*.)
import { z } from 'zod';
import { id, isoDate, pageNumber, required, wholeNumber } from './common';
import {
  ENROLMENT_BULK_MAX,
  ENROLMENT_DECISION_NAMES,
  ENROLMENT_NAME_MAX,
  ENROLMENT_OFFER_KINDS,
  ENROLMENT_SESSION_STATES,
  ENROLMENT_STATUSES,
  MAX_ENROLMENT_APPLICATIONS,
  MAX_OFFER_CAPACITY,
} from './rules/enrolment';
import { LIST_PAGE_SIZE } from './rules/limits';
import { V } from './rules/validation';

export const EnrolmentOfferKind = z.enum(ENROLMENT_OFFER_KINDS, { error: V.invalid });
export type EnrolmentOfferKind = z.infer<typeof EnrolmentOfferKind>;
export const EnrolmentStatus = z.enum(ENROLMENT_STATUSES, { error: V.invalid });
export type EnrolmentStatus = z.infer<typeof EnrolmentStatus>;
export const EnrolmentDecision = z.enum(ENROLMENT_DECISION_NAMES, { error: V.invalid });
export type EnrolmentDecision = z.infer<typeof EnrolmentDecision>;
export const EnrolmentSessionState = z.enum(ENROLMENT_SESSION_STATES);
export type EnrolmentSessionState = z.infer<typeof EnrolmentSessionState>;

/** An optional filter of a query: absent or empty means none. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const sessionName = () => required(ENROLMENT_NAME_MAX);

// ---------------------------------------------------------------- sessions

/**
 * `POST /enrolment-sessions`, `PATCH /enrolment-sessions/{id}`: a session's names in both
 * languages, its first and last days (university time: it opens at the start of START_DATE and
 * ends after END_DATE) and how many offers one student may apply to. (Its OpenAPI component is
 * NewEnrolmentSession: the generator names the input form of `EnrolmentSession` EnrolmentSessionInput.)
 */
export const EnrolmentSessionInput = z
  .strictObject({
    NAME: sessionName(),
    NAME_FR: sessionName(),
    START_DATE: isoDate,
    END_DATE: isoDate,
    MAX_APPLICATIONS: wholeNumber(1, MAX_ENROLMENT_APPLICATIONS),
  })
  .superRefine((session, ctx) => {
    if (session.END_DATE < session.START_DATE) ctx.addIssue({ code: 'custom', path: ['END_DATE'], message: V.endBeforeStart });
  })
  .meta({ id: 'NewEnrolmentSession' });
export type EnrolmentSessionInput = z.input<typeof EnrolmentSessionInput>;

/** A session as everyone reads it: its days, its instants, its limit and where it stands now. */
export const EnrolmentSession = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameFr: z.string(),
    /** the first day (YYYY-MM-DD, university time) */
    startDate: z.string(),
    /** the last day (YYYY-MM-DD, university time) */
    endDate: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    maxApplications: z.number().int(),
    /** when the office closed it by hand; null otherwise */
    closedAt: z.string().nullable(),
    state: EnrolmentSessionState,
  })
  .meta({ id: 'EnrolmentSession' });
export type EnrolmentSession = z.infer<typeof EnrolmentSession>;

/** `GET /enrolment-sessions`: a session as the office lists it, with its offers and applications counted. */
export const EnrolmentSessionSummary = EnrolmentSession.extend({
  offers: z.number().int(),
  applications: z.number().int(),
  /** applications waiting for a decision (pending or waitlisted) */
  undecided: z.number().int(),
}).meta({ id: 'EnrolmentSessionSummary' });
export type EnrolmentSessionSummary = z.infer<typeof EnrolmentSessionSummary>;

// ---------------------------------------------------------------- offers

export const EnrolmentClass = z.object({ id: z.number().int(), code: z.string() }).meta({ id: 'EnrolmentClass' });
export type EnrolmentClass = z.infer<typeof EnrolmentClass>;
/** An optional subject offered: its names in both languages and the class it is taught in. */
export const EnrolmentSubject = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), nameFr: z.string(), class: EnrolmentClass })
  .meta({ id: 'EnrolmentSubject' });
export type EnrolmentSubject = z.infer<typeof EnrolmentSubject>;

/** What an offer is: a class (class set) or an optional subject (subject set). */
export const EnrolmentOfferRef = z
  .object({ id: z.number().int(), kind: EnrolmentOfferKind, class: EnrolmentClass.nullable(), subject: EnrolmentSubject.nullable() })
  .meta({ id: 'EnrolmentOfferRef' });
export type EnrolmentOfferRef = z.infer<typeof EnrolmentOfferRef>;

/** An offer with its seats: those held (pending and accepted applications) and those left. */
export const EnrolmentOffer = EnrolmentOfferRef.extend({
  sessionId: z.number().int(),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int(),
}).meta({ id: 'EnrolmentOffer' });
export type EnrolmentOffer = z.infer<typeof EnrolmentOffer>;

/** `GET /enrolment-sessions/{id}/offers`: an offer as the office reads it, its applications counted by status. */
export const OfficeEnrolmentOffer = EnrolmentOffer.extend({
  applications: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  waitlisted: z.number().int(),
}).meta({ id: 'OfficeEnrolmentOffer' });
export type OfficeEnrolmentOffer = z.infer<typeof OfficeEnrolmentOffer>;

const capacity = () => wholeNumber(1, MAX_OFFER_CAPACITY);

/** `POST /enrolment-sessions/{id}/offers`: a class (CLASS_ID) or an optional subject (SUBJECT_ID) offered with its capacity; the other id is ignored. (Component NewEnrolmentOffer.) */
export const EnrolmentOfferInput = z
  .strictObject({ KIND: EnrolmentOfferKind, CLASS_ID: optional(id()), SUBJECT_ID: optional(id()), CAPACITY: capacity() })
  .superRefine((offer, ctx) => {
    if (offer.KIND === 'CLASS' && offer.CLASS_ID === undefined) ctx.addIssue({ code: 'custom', path: ['CLASS_ID'], message: V.required });
    if (offer.KIND === 'SUBJECT' && offer.SUBJECT_ID === undefined) ctx.addIssue({ code: 'custom', path: ['SUBJECT_ID'], message: V.required });
  })
  .meta({ id: 'NewEnrolmentOffer' });
export type EnrolmentOfferInput = z.input<typeof EnrolmentOfferInput>;

/** `PATCH /enrolment-sessions/{id}/offers/{offerId}`: a new capacity, never below the seats held. */
export const EnrolmentOfferChange = z.strictObject({ CAPACITY: capacity() }).meta({ id: 'EnrolmentOfferChange' });
export type EnrolmentOfferChange = z.input<typeof EnrolmentOfferChange>;

export const EnrolmentOfferParams = z.object({ id: id(), offerId: id() });
export type EnrolmentOfferParams = z.infer<typeof EnrolmentOfferParams>;

// ---------------------------------------------------------------- applications (the office)

export const EnrolmentApplicant = z
  .object({ id: z.number().int(), MATRICULE: z.string(), FIRSTNAME: z.string(), LASTNAME: z.string(), class: EnrolmentClass.nullable() })
  .meta({ id: 'EnrolmentApplicant' });
export type EnrolmentApplicant = z.infer<typeof EnrolmentApplicant>;

/** A student's application as the office lists it. */
export const EnrolmentApplication = z
  .object({
    id: z.number().int(),
    session: z.object({ id: z.number().int(), name: z.string(), nameFr: z.string() }),
    offer: EnrolmentOfferRef,
    student: EnrolmentApplicant,
    status: EnrolmentStatus,
    appliedAt: z.string(),
    /** the last decision's (or withdrawal's) time; null while pending */
    decidedAt: z.string().nullable(),
    decidedBy: z.object({ FIRSTNAME: z.string(), LASTNAME: z.string() }).nullable(),
  })
  .meta({ id: 'EnrolmentApplication' });
export type EnrolmentApplication = z.infer<typeof EnrolmentApplication>;

/** `GET /enrolment-applications`: by session, offer, status and a search of the student's matricule and names; oldest first (first come). */
export const EnrolmentApplicationQuery = z.object({
  session: optional(id()),
  offer: optional(id()),
  status: optional(EnrolmentStatus),
  search: optional(z.string().trim().max(100, { error: V.tooLong })),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 500).default(LIST_PAGE_SIZE),
});
export type EnrolmentApplicationQuery = z.input<typeof EnrolmentApplicationQuery>;
/** `GET /enrolment-applications/export`: the same selection as CSV, every page. */
export const EnrolmentApplicationExportQuery = EnrolmentApplicationQuery.omit({ page: true, pageSize: true });
export type EnrolmentApplicationExportQuery = z.input<typeof EnrolmentApplicationExportQuery>;

export const EnrolmentApplicationPage = z
  .object({ rows: z.array(EnrolmentApplication), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'EnrolmentApplicationPage' });
export type EnrolmentApplicationPage = z.infer<typeof EnrolmentApplicationPage>;

/**
 * `POST /enrolment-applications/decisions`: accept, waitlist or refuse applications, each named
 * with the status the office saw it in; one that changed since (decided by someone else, withdrawn)
 * is 409 ENROLMENT_DECIDED and nothing changes.
 */
export const EnrolmentDecisionInput = z
  .strictObject({
    DECISION: EnrolmentDecision,
    APPLICATIONS: z
      .array(z.strictObject({ ID: id(), STATUS: EnrolmentStatus }), { error: V.required })
      .min(1, { error: V.required })
      .max(ENROLMENT_BULK_MAX, { error: V.tooLong }),
  })
  .meta({ id: 'EnrolmentDecisionInput' });
export type EnrolmentDecisionInput = z.input<typeof EnrolmentDecisionInput>;
export const EnrolmentDecided = z.object({ changed: z.number().int() }).meta({ id: 'EnrolmentDecided' });
export type EnrolmentDecided = z.infer<typeof EnrolmentDecided>;

// ---------------------------------------------------------------- the student's view

/** One of the signed-in student's applications. */
export const MyEnrolmentApplication = z
  .object({
    id: z.number().int(),
    sessionId: z.number().int(),
    offer: EnrolmentOfferRef,
    status: EnrolmentStatus,
    appliedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'MyEnrolmentApplication' });
export type MyEnrolmentApplication = z.infer<typeof MyEnrolmentApplication>;

/** A session on the student's page: its offers with the seats left, and the student's applications in it. */
export const StudentEnrolmentSession = EnrolmentSession.extend({
  offers: z.array(EnrolmentOffer),
  applications: z.array(MyEnrolmentApplication),
}).meta({ id: 'StudentEnrolmentSession' });
export type StudentEnrolmentSession = z.infer<typeof StudentEnrolmentSession>;

/**
 * `GET /enrolment-sessions/current`: the sessions open or to come, those ended or closed in the
 * last ENROLMENT_RECENT_DAYS days, and any the student applied in; newest first. The student's
 * class (what an accepted class offer made it) is given too.
 */
export const StudentEnrolment = z.object({ sessions: z.array(StudentEnrolmentSession), class: EnrolmentClass.nullable() }).meta({ id: 'StudentEnrolment' });
export type StudentEnrolment = z.infer<typeof StudentEnrolment>;

/** `POST /enrolment-applications`: apply to an offer of an open session. */
export const EnrolmentApplyInput = z.strictObject({ OFFER_ID: id() }).meta({ id: 'EnrolmentApplyInput' });
export type EnrolmentApplyInput = z.input<typeof EnrolmentApplyInput>;
