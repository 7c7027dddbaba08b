import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Country, Region, StudentDocument, StudentFile, StudentProfileFields } from '@portal/contract';
import { STUDENT_PROFILE_SECTIONS } from '@portal/contract/rules';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { fakeApi, type FakeHandler } from '../../test/fake-api';

/** The signed-in student of these tests (the seed's ST24A001). */
export const STUDENT = DEMO_PEOPLE.student();

export const REGIONS: Region[] = [
  { id: 1, name: 'Centre', nom: 'Centre', towns: [{ id: 1, name: 'Yaoundé' }] },
  {
    id: 2,
    name: 'Littoral',
    nom: 'Littoral',
    towns: [
      { id: 2, name: 'Douala' },
      { id: 3, name: 'Nkongsamba' },
    ],
  },
  { id: 3, name: 'West', nom: 'Ouest', towns: [{ id: 4, name: 'Bafoussam' }] },
];
export const COUNTRIES: Country[] = [
  { code: 'CM', name: 'Cameroon', nameFr: 'Cameroun' },
  { code: 'GA', name: 'Gabon', nameFr: 'Gabon' },
  { code: 'DE', name: 'Germany', nameFr: 'Allemagne' },
];

/** Every field empty, as for a student who has filled nothing. */
export const BLANK_PROFILE: StudentProfileFields = {
  RELIGION: null,
  REGION_ORIGIN: null,
  DEPARTMENT: null,
  CIVILSTATUS: null,
  LIVING_TOWN: null,
  DISTRICT: null,
  PRECINCT: null,
  CODE1: null,
  NUMPHONE: null,
  CODE2: null,
  NUMPHONE2: null,
  FATHER_NAME: null,
  FATHER_JOB: null,
  FATHER_CONTACT: null,
  FATHER_REGION_ORIGIN: null,
  MOTHER_NAME: null,
  MOTHER_JOB: null,
  MOTHER_CONTACT: null,
  MOTHER_REGION_ORIGIN: null,
  EMERGENCY_NAME: null,
  EMERGENCY_RELATION: null,
  EMERGENCY_CONTACT: null,
  FORMATION_TYPE: null,
  ADMISSION_DIPLOMA: null,
  ADMISSION_DIPLOMA_GRADE: null,
  MENTION_OBTAINED: null,
  YEAR_OBTENTION: null,
  COUNTRY_OBTENTION: null,
  SCHOOL_OBTENTION: null,
  LAST_YEAR_SITUATION: null,
  LAST_YEAR_RANK: null,
  IS_PROFESSIONAL: null,
  FIRST_YEAR_UNIVERSITY: null,
  FIRST_YEAR_UNIVERSITY_TYPE: null,
  NAME_OF_UNIVERSITY: null,
  IS_HANDICAPED: false,
  HANDICAP_DETAILS: null,
  IS_SPORTIVE: false,
  IS_SPORTIVE_COMPETITOR: false,
  FIRST_SPORT: null,
  SPORT_DETAILS: null,
  FIRST_LANGUAGE: null,
  SECOND_LANGUAGE: null,
  OTHER_LANGUAGES: [],
};

export const CV: StudentDocument = {
  id: 11,
  KIND: 'CV',
  LABEL: null,
  YEAR: null,
  FILE: '/api/files/0b6f8d52-3a55-4a52-9f1e-4b2c1d7e9a10',
  NAME: 'cv.pdf',
  MIME: 'application/pdf',
  SIZE: 48_213,
  createdAt: '2026-03-02T09:00:00.000Z',
};

/** The student's file as the server answers it; sections saved are named with their time. */
export function studentFile(
  profile: Partial<StudentProfileFields> = {},
  saved: Partial<Record<(typeof STUDENT_PROFILE_SECTIONS)[number], string>> = {},
  documents: StudentDocument[] = [],
): StudentFile {
  return {
    identity: {
      id: STUDENT.id,
      MATRICULE: STUDENT.MATRICULE,
      FIRSTNAME: STUDENT.FIRSTNAME,
      LASTNAME: STUDENT.LASTNAME,
      BIRTHDATE: STUDENT.BIRTHDATE,
      BIRTHPLACE: STUDENT.BIRTHPLACE,
      GENDER: STUDENT.GENDER,
      EMAIL: STUDENT.EMAIL,
    },
    profile: { ...BLANK_PROFILE, ...profile },
    sectionsSaved: Object.fromEntries(STUDENT_PROFILE_SECTIONS.map((section) => [section, saved[section] ?? null])) as StudentFile['sectionsSaved'],
    documents,
  };
}

/** The fake server of the page: the file, the reference lists, and the routes a test adds. */
export function studentFileApi(file: StudentFile, handlers: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/auth/session': { body: STUDENT },
    'GET /api/students/profile': { body: file },
    'GET /api/reference/regions': { body: REGIONS },
    'GET /api/reference/countries': { body: COUNTRIES },
    ...handlers,
  });
}

/** The panel of a section, opened (its form). */
export async function openSection(user: UserEvent, title: string): Promise<HTMLElement> {
  const header = await screen.findByRole('button', { name: new RegExp(`^${title}`) });
  if (header.getAttribute('aria-expanded') !== 'true') await user.click(header);
  return screen.findByRole('form', { name: title });
}
