import type {
  Applicant,
  AssignmentPage,
  BillingPeriod,
  CatalogueClass,
  CatalogueSubject,
  LessonHoursRow,
  LessonPage,
  PlannedLesson,
  ApplicationSessionSummary,
} from '@portal/contract';
import { applicationSession, subjectRow } from '../../../test/choice-data';
import { pageOf } from '../../../test/fake-api';
import { DEMO_PEOPLE } from '../../../test/demo-people';
import type { FakeHandler } from '../../../test/fake-api';

/** Test data of the academic office's planning pages: the week of Monday 23 November 2026. */

export const WEEK = '2026-11-23';
export const officeUser = () => DEMO_PEOPLE.academic();

export const CLASSES: CatalogueClass[] = [
  { id: 11, CODE: 'GL1/J', BRANCH_ID: 3, CYCLE_ID: 5, LEVEL_ID: 1, SHIFT: 'DAY' },
  { id: 12, CODE: 'CF4/S', BRANCH_ID: 4, CYCLE_ID: 6, LEVEL_ID: 4, SHIFT: 'EVENING' },
];

export const SUBJECT: CatalogueSubject = {
  id: 21,
  CODE: 'INF101',
  NAME: 'Introduction to programming',
  NAME_FR: 'Introduction à la programmation',
  CLASS_ID: 11,
  CLASS_CODE: 'GL1/J',
  HOURS_CM: 30,
  HOURS_TD: 20,
  HOURS_TP: 10,
  HOURLY_RATE: 5000,
  CREDITS: 4,
};

const NKOULOU = { id: 42, FIRSTNAME: 'Jean', LASTNAME: 'Nkoulou', MATRICULE: 'P0042' };
const ESSOMBA = { id: 43, FIRSTNAME: 'Brigitte', LASTNAME: 'Essomba', MATRICULE: 'P0043' };

export function lesson(overrides: Partial<PlannedLesson> = {}): PlannedLesson {
  return {
    id: 501,
    date: WEEK,
    begin: '08:00',
    end: '09:50',
    hours: 1.83,
    status: 'PendingValidation',
    part: 'CM',
    class: { id: 11, code: 'GL1/J' },
    subject: { id: 21, code: 'INF101', name: 'Introduction to programming', nameFr: 'Introduction à la programmation' },
    lecturer: NKOULOU,
    room: 'B12',
    building: 'Block B',
    campus: null,
    billingPeriod: null,
    seriesId: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Three lessons of the week: one pending, one validated, one billed. */
export const LESSONS: PlannedLesson[] = [
  lesson(),
  lesson({
    id: 502,
    date: '2026-11-24',
    begin: '10:10',
    end: '12:00',
    status: 'ValidatedButNotBilled',
    part: 'TD',
    subject: { id: 22, code: 'MTH102', name: 'Discrete mathematics', nameFr: 'Mathématiques discrètes' },
    lecturer: ESSOMBA,
    room: null,
    building: null,
    campus: null,
  }),
  lesson({ id: 503, date: '2026-11-25', begin: '13:00', end: '14:50', status: 'ValidatedAndBilled', billingPeriod: { id: 7, name: 'November 2026' } }),
];

export const lessonPage = (rows: PlannedLesson[], total = rows.length): LessonPage => ({ rows, total, page: 1, pageSize: 20 });

export const PERIODS: BillingPeriod[] = [
  { id: 7, name: 'November 2026', beginDate: '2026-11-01', endDate: '2026-11-30', billedLessons: 12, billedHours: 21.5 },
];

const SESSION: ApplicationSessionSummary = {
  ...applicationSession({ id: 1 }),
  CURRENT: true,
  APPLICATIONS: 1,
  CLOSED_APPLICATIONS: 1,
  CHOICES: 3,
  CONFIRMED: 2,
};

function applicant(overrides: Partial<Applicant>): Applicant {
  return {
    CHOICE_ID: 301,
    CATEGORY: 'CM',
    AFFECTATION: 1,
    HOURS: 30,
    APPLICATION_ID: 41,
    EMPLOYEE_ID: 42,
    MATRICULE: 'P0042',
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    STATUS: 'VACATAIRE',
    CLOSED: true,
    CONFIRMED_HOURS: 30,
    CHOSEN_HOURS: 50,
    TOTAL_HOURS: 200,
    ...overrides,
  };
}

/**
 * INF101's applicants in the session: Nkoulou confirmed for the lecture (CM), Essomba confirmed for
 * the tutorial (TD), Tchana only selected for the lecture (not assigned).
 */
export const ASSIGNMENTS: AssignmentPage = {
  rows: [
    {
      Subject: subjectRow({ SUBJECT_ID: 21, SUBJECT_CODE: 'INF101', SUBJECT_NAME: 'Introduction to programming', CLASS_ID: 11, ASSIGNED: ['CM', 'TD'] }),
      applicants: [
        applicant({}),
        applicant({ CHOICE_ID: 302, CATEGORY: 'TD', EMPLOYEE_ID: 43, MATRICULE: 'P0043', FIRSTNAME: 'Brigitte', LASTNAME: 'Essomba' }),
        applicant({ CHOICE_ID: 303, AFFECTATION: 0, EMPLOYEE_ID: 44, MATRICULE: 'S0044', FIRSTNAME: 'Paul', LASTNAME: 'Tchana' }),
      ],
    },
  ],
  total: 1,
  count: 1,
  page: 1,
  session: applicationSession({ id: 1 }),
};

export function hoursRow(overrides: Partial<LessonHoursRow> = {}): LessonHoursRow {
  return {
    lecturer: NKOULOU,
    subject: { id: 21, code: 'INF101', name: 'Introduction to programming', nameFr: 'Introduction à la programmation' },
    class: { id: 11, code: 'GL1/J' },
    part: 'CM',
    volume: 30,
    planned: 24.5,
    validated: 18,
    billed: 12,
    ...overrides,
  };
}

/** The endpoints the planning page reads, answering the data above. */
export const planningHandlers = (rows: PlannedLesson[] = LESSONS): Record<string, FakeHandler> => ({
  'GET /api/lessons': { body: lessonPage(rows) },
  'GET /api/academic/classes': { body: CLASSES },
  'GET /api/academic/subjects': { body: pageOf([SUBJECT], 1, 1, 20) },
  'GET /api/academic/sessions': { body: [SESSION] },
  'GET /api/academic/assignments': { body: ASSIGNMENTS },
  'GET /api/billing-periods': { body: PERIODS },
});
