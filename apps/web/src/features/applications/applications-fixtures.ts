import type {
  Affectation,
  Application,
  ApplicationSession,
  Catalogue,
  CatalogueClass,
  Choice,
  ChoiceCategory,
  PersonRecord,
  SubjectPage,
  SubjectRow,
} from '@portal/contract';
import { applicationSession, subjectRow } from '../../test/choice-data';
import { fakeApi, pageOf, person, type FakeHandler } from '../../test/fake-api';

/** Test data of the choice pages. */

export const SESSION_PATH = '/api/sessions-applications/current';
export const APPLICATION_PATH = '/api/applications/current';
export const SUBJECTS_PAGE_1 = '/api/subjects/by-level/1';

/** A part-time lecturer, registration closed and identified, NIU on file unless said otherwise. */
export const lecturer = (overrides: Partial<PersonRecord> = {}) =>
  person({
    id: 42,
    STUDENT_ID: 42,
    MATRICULE: 'VAC0042',
    KIND: 'STAFF',
    STATUS: 'VACATAIRE',
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    ACTIVED: true,
    IDENTIFIED: true,
    NIU: 'P012345678901A',
    ...overrides,
  });

/** Open from 01/09/2023 to 31/10/2023 (university time, UTC+1). */
export const session = applicationSession;

export const application = (overrides: Partial<Application> = {}): Application => ({
  id: 11,
  EMPLOYEE_ID: 42,
  TOTAL_HOURS: 200,
  SESSION_APPLICATION_ID: 3,
  SUBJECT_CONSTRAINT_ID: 4,
  CLOSED: false,
  CLOSED_AT: null,
  SubjectConstraint: applicationSession().SubjectConstraint,
  createdAt: '2023-09-02T08:00:00.000Z',
  ...overrides,
});

export const subject = subjectRow;

/** Three level-1 day subjects, one level-3 evening subject. */
export const ALGORITHMS = subject();
export const DATABASES = subject({
  SUBJECT_ID: 102,
  SUBJECT_CODE: 'GL102',
  SUBJECT_NAME: 'Databases',
  SUBJECT_NAME_FR: 'Bases de données',
  HOURS_CM: 20,
  HOURS_TD: 10,
  HOURS_TP: 10,
  HOURLY_RATE: 4000,
  ASSIGNED: ['TP'],
});
export const NETWORKS = subject({
  SUBJECT_ID: 103,
  SUBJECT_CODE: 'GL103',
  SUBJECT_NAME: 'Networks',
  SUBJECT_NAME_FR: 'Réseaux',
  HOURS_CM: 25,
  HOURS_TD: 0,
  HOURS_TP: 15,
});
export const COMPILERS = subject({
  SUBJECT_ID: 301,
  SUBJECT_CODE: 'GL301',
  SUBJECT_NAME: 'Compilers',
  SUBJECT_NAME_FR: 'Compilation',
  CLASS_ID: 9,
  CLASS_CODE: 'GL3/S',
  LEVEL_ID: 3,
  SHIFT: 'EVENING',
  HOURS_CM: 40,
  HOURS_TD: 20,
  HOURS_TP: 20,
  HOURLY_RATE: 6000,
});

let nextChoiceId = 500;
export function choice(of: SubjectRow, category: ChoiceCategory, affectation: Affectation = 0): Choice {
  const hours = category === 'CM' ? of.HOURS_CM : category === 'TD' ? of.HOURS_TD : of.HOURS_TP;
  nextChoiceId += 1;
  return { id: nextChoiceId, APPLICATION_ID: 11, AFFECTATION: affectation, CATEGORY: category, HOURS: hours, Subject: of };
}

export const subjectPage = (rows: SubjectRow[], total = rows.length, page = 1): SubjectPage => pageOf(rows, total, page);

export const CATALOGUE: Catalogue = {
  departments: [
    { id: 1, CODE: 'INF', NAME: 'Computer science', NAME_FR: 'Informatique' },
    { id: 2, CODE: 'GES', NAME: 'Management', NAME_FR: 'Gestion' },
  ],
  branches: [
    { id: 2, ABBREVIATION: 'GL', NAME: 'Software engineering', NAME_FR: 'Génie logiciel', DEPARTMENT_ID: 1 },
    { id: 3, ABBREVIATION: 'RT', NAME: 'Networks and telecoms', NAME_FR: 'Réseaux et télécoms', DEPARTMENT_ID: 1 },
    { id: 4, ABBREVIATION: 'CG', NAME: 'Accounting', NAME_FR: 'Comptabilité', DEPARTMENT_ID: 2 },
  ],
  cycles: [
    { id: 1, CODE: 'LIC', NAME: 'Bachelor', NAME_FR: 'Licence', FIRST_LEVEL: 1, LAST_LEVEL: 3 },
    { id: 2, CODE: 'MAS', NAME: 'Master', NAME_FR: 'Master', FIRST_LEVEL: 4, LAST_LEVEL: 5 },
  ],
  levels: [1, 2, 3, 4, 5].map((id) => ({ id, NAME: `Level ${id}`, NAME_FR: `Niveau ${id}` })),
};

export const GL_CLASSES: CatalogueClass[] = [
  { id: 5, CODE: 'GL1/J', BRANCH_ID: 2, CYCLE_ID: 1, LEVEL_ID: 1, SHIFT: 'DAY' },
  { id: 9, CODE: 'GL3/S', BRANCH_ID: 2, CYCLE_ID: 1, LEVEL_ID: 3, SHIFT: 'EVENING' },
];

/**
 * The fake server of the choice pages: the open session, the application, the catalogue, one
 * page of subjects and the saved choices; `overrides` replace any of them.
 */
export function coursesApi(
  options: { choices?: Choice[]; rows?: SubjectRow[]; app?: Application | null; current?: ApplicationSession | null } = {},
  overrides: Record<string, FakeHandler> = {},
) {
  const app = options.app === undefined ? application() : options.app;
  const current = options.current === undefined ? session() : options.current;
  return fakeApi({
    [`GET ${SESSION_PATH}`]: current ? { body: current } : { status: 204 },
    [`GET ${APPLICATION_PATH}`]: app ? { body: app } : { status: 204 },
    'GET /api/catalogue': { body: CATALOGUE },
    'GET /api/classes': { body: GL_CLASSES },
    'GET /api/subjects/class/9': { body: [COMPILERS] },
    [`PATCH ${SUBJECTS_PAGE_1}`]: { body: subjectPage(options.rows ?? [ALGORITHMS, DATABASES, NETWORKS, COMPILERS]) },
    'GET /api/applications-choices/11/none': { body: options.choices ?? [] },
    ...overrides,
  });
}
