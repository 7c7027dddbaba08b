import { z } from 'zod';
import { ACCOUNT_NUMBER, BANK_CODE, BRANCH_CODE, isValidCardNumber, isValidRib, RIB_KEY } from './bank';
import { dmyToIso, V } from './common';
import { isCameroonMobile, isValidPhone } from './phone';
import { Gender, StaffStatus } from './person';

// ---------------------------------------------------------------- enumerations

export const CIVIL_STATUSES = ['Single', 'Married', 'Divorced', 'Widow'] as const;
export const TITLES = ['Dr', 'Pr'] as const;
export const ACADEMIC_GRADES = ['Assistant', 'Chargé de cours', 'Maître de conférences', 'Professeur'] as const;
/** Principal activity: officers (civil servants) keep the ministerial decree and presence certificate. */
export const ACTIVITIES = ['EMPLOYEE', 'OFFICER', 'INDEPENDENT'] as const;
export const PAY_MODES = ['CASH', 'BANK_TRANSFER', 'MOBILE_TRANSFER', 'BANK_CHECK', 'PREPAID_CARD'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const REGIONS_OF_ORIGIN = ['Adamaoua', 'Centre', 'East', 'Far North', 'Littoral', 'North', 'North-West', 'West', 'South', 'South-West'] as const;
export const SPOKEN_LANGUAGES = ['English', 'French', 'Pidgin', 'Fulfulde', 'Ewondo', 'Duala', 'Bassa', 'Other'] as const;

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
/** Upload limits: 5 MB per file (images are also downscaled to 2000 px). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Tax withheld on hours: 5.5 % with an NIU, up to 16.5 % without. */
export const TAX_RATE_WITH_NIU = 5.5;
export const TAX_RATE_WITHOUT_NIU = 16.5;

// ---------------------------------------------------------------- field helpers

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Optional text: trimmed, empty becomes null. */
export const optText = (max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : blankToNull(v)),
    z.string({ error: V.invalid }).max(max, { error: V.tooLong }).nullable(),
  );

export const optEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToNull, z.enum(values, { error: V.invalid }).nullable());

/** Optional date: typed dd/mm/yyyy or sent YYYY-MM-DD; always YYYY-MM-DD after parsing. */
export const optDate = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return blankToNull(v);
    const s = v.trim();
    if (!s) return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return dmyToIso(`${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`) ?? 'invalid';
    return dmyToIso(s) ?? 'invalid';
  },
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.date }).nullable(),
);

export const optInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v.replace(/\s/g, '')) : v),
    z.number({ error: V.invalid }).int({ error: V.invalid }).min(min, { error: V.invalid }).max(max, { error: V.invalid }).nullable(),
  );

export const optBool = z.preprocess(blankToNull, z.boolean({ error: V.invalid }).nullable());

const phoneCode = z.preprocess(blankToNull, z.string().regex(/^\+\d{1,4}$/, { error: V.invalid }).nullable());

/** A base64 data URL carrying a file inside a JSON body (the contract's compatibility form). */
export const DataUrl = z.string().regex(/^data:[\w.+-]+\/[\w.+-]+;base64,/, { error: V.invalid }).max(8_000_000, { error: 'validation.fileTooLarge' });
export type DataUrl = z.infer<typeof DataUrl>;

const STUDENT_ID = z.coerce.number().int().positive().optional();

const after = (start: string | null | undefined, end: string | null | undefined) => !start || !end || end >= start;

// ---------------------------------------------------------------- sections

export const StatusSection = z.object({ STATUS: StaffStatus });
export type StatusSection = z.infer<typeof StatusSection>;

export const PersonalSection = z.object({
  DENOMINATION: optEnum(TITLES),
  FIRSTNAME: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  LASTNAME: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  GENDER: z.preprocess(blankToNull, Gender.nullable()),
  BIRTHDATE: optDate,
  BIRTHPLACE: optText(100),
  COUNTRY: optText(100),
  REGION_ORIGIN: optText(60),
  DEPARTMENT: optText(100),
  FIRST_LANGUAGE: optText(40),
  SECOND_LANGUAGE: optText(40),
});
export type PersonalSection = z.infer<typeof PersonalSection>;

export const IdentificationSection = z
  .object({
    IDENTIFICATION: optText(20),
    IDENTIFNUM: optText(40),
    IDENTIFPLACE: optText(100),
    IDENTIFSTART: optDate,
    IDENTIFEND: optDate,
    /** compatibility: the ID images as data URLs; the web app uploads them as files instead */
    IDENTITY1: DataUrl.optional(),
    IDENTITY2: DataUrl.optional(),
  })
  .refine((v) => after(v.IDENTIFSTART, v.IDENTIFEND), { path: ['IDENTIFEND'], error: 'validation.endBeforeStart' });
export type IdentificationSection = z.infer<typeof IdentificationSection>;

export const AddressSection = z
  .object({
    LIVING_TOWN: optText(100),
    DISTRICT: optText(100),
    PRECINCT: optText(100),
    RELIGION: optText(60),
    CODE1: phoneCode,
    NUMPHONE: optText(20),
    CODE2: phoneCode,
    NUMPHONE2: optText(20),
  })
  .superRefine((v, ctx) => {
    if (!v.LIVING_TOWN) ctx.addIssue({ code: 'custom', path: ['LIVING_TOWN'], message: 'validation.townPrecinct' });
    if (!v.PRECINCT) ctx.addIssue({ code: 'custom', path: ['PRECINCT'], message: 'validation.townPrecinct' });
    if (v.NUMPHONE && !isValidPhone(v.CODE1 ?? '+237', v.NUMPHONE)) ctx.addIssue({ code: 'custom', path: ['NUMPHONE'], message: 'validation.phone1' });
    if (v.NUMPHONE2 && !isValidPhone(v.CODE2 ?? '+237', v.NUMPHONE2)) ctx.addIssue({ code: 'custom', path: ['NUMPHONE2'], message: 'validation.phone2' });
  });
export type AddressSection = z.infer<typeof AddressSection>;

export const Child = z.object({
  FIRSTNAME: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  LASTNAME: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  BIRTHDATE: optDate,
});
export type Child = z.infer<typeof Child>;

export const FamilialSection = z
  .object({
    CIVILSTATUS: optEnum(CIVIL_STATUSES),
    SPFIRSTNAME: optText(100),
    SPLASTNAME: optText(100),
    SPBIRTHDATE: optDate,
    CHILDNUM: optInt(0, 30),
    CHILDREN: z.array(Child).max(30).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.CIVILSTATUS === 'Married') {
      if (!v.SPFIRSTNAME) ctx.addIssue({ code: 'custom', path: ['SPFIRSTNAME'], message: 'validation.spouseRequired' });
      if (!v.SPLASTNAME) ctx.addIssue({ code: 'custom', path: ['SPLASTNAME'], message: 'validation.spouseRequired' });
    }
    if (v.CHILDREN && v.CHILDNUM !== null && v.CHILDREN.length > v.CHILDNUM) {
      ctx.addIssue({ code: 'custom', path: ['CHILDNUM'], message: 'validation.childrenCount' });
    }
  });
export type FamilialSection = z.infer<typeof FamilialSection>;

export const ParentsSection = z.object({
  FATHER_NAME: optText(150),
  MOTHER_NAME: optText(150),
  HEIGHT: optInt(100, 250),
  WEIGHT: optInt(30, 250),
  BLOOD_GROUP: optEnum(BLOOD_GROUPS),
  HANDICAP: optBool,
  HANDICAP_DETAILS: optText(300),
});
export type ParentsSection = z.infer<typeof ParentsSection>;

export const EmergencySection = z
  .object({
    EMERGNAME1: optText(150),
    EMERGCODE1: phoneCode,
    EMERGNUM1: optText(20),
    EMERGNAME2: optText(150),
    EMERGCODE2: phoneCode,
    EMERGNUM2: optText(20),
  })
  .superRefine((v, ctx) => {
    if (v.EMERGNUM1 && !isValidPhone(v.EMERGCODE1 ?? '+237', v.EMERGNUM1)) ctx.addIssue({ code: 'custom', path: ['EMERGNUM1'], message: 'validation.phone1' });
    if (v.EMERGNUM2 && !isValidPhone(v.EMERGCODE2 ?? '+237', v.EMERGNUM2)) ctx.addIssue({ code: 'custom', path: ['EMERGNUM2'], message: 'validation.phone2' });
  });
export type EmergencySection = z.infer<typeof EmergencySection>;

/** Cameroon's NIU (taxpayer number): a letter, 12 digits, a letter. */
export const NIU_PATTERN = /^[A-Z]\d{12}[A-Z]$/;

export const FiscalSection = z.object({
  NIU: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : blankToNull(v)), z.string().regex(NIU_PATTERN, { error: 'validation.niu' }).nullable()),
  /** the person confirmed having no NIU, knowing the tax becomes up to 16.5 % instead of 5.5 % */
  NIU_MISSING: optBool,
  CNPSYN: optBool,
  CNPSNUM: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : blankToNull(v)), z.string().regex(/^[0-9A-Z-]{6,20}$/, { error: 'validation.cnps' }).nullable()),
});
export type FiscalSection = z.infer<typeof FiscalSection>;

export const ProfessionalSection = z.object({
  LASTDIPLOMA: optText(150),
  OLD_SPECIALITY: optText(150),
  OLD_OBTENTION_YEAR: optInt(1950, 2100),
  STAB: optText(150),
  SPECIALITY: optText(150),
  TITLE: optEnum(TITLES),
  GRADES: optEnum(ACADEMIC_GRADES),
  JOBTITLE: optText(100),
});
export type ProfessionalSection = z.infer<typeof ProfessionalSection>;

export const LastJobSection = z
  .object({
    LASTJOB: optText(150),
    LASTEMPLOYER: optText(150),
    LASTJOBSTART: optDate,
    LASTJOBEND: optDate,
    LASTJOBSTILL: optBool,
  })
  .refine((v) => after(v.LASTJOBSTART, v.LASTJOBEND), { path: ['LASTJOBEND'], error: 'validation.endBeforeStart' });
export type LastJobSection = z.infer<typeof LastJobSection>;

export const FinancialSection = z.object({
  ACTIVITY_PRINCIPAL: optEnum(ACTIVITIES),
  BASESALARY: optInt(0, 1_000_000_000),
  HOURRATE: optInt(0, 10_000_000),
  CONTENDDATE: optDate,
});
export type FinancialSection = z.infer<typeof FinancialSection>;

const upper = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s/g, '').toUpperCase() || null : blankToNull(v)), z.string().max(max, { error: V.tooLong }).nullable());

export const PayModeSection = z
  .object({
    PAYMODE: optEnum(PAY_MODES),
    BANK_CODE: upper(5),
    BRANCH_CODE: upper(5),
    ACCOUNT_NUM: upper(11),
    RIB_KEY: upper(2),
    PAY_CODE: phoneCode,
    PAY_PHONE: optText(20),
    CARD_NUM: upper(19),
    ACCOUNT_LASTNAME: optText(100),
    ACCOUNT_FIRSTNAME: optText(100),
    ACCOUNT_BIRTHDATE: optDate,
    CASHIER_CODE: optText(30),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: V.required });
    };
    const owner = () => {
      need('ACCOUNT_LASTNAME');
      need('ACCOUNT_FIRSTNAME');
    };
    switch (v.PAYMODE) {
      case 'BANK_TRANSFER':
        owner();
        if (!v.BANK_CODE || !BANK_CODE.test(v.BANK_CODE)) ctx.addIssue({ code: 'custom', path: ['BANK_CODE'], message: 'validation.bankCode' });
        if (!v.BRANCH_CODE || !BRANCH_CODE.test(v.BRANCH_CODE)) ctx.addIssue({ code: 'custom', path: ['BRANCH_CODE'], message: 'validation.branchCode' });
        if (!v.ACCOUNT_NUM || !ACCOUNT_NUMBER.test(v.ACCOUNT_NUM)) ctx.addIssue({ code: 'custom', path: ['ACCOUNT_NUM'], message: 'validation.accountNumber' });
        else if (!v.RIB_KEY || !RIB_KEY.test(v.RIB_KEY) || (v.BANK_CODE && v.BRANCH_CODE && !isValidRib(v.BANK_CODE, v.BRANCH_CODE, v.ACCOUNT_NUM, v.RIB_KEY))) {
          ctx.addIssue({ code: 'custom', path: ['RIB_KEY'], message: 'validation.ribKey' });
        }
        break;
      case 'BANK_CHECK':
        owner();
        break;
      case 'MOBILE_TRANSFER':
        owner();
        if (!v.PAY_PHONE || !isCameroonMobile(v.PAY_PHONE)) ctx.addIssue({ code: 'custom', path: ['PAY_PHONE'], message: 'validation.mobile' });
        break;
      case 'PREPAID_CARD':
        owner();
        need('ACCOUNT_BIRTHDATE');
        if (!v.CARD_NUM || !isValidCardNumber(v.CARD_NUM)) ctx.addIssue({ code: 'custom', path: ['CARD_NUM'], message: 'validation.cardNumber' });
        break;
      case 'CASH':
      case null:
      case undefined:
        break;
    }
  });
export type PayModeSection = z.infer<typeof PayModeSection>;

/** The wizard's sections, in order, with the schema of each saveable one. */
export const PROFILE_SECTIONS = ['status', 'personal', 'identification', 'address', 'familial', 'parents', 'emergency', 'fiscal', 'professional', 'last-job', 'financial', 'pay-mode', 'documents'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export const SECTION_SCHEMAS = {
  status: StatusSection,
  personal: PersonalSection,
  identification: IdentificationSection,
  address: AddressSection,
  familial: FamilialSection,
  parents: ParentsSection,
  emergency: EmergencySection,
  fiscal: FiscalSection,
  professional: ProfessionalSection,
  'last-job': LastJobSection,
  financial: FinancialSection,
  'pay-mode': PayModeSection,
} as const;
export type SavedSection = keyof typeof SECTION_SCHEMAS;
export type SectionValues<S extends SavedSection> = z.output<(typeof SECTION_SCHEMAS)[S]>;

/** A section's request body: its fields and, for compatibility, STUDENT_ID (checked against the session). */
export const sectionBody = <S extends SavedSection>(section: S) =>
  (SECTION_SCHEMAS[section] as unknown as z.ZodType<SectionValues<S>>).and(z.object({ STUDENT_ID }));

// ---------------------------------------------------------------- the record

const nullableText = z.string().nullable();
const nullableInt = z.number().int().nullable();
const nullableBool = z.boolean().nullable();

/** Everything the wizard collects, as the record answers it (files as URLs). */
export const ProfileFields = z.object({
  DENOMINATION: nullableText,
  REGION_ORIGIN: nullableText,
  DEPARTMENT: nullableText,
  FIRST_LANGUAGE: nullableText,
  SECOND_LANGUAGE: nullableText,
  IDENTIFICATION: nullableText,
  IDENTIFNUM: nullableText,
  IDENTIFPLACE: nullableText,
  IDENTIFSTART: nullableText,
  IDENTIFEND: nullableText,
  LIVING_TOWN: nullableText,
  DISTRICT: nullableText,
  PRECINCT: nullableText,
  RELIGION: nullableText,
  CODE1: nullableText,
  NUMPHONE: nullableText,
  CODE2: nullableText,
  NUMPHONE2: nullableText,
  CIVILSTATUS: nullableText,
  SPFIRSTNAME: nullableText,
  SPLASTNAME: nullableText,
  SPBIRTHDATE: nullableText,
  CHILDNUM: nullableInt,
  CHILDREN: z.array(z.object({ FIRSTNAME: z.string(), LASTNAME: z.string(), BIRTHDATE: nullableText })),
  FATHER_NAME: nullableText,
  MOTHER_NAME: nullableText,
  HEIGHT: nullableInt,
  WEIGHT: nullableInt,
  BLOOD_GROUP: nullableText,
  HANDICAP: nullableBool,
  HANDICAP_DETAILS: nullableText,
  EMERGNAME1: nullableText,
  EMERGCODE1: nullableText,
  EMERGNUM1: nullableText,
  EMERGNAME2: nullableText,
  EMERGCODE2: nullableText,
  EMERGNUM2: nullableText,
  NIU: nullableText,
  NIU_MISSING: nullableBool,
  CNPSYN: nullableBool,
  CNPSNUM: nullableText,
  LASTDIPLOMA: nullableText,
  OLD_SPECIALITY: nullableText,
  OLD_OBTENTION_YEAR: nullableInt,
  STAB: nullableText,
  SPECIALITY: nullableText,
  TITLE: nullableText,
  GRADES: nullableText,
  JOBTITLE: nullableText,
  LASTJOB: nullableText,
  LASTEMPLOYER: nullableText,
  LASTJOBSTART: nullableText,
  LASTJOBEND: nullableText,
  LASTJOBSTILL: nullableBool,
  ACTIVITY_PRINCIPAL: nullableText,
  BASESALARY: nullableInt,
  HOURRATE: nullableInt,
  CONTENDDATE: nullableText,
  PAYMODE: nullableText,
  BANK_CODE: nullableText,
  BRANCH_CODE: nullableText,
  ACCOUNT_NUM: nullableText,
  RIB_KEY: nullableText,
  PAY_CODE: nullableText,
  PAY_PHONE: nullableText,
  CARD_NUM: nullableText,
  ACCOUNT_LASTNAME: nullableText,
  ACCOUNT_FIRSTNAME: nullableText,
  ACCOUNT_BIRTHDATE: nullableText,
  CASHIER_CODE: nullableText,
  CV_LINK: nullableText,
  NIU_LINK: nullableText,
  CNPS_LINK: nullableText,
  RIB_LINK: nullableText,
  MINISTERIAL_DECREE: nullableText,
  PRESENCE_ATTEST: nullableText,
  IDENTITY1: nullableText,
  IDENTITY2: nullableText,
  CLOSED_AT: nullableText,
});
export type ProfileFields = z.infer<typeof ProfileFields>;

// ---------------------------------------------------------------- closure

/** What closure checks: the record's identity part and the wizard's fields. */
export type ClosureSnapshot = ProfileFields & {
  MATRICULE: string | null;
  STATUS: string | null;
  EMAIL: string | null;
  BIRTHDATE: string | null;
  BIRTHPLACE: string | null;
  GENDER: string | null;
  COUNTRY: string | null;
};

interface Rule {
  field: string;
  section: ProfileSection;
  /** missing when this is true; by default, when the field is empty */
  missing?: (p: ClosureSnapshot) => boolean;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';
const needsOwner = (p: ClosureSnapshot) => !!p.PAYMODE && p.PAYMODE !== 'CASH';

/** The mandatory information of section 5, each named by the field the web app shows a message for. */
export const MANDATORY_RULES: readonly Rule[] = [
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
  { field: 'ACCOUNT_NUM', section: 'pay-mode', missing: (p) => p.PAYMODE === 'BANK_TRANSFER' && empty(p.ACCOUNT_NUM) },
  { field: 'ACCOUNT_DATA', section: 'pay-mode', missing: (p) => needsOwner(p) && (empty(p.ACCOUNT_LASTNAME) || empty(p.ACCOUNT_FIRSTNAME)) },
  { field: 'CV_LINK', section: 'documents' },
];

/** The mandatory fields still missing, in the order of the wizard. */
export function missingFields(p: ClosureSnapshot): string[] {
  return MANDATORY_RULES.filter((r) => (r.missing ? r.missing(p) : empty((p as Record<string, unknown>)[r.field]))).map((r) => r.field);
}

export const sectionOfField = (field: string): ProfileSection | undefined => MANDATORY_RULES.find((r) => r.field === field)?.section;

export const RegistrationState = z.object({
  ACTIVED: z.boolean(),
  CLOSED_AT: z.string().nullable(),
  sections: z.array(z.object({ section: z.enum(PROFILE_SECTIONS), savedAt: z.string().nullable(), missing: z.array(z.string()) })),
  missing: z.array(z.string()),
});
export type RegistrationState = z.infer<typeof RegistrationState>;

export const CloseSignBody = z.object({ STUDENT_ID });
export type CloseSignBody = z.infer<typeof CloseSignBody>;
export const CloseSignResponse = z.object({ ACTIVED: z.literal(true), message: z.string(), CLOSED_AT: z.string() });
export type CloseSignResponse = z.infer<typeof CloseSignResponse>;

// ---------------------------------------------------------------- files and documents

export const FileColumn = z.enum(FILE_COLUMNS);
/** PATCH /students/files/remove */
export const FileRemoveBody = z.object({ col: FileColumn, file: z.string().optional(), STUDENT_ID });
export type FileRemoveBody = z.infer<typeof FileRemoveBody>;
/** JSON form of an upload into a column (POST /students/cv, /students/files) */
export const FileUploadJson = z.object({ FILE: DataUrl, col: FileColumn.optional(), name: z.string().max(200).optional(), STUDENT_ID });
export type FileUploadJson = z.infer<typeof FileUploadJson>;
export const FileUploadResponse = z.object({ col: FileColumn, url: z.string() }).catchall(z.string());
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;
/** POST /students/files: the fields besides FILE (multipart form fields, or the JSON body's); the column is required. */
export const ColumnUploadFields = FileUploadJson.omit({ FILE: true }).extend({ col: z.enum(FILE_COLUMNS, { error: (issue) => (issue.input === undefined ? V.required : V.invalid) }) });
export type ColumnUploadFields = z.infer<typeof ColumnUploadFields>;
export const ColumnUploadJson = ColumnUploadFields.extend({ FILE: DataUrl });
export type ColumnUploadJson = z.infer<typeof ColumnUploadJson>;
/** POST /students/cv: the fields besides FILE; `col`, when given, can only be CV_LINK. */
export const CvUploadFields = FileUploadJson.omit({ FILE: true }).extend({ col: z.literal('CV_LINK', { error: V.invalid }).optional() });
export type CvUploadFields = z.infer<typeof CvUploadFields>;
export const CvUploadJson = CvUploadFields.extend({ FILE: DataUrl });
export type CvUploadJson = z.infer<typeof CvUploadJson>;
/** PATCH /students/files/remove answers the column, whether a file was removed, and the column as null. */
export const FileRemoveResponse = z.object({ col: FileColumn, removed: z.boolean() }).catchall(z.null());
export type FileRemoveResponse = z.infer<typeof FileRemoveResponse>;
/** GET /files/{id}: a stored file's id (the last part of its URL). */
export const FileParams = z.object({ id: z.string().min(1).max(100) });
export type FileParams = z.infer<typeof FileParams>;

export const PIECE_TYPES = ['BIRTH_CERT', 'CHILD_BIRTH_CERT', 'DIPL_CERT', 'WEDDING_CERT'] as const;
export const PieceType = z.enum(PIECE_TYPES);
export type PieceType = z.infer<typeof PieceType>;
/** Diploma levels: BAC+1 to BAC+9. */
export const DIPLOMA_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export const DocumentFields = z
  .object({
    PIECE_TYPE: PieceType,
    DESIGNATION: optText(200),
    SPECIALITY: optText(200),
    LEVEL: optInt(1, 9),
    LANGUAGE: optEnum(['en', 'fr'] as const),
    OBTENEDDATE: optDate,
    OBTENEDSTAB: optText(200),
    STUDENT_ID,
  })
  .superRefine((v, ctx) => {
    const need = (field: 'DESIGNATION' | 'OBTENEDDATE' | 'OBTENEDSTAB' | 'SPECIALITY' | 'LEVEL' | 'LANGUAGE') => {
      if (v[field] === null || v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.documentIncomplete' });
    };
    need('DESIGNATION');
    need('OBTENEDDATE');
    need('OBTENEDSTAB');
    if (v.PIECE_TYPE === 'DIPL_CERT') {
      need('SPECIALITY');
      need('LEVEL');
      need('LANGUAGE');
    }
  });
export type DocumentFields = z.infer<typeof DocumentFields>;
/** JSON form of a document upload: the fields and the file as a data URL. */
export const DocumentUploadJson = DocumentFields.and(z.object({ FILE: DataUrl }));
export type DocumentUploadJson = z.infer<typeof DocumentUploadJson>;

export const DocumentRecord = z.object({
  id: z.number().int(),
  DESIGNATION: z.string(),
  SPECIALITY: z.string().nullable(),
  LEVEL: z.number().int().nullable(),
  LANGUAGE: z.string().nullable(),
  OBTENEDDATE: z.string().nullable(),
  OBTENEDSTAB: z.string().nullable(),
  FILE: z.string(),
  PIECE_TYPE: PieceType,
  IS_LAST: z.boolean(),
  createdAt: z.string(),
});
export type DocumentRecord = z.infer<typeof DocumentRecord>;

export const DocumentDeleteBody = z.object({ id: z.coerce.number().int().positive(), STUDENT_ID });
export type DocumentDeleteBody = z.infer<typeof DocumentDeleteBody>;
export const DiplomaMarkBody = z.object({ id: z.coerce.number().int().positive(), STUDENT_ID });
export type DiplomaMarkBody = z.infer<typeof DiplomaMarkBody>;
export const DocumentDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type DocumentDeleted = z.infer<typeof DocumentDeleted>;

/** At most this many diplomas in one PATCH /students/update/training. */
export const TRAINING_MAX_FILES = 4;
/**
 * PATCH /students/update/training: diplomas with their files as data URLs, created all or nothing,
 * for one person: STUDENT_ID, given on the body or on the files, names the same person everywhere.
 * Parsed, STUDENT_ID is that person (or absent: the caller).
 */
export const TrainingBody = z
  .object({ files: z.array(DocumentUploadJson).min(1).max(TRAINING_MAX_FILES), STUDENT_ID })
  .transform((body, ctx) => {
    const named = new Set([body.STUDENT_ID, ...body.files.map((f) => f.STUDENT_ID)].filter((id) => id !== undefined));
    if (named.size > 1) ctx.addIssue({ code: 'custom', path: ['STUDENT_ID'], message: V.invalid });
    return { files: body.files, STUDENT_ID: [...named][0] };
  });
export type TrainingBody = z.infer<typeof TrainingBody>;

export const Bank = z.object({ code: z.string(), name: z.string(), microfinance: z.boolean() });
export type Bank = z.infer<typeof Bank>;
