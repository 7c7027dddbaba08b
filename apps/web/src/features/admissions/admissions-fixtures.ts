import type { Catalogue, CandidateFile, CandidateRow, EntranceSpeciality, OfficeEntrance } from '@portal/contract';
import { DEMO_PEOPLE } from '../../test/demo-people';
import type { FakeHandler } from '../../test/fake-api';

/** Test data of the admissions office's pages: the entrances of 2026-2027, as the server answers them. */

export const officeUser = () => DEMO_PEOPLE.admissions();
export const studentUser = () => DEMO_PEOPLE.student();

export const ENTRANCES_PATH = '/api/admissions/entrances';
export const CANDIDATES_PATH = '/api/admissions/candidates';
export const DECISIONS_PATH = '/api/admissions/decisions';
export const IMPORT_PATH = '/api/admissions/decisions/import';
export const CATALOGUE_PATH = '/api/catalogue';

export const CATALOGUE: Catalogue = {
  departments: [{ id: 1, CODE: 'INF', NAME: 'Computer science', NAME_FR: 'Informatique' }],
  branches: [
    { id: 11, ABBREVIATION: 'GSI', NAME: 'Computer systems management', NAME_FR: 'Gestion des systèmes informatiques', DEPARTMENT_ID: 1 },
    { id: 12, ABBREVIATION: 'SWE', NAME: 'Software engineering', NAME_FR: 'Génie logiciel', DEPARTMENT_ID: 1 },
    { id: 13, ABBREVIATION: 'CGE', NAME: 'Accounting and management', NAME_FR: 'Comptabilité et gestion', DEPARTMENT_ID: 1 },
  ],
  cycles: [
    { id: 21, CODE: 'BTS', NAME: 'Higher technician certificate', NAME_FR: 'Brevet de technicien supérieur', FIRST_LEVEL: 1, LAST_LEVEL: 2 },
    { id: 22, CODE: 'HND', NAME: 'Higher national diploma', NAME_FR: 'Diplôme national supérieur', FIRST_LEVEL: 1, LAST_LEVEL: 3 },
  ],
  levels: [],
};

const speciality = (id: number, code: string, name: string, nameFr: string, cycle: 'BTS' | 'HND'): EntranceSpeciality => ({
  SPECIALITY_ID: id,
  SPECIALITY_DESCRIPTION: name,
  SPECIALITY_DESCRIPTION_FR: nameFr,
  SPECIALITY_CODE: code,
  CYCLE_ID: cycle === 'BTS' ? 21 : 22,
  CYCLE_NAME: cycle === 'BTS' ? 'Higher technician certificate' : 'Higher national diploma',
  CYCLE_NAME_FR: cycle === 'BTS' ? 'Brevet de technicien supérieur' : 'Diplôme national supérieur',
});

export const BTS_GSI = speciality(401, 'GSI', 'Computer systems management', 'Gestion des systèmes informatiques', 'BTS');
export const BTS_SWE = speciality(402, 'SWE', 'Software engineering', 'Génie logiciel', 'BTS');
export const HND_SWE = speciality(403, 'SWE', 'Software engineering', 'Génie logiciel', 'HND');

export const OPEN_ENTRANCE: OfficeEntrance = {
  Entrance_ID: 5,
  Entrance_Name: 'Entrance exam, first session',
  Year_Name: '2026-2027',
  School_Name: 'School of Computer Science',
  Entrance_Registration_Amount: 25000,
  Entrance_Registration_Limit_Date: '2026-07-10',
  Entrance_Evaluation_Begin_Date: '2026-07-15',
  Entrance_Evaluation_End_Date: '2026-07-17',
  OPEN: true,
  specialities: [BTS_GSI, BTS_SWE, HND_SWE],
  closedAt: null,
  candidates: 3,
  paid: 2,
};

export const CLOSED_ENTRANCE: OfficeEntrance = {
  Entrance_ID: 4,
  Entrance_Name: 'Entrance exam, 2025',
  Year_Name: '2025-2026',
  School_Name: 'School of Business',
  Entrance_Registration_Amount: 15000,
  Entrance_Registration_Limit_Date: '2025-07-10',
  Entrance_Evaluation_Begin_Date: '2025-07-20',
  Entrance_Evaluation_End_Date: null,
  OPEN: false,
  specialities: [speciality(301, 'CGE', 'Accounting and management', 'Comptabilité et gestion', 'BTS')],
  closedAt: '2025-07-01T10:00:00.000Z',
  candidates: 0,
  paid: 0,
};

export function row(overrides: Partial<CandidateRow> = {}): CandidateRow {
  return {
    id: 901,
    CANDIDATE_NUMBER: 'C27000001',
    LASTNAME: 'Abena',
    FIRSTNAME: 'Sandrine',
    EMAIL: 'sandrine.abena@example.cm',
    PHONE_NUMBER: '+237 677123456',
    ENTRANCE_ID: 5,
    ENTRANCE_NAME: OPEN_ENTRANCE.Entrance_Name,
    FIRST_CHOICE: 'BTS GSI',
    SECOND_CHOICE: 'HND SWE',
    FIRST_CHOICE_ID: 401,
    SECOND_CHOICE_ID: 403,
    HAS_PAID: true,
    paidAt: '2026-06-02T09:00:00.000Z',
    documentsComplete: true,
    DECISION: null,
    DECISION_SPECIALITY: null,
    DECISION_SPECIALITY_ID: null,
    createdAt: '2026-06-01T08:30:00.000Z',
    ...overrides,
  };
}

export const ROWS: CandidateRow[] = [
  row(),
  row({
    id: 902,
    CANDIDATE_NUMBER: 'C27000002',
    LASTNAME: 'Bello',
    FIRSTNAME: 'Ibrahim',
    EMAIL: 'ibrahim.bello@example.cm',
    FIRST_CHOICE: 'BTS SWE',
    SECOND_CHOICE: null,
    FIRST_CHOICE_ID: 402,
    SECOND_CHOICE_ID: null,
  }),
  row({
    id: 903,
    CANDIDATE_NUMBER: 'C27000003',
    LASTNAME: 'Fouda',
    FIRSTNAME: 'Carine',
    EMAIL: 'carine.fouda@example.cm',
    HAS_PAID: false,
    paidAt: null,
    documentsComplete: false,
  }),
];

export const candidatePage = (rows: CandidateRow[] = ROWS, total = rows.length) => ({ rows, total, page: 1, pageSize: 20 });

export function candidateFile(overrides: Partial<CandidateFile> = {}): CandidateFile {
  const choice = (s: EntranceSpeciality) => ({
    CYCLE_NAME: s.CYCLE_NAME,
    SPECIALITY_DESCRIPTION: s.SPECIALITY_DESCRIPTION,
    SPECIALITY_DESCRIPTION_FR: s.SPECIALITY_DESCRIPTION_FR,
    SPECIALITY_ID: s.SPECIALITY_ID,
  });
  const doc = (kind: 'PHOTO' | 'BIRTH_CERTIFICATE' | 'DIPLOMA', mime: string) => ({
    kind,
    status: 'SUBMITTED' as const,
    note: null,
    mime,
    size: 204_800,
    uploadedAt: '2026-06-01T09:00:00.000Z',
    url: `/api/admissions/candidates/901/documents/${kind}`,
  });
  return {
    id: 901,
    CANDIDATE_NUMBER: 'C27000001',
    MATRICULE: 'C27000001',
    LASTNAME: 'Abena',
    FIRSTNAME: 'Sandrine',
    BIRTHDATE: '2007-03-12',
    BIRTHPLACE: 'Yaoundé',
    GENDER: 'Female',
    EMAIL: 'sandrine.abena@example.cm',
    PHONE_NUMBER: '+237 677123456',
    COUNTRY: 'Cameroon',
    REGION_ORIGIN: 'Centre',
    DEPARTMENT: 'Mfoundi',
    LIVING_TOWN: 'Yaoundé',
    FIRST_LANGUAGE: 'French',
    SECOND_LANGUAGE: 'English',
    ADMISSION_DIPLOMA: 'Baccalauréat C',
    ADMISSION_DIPLOMA_GRADE: 14.5,
    MENTION_OBTAINED: 'GOOD',
    YEAR_OBTENTION: 2025,
    COUNTRY_OBTENTION: 'Cameroon',
    SCHOOL_OBTENTION: 'Lycée Leclerc',
    LAST_YEAR_SITUATION: 'SECONDARY_SCHOOL',
    LAST_YEAR_RANK: null,
    IS_PROFESSIONAL: 'NO',
    FIRST_YEAR_UNIVERSITY: 2026,
    FIRST_YEAR_UNIVERSITY_TYPE: 'PRIVATE',
    NAME_OF_UNIVERSITY: 'IUC',
    FORMATION_TYPE: 'INITIAL',
    CYCLE: 'Higher technician certificate',
    FORMATION_FIRST_CHOICE: choice(BTS_GSI),
    FORMATION_SECOND_CHOICE: choice(HND_SWE),
    FATHER_NAME: 'Abena Paul',
    FATHER_JOB: 'Teacher',
    FATHER_CONTACT: '+237 699000001',
    FATHER_REGION_ORIGIN: 'Centre',
    MOTHER_NAME: 'Ngo Marie',
    MOTHER_JOB: 'Nurse',
    MOTHER_CONTACT: '+237 699000002',
    MOTHER_REGION_ORIGIN: 'Littoral',
    EMERGENCY_NAME: 'Abena Paul',
    EMERGENCY_CONTACT: '+237 699000001',
    IS_HANDICAPED: 0,
    HANDICAP_DETAILS: null,
    IS_SPORTIVE: 1,
    IS_SPORTIVE_COMPETITOR: 0,
    FIRST_SPORT: 'FOOTBALL',
    LANGUAGE: 'fr',
    ENTRANCE_ID: 5,
    ENTRANCE_NAME: OPEN_ENTRANCE.Entrance_Name,
    ENTRANCE_YEAR: '2026-2027',
    ENTRANCE_SCHOOL: OPEN_ENTRANCE.School_Name,
    ENTRANCE_AMOUNT: 25000,
    ENTRANCE_REGISTRATION_LIMIT: '2026-07-10',
    ENTRANCE_EVALUATION_BEGIN: '2026-07-15',
    PHOTO_4X4_URL: '/api/admissions/candidates/901/documents/PHOTO',
    BIRTH_CERTIFICATE_URL: '/api/admissions/candidates/901/documents/BIRTH_CERTIFICATE',
    DIPLOMA_FILE_URL: '/api/admissions/candidates/901/documents/DIPLOMA',
    HAS_PAID: true,
    paidAt: '2026-06-02T09:00:00.000Z',
    documents: [doc('PHOTO', 'image/jpeg'), doc('BIRTH_CERTIFICATE', 'application/pdf'), doc('DIPLOMA', 'application/pdf')],
    documentsComplete: true,
    payments: [
      {
        id: '8f0c7a52-1f7e-4a0e-9d5e-2c1b3a4d5e60',
        orderNumber: 'ORD-2606-0001',
        network: 'MTN_MOMO',
        networkName: 'MTN Mobile Money',
        accountNumber: '677***456',
        amount: 25000,
        fees: 250,
        total: 25250,
        status: 'PAID',
        statusMessage: null,
        createdAt: '2026-06-02T08:55:00.000Z',
        statusAt: '2026-06-02T09:00:00.000Z',
        receiptNumber: 'R26-000042',
      },
    ],
    decision: null,
    createdAt: '2026-06-01T08:30:00.000Z',
    ...overrides,
  };
}

/** The office's pages on the fake server: the entrances, the catalogue, the candidates and one file. */
export function officeHandlers(more: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${ENTRANCES_PATH}`]: { body: [OPEN_ENTRANCE, CLOSED_ENTRANCE] },
    [`GET ${CATALOGUE_PATH}`]: { body: CATALOGUE },
    [`GET ${CANDIDATES_PATH}`]: { body: candidatePage() },
    [`GET ${CANDIDATES_PATH}/901`]: { body: candidateFile() },
    [`GET ${ENTRANCES_PATH}/5/counts`]: {
      body: {
        perSpeciality: [
          {
            SPECIALITY_ID: 401,
            SPECIALITY_DESCRIPTION: 'Computer systems management',
            SPECIALITY_DESCRIPTION_FR: 'Gestion des systèmes informatiques',
            CYCLE_NAME: 'BTS',
            total: 2,
            paid: 1,
          },
          {
            SPECIALITY_ID: 402,
            SPECIALITY_DESCRIPTION: 'Software engineering',
            SPECIALITY_DESCRIPTION_FR: 'Génie logiciel',
            CYCLE_NAME: 'BTS',
            total: 1,
            paid: 1,
          },
        ],
        perDay: [
          { day: '2026-06-01', total: 2, paid: 1 },
          { day: '2026-06-02', total: 1, paid: 1 },
        ],
      },
    },
    'GET /api/reference/countries': { body: [] },
    'GET /api/reference/regions': { body: [] },
    ...more,
  };
}
