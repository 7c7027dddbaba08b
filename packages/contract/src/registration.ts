import { z } from 'zod';
import { id, required, wholeNumber } from './common';
import { isCameroonMobile, isValidPhone } from './phone';
import { StaffStatus } from './person';
import { ACCOUNT_NUMBER, BANK_CODE, BRANCH_CODE, isValidCardNumber, isValidRib, RIB_KEY } from './rules/bank';
import { dmyToIso } from './rules/calendar';
import { GENDERS, LANGUAGES } from './rules/person';
import { CAMEROON_PHONE_CODE } from './rules/phone';
import {
  ACADEMIC_GRADES,
  ACTIVITIES,
  BLOOD_GROUPS,
  CIVIL_STATUSES,
  FILE_COLUMNS,
  NIU_PATTERN,
  PAY_FIELDS,
  PAY_MODES,
  payFieldUse,
  PIECE_TYPES,
  PROFILE_SECTIONS,
  TITLES,
  type PayField,
} from './rules/registration';
import { V } from './rules/validation';

// ---------------------------------------------------------------- field helpers

// A section's fields are all required keys (the API document says so): null or '' clears a field,
// but a field left out is refused (V.required), so that `{}` can never erase a section. The few
// fields that may be left out say `.optional()`.

/** An empty text is no value (null). */
export const blankToNull = (v: unknown) => (v === '' ? null : v);
/** A field's message when it is missing (V.required) or of the wrong type (V.invalid). */
export const missingOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? V.required : message);

/** Optional text: trimmed, empty becomes null. */
export const optText = (max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : blankToNull(v)),
    z
      .string({ error: missingOr(V.invalid) })
      .max(max, { error: V.tooLong })
      .nullable(),
  );

export const optEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToNull, z.enum(values, { error: missingOr(V.invalid) }).nullable());

/** Optional date: typed dd/mm/yyyy or sent YYYY-MM-DD; always YYYY-MM-DD after parsing. */
export const optDate = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return blankToNull(v);
    const s = v.trim();
    if (!s) return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return dmyToIso(`${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`) ?? 'invalid';
    return dmyToIso(s) ?? 'invalid';
  },
  z
    .string({ error: missingOr(V.date) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.date })
    .nullable(),
);

/** Optional whole number, typed with spaces as thousands separators ('1 000 000'); decimal digits only. */
export const optInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? null : typeof v === 'string' ? v.replace(/\s/g, '') || null : v), wholeNumber(min, max).nullable());

export const optBool = z.preprocess(blankToNull, z.boolean({ error: missingOr(V.invalid) }).nullable());

/** A field that may be left out (a form's blank fields are not sent): absent reads as null. */
export const mayBeLeftOut = <T extends z.ZodType>(schema: T) => schema.optional().transform((v) => (v === undefined ? null : v));

/** A calling code next to a phone number (`+237`); empty is none. */
export const phoneCode = z.preprocess(
  blankToNull,
  z
    .string({ error: missingOr(V.invalid) })
    .regex(/^\+\d{1,4}$/, { error: V.invalid })
    .nullable(),
);

/** A field a section needs (its message V.required by default), added where the section's rules are checked. */
export const need = (ctx: z.RefinementCtx, value: unknown, path: string, message: string = V.required) => {
  if (value === null || value === undefined || value === '') ctx.addIssue({ code: 'custom', path: [path], message });
};

/** A phone number typed beside its calling code (Cameroon's when none): `message` when it is not a valid number; empty is none. */
export const checkPhone = (ctx: z.RefinementCtx, code: string | null, number: string | null, path: string, message: string) => {
  if (number && !isValidPhone(code ?? CAMEROON_PHONE_CODE, number)) ctx.addIssue({ code: 'custom', path: [path], message });
};

/**
 * An address's rules, the registration's and a student's file's: the living town and the precinct
 * are required (V.townPrecinct), each phone number valid for its code (V.phone1, V.phone2); a
 * student must give the first number.
 */
export function checkAddress(
  ctx: z.RefinementCtx,
  v: { LIVING_TOWN: string | null; PRECINCT: string | null; CODE1: string | null; NUMPHONE: string | null; CODE2: string | null; NUMPHONE2: string | null },
  { phoneRequired = false } = {},
) {
  need(ctx, v.LIVING_TOWN, 'LIVING_TOWN', V.townPrecinct);
  need(ctx, v.PRECINCT, 'PRECINCT', V.townPrecinct);
  if (phoneRequired) need(ctx, v.NUMPHONE, 'NUMPHONE');
  checkPhone(ctx, v.CODE1, v.NUMPHONE, 'NUMPHONE', V.phone1);
  checkPhone(ctx, v.CODE2, v.NUMPHONE2, 'NUMPHONE2', V.phone2);
}

/** A base64 data URL carrying a file inside a JSON body (the contract's compatibility form). */
export const DataUrl = z
  .string()
  .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,/, { error: V.invalid })
  .max(8_000_000, { error: 'validation.fileTooLarge' });
export type DataUrl = z.infer<typeof DataUrl>;

const STUDENT_ID = id().optional();

const after = (start: string | null | undefined, end: string | null | undefined) => !start || !end || end >= start;

// ---------------------------------------------------------------- sections

export const StatusSection = z.object({ STATUS: StaffStatus });
export type StatusSection = z.infer<typeof StatusSection>;

export const PersonalSection = z.object({
  DENOMINATION: optEnum(TITLES),
  FIRSTNAME: required(100),
  LASTNAME: required(100),
  GENDER: optEnum(GENDERS),
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
  .superRefine((v, ctx) => checkAddress(ctx, v));
export type AddressSection = z.infer<typeof AddressSection>;

export const Child = z.object({
  FIRSTNAME: required(100),
  LASTNAME: required(100),
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
    checkPhone(ctx, v.EMERGCODE1, v.EMERGNUM1, 'EMERGNUM1', V.phone1);
    checkPhone(ctx, v.EMERGCODE2, v.EMERGNUM2, 'EMERGNUM2', V.phone2);
  });
export type EmergencySection = z.infer<typeof EmergencySection>;

export const FiscalSection = z.object({
  NIU: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : blankToNull(v)),
    z
      .string({ error: missingOr(V.niu) })
      .regex(NIU_PATTERN, { error: V.niu })
      .nullable(),
  ),
  /** the person confirmed having no NIU, knowing the tax becomes up to 16.5 % instead of 5.5 % */
  NIU_MISSING: optBool,
  CNPSYN: optBool,
  CNPSNUM: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : blankToNull(v)),
    z
      .string({ error: missingOr(V.cnps) })
      .regex(/^[0-9A-Z-]{6,20}$/, { error: V.cnps })
      .nullable(),
  ),
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

/** The payment fields with a form of their own, and the message when they are missing or ill formed. */
const PAY_FIELD_FORMATS: Partial<Record<PayField, { message: string; valid: (value: string) => boolean }>> = {
  BANK_CODE: { message: V.bankCode, valid: (value) => BANK_CODE.test(value) },
  BRANCH_CODE: { message: V.branchCode, valid: (value) => BRANCH_CODE.test(value) },
  ACCOUNT_NUM: { message: V.accountNumber, valid: (value) => ACCOUNT_NUMBER.test(value) },
  PAY_PHONE: { message: V.mobile, valid: isCameroonMobile },
  CARD_NUM: { message: V.cardNumber, valid: isValidCardNumber },
};

const upper = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '').toUpperCase() || null : blankToNull(v)),
    z
      .string({ error: missingOr(V.invalid) })
      .max(max, { error: V.tooLong })
      .nullable(),
  );

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
    // The mode's fields (decision 0020): each required one given, each one given well formed.
    // The RIB key is checked against the bank, branch and account once the account is well formed.
    for (const field of PAY_FIELDS) {
      const use = payFieldUse(v.PAYMODE, field);
      if (use === null || use === 'fixed' || field === 'RIB_KEY') continue;
      const value = v[field];
      const format = PAY_FIELD_FORMATS[field];
      if (!value) {
        if (use === 'required') ctx.addIssue({ code: 'custom', path: [field], message: format?.message ?? V.required });
      } else if (format && !format.valid(value)) ctx.addIssue({ code: 'custom', path: [field], message: format.message });
    }
    if (payFieldUse(v.PAYMODE, 'RIB_KEY') && v.ACCOUNT_NUM && ACCOUNT_NUMBER.test(v.ACCOUNT_NUM)) {
      if (!v.RIB_KEY || !RIB_KEY.test(v.RIB_KEY) || (v.BANK_CODE && v.BRANCH_CODE && !isValidRib(v.BANK_CODE, v.BRANCH_CODE, v.ACCOUNT_NUM, v.RIB_KEY))) {
        ctx.addIssue({ code: 'custom', path: ['RIB_KEY'], message: V.ribKey });
      }
    }
  });
export type PayModeSection = z.infer<typeof PayModeSection>;

/** The schema of each saveable section of the wizard (`PROFILE_SECTIONS`). */
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

/** The fields a section's body must name (all but those marked optional); the API document lists the same as required. */
export function sectionFieldNames(section: SavedSection): string[] {
  return Object.entries(SECTION_SCHEMAS[section].shape)
    .filter(([, schema]) => (schema as z.ZodType)._zod.optout !== 'optional')
    .map(([name]) => name);
}

/** Every field a section's body must name, empty (null): a body that clears the section. */
export const blankSection = (section: SavedSection): Record<string, null> => Object.fromEntries(sectionFieldNames(section).map((name) => [name, null]));

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

// ---------------------------------------------------------------- closure (its rules: `rules/registration.ts`)

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
export type FileColumn = z.infer<typeof FileColumn>;
/** PATCH /students/files/remove */
export const FileRemoveBody = z.object({ col: FileColumn, file: z.string().max(500, { error: V.tooLong }).optional(), STUDENT_ID });
export type FileRemoveBody = z.infer<typeof FileRemoveBody>;
/** JSON form of an upload into a column (POST /students/cv, /students/files) */
export const FileUploadJson = z.object({ FILE: DataUrl, col: FileColumn.optional(), name: z.string().max(200).optional(), STUDENT_ID });
export type FileUploadJson = z.infer<typeof FileUploadJson>;
export const FileUploadResponse = z.object({ col: FileColumn, url: z.string() }).catchall(z.string());
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;
/** POST /students/files: the fields besides FILE (multipart form fields, or the JSON body's); the column is required. */
export const ColumnUploadFields = FileUploadJson.omit({ FILE: true }).extend({
  col: z.enum(FILE_COLUMNS, { error: (issue) => (issue.input === undefined ? V.required : V.invalid) }),
});
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

export const PieceType = z.enum(PIECE_TYPES);
export type PieceType = z.infer<typeof PieceType>;

/** The message of each missing field of a diploma or piece. */
const DOCUMENT_FIELD_MISSING = {
  DESIGNATION: V.documentDesignation,
  SPECIALITY: V.documentSpeciality,
  LEVEL: V.documentLevel,
  LANGUAGE: V.documentLanguage,
  OBTENEDDATE: V.documentDate,
  OBTENEDSTAB: V.documentEstablishment,
} as const;

export const DocumentFields = z
  .object({
    PIECE_TYPE: PieceType,
    DESIGNATION: mayBeLeftOut(optText(200)),
    SPECIALITY: mayBeLeftOut(optText(200)),
    LEVEL: mayBeLeftOut(optInt(1, 9)),
    LANGUAGE: mayBeLeftOut(optEnum(LANGUAGES)),
    OBTENEDDATE: mayBeLeftOut(optDate),
    OBTENEDSTAB: mayBeLeftOut(optText(200)),
    STUDENT_ID,
  })
  .superRefine((v, ctx) => {
    // each missing field says what it wants, under that field only (all of them answer DOCUMENT_INCOMPLETE)
    const need = (field: keyof typeof DOCUMENT_FIELD_MISSING) => {
      if (v[field] === null || v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: DOCUMENT_FIELD_MISSING[field] });
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

export const DocumentDeleteBody = z.object({ id: id(), STUDENT_ID });
export type DocumentDeleteBody = z.infer<typeof DocumentDeleteBody>;
export const DiplomaMarkBody = z.object({ id: id(), STUDENT_ID });
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
export const TrainingBody = z.object({ files: z.array(DocumentUploadJson).min(1).max(TRAINING_MAX_FILES), STUDENT_ID }).transform((body, ctx) => {
  const named = new Set([body.STUDENT_ID, ...body.files.map((f) => f.STUDENT_ID)].filter((id) => id !== undefined));
  if (named.size > 1) ctx.addIssue({ code: 'custom', path: ['STUDENT_ID'], message: V.invalid });
  return { files: body.files, STUDENT_ID: [...named][0] };
});
export type TrainingBody = z.infer<typeof TrainingBody>;

export const Bank = z.object({ code: z.string(), name: z.string(), microfinance: z.boolean() });
export type Bank = z.infer<typeof Bank>;
