// The fake server of the candidate's public pages: the open entrances, the reference lists, and
// a complete registration kept as a draft (as a candidate who typed everything would leave it).
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { CandidateRegistrationAccepted, Country, Entrance, Region } from '@portal/contract';
import { error, fakeApi, type FakeAnswer, type FakeHandler } from '../../test/fake-api';
import { candidateFile } from './candidate-file-fixtures';
import { BLANK_CANDIDATE, CANDIDATE_DRAFT_KEY, type CandidateFormValues } from './register-form';

const ENGINEERING = { CYCLE_ID: 1, CYCLE_NAME: 'Engineering cycle', CYCLE_NAME_FR: "Cycle d'ingénieur" };
const BACHELOR = { CYCLE_ID: 2, CYCLE_NAME: 'Bachelor cycle', CYCLE_NAME_FR: 'Cycle licence' };

export const OPEN_ENTRANCE: Entrance = {
  Entrance_ID: 3,
  Entrance_Name: 'Engineering entrance 2026',
  Year_Name: '2026-2027',
  School_Name: 'IUC Douala',
  Entrance_Registration_Amount: 25000,
  Entrance_Registration_Limit_Date: '2026-08-31',
  Entrance_Evaluation_Begin_Date: '2026-09-15',
  Entrance_Evaluation_End_Date: null,
  OPEN: true,
  specialities: [
    { SPECIALITY_ID: 11, SPECIALITY_DESCRIPTION: 'Software engineering', SPECIALITY_DESCRIPTION_FR: 'Génie logiciel', SPECIALITY_CODE: 'SWE', ...ENGINEERING },
    {
      SPECIALITY_ID: 12,
      SPECIALITY_DESCRIPTION: 'Networks and telecommunications',
      SPECIALITY_DESCRIPTION_FR: 'Réseaux et télécommunications',
      SPECIALITY_CODE: 'GRT',
      ...ENGINEERING,
    },
    { SPECIALITY_ID: 21, SPECIALITY_DESCRIPTION: 'Computer science', SPECIALITY_DESCRIPTION_FR: 'Informatique', SPECIALITY_CODE: 'INF', ...BACHELOR },
  ],
};
/** One the public list may still carry while it is closed: never offered. */
export const CLOSED_ENTRANCE: Entrance = {
  ...OPEN_ENTRANCE,
  Entrance_ID: 4,
  Entrance_Name: 'Medicine entrance 2026',
  Entrance_Registration_Amount: 50000,
  OPEN: false,
};

export const REGIONS: Region[] = [
  { id: 1, name: 'Centre', nom: 'Centre', towns: [{ id: 1, name: 'Yaoundé' }] },
  { id: 2, name: 'Littoral', nom: 'Littoral', towns: [{ id: 2, name: 'Douala' }] },
  { id: 3, name: 'West', nom: 'Ouest', towns: [{ id: 4, name: 'Bafoussam' }] },
];
export const COUNTRIES: Country[] = [
  { code: 'CM', name: 'Cameroon', nameFr: 'Cameroun' },
  { code: 'GA', name: 'Gabon', nameFr: 'Gabon' },
  { code: 'DE', name: 'Germany', nameFr: 'Allemagne' },
];

/** Everything a candidate types, right. */
export const COMPLETE: CandidateFormValues = {
  ...BLANK_CANDIDATE,
  ENTRANCE_ID: '3',
  LASTNAME: 'Nkoulou',
  FIRSTNAME: 'Amina',
  BIRTHDATE: '03/07/2005',
  BIRTHPLACE: 'Yaoundé',
  GENDER: 'Female',
  COUNTRY: 'Cameroon',
  REGION_ORIGIN: 'Centre',
  DEPARTMENT: 'Mfoundi',
  LIVING_TOWN: 'Yaoundé',
  EMAIL: 'amina@example.cm',
  PHONE_NUMBER: '690001122',
  ADMISSION_DIPLOMA: 'Baccalauréat C',
  ADMISSION_DIPLOMA_GRADE: '12.5',
  MENTION_OBTAINED: 'GOOD',
  YEAR_OBTENTION: '2023',
  COUNTRY_OBTENTION: 'Cameroon',
  SCHOOL_OBTENTION: 'Lycée Leclerc',
  FIRST_YEAR_UNIVERSITY: '2024',
  FIRST_YEAR_UNIVERSITY_TYPE: 'PUBLIC',
  NAME_OF_UNIVERSITY: 'Université de Yaoundé I',
  FATHER_NAME: 'Jean Nkoulou',
  FATHER_JOB: 'Teacher',
  FATHER_CONTACT: '677001122',
  FATHER_REGION_ORIGIN: 'Centre',
  MOTHER_NAME: 'Marie Ngo',
  MOTHER_JOB: 'Trader',
  MOTHER_CONTACT: '699001122',
  MOTHER_REGION_ORIGIN: 'Littoral',
  EMERGENCY_NAME: 'Paul Kamga',
  EMERGENCY_CONTACT: '655001122',
  FIRST_LANGUAGE: 'French',
  SECOND_LANGUAGE: 'English',
  FORMATION_TYPE: 'INITIAL',
  CYCLE: 'Engineering cycle',
  FORMATION_FIRST_CHOICE: '11',
  FORMATION_SECOND_CHOICE: '',
};

/** Leaves a draft on the device, as typing would have. */
export function keepDraft(values: Partial<CandidateFormValues> = {}, savedAt = new Date()): void {
  localStorage.setItem(CANDIDATE_DRAFT_KEY, JSON.stringify({ savedAt: savedAt.toISOString(), values: { ...COMPLETE, ...values } }));
}

/** The draft on the device now (null without one). */
export function draftValues(): Record<string, unknown> | null {
  const raw = localStorage.getItem(CANDIDATE_DRAFT_KEY);
  return raw ? (JSON.parse(raw) as { values: Record<string, unknown> }).values : null;
}

/** What `POST /api/candidate` answers to every address (decision 65): check the mail. */
export const ACCEPTED: CandidateRegistrationAccepted = { status: 'CHECK_MAIL', codeExpiresIn: 3600 };
export const ACCEPTED_ANSWER: FakeAnswer = { status: 202, body: ACCEPTED };

/** The code of the registration's mail, and the file `POST /api/candidate/confirm` answers to it. */
export const CODE = '123456';
export const CONFIRMED_FILE = candidateFile({ CANDIDATE_NUMBER: 'C26000042', LASTNAME: 'Nkoulou', FIRSTNAME: 'Amina', EMAIL: 'amina@example.cm' });

/** `POST /api/candidate/confirm`: the file for the mailed code, CANDIDATE_CODE_INVALID for any other. */
export const confirmHandler: FakeHandler = (request) =>
  (request.body as { code?: string } | undefined)?.code === CODE ? { body: CONFIRMED_FILE } : error(400, 'CANDIDATE_CODE_INVALID');

/** The fake server of the registration: the entrances (one open, one closed), the reference lists, and what a test adds. */
export function registrationApi(handlers: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/entrances': { body: [OPEN_ENTRANCE, CLOSED_ENTRANCE] },
    'GET /api/reference/regions': { body: REGIONS },
    'GET /api/reference/countries': { body: COUNTRIES },
    ...handlers,
  });
}

/** A section's panel, opened: its content (found by the header's button). */
export async function openPart(user: UserEvent, title: string | RegExp): Promise<HTMLElement> {
  const header = await screen.findByRole('button', { name: typeof title === 'string' ? new RegExp(`^\\d+\\. ${title}`) : title });
  if (header.getAttribute('aria-expanded') !== 'true') await user.click(header);
  const id = header.getAttribute('aria-controls')!;
  return waitFor(() => {
    const content = document.getElementById(id);
    if (!content) throw new Error(`no content for ${id}`);
    return content;
  });
}
