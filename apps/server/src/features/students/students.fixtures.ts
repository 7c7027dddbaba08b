import { eq } from 'drizzle-orm';
import type { StudentProfileSection } from '@portal/contract';
import { persons } from '../../db/schema';
import { sessionFor, type Client, type TestApp } from '../../../test/helpers';

/** A valid body of every section of a student's file, as a form sends it (texts, years typed, a grade with a comma). */
export const VALID_STUDENT_SECTIONS = {
  personal: { RELIGION: 'Catholic', REGION_ORIGIN: 'West', DEPARTMENT: 'Mifi', CIVILSTATUS: 'Single' },
  address: { LIVING_TOWN: 'Douala', DISTRICT: 'Douala 1er', PRECINCT: 'Akwa', CODE1: '+237', NUMPHONE: '699 12 34 56', CODE2: '+237', NUMPHONE2: '' },
  parents: {
    FATHER_NAME: 'Jean Kamga',
    FATHER_JOB: 'Teacher',
    FATHER_CONTACT: '677 11 22 33',
    FATHER_REGION_ORIGIN: 'West',
    MOTHER_NAME: 'Marie Kamga',
    MOTHER_JOB: 'Trader',
    MOTHER_CONTACT: '+33 6 12 34 56 78',
    MOTHER_REGION_ORIGIN: 'Littoral',
  },
  emergency: { EMERGENCY_NAME: 'Paul Kamga', EMERGENCY_RELATION: 'Uncle', EMERGENCY_CONTACT: '690 00 11 22' },
  admission: {
    FORMATION_TYPE: 'INITIAL',
    ADMISSION_DIPLOMA: 'Baccalauréat C',
    ADMISSION_DIPLOMA_GRADE: '14,25',
    MENTION_OBTAINED: 'GOOD',
    YEAR_OBTENTION: '2022',
    COUNTRY_OBTENTION: 'Cameroun',
    SCHOOL_OBTENTION: 'Lycée de New-Bell',
    LAST_YEAR_SITUATION: 'SECONDARY_SCHOOL',
    LAST_YEAR_RANK: 'MAJOR',
    IS_PROFESSIONAL: false,
    FIRST_YEAR_UNIVERSITY: '2023',
    FIRST_YEAR_UNIVERSITY_TYPE: 'PRIVATE',
    NAME_OF_UNIVERSITY: 'Université de Douala',
  },
  disability: { IS_HANDICAPED: true, HANDICAP_DETAILS: 'Reduced mobility: ground-floor rooms' },
  sports: { IS_SPORTIVE: true, IS_SPORTIVE_COMPETITOR: true, FIRST_SPORT: 'OTHER', SPORT_DETAILS: 'Rowing' },
  languages: { FIRST_LANGUAGE: 'French', SECOND_LANGUAGE: 'English', OTHER_LANGUAGES: ['Duala', 'Pidgin'] },
} as const satisfies Record<StudentProfileSection, Record<string, unknown>>;

/** The same sections as the file answers them once saved (phones with their code, the country's English name, the grade a number). */
export const SAVED_STUDENT_SECTIONS = {
  ...VALID_STUDENT_SECTIONS,
  address: { ...VALID_STUDENT_SECTIONS.address, NUMPHONE2: null },
  parents: { ...VALID_STUDENT_SECTIONS.parents, FATHER_CONTACT: '+237677112233', MOTHER_CONTACT: '+33612345678' },
  emergency: { ...VALID_STUDENT_SECTIONS.emergency, EMERGENCY_CONTACT: '+237690001122' },
  admission: {
    ...VALID_STUDENT_SECTIONS.admission,
    ADMISSION_DIPLOMA_GRADE: 14.25,
    YEAR_OBTENTION: 2022,
    COUNTRY_OBTENTION: 'Cameroon',
    FIRST_YEAR_UNIVERSITY: 2023,
  },
} satisfies Record<StudentProfileSection, Record<string, unknown>>;

/** A demo student's id (the seed has ST24A001 to ST24A120; ST24A001 has an account). */
export async function studentId(t: TestApp, n: number): Promise<number> {
  const matricule = `ST24A${String(n).padStart(3, '0')}`;
  const [row] = await t.db.select({ id: persons.id }).from(persons).where(eq(persons.MATRICULE, matricule));
  if (!row) throw new Error(`no student ${matricule}`);
  return row.id;
}

/** A demo student, signed in. */
export async function signedInStudent(t: TestApp, n: number): Promise<{ id: number; client: Client }> {
  const id = await studentId(t, n);
  return { id, client: await sessionFor(t, id) };
}
