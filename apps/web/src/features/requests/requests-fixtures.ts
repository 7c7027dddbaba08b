import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type {
  Lesson,
  AffectedClass,
  AffectedSchool,
  AffectedSubject,
  PersonRecord,
  RequestCategory,
  RequestDetail,
  RequestDisplayConfig,
  RequestPage,
  RequestRow,
  RequestStats,
  RequestSubcategory,
  StudentRequestSubjects,
} from '@portal/contract';
import { person } from '../../test/fake-api';
import { choose } from '../../test/select';

/** Test data of the lecturer's requests pages (the seed's categories, as the API answers them). */

/** A permanent lecturer, PER0001 of the demo. */
export const lecturer = (overrides: Partial<PersonRecord> = {}) =>
  person({
    id: 1,
    STUDENT_ID: 1,
    MATRICULE: 'PER0001',
    USERNAME: null,
    KIND: 'STAFF',
    STATUS: 'PERMANENT',
    FIRSTNAME: 'Jean-Pierre',
    LASTNAME: 'Mbarga',
    ...overrides,
  });

export const display = (shown: Partial<RequestDisplayConfig> = {}): RequestDisplayConfig => ({
  CLASS_ID: 'HIDDEN',
  REQUEST_PBLM_DATE: 'HIDDEN',
  CONTRACT_NUMBER: 'HIDDEN',
  VH: 'HIDDEN',
  TH: 'HIDDEN',
  TI: 'HIDDEN',
  AMOUNT: 'HIDDEN',
  REPRO: 'HIDDEN',
  DESCRIPTION: 'HIDDEN',
  FILE: 'HIDDEN',
  TIME_TABLE: false,
  ...shown,
});

const sub = (
  id: number,
  code: string,
  name: string,
  nameFr: string,
  description: string,
  descriptionFr: string,
  config: RequestDisplayConfig,
): RequestSubcategory => ({
  id,
  code,
  name,
  nameFr,
  description,
  descriptionFr,
  REQUEST_DISPCONFIG: config,
});

export const TEACHING_CLAIM = sub(
  11,
  '0101',
  'Teaching session not recorded',
  'Cours non enregistré',
  'A teaching session you gave does not appear in the timetable or the attendance records.',
  "Un cours que vous avez dispensé n'apparaît ni dans l'emploi du temps ni dans les relevés de présence.",
  display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'REQUIRED', DESCRIPTION: 'OPTIONAL', TIME_TABLE: true }),
);
export const AMOUNT_CLAIM = sub(
  21,
  '0201',
  'Amount received',
  'Montant perçu',
  'The amount paid differs from the amount you expected.',
  'Le montant versé diffère du montant attendu.',
  display({ AMOUNT: 'REQUIRED', VH: 'OPTIONAL', FILE: 'OPTIONAL' }),
);
export const CONTRACT_CLAIM = sub(
  31,
  '0301',
  'Contract not received',
  'Contrat non reçu',
  'You teach this year and have not received your contract.',
  "Vous enseignez cette année et n'avez pas reçu votre contrat.",
  display(),
);
export const COPIES_CLAIM = sub(
  41,
  '0401',
  'Course material copies',
  'Copies de supports de cours',
  'Copies of a handout for the students of one of your classes; attach the document.',
  "Copies d'un polycopié pour les étudiants d'une de vos classes ; joignez le document.",
  display({ CLASS_ID: 'REQUIRED', REPRO: 'REQUIRED', FILE: 'REQUIRED', DESCRIPTION: 'OPTIONAL' }),
);

const category = (
  id: number,
  code: string,
  name: string,
  nameFr: string,
  description: string,
  descriptionFr: string,
  sousCategories: RequestSubcategory[],
  audience: RequestCategory['audience'] = 'STAFF',
): RequestCategory => ({
  id,
  code,
  name,
  nameFr,
  description,
  descriptionFr,
  audience,
  sousCategories,
});

export const CATEGORIES: RequestCategory[] = [
  category(
    1,
    '01',
    'Teaching',
    'Enseignement',
    'A teaching session you gave that is missing, wrong or disputed in the records.',
    'Un cours que vous avez donné, absent, erroné ou contesté dans les relevés.',
    [TEACHING_CLAIM],
  ),
  category(2, '02', 'Payment', 'Paiement', 'Fees paid for your hours: amounts, rates and taxes.', 'Rémunération de vos heures : montants, taux et retenues.', [
    AMOUNT_CLAIM,
  ]),
  category(
    3,
    '03',
    'Contract',
    'Contrat',
    'Your teaching contract: its number, hours and terms.',
    "Votre contrat d'enseignement : son numéro, ses heures et ses conditions.",
    [CONTRACT_CLAIM],
  ),
  category(
    4,
    '04',
    'Reprography',
    'Reprographie',
    'Copies of course material, tests and examinations for your classes.',
    "Copies de supports de cours, de devoirs et d'examens pour vos classes.",
    [COPIES_CLAIM],
  ),
];

const SENG = { id: 1, code: 'SENG', name: "Lecturers' service", nameFr: 'Service des enseignants' };

export function requestRow(overrides: Partial<RequestRow> = {}): RequestRow {
  return {
    id: 501,
    REQUEST_ID: '0101@2024-000042',
    REQUEST_OBJECT: 'Session of 10 January not recorded',
    REQUEST_STATUS: 'REGISTERED',
    subcategory: {
      id: 11,
      code: '0101',
      name: 'Teaching session not recorded',
      nameFr: 'Cours non enregistré',
      categoryName: 'Teaching',
      categoryNameFr: 'Enseignement',
    },
    audience: 'STAFF',
    unit: SENG,
    CLASS_ID: 61,
    className: 'GL1/J',
    REQUEST_PBLM_DATE: '2024-01-10',
    REQUEST_PBLM_HOUR_START: '10:10',
    REQUEST_PBLM_HOUR_END: '12:00',
    filedAt: '2024-01-15T08:00:00.000Z',
    signedAt: null,
    signatureDeadline: '2024-01-22T08:00:00.000Z',
    stage: 'AWAITING_SIGNATURE',
    ...overrides,
  };
}

export function requestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    ...requestRow(),
    REQUEST_AUTHOR: 1,
    author: { id: 1, MATRICULE: 'PER0001', FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga' },
    SUBJECT_ID: 71,
    subjectName: 'Algorithms',
    subjectNameFr: 'Algorithmique',
    REQUEST_PBLM_WEEK: '2024-W02',
    CONTRACT_NUMBER: null,
    VH_DISPLAYED: null,
    VH_EXPECTED: null,
    TH_DISPLAYED: null,
    TH_EXPECTED: null,
    TI_DISPLAYED: null,
    TI_EXPECTED: null,
    AMOUNT_RECEIVED: null,
    AMOUNT_EXPECTED: null,
    REPRO_COPY_NUMBER: null,
    REPRO_STUDENT_COUNT: null,
    DESCRIPTION: 'I taught the second slot; the attendance sheet was signed by the delegate.',
    REQUEST_FILE: null,
    fileName: null,
    formUrl: '/api/requests/501/form',
    verificationUrl: '/verify/0123456789abcdef0123456789abcdef',
    steps: [{ id: 1, kind: 'FILED', unit: SENG, decision: null, comment: null, status: 'REGISTERED', batch: null, at: '2024-01-15T08:00:00.000Z', by: null }],
    actions: { sign: false, reject: false, decisions: [] },
    ...overrides,
  };
}

export const requestPage = (rows: RequestRow[], total = rows.length, page = 1, pageSize = 20): RequestPage => ({ rows, total, page, pageSize });

export function stats(overrides: Partial<RequestStats> = {}): RequestStats {
  const months = ['2023-02', '2023-03', '2023-04', '2023-05', '2023-06', '2023-07', '2023-08', '2023-09', '2023-10', '2023-11', '2023-12', '2024-01'];
  const counts = [0, 1, 0, 2, 0, 0, 0, 3, 1, 0, 2, 5];
  return {
    totalDone: 14,
    totalRegistered: 3,
    totalProcessing: 2,
    totalValidated: 6,
    totalRejected: 2,
    totalClose: 1,
    monthly: months.map((month, index) => ({ month, count: counts[index]! })),
    monthlyAverage: 14 / 12,
    ...overrides,
  };
}

export const SCHOOLS: AffectedSchool[] = [{ BRANCH_ABREVIATION: 'GL', name: 'Software Engineering', nameFr: 'Génie logiciel' }];
export const CLASSES: AffectedClass[] = [
  { CLASS_ID: 61, code: 'GL1/J', shift: 'DAY' },
  { CLASS_ID: 62, code: 'GL2/S', shift: 'EVENING' },
];
export const SUBJECTS: AffectedSubject[] = [{ SUBJECT_ID: 71, code: 'GL101', name: 'Algorithms', nameFr: 'Algorithmique' }];

/** The paths of the lecturer's calls (the person is the lecturer above, id 1). */
export const PATHS = {
  categories: '/api/request-categories',
  list: '/api/requests',
  stats: '/api/requests/stats/user/1',
  schools: '/api/classes/school/affected/1',
  classes: (branch: string) => `/api/classes/affected/${branch}/1`,
  subjects: '/api/subjects/affected',
  attachments: '/api/requests/attachments',
  timetable: '/api/lessons/timetable',
};

/** A lesson of the lecturer (issue 12) as the timetable answers it: Algorithms (GL101) in GL1/J, room B12, unless told otherwise. */
export const lessonOf = (overrides: Partial<Lesson> & Pick<Lesson, 'id' | 'date' | 'begin' | 'end'>): Lesson => ({
  hours: 1.83,
  status: 'PendingValidation',
  part: 'CM',
  class: { id: 61, code: 'GL1/J' },
  subject: { id: 71, code: 'GL101', name: 'Algorithms', nameFr: 'Algorithmique' },
  lecturer: { id: 1, FIRSTNAME: 'Jean-Pierre', LASTNAME: 'Mbarga' },
  room: 'B12',
  building: null,
  campus: null,
  ...overrides,
});

// ---------------------------------------------------------------- a student's requests (decision 41)

/** The student demo account, ST24A001, in BTS1 GSI/J A. */
export const student = (overrides: Partial<PersonRecord> = {}) =>
  person({
    id: 48,
    STUDENT_ID: 48,
    MATRICULE: 'ST24A001',
    USERNAME: null,
    KIND: 'STUDENT',
    STATUS: null,
    FIRSTNAME: 'Awa',
    LASTNAME: 'Ngo Bassong',
    ...overrides,
  });

export const GRADE_DISPUTE = sub(
  1201,
  '1201',
  'Grade dispute',
  'Contestation de note',
  'A grade of one of your subjects that you think is wrong: give the date of the examination and explain why.',
  "Une note d'une de vos matières que vous estimez erronée\u00a0: indiquez la date de l'examen et expliquez pourquoi.",
  display({ CLASS_ID: 'REQUIRED', REQUEST_PBLM_DATE: 'REQUIRED', DESCRIPTION: 'REQUIRED', FILE: 'OPTIONAL' }),
);
export const ENROLMENT_CERTIFICATE = sub(
  1103,
  '1103',
  'Enrolment certificate',
  "Certificat d'inscription",
  'A certificate that you are enrolled this academic year, in your class.',
  'Un certificat attestant votre inscription cette année universitaire, dans votre classe.',
  display({ DESCRIPTION: 'OPTIONAL' }),
);

/** The students' categories, as the API answers a student (the staff-only groups hidden). */
export const STUDENT_CATEGORIES: RequestCategory[] = [
  category(
    11,
    '11',
    'Certificates',
    'Attestations',
    'A certificate or a transcript issued by your school.',
    'Une attestation ou un relevé de notes délivré par votre école.',
    [ENROLMENT_CERTIFICATE],
    'STUDENT',
  ),
  category(
    12,
    '12',
    'Grades',
    'Notes',
    'A grade of an examination that you dispute, or that is missing.',
    "Une note d'examen que vous contestez, ou qui manque.",
    [GRADE_DISPUTE],
    'STUDENT',
  ),
];

/** The student's class and the subjects they may name: two of the class's, one optional of another class. */
export const STUDENT_SUBJECTS: StudentRequestSubjects = {
  class: { CLASS_ID: 81, code: 'BTS1 GSI/J A', shift: 'DAY' },
  subjects: [
    { SUBJECT_ID: 91, code: 'GSI101', name: 'Algorithms', nameFr: 'Algorithmique', optional: false },
    { SUBJECT_ID: 92, code: 'GSI102', name: 'Databases', nameFr: 'Bases de données', optional: false },
    { SUBJECT_ID: 93, code: 'GES105', name: 'Accounting', nameFr: 'Comptabilité', optional: true },
  ],
};

/** The student's calls (the student above, id 48). */
export const STUDENT_PATHS = { subjects: '/api/requests/student-subjects', stats: '/api/requests/stats/user/48' };

/** A student's grade dispute as filed: at the student records office, signed by its filing. */
export function studentRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return requestDetail({
    id: 601,
    REQUEST_ID: '1201@2024-000050',
    REQUEST_OBJECT: 'Mid-term grade',
    subcategory: { id: 1201, code: '1201', name: 'Grade dispute', nameFr: 'Contestation de note', categoryName: 'Grades', categoryNameFr: 'Notes' },
    audience: 'STUDENT',
    unit: { id: 9, code: 'SCOL', name: 'Student records office', nameFr: 'Service de la scolarité' },
    CLASS_ID: 81,
    className: 'BTS1 GSI/J A',
    REQUEST_PBLM_HOUR_START: '08:00',
    REQUEST_PBLM_HOUR_END: '09:50',
    REQUEST_AUTHOR: 48,
    author: { id: 48, MATRICULE: 'ST24A001', FIRSTNAME: 'Awa', LASTNAME: 'Ngo Bassong' },
    SUBJECT_ID: 92,
    subjectName: 'Databases',
    subjectNameFr: 'Bases de données',
    signedAt: '2024-01-15T08:00:00.000Z',
    stage: 'READY_TO_SEND',
    formUrl: '/api/requests/601/form',
    steps: [
      {
        id: 1,
        kind: 'FILED',
        unit: { id: 9, code: 'SCOL', name: 'Student records office', nameFr: 'Service de la scolarité' },
        decision: null,
        comment: null,
        status: 'REGISTERED',
        batch: null,
        at: '2024-01-15T08:00:00.000Z',
        by: null,
      },
    ],
    ...overrides,
  });
}

/** Chooses a category card, then a sub-category, and continues to the details (the form answered). */
export async function chooseSubcategory(user: UserEvent, category: string, subcategory: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${category}`) }));
  await user.click(await screen.findByRole('radio', { name: new RegExp(`^${subcategory}`) }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('form', { name: 'Details of the request' });
}

/** Picks an option of the select named `combobox`. */
export const pick = (user: UserEvent, combobox: string, option: string) => choose(user, screen.getByRole('combobox', { name: combobox }), option);
