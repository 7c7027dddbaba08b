import type {
  CatalogueClass,
  CatalogueSubject,
  EnrolmentApplication,
  EnrolmentOffer,
  EnrolmentSessionSummary,
  MyEnrolmentApplication,
  OfficeEnrolmentOffer,
  StudentEnrolment,
  StudentEnrolmentSession,
} from '@portal/contract';
import { DEMO_PEOPLE } from '../../test/demo-people';
import type { FakeHandler } from '../../test/fake-api';

/** Test data of the enrolment pages: the session of March 2026, as the server answers it. */

export const studentUser = (overrides: Parameters<typeof DEMO_PEOPLE.student>[0] = {}) => DEMO_PEOPLE.student(overrides);
export const officeUser = () => DEMO_PEOPLE.academic();

const GSI2 = { id: 31, code: 'BTS2 GSI/J A' };
const SWE1 = { id: 32, code: 'HND1 SWE/J A' };
const CGE1 = { id: 33, code: 'BTS1 CGE/J A' };

export const CLASS_OFFER: EnrolmentOffer = { id: 301, sessionId: 7, kind: 'CLASS', class: GSI2, subject: null, capacity: 4, seatsTaken: 2, seatsLeft: 2 };
export const FULL_OFFER: EnrolmentOffer = { id: 302, sessionId: 7, kind: 'CLASS', class: SWE1, subject: null, capacity: 2, seatsTaken: 2, seatsLeft: 0 };
export const SUBJECT_OFFER: EnrolmentOffer = {
  id: 303,
  sessionId: 7,
  kind: 'SUBJECT',
  class: null,
  subject: { id: 501, code: 'CGE101', name: 'General Accounting', nameFr: 'Comptabilité générale', class: CGE1 },
  capacity: 3,
  seatsTaken: 1,
  seatsLeft: 2,
};
export const OTHER_SUBJECT: EnrolmentOffer = {
  id: 304,
  sessionId: 7,
  kind: 'SUBJECT',
  class: null,
  subject: { id: 502, code: 'SWE101', name: 'Algorithms and Data Structures', nameFr: 'Algorithmique et structures de données', class: SWE1 },
  capacity: 3,
  seatsTaken: 2,
  seatsLeft: 1,
};

const ref = ({ id, kind, class: klass, subject }: EnrolmentOffer) => ({ id, kind, class: klass, subject });

export function myApplication(offer: EnrolmentOffer, overrides: Partial<MyEnrolmentApplication> = {}): MyEnrolmentApplication {
  return {
    id: 900 + offer.id,
    sessionId: offer.sessionId,
    offer: ref(offer),
    status: 'PENDING',
    appliedAt: '2026-03-03T09:15:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function session(overrides: Partial<StudentEnrolmentSession> = {}): StudentEnrolmentSession {
  return {
    id: 7,
    name: 'Enrolment for the next semester',
    nameFr: 'Inscriptions du semestre prochain',
    startDate: '2026-03-02',
    endDate: '2026-03-29',
    startsAt: '2026-03-01T23:00:00.000Z',
    endsAt: '2026-03-29T23:00:00.000Z',
    maxApplications: 3,
    closedAt: null,
    state: 'OPEN',
    offers: [CLASS_OFFER, FULL_OFFER, SUBJECT_OFFER, OTHER_SUBJECT],
    applications: [myApplication(OTHER_SUBJECT, { status: 'WAITLISTED', decidedAt: '2026-03-04T10:30:00.000Z' })],
    ...overrides,
  };
}

export const enrolment = (
  sessions: StudentEnrolmentSession[] = [session()],
  klass: StudentEnrolment['class'] = { id: 30, code: 'BTS1 GSI/J A' },
): StudentEnrolment => ({ sessions, class: klass });

export const MINE = '/api/enrolment-sessions/current';
export const APPLY = '/api/enrolment-applications';

/** The student's page on the fake server: their enrolment, and what applying and withdrawing answer. */
export function studentHandlers(answer: StudentEnrolment = enrolment(), more: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${MINE}`]: { body: answer },
    [`POST ${APPLY}`]: (request) => {
      const offer = answer.sessions.flatMap((s) => s.offers).find((o) => o.id === (request.body as { OFFER_ID: number }).OFFER_ID)!;
      return { status: 201, body: myApplication(offer) };
    },
    ...more,
  };
}

// ---------------------------------------------------------------- the office

export const SESSIONS: EnrolmentSessionSummary[] = [
  { ...session(), offers: 3, applications: 5, undecided: 4 },
  {
    ...session(),
    id: 6,
    name: 'Enrolment, semester 1',
    nameFr: 'Inscriptions, semestre 1',
    startDate: '2025-09-01',
    endDate: '2025-09-20',
    state: 'ENDED',
    offers: 2,
    applications: 12,
    undecided: 0,
  },
];

const office = (offer: EnrolmentOffer, counts: { pending: number; waitlisted: number; accepted: number }): OfficeEnrolmentOffer => ({
  ...offer,
  ...counts,
  applications: counts.pending + counts.waitlisted + counts.accepted,
});
export const OFFICE_OFFERS: OfficeEnrolmentOffer[] = [
  office(CLASS_OFFER, { pending: 2, waitlisted: 0, accepted: 0 }),
  office(FULL_OFFER, { pending: 1, waitlisted: 1, accepted: 1 }),
  office(SUBJECT_OFFER, { pending: 0, waitlisted: 0, accepted: 0 }),
];

const student = (id: number, MATRICULE: string, FIRSTNAME: string, LASTNAME: string) => ({
  id,
  MATRICULE,
  FIRSTNAME,
  LASTNAME,
  class: { id: 30, code: 'BTS1 GSI/J A' },
});
export function application(
  id: number,
  offer: EnrolmentOffer,
  who: ReturnType<typeof student>,
  overrides: Partial<EnrolmentApplication> = {},
): EnrolmentApplication {
  return {
    id,
    session: { id: 7, name: 'Enrolment for the next semester', nameFr: 'Inscriptions du semestre prochain' },
    offer: ref(offer),
    student: who,
    status: 'PENDING',
    appliedAt: '2026-03-02T08:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}
export const APPLICATIONS: EnrolmentApplication[] = [
  application(701, CLASS_OFFER, student(81, 'ST24A004', 'Aïcha', 'Bello')),
  application(702, FULL_OFFER, student(82, 'ST24A005', 'Boris', 'Etoa')),
  application(703, FULL_OFFER, student(83, 'ST24A011', 'Carine', 'Fouda'), { status: 'WAITLISTED', decidedAt: '2026-03-04T10:00:00.000Z' }),
  application(704, FULL_OFFER, student(84, 'ST24A009', 'Denis', 'Mvondo'), {
    status: 'ACCEPTED',
    decidedAt: '2026-03-04T11:00:00.000Z',
    decidedBy: { FIRSTNAME: 'Paul', LASTNAME: 'Ekambi' },
  }),
  application(705, CLASS_OFFER, student(85, 'ST24A007', 'Esther', 'Ngono')),
];

export const CLASSES: CatalogueClass[] = [
  { id: 31, CODE: 'BTS2 GSI/J A', BRANCH_ID: 1, CYCLE_ID: 1, LEVEL_ID: 2, SHIFT: 'DAY' },
  { id: 33, CODE: 'BTS1 CGE/J A', BRANCH_ID: 2, CYCLE_ID: 1, LEVEL_ID: 1, SHIFT: 'DAY' },
];
export const SUBJECTS: CatalogueSubject[] = [
  {
    id: 505,
    CODE: 'CGE105',
    NAME: 'Business Law',
    NAME_FR: 'Droit des affaires',
    CLASS_ID: 33,
    CLASS_CODE: 'BTS1 CGE/J A',
    HOURS_CM: 20,
    HOURS_TD: 10,
    HOURS_TP: 0,
    HOURLY_RATE: 4000,
    CREDITS: 3,
  },
];

export const SESSIONS_PATH = '/api/enrolment-sessions';
export const APPLICATIONS_PATH = '/api/enrolment-applications';
export const DECISIONS_PATH = '/api/enrolment-applications/decisions';

/** The office's page on the fake server. */
export function officeHandlers(more: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${SESSIONS_PATH}`]: { body: SESSIONS },
    [`GET ${SESSIONS_PATH}/7/offers`]: { body: OFFICE_OFFERS },
    [`GET ${SESSIONS_PATH}/6/offers`]: { body: [] },
    [`GET ${APPLICATIONS_PATH}`]: { body: { rows: APPLICATIONS, total: APPLICATIONS.length, page: 1, pageSize: 20 } },
    [`POST ${DECISIONS_PATH}`]: (request) => ({ body: { changed: (request.body as { APPLICATIONS: unknown[] }).APPLICATIONS.length } }),
    'GET /api/academic/classes': { body: CLASSES },
    'GET /api/academic/subjects': { body: { rows: SUBJECTS, total: 1, count: 1, page: 1 } },
    ...more,
  };
}
