import type { FingerprintInfo, Identification, IdentificationRow, PersonRecord } from '@portal/contract';
import { person } from '../../test/fake-api';

/** Test data of the identification office's pages (times without a zone: read as local time, as the pages show them). */

export const agent = (overrides: Partial<PersonRecord> = {}) =>
  person({ id: 98, STUDENT_ID: 98, KIND: 'OFFICE', ROLES: ['IDENTIFICATION'], FIRSTNAME: 'Paul', LASTNAME: 'Eto', MATRICULE: 'BO0003', ...overrides });

export const lecturer = () => person({ id: 5, STUDENT_ID: 5, KIND: 'STAFF', ROLES: [], STATUS: 'PERMANENT', MATRICULE: 'PER0001' });

export function row(overrides: Partial<IdentificationRow> = {}): IdentificationRow {
  return {
    PERSON_ID: 42,
    MATRICULE: 'PER0003',
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    STATUS: 'PERMANENT',
    ACTIVED: true,
    HAS_PHOTO: true,
    FINGER_COUNT: 4,
    COMPLETED_AT: '2024-03-05T09:30:00',
    ...overrides,
  };
}

export const PERSON = '/api/identification/persons/42';

export const finger = (name: FingerprintInfo['FINGER'], overrides: Partial<FingerprintInfo> = {}): FingerprintInfo => ({
  FINGER: name,
  FORMAT: 'WSQ',
  SIZE: 12800,
  CAPTURED_AT: '2024-03-04T10:15:00',
  LINK: `${PERSON}/fingerprints/${name}/file`,
  ...overrides,
});

/** Nothing registered yet, registration not closed. */
export function identification(overrides: Partial<Identification> = {}): Identification {
  return {
    PERSON_ID: 42,
    MATRICULE: 'PER0003',
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    STATUS: 'VACATAIRE',
    ACTIVED: false,
    PHOTO_LINK: null,
    FINGERS: [],
    COMPLETED_AT: null,
    COMPLETED_BY: null,
    ...overrides,
  };
}
