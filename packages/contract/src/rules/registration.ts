// The HR registration's vocabulary and rules: the wizard's enumerations and sections, the
// files it collects, what each payment mode keeps, and what closure requires.

import { UPLOAD_TYPES } from './limits';
import { CAMEROON_PHONE_CODE } from './phone';

// ---------------------------------------------------------------- enumerations

export const CIVIL_STATUSES = ['Single', 'Married', 'Divorced', 'Widow'] as const;
export const TITLES = ['Dr', 'Pr'] as const;
export const ACADEMIC_GRADES = ['Assistant', 'Chargé de cours', 'Maître de conférences', 'Professeur'] as const;
/** Principal activity: officers (civil servants) keep the ministerial decree and presence certificate. */
export const ACTIVITIES = ['EMPLOYEE', 'OFFICER', 'INDEPENDENT'] as const;
export const PAY_MODES = ['CASH', 'BANK_TRANSFER', 'MOBILE_TRANSFER', 'BANK_CHECK', 'PREPAID_CARD'] as const;
export type PayMode = (typeof PAY_MODES)[number];
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const REGIONS_OF_ORIGIN = ['Adamaoua', 'Centre', 'East', 'Far North', 'Littoral', 'North', 'North-West', 'West', 'South', 'South-West'] as const;
export type RegionOfOrigin = (typeof REGIONS_OF_ORIGIN)[number];
export const SPOKEN_LANGUAGES = ['English', 'French', 'Pidgin', 'Fulfulde', 'Ewondo', 'Duala', 'Bassa', 'Other'] as const;

/** Cameroon's NIU (taxpayer number): a letter, 12 digits, a letter. */
export const NIU_PATTERN = /^[A-Z]\d{12}[A-Z]$/;

/** The wizard's sections, in order. */
export const PROFILE_SECTIONS = [
  'status',
  'personal',
  'identification',
  'address',
  'familial',
  'parents',
  'emergency',
  'fiscal',
  'professional',
  'last-job',
  'financial',
  'pay-mode',
  'documents',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

// ---------------------------------------------------------------- files and documents

/** Columns holding a file (an upload's id; answered as a URL). */
export const FILE_COLUMNS = ['CV_LINK', 'NIU_LINK', 'CNPS_LINK', 'RIB_LINK', 'MINISTERIAL_DECREE', 'PRESENCE_ATTEST', 'IDENTITY1', 'IDENTITY2'] as const;
export type FileColumn = (typeof FILE_COLUMNS)[number];
/** The CV must be a PDF; the ID images are photos or scans; the others may be either. */
export const FILE_COLUMN_TYPES: Record<FileColumn, readonly string[]> = {
  CV_LINK: ['application/pdf'],
  NIU_LINK: ['application/pdf', 'image/jpeg', 'image/png'],
  CNPS_LINK: ['application/pdf', 'image/jpeg', 'image/png'],
  RIB_LINK: ['application/pdf', 'image/jpeg', 'image/png'],
  MINISTERIAL_DECREE: ['application/pdf', 'image/jpeg', 'image/png'],
  PRESENCE_ATTEST: ['application/pdf', 'image/jpeg', 'image/png'],
  IDENTITY1: ['image/jpeg', 'image/png', 'application/pdf'],
  IDENTITY2: ['image/jpeg', 'image/png', 'application/pdf'],
};

export const PIECE_TYPES = ['BIRTH_CERT', 'CHILD_BIRTH_CERT', 'DIPL_CERT', 'WEDDING_CERT'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];
/** Diplomas and civil-status pieces are PDF files or scans: any type the portal stores. */
export const DOCUMENT_TYPES = UPLOAD_TYPES;
/** Diploma levels: BAC+1 to BAC+9. */
export const DIPLOMA_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

// ---------------------------------------------------------------- payment modes (decision 0020)

/** The payment data of the pay-mode section, in the order the form shows them. */
export const PAY_FIELDS = [
  'BANK_CODE',
  'BRANCH_CODE',
  'ACCOUNT_NUM',
  'RIB_KEY',
  'PAY_CODE',
  'PAY_PHONE',
  'CARD_NUM',
  'ACCOUNT_LASTNAME',
  'ACCOUNT_FIRSTNAME',
  'ACCOUNT_BIRTHDATE',
  'CASHIER_CODE',
] as const;
export type PayField = (typeof PAY_FIELDS)[number];

/** How a mode uses one of its fields: the person must give it, may give it, or the mode sets it (`PAY_FIXED_VALUES`). */
export type PayFieldUse = 'required' | 'optional' | 'fixed';

/** The owner of the account, card or cheque: names required, birth date kept (and required for a prepaid card). */
const OWNER = { ACCOUNT_LASTNAME: 'required', ACCOUNT_FIRSTNAME: 'required', ACCOUNT_BIRTHDATE: 'optional' } as const;

/**
 * The fields each payment mode keeps, and how. A save keeps these and clears every other
 * payment field; the form shows exactly these; closure asks for the required ones.
 */
export const PAY_MODE_FIELDS = {
  CASH: { CASHIER_CODE: 'optional' },
  BANK_TRANSFER: { BANK_CODE: 'required', BRANCH_CODE: 'required', ACCOUNT_NUM: 'required', RIB_KEY: 'required', ...OWNER },
  MOBILE_TRANSFER: { PAY_CODE: 'fixed', PAY_PHONE: 'required', ...OWNER },
  BANK_CHECK: { ...OWNER },
  PREPAID_CARD: { CARD_NUM: 'required', ...OWNER, ACCOUNT_BIRTHDATE: 'required' },
} as const satisfies Record<PayMode, Partial<Record<PayField, PayFieldUse>>>;

/** The value of each field a mode sets itself: mobile payments go to Cameroonian numbers. */
export const PAY_FIXED_VALUES = { PAY_CODE: CAMEROON_PHONE_CODE } as const satisfies Partial<Record<PayField, string>>;

export const isPayMode = (value: unknown): value is PayMode => typeof value === 'string' && (PAY_MODES as readonly string[]).includes(value);

/** How `mode` uses `field`, or null when the mode does not keep it (or is no mode). */
export function payFieldUse(mode: unknown, field: string): PayFieldUse | null {
  if (!isPayMode(mode)) return null;
  return (PAY_MODE_FIELDS[mode] as Partial<Record<string, PayFieldUse>>)[field] ?? null;
}

/** The fields a mode keeps, in the form's order (none for no mode). */
export const payFieldsOf = (mode: unknown): PayField[] => PAY_FIELDS.filter((field) => payFieldUse(mode, field) !== null);

/** Whether the person must give `field` for `mode`. */
export const payFieldRequired = (mode: unknown, field: string): boolean => payFieldUse(mode, field) === 'required';

/**
 * The payment data as it is kept: the fields of the chosen mode as given (or as the mode sets
 * them), every other payment field null. The server saves this; the web form sends it.
 */
export function keepPayModeFields<T extends { PAYMODE?: unknown }>(values: T): T & Record<PayField, unknown> {
  const kept: Record<string, unknown> = { ...values };
  for (const field of PAY_FIELDS) {
    const use = payFieldUse(values.PAYMODE, field);
    if (use === null) kept[field] = null;
    else if (use === 'fixed') kept[field] = PAY_FIXED_VALUES[field as keyof typeof PAY_FIXED_VALUES];
  }
  return kept as T & Record<PayField, unknown>;
}

// ---------------------------------------------------------------- closure

/** Every field closure reads, as a record answers it (null, or empty, when not given). */
export type ClosureField =
  | 'MATRICULE'
  | 'STATUS'
  | 'EMAIL'
  | 'BIRTHDATE'
  | 'BIRTHPLACE'
  | 'GENDER'
  | 'COUNTRY'
  | 'CIVILSTATUS'
  | 'SPFIRSTNAME'
  | 'SPLASTNAME'
  | 'CHILDNUM'
  | 'LIVING_TOWN'
  | 'PRECINCT'
  | 'NUMPHONE'
  | 'NUMPHONE2'
  | 'EMERGNAME1'
  | 'EMERGNUM1'
  | 'IDENTIFICATION'
  | 'IDENTIFNUM'
  | 'IDENTIFPLACE'
  | 'IDENTIFSTART'
  | 'IDENTIFEND'
  | 'IDENTITY1'
  | 'IDENTITY2'
  | 'NIU'
  | 'NIU_MISSING'
  | 'LASTDIPLOMA'
  | 'OLD_OBTENTION_YEAR'
  | 'STAB'
  | 'OLD_SPECIALITY'
  | 'LASTJOB'
  | 'LASTEMPLOYER'
  | 'LASTJOBSTART'
  | 'LASTJOBSTILL'
  | 'LASTJOBEND'
  | 'ACTIVITY_PRINCIPAL'
  | 'PAYMODE'
  | PayField
  | 'CV_LINK';

/** What closure checks: a record (any other field is left alone) with the identity part and the wizard's fields. */
export type ClosureSnapshot = Readonly<Record<ClosureField, unknown> & Record<string, unknown>>;

export interface MandatoryRule {
  /** the field the web app shows a message for (`ACCOUNT_DATA` stands for the account owner) */
  field: ClosureField | 'ACCOUNT_DATA';
  section: ProfileSection;
  /** missing when this is true; by default, when the field is empty */
  missing?: (p: ClosureSnapshot) => boolean;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';
/** A field the chosen payment mode requires and the record lacks. */
const payFieldMissing = (p: ClosureSnapshot, field: PayField) => payFieldRequired(p.PAYMODE, field) && empty(p[field]);
const OWNER_FIELDS = Object.keys(OWNER) as (keyof typeof OWNER)[];

/** The mandatory information of section 5, each named by the field the web app shows a message for. */
export const MANDATORY_RULES: readonly MandatoryRule[] = [
  { field: 'MATRICULE', section: 'personal' },
  { field: 'STATUS', section: 'status' },
  { field: 'EMAIL', section: 'personal' },
  { field: 'BIRTHDATE', section: 'personal' },
  { field: 'BIRTHPLACE', section: 'personal' },
  { field: 'GENDER', section: 'personal' },
  { field: 'COUNTRY', section: 'personal' },
  { field: 'CIVILSTATUS', section: 'familial' },
  { field: 'SPFIRSTNAME', section: 'familial', missing: (p) => p.CIVILSTATUS === 'Married' && empty(p.SPFIRSTNAME) },
  { field: 'SPLASTNAME', section: 'familial', missing: (p) => p.CIVILSTATUS === 'Married' && empty(p.SPLASTNAME) },
  { field: 'CHILDNUM', section: 'familial' },
  { field: 'LIVING_TOWN', section: 'address' },
  { field: 'PRECINCT', section: 'address' },
  { field: 'NUMPHONE', section: 'address' },
  { field: 'NUMPHONE2', section: 'address' },
  { field: 'EMERGNAME1', section: 'emergency' },
  { field: 'EMERGNUM1', section: 'emergency' },
  { field: 'IDENTIFICATION', section: 'identification' },
  { field: 'IDENTIFNUM', section: 'identification' },
  { field: 'IDENTIFPLACE', section: 'identification' },
  { field: 'IDENTIFSTART', section: 'identification' },
  { field: 'IDENTIFEND', section: 'identification' },
  { field: 'IDENTITY1', section: 'identification' },
  { field: 'IDENTITY2', section: 'identification' },
  { field: 'NIU', section: 'fiscal', missing: (p) => empty(p.NIU) && p.NIU_MISSING !== true },
  { field: 'LASTDIPLOMA', section: 'professional' },
  { field: 'OLD_OBTENTION_YEAR', section: 'professional' },
  { field: 'STAB', section: 'professional' },
  { field: 'OLD_SPECIALITY', section: 'professional' },
  { field: 'LASTJOB', section: 'last-job' },
  { field: 'LASTEMPLOYER', section: 'last-job' },
  { field: 'LASTJOBSTART', section: 'last-job' },
  { field: 'LASTJOBSTILL', section: 'last-job' },
  { field: 'LASTJOBEND', section: 'last-job', missing: (p) => p.LASTJOBSTILL !== true && empty(p.LASTJOBEND) },
  { field: 'ACTIVITY_PRINCIPAL', section: 'financial' },
  { field: 'PAYMODE', section: 'pay-mode' },
  { field: 'ACCOUNT_NUM', section: 'pay-mode', missing: (p) => payFieldMissing(p, 'ACCOUNT_NUM') },
  { field: 'ACCOUNT_DATA', section: 'pay-mode', missing: (p) => OWNER_FIELDS.some((field) => payFieldMissing(p, field)) },
  { field: 'CV_LINK', section: 'documents' },
];

/** The mandatory fields still missing, in the order of the wizard. */
export function missingFields(p: ClosureSnapshot): string[] {
  return MANDATORY_RULES.filter((r) => (r.missing ? r.missing(p) : empty(p[r.field as ClosureField]))).map((r) => r.field);
}

export const sectionOfField = (field: string): ProfileSection | undefined => MANDATORY_RULES.find((r) => r.field === field)?.section;
