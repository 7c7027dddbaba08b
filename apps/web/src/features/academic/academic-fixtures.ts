import type {
  Applicant,
  AssignmentPage,
  AssignmentRow,
  Catalogue,
  CatalogueBranch,
  CatalogueClass,
  CatalogueCycle,
  CatalogueDepartment,
  CatalogueSubject,
  CatalogueSubjectPage,
  PersonRecord,
  ApplicationSessionSummary,
  SubjectRow,
} from '@portal/contract';
import { applicationSession, subjectLimits, subjectRow as baseSubjectRow } from '../../test/choice-data';
import { pageOf, person } from '../../test/fake-api';

/** Test data of the academic office's pages. */

export const academicUser = (overrides: Partial<PersonRecord> = {}) =>
  person({ id: 98, STUDENT_ID: 98, KIND: 'OFFICE', ROLES: ['ACADEMIC'], FIRSTNAME: 'Paul', LASTNAME: 'Ekambi', MATRICULE: 'BO0002', ...overrides });

export const DEPARTMENTS: CatalogueDepartment[] = [
  { id: 1, CODE: 'INF', NAME: 'Computer Science', NAME_FR: 'Informatique' },
  { id: 2, CODE: 'GES', NAME: 'Management', NAME_FR: 'Gestion' },
];

export const BRANCHES: CatalogueBranch[] = [
  { id: 3, ABBREVIATION: 'GL', NAME: 'Software Engineering', NAME_FR: 'Génie logiciel', DEPARTMENT_ID: 1 },
  { id: 4, ABBREVIATION: 'CF', NAME: 'Accounting and Finance', NAME_FR: 'Comptabilité et finance', DEPARTMENT_ID: 2 },
];

export const CYCLES: CatalogueCycle[] = [
  { id: 5, CODE: 'HND', NAME: 'Higher National Diploma (BTS)', NAME_FR: 'Brevet de technicien supérieur (BTS)', FIRST_LEVEL: 1, LAST_LEVEL: 2 },
  { id: 6, CODE: 'MASTER', NAME: 'Master', NAME_FR: 'Master', FIRST_LEVEL: 4, LAST_LEVEL: 5 },
];

export const CLASSES: CatalogueClass[] = [
  { id: 11, CODE: 'GL1/J', BRANCH_ID: 3, CYCLE_ID: 5, LEVEL_ID: 1, SHIFT: 'DAY' },
  { id: 12, CODE: 'CF4/S', BRANCH_ID: 4, CYCLE_ID: 6, LEVEL_ID: 4, SHIFT: 'EVENING' },
];

export const CATALOGUE: Catalogue = {
  departments: DEPARTMENTS,
  branches: BRANCHES,
  cycles: CYCLES,
  levels: [1, 2, 3, 4, 5].map((id) => ({ id, NAME: `Level ${id}`, NAME_FR: `Niveau ${id}` })),
};

export function subject(overrides: Partial<CatalogueSubject> = {}): CatalogueSubject {
  return {
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
    ...overrides,
  };
}

export const subjectPage = (rows: CatalogueSubject[], total = rows.length, current = 1, pageSize = 50): CatalogueSubjectPage =>
  pageOf(rows, total, current, pageSize);

/** The catalogue's read endpoints, answering the data above. */
export const catalogueHandlers = () => ({
  'GET /api/catalogue': { body: CATALOGUE },
  'GET /api/academic/departments': { body: DEPARTMENTS },
  'GET /api/academic/branches': { body: BRANCHES },
  'GET /api/academic/cycles': { body: CYCLES },
  'GET /api/academic/classes': { body: CLASSES },
  'GET /api/academic/subjects': { body: subjectPage([subject()]) },
});

const CONSTRAINT = subjectLimits(1, [3, 3, 2, 2, 2], [2, 2, 1, 1, 1]);

/** A session from 1 to 30 September 2024 (university time, UTC+1): its instants are 23:00 UTC the day before. */
export function session(overrides: Partial<ApplicationSessionSummary> = {}): ApplicationSessionSummary {
  return {
    ...applicationSession({
      id: 1,
      DESIGNATION: 'Subject choices, semester 1, 2024-2025',
      DESIGNATION_FR: 'Choix des matières, semestre 1, 2024-2025',
      START_DATE: '2024-08-31T23:00:00.000Z',
      END_DATE: '2024-09-30T23:00:00.000Z',
      SUBJECT_CONSTRAINT_ID: 1,
      SubjectConstraint: CONSTRAINT,
    }),
    CURRENT: true,
    APPLICATIONS: 12,
    CLOSED_APPLICATIONS: 5,
    CHOICES: 40,
    CONFIRMED: 9,
    ...overrides,
  };
}

/** A level-1 day subject of the catalogue above, as the choice pages list it. */
export function subjectRow(overrides: Partial<SubjectRow> = {}): SubjectRow {
  return baseSubjectRow({
    SUBJECT_ID: 21,
    SUBJECT_CODE: 'INF101',
    SUBJECT_NAME: 'Introduction to programming',
    CLASS_ID: 11,
    BRANCH_ID: 3,
    CYCLE_ID: 5,
    CYCLE_NAME: 'Higher National Diploma (BTS)',
    CYCLE_NAME_FR: 'Brevet de technicien supérieur (BTS)',
    DEPARTMENT_NAME: 'Computer Science',
    ...overrides,
  });
}

export function applicant(overrides: Partial<Applicant> = {}): Applicant {
  return {
    CHOICE_ID: 301,
    CATEGORY: 'CM',
    AFFECTATION: 0,
    HOURS: 30,
    APPLICATION_ID: 41,
    EMPLOYEE_ID: 42,
    MATRICULE: 'P0042',
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    STATUS: 'VACATAIRE',
    CLOSED: true,
    CONFIRMED_HOURS: 20,
    CHOSEN_HOURS: 80,
    TOTAL_HOURS: 200,
    ...overrides,
  };
}

export const assignmentPage = (rows: AssignmentRow[], overrides: Partial<AssignmentPage> = {}): AssignmentPage => ({
  rows,
  total: rows.length,
  count: 1,
  page: 1,
  session: session(),
  ...overrides,
});
