import type {
  DecisionConfig,
  EligibleRequest,
  HopConfig,
  InboxRow,
  RequestBatch,
  RequestBatchDetail,
  RequestConfig,
  RequestDetail,
  RequestReport,
  RequestUnit,
  UnitMember,
} from '@portal/contract';
import type { RequestDisplayConfig } from '@portal/contract/rules';

/** Test data of the units' pages of requests (decision 32). */

export const SENG: RequestUnit = { id: 1, code: 'SENG', name: "Lecturers' service", nameFr: 'Service des enseignants' };
export const SCHOOL: RequestUnit = { id: 2, code: 'SCH-INF', name: 'School of Computer Science', nameFr: 'École d’informatique' };
export const FIN: RequestUnit = { id: 3, code: 'FIN', name: 'Finance', nameFr: 'Finances' };
export const HR: RequestUnit = { id: 4, code: 'HR', name: 'Human resources', nameFr: 'Ressources humaines' };

const DAY_MS = 86_400_000;
/** An instant `days` from now (negative: before), as the API sends it. */
export const fromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const SUBCATEGORY = {
  id: 11,
  code: 'HOURS',
  name: 'Missing hours',
  nameFr: 'Heures manquantes',
  categoryName: 'Teaching claims',
  categoryNameFr: 'Réclamations d’enseignement',
};

export function inboxRow(overrides: Partial<InboxRow> = {}): InboxRow {
  const filedAt = overrides.filedAt ?? fromNow(-1);
  return {
    id: 101,
    REQUEST_ID: 'REQ-2026-0101',
    REQUEST_OBJECT: 'Two hours missing in March',
    REQUEST_STATUS: 'REGISTERED',
    subcategory: SUBCATEGORY,
    audience: 'STAFF',
    unit: SENG,
    CLASS_ID: 5,
    className: 'BTS1 GSI/J A',
    REQUEST_PBLM_DATE: '2026-03-10',
    REQUEST_PBLM_HOUR_START: null,
    REQUEST_PBLM_HOUR_END: null,
    filedAt,
    signedAt: null,
    signatureDeadline: new Date(new Date(filedAt).getTime() + 7 * DAY_MS).toISOString(),
    stage: 'AWAITING_SIGNATURE',
    author: { id: 9, MATRICULE: 'VAC0001', FIRSTNAME: 'Alice', LASTNAME: 'Fouda' },
    ...overrides,
  };
}

export function requestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  const row = inboxRow(overrides);
  return {
    ...row,
    REQUEST_AUTHOR: row.author.id,
    SUBJECT_ID: 7,
    subjectName: 'Databases',
    subjectNameFr: 'Bases de données',
    REQUEST_PBLM_WEEK: '2026-W11',
    REQUEST_PBLM_HOUR_START: '08:00',
    REQUEST_PBLM_HOUR_END: '09:50',
    CONTRACT_NUMBER: null,
    VH_DISPLAYED: 10,
    VH_EXPECTED: 12,
    TH_DISPLAYED: null,
    TH_EXPECTED: null,
    TI_DISPLAYED: null,
    TI_EXPECTED: null,
    AMOUNT_RECEIVED: null,
    AMOUNT_EXPECTED: null,
    REPRO_COPY_NUMBER: null,
    REPRO_STUDENT_COUNT: null,
    DESCRIPTION: 'The hours of 10 March were not counted.',
    REQUEST_FILE: null,
    fileName: null,
    formUrl: `/api/requests/${row.id}/form`,
    verificationUrl: '/verify/0123456789abcdef0123456789abcdef',
    steps: [{ id: 1, kind: 'FILED', unit: SENG, decision: null, comment: null, status: 'REGISTERED', batch: null, at: row.filedAt, by: null }],
    actions: { sign: false, reject: false, decisions: [] },
    ...overrides,
  };
}

export function eligible(overrides: Partial<EligibleRequest> = {}): EligibleRequest {
  return { ...inboxRow({ signedAt: fromNow(-0.5), stage: 'READY_TO_SEND', ...overrides }), destinations: [SCHOOL], ...overrides };
}

export function batch(overrides: Partial<RequestBatch> = {}): RequestBatch {
  return {
    id: 31,
    reference: 'BT-2026-0031',
    from: SENG,
    to: SCHOOL,
    status: 'DRAFT',
    count: 2,
    createdAt: '2026-03-12T09:00:00',
    sentAt: null,
    receivedAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

export function batchDetail(overrides: Partial<RequestBatchDetail> = {}): RequestBatchDetail {
  const requests = overrides.requests ?? [
    inboxRow({ stage: 'IN_BATCH', signedAt: '2026-03-11T10:00:00' }),
    inboxRow({ id: 102, REQUEST_ID: 'REQ-2026-0102', stage: 'IN_BATCH', signedAt: '2026-03-11T11:00:00' }),
  ];
  return { ...batch({ count: requests.length, ...overrides }), requests, ...overrides };
}

/** A page as the units' API answers it. */
export const apiPage = <T>(rows: T[], total = rows.length, page = 1, pageSize = 20) => ({ rows, total, page, pageSize });

export function report(overrides: Partial<RequestReport> = {}): RequestReport {
  return {
    total: 3,
    byStatus: [
      { key: 'REGISTERED', count: 1 },
      { key: 'VALIDATED', count: 2 },
    ],
    byCategory: [{ key: { id: 1, name: 'Teaching claims', nameFr: 'Réclamations d’enseignement' }, count: 3 }],
    byUnit: [
      { key: SENG, count: 1 },
      { key: null, count: 2 },
    ],
    byRegime: [
      { key: 'DAY', count: 2 },
      { key: 'EVENING', count: 1 },
    ],
    rows: [
      {
        id: 101,
        REQUEST_ID: 'REQ-2026-0101',
        REQUEST_OBJECT: 'Hours of March not counted',
        filedAt: '2026-03-10T09:00:00',
        REQUEST_STATUS: 'VALIDATED',
        category: { id: 1, name: 'Teaching claims', nameFr: 'Réclamations d’enseignement' },
        subcategory: { id: 11, code: 'HOURS', name: 'Missing hours', nameFr: 'Heures manquantes' },
        unit: null,
        audience: 'STAFF',
        author: { id: 9, MATRICULE: 'VAC0001', FIRSTNAME: 'Alice', LASTNAME: 'Fouda' },
        className: 'BTS1 GSI/J A',
        regime: 'DAY',
        REQUEST_PBLM_DATE: '2026-03-09',
        lastDecision: { label: 'Validate', labelFr: 'Valider', at: '2026-03-14T15:00:00' },
      },
    ],
    page: 1,
    pageSize: 20,
    ...overrides,
  };
}

export const DISPLAY: RequestDisplayConfig = {
  CLASS_ID: 'REQUIRED',
  REQUEST_PBLM_DATE: 'REQUIRED',
  CONTRACT_NUMBER: 'HIDDEN',
  VH: 'OPTIONAL',
  TH: 'HIDDEN',
  TI: 'HIDDEN',
  AMOUNT: 'HIDDEN',
  REPRO: 'HIDDEN',
  DESCRIPTION: 'OPTIONAL',
  FILE: 'OPTIONAL',
  TIME_TABLE: true,
};

export function decisionConfig(overrides: Partial<DecisionConfig> = {}): DecisionConfig {
  return { id: 61, hopId: 51, label: 'Validate', labelFr: 'Valider', status: 'VALIDATED', forwardUnitId: FIN.id, used: false, ...overrides };
}

export function hopConfig(overrides: Partial<HopConfig> = {}): HopConfig {
  return {
    id: 51,
    subcategoryId: 11,
    fromUnitId: SENG.id,
    toUnitId: SCHOOL.id,
    used: true,
    decisions: [decisionConfig(), decisionConfig({ id: 62, label: 'Refuse', labelFr: 'Refuser', status: 'NOT_VALIDATED', forwardUnitId: null, used: true })],
    ...overrides,
  };
}

export function requestConfig(overrides: Partial<RequestConfig> = {}): RequestConfig {
  return {
    units: [
      { ...SENG, departmentId: null, members: 1 },
      { ...SCHOOL, departmentId: 3, members: 1 },
      { ...FIN, departmentId: null, members: 1 },
      { ...HR, departmentId: null, members: 1 },
    ],
    categories: [
      {
        id: 1,
        code: 'TEACH',
        name: 'Teaching claims',
        nameFr: 'Réclamations d’enseignement',
        description: 'Hours, rates and amounts of teaching',
        descriptionFr: 'Heures, taux et montants d’enseignement',
        audience: 'STAFF',
        position: 1,
        enabled: true,
        subcategories: [
          {
            id: 11,
            code: 'HOURS',
            name: 'Missing hours',
            nameFr: 'Heures manquantes',
            description: 'Hours taught but not counted',
            descriptionFr: 'Heures faites mais non comptées',
            REQUEST_DISPCONFIG: DISPLAY,
            categoryId: 1,
            firstUnitId: SENG.id,
            position: 1,
            enabled: true,
          },
        ],
      },
    ],
    hops: [hopConfig()],
    ...overrides,
  };
}

export function member(overrides: Partial<UnitMember> = {}): UnitMember {
  return { id: 49, MATRICULE: 'BO0006', username: 'seng', FIRSTNAME: 'Estelle', LASTNAME: 'Ngo', ROLES: ['REQUESTS'], REQUEST_UNIT_ID: SENG.id, ...overrides };
}

export const CATALOGUE = {
  departments: [{ id: 3, CODE: 'INF', NAME: 'Computer Science', NAME_FR: 'Informatique' }],
  branches: [],
  cycles: [],
  levels: [],
};

/** The enabled categories, as `GET /request-categories` answers a unit's member. */
export const CATEGORIES = [
  {
    id: 1,
    code: 'TEACH',
    name: 'Teaching claims',
    nameFr: 'Réclamations d’enseignement',
    description: 'Hours, rates and amounts of teaching',
    descriptionFr: 'Heures, taux et montants d’enseignement',
    sousCategories: [
      { id: 11, code: 'HOURS', name: 'Missing hours', nameFr: 'Heures manquantes', description: 'x', descriptionFr: 'x', REQUEST_DISPCONFIG: DISPLAY },
    ],
  },
];
