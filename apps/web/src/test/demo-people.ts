import type { PersonRecord } from '@portal/contract';
import { person } from './fake-api';

/**
 * The demo accounts of the server's seed (apps/server/src/seed/demo.ts), as the web receives them:
 * employees are STAFF, students STUDENT, the back-office service accounts OFFICE with their role
 * (decision 29).
 */
export const DEMO_PEOPLE = {
  permanent: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 1,
      STUDENT_ID: 1,
      MATRICULE: 'PER0001',
      USERNAME: null,
      KIND: 'STAFF',
      STATUS: 'PERMANENT',
      ACTIVED: false,
      FIRSTNAME: 'Jean-Pierre',
      LASTNAME: 'Mbarga',
      ...overrides,
    }),
  support: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 37,
      STUDENT_ID: 37,
      MATRICULE: 'SUP0001',
      USERNAME: null,
      KIND: 'STAFF',
      STATUS: 'STAFF',
      ACTIVED: false,
      FIRSTNAME: 'Serge',
      LASTNAME: 'Fotso',
      ...overrides,
    }),
  student: (overrides: Partial<PersonRecord> = {}) =>
    person({ id: 48, STUDENT_ID: 48, MATRICULE: 'ST24A001', USERNAME: null, KIND: 'STUDENT', STATUS: null, ACTIVED: false, ...overrides }),
  hr: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 43,
      STUDENT_ID: 43,
      MATRICULE: 'BO0001',
      USERNAME: 'hr',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['HR', 'REQUESTS'],
      FIRSTNAME: 'Awa',
      LASTNAME: 'Mbarga',
      ...overrides,
    }),
  academic: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 44,
      STUDENT_ID: 44,
      MATRICULE: 'BO0002',
      USERNAME: 'academic',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['ACADEMIC'],
      FIRSTNAME: 'Paul',
      LASTNAME: 'Ekambi',
      ...overrides,
    }),
  identification: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 45,
      STUDENT_ID: 45,
      MATRICULE: 'BO0003',
      USERNAME: 'identification',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['IDENTIFICATION'],
      FIRSTNAME: 'Paul',
      LASTNAME: 'Eto',
      ...overrides,
    }),
  admissions: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 46,
      STUDENT_ID: 46,
      MATRICULE: 'BO0004',
      USERNAME: 'admissions',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['ADMISSIONS'],
      FIRSTNAME: 'Rosine',
      LASTNAME: 'Abena',
      ...overrides,
    }),
  admin: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 47,
      STUDENT_ID: 47,
      MATRICULE: 'BO0005',
      USERNAME: 'admin',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['ADMIN'],
      FIRSTNAME: 'Boris',
      LASTNAME: 'Njoya',
      ...overrides,
    }),
  /** the lecturers' service (unit SENG) */
  seng: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 49,
      STUDENT_ID: 49,
      MATRICULE: 'BO0006',
      USERNAME: 'seng',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['REQUESTS'],
      FIRSTNAME: 'Estelle',
      LASTNAME: 'Ngo',
      ...overrides,
    }),
  /** the finance unit (FIN) */
  finance: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 50,
      STUDENT_ID: 50,
      MATRICULE: 'BO0007',
      USERNAME: 'finance',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['REQUESTS'],
      FIRSTNAME: 'Hervé',
      LASTNAME: 'Tchana',
      ...overrides,
    }),
  /** the School of Computer Science (SCH-INF) */
  school: (overrides: Partial<PersonRecord> = {}) =>
    person({
      id: 51,
      STUDENT_ID: 51,
      MATRICULE: 'BO0008',
      USERNAME: 'school',
      KIND: 'OFFICE',
      STATUS: null,
      ACTIVED: false,
      ROLES: ['REQUESTS'],
      FIRSTNAME: 'Carine',
      LASTNAME: 'Essomba',
      ...overrides,
    }),
} satisfies Record<string, (overrides?: Partial<PersonRecord>) => PersonRecord>;
export type DemoWho = keyof typeof DEMO_PEOPLE;
