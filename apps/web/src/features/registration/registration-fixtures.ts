import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PersonRecord, RegistrationState } from '@portal/contract';
import { PROFILE_SECTIONS } from '@portal/contract/rules';
import { fakeApi, person, type FakeHandler } from '../../test/fake-api';

/** Test data of the registration wizard (used by its tests only). */

export const STAFF: PersonRecord = person({
  id: 7,
  STUDENT_ID: 7,
  KIND: 'STAFF',
  MATRICULE: 'VAC0002',
  STATUS: 'VACATAIRE',
  ACTIVED: false,
  FIRSTNAME: 'Paul',
  LASTNAME: 'Biya Mbarga',
  GENDER: 'Male',
  BIRTHDATE: '1980-05-12',
  EMAIL: 'paul.mbarga@univ.example.cm',
});

export function staff(overrides: Partial<PersonRecord> = {}): PersonRecord {
  return { ...STAFF, ...overrides };
}

/** The registration state: every section unsaved and complete, unless said otherwise. */
export function registrationState(
  sections: Partial<Record<(typeof PROFILE_SECTIONS)[number], { savedAt?: string | null; missing?: string[] }>> = {},
  extra: Partial<RegistrationState> = {},
): RegistrationState {
  const list = PROFILE_SECTIONS.map((section) => ({ section, savedAt: sections[section]?.savedAt ?? null, missing: sections[section]?.missing ?? [] }));
  return { ACTIVED: false, CLOSED_AT: null, sections: list, missing: list.flatMap((item) => item.missing), ...extra };
}

export const REGIONS = [
  {
    id: 1,
    name: 'Centre',
    nom: 'Centre',
    towns: [
      { id: 11, name: 'Yaoundé' },
      { id: 12, name: 'Mbalmayo' },
    ],
  },
  {
    id: 2,
    name: 'Littoral',
    nom: 'Littoral',
    towns: [
      { id: 21, name: 'Douala' },
      { id: 22, name: 'Nkongsamba' },
    ],
  },
  { id: 3, name: 'Far North', nom: 'Extrême-Nord', towns: [{ id: 31, name: 'Maroua' }] },
];

export const BANKS = [
  { code: '20041', name: 'Banque Test du Cameroun', microfinance: false },
  { code: '10005', name: 'Afriland First Bank', microfinance: false },
  { code: '40001', name: 'Crédit Mutuel de Microfinance', microfinance: true },
];

/** The fake server of the wizard: the person, the state, the reference lists; `handlers` add or replace routes. */
export function wizardApi(record: PersonRecord = STAFF, state: RegistrationState = registrationState(), handlers: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/auth/session': { body: record },
    'GET /api/students/registration': { body: state },
    'GET /api/identifications-types': {
      body: [
        { id: 1, ITYPENAME: 'National identity card', ITYPEABR: 'CNI' },
        { id: 2, ITYPENAME: 'Passport', ITYPEABR: 'PASSPORT' },
      ],
    },
    'GET /api/payments-modes': {
      body: [
        { ABBREV: 'CASH', DESIGNATION: 'Cash' },
        { ABBREV: 'BANK_TRANSFER', DESIGNATION: 'Bank transfer' },
        { ABBREV: 'MOBILE_TRANSFER', DESIGNATION: 'Mobile transfer' },
        { ABBREV: 'BANK_CHECK', DESIGNATION: 'Bank check' },
        { ABBREV: 'PREPAID_CARD', DESIGNATION: 'Prepaid card' },
      ],
    },
    'GET /api/reference/countries': {
      body: [
        { code: 'CM', name: 'Cameroon', nameFr: 'Cameroun' },
        { code: 'FR', name: 'France', nameFr: 'France' },
        { code: 'TD', name: 'Chad', nameFr: 'Tchad' },
      ],
    },
    'GET /api/reference/regions': { body: REGIONS },
    'GET /api/banks': { body: BANKS },
    [`GET /api/documents/${record.id}`]: { body: [] },
    ...handlers,
  });
}

/** The tab of a step in the stepper (its name also says the step's state). */
export const stepButton = (name: string) => screen.getByRole('tab', { name: new RegExp(`^\\d*\\s*${name}`) });

export async function openStep(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('tab', { name: new RegExp(`^\\d*\\s*${name}`) }));
  // a step is a lazy chunk, and the first one brings the contract's schemas: under a loaded full run its import can outlast the 1 s default
  return screen.findByRole('form', { name }, { timeout: 5000 });
}
