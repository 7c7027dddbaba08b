import type { CandidateDocument, CandidateFile, CandidatePayment, FeesAnswer, PaymentNetwork } from '@portal/contract';
import type { FakeHandler } from '../../test/fake-api';

/** Test data of the candidate's own file: a candidate of the 2026 engineering entrance, as `GET /api/candidate/me` answers it. */

export const ME_PATH = '/api/candidate/me';
export const NETWORKS_PATH = '/api/payment-networks';
export const FEES_PATH = '/api/candidate/get-fees-of-request-to-pay';
export const PAY_PATH = '/api/candidate/payments';
export const SETTINGS_PATH = '/api/payments/settings';
export const PAYMENT_ID = '7b1c2a50-5a0e-4c4e-9a57-0d7f7d0b0c11';
export const paymentPath = (id = PAYMENT_ID) => `${PAY_PATH}/${id}`;

export const MTN: PaymentNetwork = {
  code: 'MTN_MOMO',
  name: 'MTN Mobile Money',
  minAmount: 100,
  maxAmount: 1_000_000,
  prefixes: ['67', '650', '651', '652', '653', '654', '68'],
  feeSchedule: [{ upTo: null, fixed: 0, rateBp: 100 }],
  color: '#ffcc00',
  ussdCode: '*126#',
  active: true,
  position: 1,
};
export const ORANGE: PaymentNetwork = {
  code: 'ORANGE_MONEY',
  name: 'Orange Money',
  minAmount: 100,
  maxAmount: 500_000,
  prefixes: ['69', '655', '656', '657', '658', '659'],
  feeSchedule: [{ upTo: null, fixed: 0, rateBp: 150 }],
  color: '#ff7900',
  ussdCode: '#150#',
  active: true,
  position: 2,
};

export const document = (kind: CandidateDocument['kind'], overrides: Partial<CandidateDocument> = {}): CandidateDocument => ({
  kind,
  status: 'SUBMITTED',
  note: null,
  mime: 'application/pdf',
  size: 120_000,
  uploadedAt: '2026-03-02T09:15:00.000Z',
  url: `/api/candidate/documents/${kind}`,
  ...overrides,
});

export const payment = (overrides: Partial<CandidatePayment> = {}): CandidatePayment => ({
  id: PAYMENT_ID,
  orderNumber: 'PAY-260302-0001',
  network: 'MTN_MOMO',
  networkName: 'MTN Mobile Money',
  accountNumber: '+237 67•••••12',
  amount: 25_000,
  fees: 250,
  total: 25_250,
  status: 'PENDING',
  statusMessage: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  statusAt: null,
  receiptNumber: null,
  ...overrides,
});

export const FEES: FeesAnswer = {
  network: 'MTN_MOMO',
  networkName: 'MTN Mobile Money',
  amount: 25_000,
  fee: 250,
  total: 25_250,
  minAmount: 100,
  maxAmount: 1_000_000,
  prefixes: MTN.prefixes,
  currency: 'XAF',
};

export function candidateFile(overrides: Partial<CandidateFile> = {}): CandidateFile {
  const choice = {
    CYCLE_NAME: 'Engineering cycle',
    SPECIALITY_ID: 41,
    SPECIALITY_DESCRIPTION: 'Software engineering',
    SPECIALITY_DESCRIPTION_FR: 'Génie logiciel',
  };
  return {
    id: 12,
    CANDIDATE_NUMBER: 'C26000042',
    MATRICULE: 'C26000042',
    LASTNAME: 'Ngono',
    FIRSTNAME: 'Brice',
    BIRTHDATE: '2006-05-14',
    BIRTHPLACE: 'Douala',
    GENDER: 'Male',
    EMAIL: 'brice.ngono@example.cm',
    PHONE_NUMBER: '+237670000012',
    COUNTRY: 'Cameroon',
    REGION_ORIGIN: 'Littoral',
    DEPARTMENT: 'Wouri',
    LIVING_TOWN: 'Douala',
    FIRST_LANGUAGE: 'French',
    SECOND_LANGUAGE: 'English',
    ADMISSION_DIPLOMA: 'Baccalauréat C',
    ADMISSION_DIPLOMA_GRADE: 14.5,
    MENTION_OBTAINED: 'GOOD',
    YEAR_OBTENTION: 2025,
    COUNTRY_OBTENTION: 'Cameroon',
    SCHOOL_OBTENTION: 'Lycée Joss',
    LAST_YEAR_SITUATION: 'SECONDARY_SCHOOL',
    LAST_YEAR_RANK: null,
    IS_PROFESSIONAL: 'NO',
    FIRST_YEAR_UNIVERSITY: 2025,
    FIRST_YEAR_UNIVERSITY_TYPE: 'PRIVATE',
    NAME_OF_UNIVERSITY: 'IUC',
    FORMATION_TYPE: 'INITIAL',
    CYCLE: 'Engineering cycle',
    FORMATION_FIRST_CHOICE: choice,
    FORMATION_SECOND_CHOICE: null,
    FATHER_NAME: 'Paul Ngono',
    FATHER_JOB: 'Teacher',
    FATHER_CONTACT: '+237690000001',
    FATHER_REGION_ORIGIN: 'Centre',
    MOTHER_NAME: 'Marie Ngono',
    MOTHER_JOB: 'Trader',
    MOTHER_CONTACT: '+237690000002',
    MOTHER_REGION_ORIGIN: 'Littoral',
    EMERGENCY_NAME: 'Paul Ngono',
    EMERGENCY_CONTACT: '+237690000001',
    IS_HANDICAPED: 0,
    HANDICAP_DETAILS: null,
    IS_SPORTIVE: 1,
    IS_SPORTIVE_COMPETITOR: 0,
    FIRST_SPORT: 'FOOTBALL',
    LANGUAGE: 'en',
    ENTRANCE_ID: 3,
    ENTRANCE_NAME: 'Engineering entrance 2026',
    ENTRANCE_YEAR: '2026-2027',
    ENTRANCE_SCHOOL: 'School of Engineering',
    ENTRANCE_AMOUNT: 25_000,
    ENTRANCE_REGISTRATION_LIMIT: '2026-06-30',
    ENTRANCE_EVALUATION_BEGIN: '2026-07-15',
    PHOTO_4X4_URL: null,
    BIRTH_CERTIFICATE_URL: '/api/candidate/documents/BIRTH_CERTIFICATE',
    DIPLOMA_FILE_URL: '/api/candidate/documents/DIPLOMA',
    HAS_PAID: false,
    paidAt: null,
    documents: [document('BIRTH_CERTIFICATE'), document('DIPLOMA', { status: 'REPLACE_REQUESTED', note: 'The scan is unreadable' })],
    documentsComplete: false,
    payments: [],
    decision: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

/** The routes the file page calls, answering an unpaid candidate on the sandbox; `extra` overrides. */
export function fileHandlers(file: CandidateFile = candidateFile(), extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${ME_PATH}`]: { body: file },
    [`GET ${NETWORKS_PATH}`]: { body: [MTN, ORANGE] },
    [`GET ${SETTINGS_PATH}`]: { body: { provider: 'sandbox', sandbox: true } },
    [`POST ${FEES_PATH}`]: { body: FEES },
    'GET /api/reference/regions': {
      body: [
        { id: 2, name: 'Littoral', nom: 'Littoral', towns: [] },
        { id: 1, name: 'Centre', nom: 'Centre', towns: [] },
        { id: 5, name: 'Far North', nom: 'Extrême-Nord', towns: [] },
      ],
    },
    ...extra,
  };
}
