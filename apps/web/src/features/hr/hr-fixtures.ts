import type { AuditEntry, Dossier, PersonRecord, RegistrationRow } from '@portal/contract';
import { PROFILE_SECTIONS } from '@portal/contract/rules';
import { person } from '../../test/fake-api';

/** Test data of the human resources pages (times without a zone: read as local time, as the page shows them). */

export const hrUser = (overrides: Partial<PersonRecord> = {}) =>
  person({ id: 99, STUDENT_ID: 99, KIND: 'STAFF', ROLES: ['HR'], FIRSTNAME: 'Awa', LASTNAME: 'Mbarga', MATRICULE: 'HR0001', ...overrides });

export function row(overrides: Partial<RegistrationRow> = {}): RegistrationRow {
  return {
    id: 42,
    MATRICULE: 'P0042',
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    STATUS: 'VACATAIRE',
    EMAIL: 'jean.nkoulou@univ.example.cm',
    ACTIVED: true,
    CLOSED_AT: '2024-03-05T09:30:00',
    missing: [],
    updatedAt: '2024-03-05T09:30:00',
    ...overrides,
  };
}

/** A lecturer whose registration is closed, with a bank account and a CV. */
export function staffRecord(overrides: Partial<PersonRecord> = {}): PersonRecord {
  return person({
    id: 42,
    STUDENT_ID: 42,
    MATRICULE: 'P0042',
    USERNAME: 'jean.n',
    KIND: 'STAFF',
    STATUS: 'VACATAIRE',
    ACTIVED: true,
    FIRSTNAME: 'Jean',
    LASTNAME: 'Nkoulou',
    GENDER: 'Male',
    BIRTHDATE: '1980-03-12',
    BIRTHPLACE: 'Douala',
    COUNTRY: 'Cameroon',
    EMAIL: 'jean.nkoulou@univ.example.cm',
    LIVING_TOWN: 'Douala',
    PRECINCT: 'Akwa',
    CODE1: '+237',
    NUMPHONE: '677123456',
    CIVILSTATUS: 'Single',
    CHILDNUM: 0,
    PAYMODE: 'BANK_TRANSFER',
    BANK_CODE: '20041',
    BRANCH_CODE: '01005',
    ACCOUNT_NUM: '0500013M026',
    RIB_KEY: '06',
    ACCOUNT_LASTNAME: 'Nkoulou',
    ACCOUNT_FIRSTNAME: 'Jean',
    BASESALARY: 150000,
    CV_LINK: '/api/files/12',
    CLOSED_AT: '2024-03-05T09:30:00',
    ...overrides,
  });
}

export const HR_CHANGE: AuditEntry = {
  id: 3,
  at: '2024-03-06T10:15:00',
  action: 'profile.changed-by-hr',
  actor: { id: 99, name: 'Awa Mbarga', MATRICULE: 'HR0001' },
  details: { section: 'address', reason: 'Moved, letter of 01/03/2024', changes: { LIVING_TOWN: ['Yaoundé', 'Douala'], NUMPHONE2: [null, '699000111'] } },
};

export const CLOSED: AuditEntry = {
  id: 2,
  at: '2024-03-05T09:30:00',
  action: 'registration.closed',
  actor: { id: 42, name: 'Jean Nkoulou', MATRICULE: 'P0042' },
  details: {},
};

export const SAVED: AuditEntry = {
  id: 1,
  at: '2024-03-04T16:00:00',
  action: 'profile.section-saved',
  actor: { id: 42, name: 'Jean Nkoulou', MATRICULE: 'P0042' },
  details: { section: 'fiscal', fields: ['NIU', 'CNPSNUM'] },
};

export function dossier(overrides: { record?: Partial<PersonRecord>; missing?: string[]; audit?: AuditEntry[] } = {}): Dossier {
  const record = staffRecord(overrides.record);
  const missing = overrides.missing ?? ['NUMPHONE2', 'IDENTITY1'];
  return {
    record,
    state: {
      ACTIVED: record.ACTIVED,
      CLOSED_AT: record.CLOSED_AT,
      sections: PROFILE_SECTIONS.map((section) => ({ section, savedAt: section === 'documents' ? null : '2024-03-04T16:00:00', missing: [] })),
      missing,
    },
    documents: [
      {
        id: 5,
        DESIGNATION: 'Master in Physics',
        SPECIALITY: 'Physics',
        LEVEL: 5,
        LANGUAGE: 'fr',
        OBTENEDDATE: '2006-07-15',
        OBTENEDSTAB: 'University of Douala',
        FILE: '/api/files/31',
        PIECE_TYPE: 'DIPL_CERT',
        IS_LAST: true,
        createdAt: '2024-03-04T15:00:00',
      },
    ],
    audit: overrides.audit ?? [HR_CHANGE, CLOSED, SAVED],
  };
}
