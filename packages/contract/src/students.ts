// A student's own file (issue 13, decision 37): the profile sections a student fills and saves one
// by one, what the registry owns and the student only reads, and the files the student uploads.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { id, required } from './common';
import { isValidPhone } from './phone';
import { blankToNull, checkAddress, DataUrl, mayBeLeftOut, missingOr, need, optEnum, optInt, optText, phoneCode } from './registration';
import { universityDayOf } from './rules/calendar';
import { CAMEROON_PHONE_CODE, nationalDigits } from './rules/phone';
import { CIVIL_STATUSES, REGIONS_OF_ORIGIN, SPOKEN_LANGUAGES } from './rules/registration';
import {
  FORMATION_TYPES,
  LAST_YEAR_RANKS,
  LAST_YEAR_SITUATIONS,
  MENTIONS,
  SPORTS,
  STUDENT_DOCUMENT_KINDS,
  STUDENT_PROFILE_SECTIONS,
  UNIVERSITY_TYPES,
  type StudentProfileSection,
} from './rules/students';
import { V } from './rules/validation';

/** The earliest year a diploma or a first university year may name. */
export const STUDENT_YEAR_MIN = 1950;
/** The most languages a student names besides the first and the second. */
export const OTHER_LANGUAGES_MAX = 5;
/** The highest mark of a diploma (out of 20). */
export const GRADE_MAX = 20;

/** The current year, in the university's time zone. */
const thisYear = () => Number(universityDayOf(new Date()).slice(0, 4));

// ---------------------------------------------------------------- field helpers

/** For compatibility, a body may name the student (STUDENT_ID): it must be the session's person. */
const STUDENT_ID = id().optional();

/** A required choice among values: missing or empty is V.required, anything else unknown V.invalid. */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? V.required : V.invalid) });

/** A yes/no the body must name (a form sends its box's value). */
export const yesNo = z.boolean({ error: missingOr(V.invalid) });

/** A year, typed or sent as a number: from STUDENT_YEAR_MIN to this year (V.yearRange); empty is none. */
export const pastYear = optInt(0, 9999).refine((year) => year === null || (year >= STUDENT_YEAR_MIN && year <= thisYear()), { error: V.yearRange });
/** A year that must be given. */
export const requiredPastYear = pastYear.refine((year) => year !== null, { error: V.required });

/**
 * A mark out of 20 with at most two decimals, typed with a dot or a comma (`12,5`); empty is none.
 * Anything else is V.grade.
 */
export const gradeOutOf20 = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return blankToNull(v);
    const typed = v.trim().replace(',', '.');
    if (!typed) return null;
    return /^\d{1,2}(?:\.\d{1,2})?$/.test(typed) ? Number(typed) : v;
  },
  z
    .number({ error: missingOr(V.grade) })
    .min(0, { error: V.grade })
    .max(GRADE_MAX, { error: V.grade })
    .refine((mark) => Math.abs(mark * 100 - Math.round(mark * 100)) < 1e-9, { error: V.grade })
    .nullable(),
);

/**
 * A phone number in one field: a Cameroonian number (`6 99 12 34 56`) or any number with its
 * calling code (`+33 6 12 34 56 78`), checked as the registration checks its numbers
 * (`isValidPhone`). Stored as `+<code><digits>`; `null` when empty.
 */
export function internationalPhone(value: string): string | null {
  const typed = value.trim();
  if (typed.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(nationalDigits(typed));
    if (!parsed) return null;
    const code = `+${parsed.countryCallingCode}`;
    return isValidPhone(code, parsed.nationalNumber) ? `${code}${parsed.nationalNumber}` : null;
  }
  return isValidPhone(CAMEROON_PHONE_CODE, typed) ? `${CAMEROON_PHONE_CODE}${nationalDigits(typed).replace(/^0+/, '')}` : null;
}

/** A contact's phone number (see internationalPhone); V.phone when it is not one. */
export const contactPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : blankToNull(v)),
  z
    .string({ error: missingOr(V.phone) })
    .max(24, { error: V.phone })
    .nullable()
    .transform((value, ctx) => {
      if (value === null) return null;
      const phone = internationalPhone(value);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: V.phone });
        return z.NEVER;
      }
      return phone;
    }),
);

const requiredEnum = requiredChoice;
const flag = yesNo;
const optYear = pastYear;
const year = requiredPastYear;
const optGrade = gradeOutOf20;
const optContact = contactPhone;

// ---------------------------------------------------------------- sections

/** Personal: religion, region of origin (one of Cameroon's regions), department, civil status. */
export const StudentPersonalSection = z.object({
  RELIGION: optText(60),
  REGION_ORIGIN: optEnum(REGIONS_OF_ORIGIN),
  DEPARTMENT: optText(100),
  CIVILSTATUS: requiredEnum(CIVIL_STATUSES),
});
export type StudentPersonalSection = z.infer<typeof StudentPersonalSection>;

/**
 * Address and contacts: the living town and the precinct are required ('Fill your living town and
 * precinct to continue', as in the registration), the first phone number too; the second is optional.
 */
export const StudentAddressSection = z
  .object({
    LIVING_TOWN: optText(100),
    DISTRICT: optText(100),
    PRECINCT: optText(100),
    CODE1: phoneCode,
    NUMPHONE: optText(20),
    CODE2: phoneCode,
    NUMPHONE2: optText(20),
  })
  .superRefine((v, ctx) => checkAddress(ctx, v, { phoneRequired: true }));
export type StudentAddressSection = z.infer<typeof StudentAddressSection>;

/** Parents: each one's name (required), job, phone number and region of origin. */
export const StudentParentsSection = z.object({
  FATHER_NAME: required(150),
  FATHER_JOB: optText(100),
  FATHER_CONTACT: optContact,
  FATHER_REGION_ORIGIN: optEnum(REGIONS_OF_ORIGIN),
  MOTHER_NAME: required(150),
  MOTHER_JOB: optText(100),
  MOTHER_CONTACT: optContact,
  MOTHER_REGION_ORIGIN: optEnum(REGIONS_OF_ORIGIN),
});
export type StudentParentsSection = z.infer<typeof StudentParentsSection>;

/** Whom to call in an emergency: name, relation to the student and phone number, all required. */
export const StudentEmergencySection = z
  .object({
    EMERGENCY_NAME: required(150),
    EMERGENCY_RELATION: required(60),
    EMERGENCY_CONTACT: optContact,
  })
  .superRefine((v, ctx) => need(ctx, v.EMERGENCY_CONTACT, 'EMERGENCY_CONTACT'));
export type StudentEmergencySection = z.infer<typeof StudentEmergencySection>;

/**
 * Admission data: the diploma the student was admitted with (its grade out of 20, mention, year,
 * country and school), last year's situation and rank, and the first university year (not before
 * the diploma's year), its university and the kind of university. COUNTRY_OBTENTION is a country of
 * the reference list (the server keeps its English name).
 */
export const StudentAdmissionSection = z
  .object({
    FORMATION_TYPE: requiredEnum(FORMATION_TYPES),
    ADMISSION_DIPLOMA: required(150),
    ADMISSION_DIPLOMA_GRADE: optGrade,
    MENTION_OBTAINED: optEnum(MENTIONS),
    YEAR_OBTENTION: year,
    COUNTRY_OBTENTION: required(100),
    SCHOOL_OBTENTION: required(150),
    LAST_YEAR_SITUATION: optEnum(LAST_YEAR_SITUATIONS),
    LAST_YEAR_RANK: optEnum(LAST_YEAR_RANKS),
    IS_PROFESSIONAL: flag,
    FIRST_YEAR_UNIVERSITY: year,
    FIRST_YEAR_UNIVERSITY_TYPE: requiredEnum(UNIVERSITY_TYPES),
    NAME_OF_UNIVERSITY: required(150),
  })
  .superRefine((v, ctx) => {
    if (v.YEAR_OBTENTION !== null && v.FIRST_YEAR_UNIVERSITY !== null && v.FIRST_YEAR_UNIVERSITY < v.YEAR_OBTENTION) {
      ctx.addIssue({ code: 'custom', path: ['FIRST_YEAR_UNIVERSITY'], message: V.firstUniversityYear });
    }
  });
export type StudentAdmissionSection = z.infer<typeof StudentAdmissionSection>;

/** A disability (none by default): when there is one, what it is, so that the university can adapt. */
export const StudentDisabilitySection = z
  .object({
    IS_HANDICAPED: flag,
    HANDICAP_DETAILS: optText(300),
  })
  .superRefine((v, ctx) => {
    if (v.IS_HANDICAPED) need(ctx, v.HANDICAP_DETAILS, 'HANDICAP_DETAILS');
  });
export type StudentDisabilitySection = z.infer<typeof StudentDisabilitySection>;

/** Sports: whether the student practises one, competes (only then), their first sport, and what it is when OTHER. */
export const StudentSportsSection = z
  .object({
    IS_SPORTIVE: flag,
    IS_SPORTIVE_COMPETITOR: flag,
    FIRST_SPORT: optEnum(SPORTS),
    SPORT_DETAILS: optText(200),
  })
  .superRefine((v, ctx) => {
    if (!v.IS_SPORTIVE) {
      if (v.IS_SPORTIVE_COMPETITOR) ctx.addIssue({ code: 'custom', path: ['IS_SPORTIVE_COMPETITOR'], message: V.competitorNotSportive });
      return;
    }
    need(ctx, v.FIRST_SPORT, 'FIRST_SPORT');
    if (v.FIRST_SPORT === 'OTHER') need(ctx, v.SPORT_DETAILS, 'SPORT_DETAILS');
  });
export type StudentSportsSection = z.infer<typeof StudentSportsSection>;

/** Languages: the first (required), a second different from it, and up to OTHER_LANGUAGES_MAX others, each once. */
export const StudentLanguagesSection = z
  .object({
    FIRST_LANGUAGE: requiredEnum(SPOKEN_LANGUAGES),
    SECOND_LANGUAGE: optEnum(SPOKEN_LANGUAGES),
    OTHER_LANGUAGES: z
      .array(z.enum(SPOKEN_LANGUAGES, { error: V.invalid }), { error: missingOr(V.invalid) })
      .max(OTHER_LANGUAGES_MAX, { error: V.otherLanguages }),
  })
  .superRefine((v, ctx) => {
    if (v.SECOND_LANGUAGE && v.SECOND_LANGUAGE === v.FIRST_LANGUAGE) ctx.addIssue({ code: 'custom', path: ['SECOND_LANGUAGE'], message: V.sameLanguage });
    const named = [v.FIRST_LANGUAGE, v.SECOND_LANGUAGE].filter(Boolean);
    if (new Set(v.OTHER_LANGUAGES).size !== v.OTHER_LANGUAGES.length || v.OTHER_LANGUAGES.some((language) => named.includes(language))) {
      ctx.addIssue({ code: 'custom', path: ['OTHER_LANGUAGES'], message: V.otherLanguages });
    }
  });
export type StudentLanguagesSection = z.infer<typeof StudentLanguagesSection>;

/** The schema of each section (STUDENT_PROFILE_SECTIONS), the body of `PATCH /students/profile/{section}` and the web form's resolver. */
export const STUDENT_SECTION_SCHEMAS = {
  personal: StudentPersonalSection,
  address: StudentAddressSection,
  parents: StudentParentsSection,
  emergency: StudentEmergencySection,
  admission: StudentAdmissionSection,
  disability: StudentDisabilitySection,
  sports: StudentSportsSection,
  languages: StudentLanguagesSection,
} as const satisfies Record<StudentProfileSection, z.ZodObject>;
export type StudentSectionValues<S extends StudentProfileSection> = z.output<(typeof STUDENT_SECTION_SCHEMAS)[S]>;

/** The fields of a section, in the order of its schema. */
export const studentSectionFields = (section: StudentProfileSection): string[] => Object.keys(STUDENT_SECTION_SCHEMAS[section].shape);

/** A section's request body: its fields and, for compatibility, STUDENT_ID (checked against the session). */
export const studentSectionBody = <S extends StudentProfileSection>(section: S) =>
  (STUDENT_SECTION_SCHEMAS[section] as unknown as z.ZodType<StudentSectionValues<S>>).and(z.object({ STUDENT_ID }));

/**
 * What a save keeps of a section's checked values: the fields a choice hides are cleared (no
 * disability: no details; no sport: not a competitor, no sport, no details). The server saves this;
 * the web sends the same.
 */
export function keepStudentSectionFields<S extends StudentProfileSection>(section: S, values: StudentSectionValues<S>): StudentSectionValues<S> {
  if (section === 'disability') {
    const v = values as StudentDisabilitySection;
    return (v.IS_HANDICAPED ? v : { ...v, HANDICAP_DETAILS: null }) as StudentSectionValues<S>;
  }
  if (section === 'sports') {
    const v = values as StudentSportsSection;
    return (v.IS_SPORTIVE ? v : { ...v, IS_SPORTIVE_COMPETITOR: false, FIRST_SPORT: null, SPORT_DETAILS: null }) as StudentSectionValues<S>;
  }
  return values;
}

// ---------------------------------------------------------------- the file as it is read

const text = z.string().nullable();
const whole = z.number().int().nullable();

/** What the registry owns and the student only reads: who they are. */
export const StudentIdentity = z.object({
  id: z.number().int(),
  MATRICULE: z.string(),
  FIRSTNAME: z.string(),
  LASTNAME: z.string(),
  BIRTHDATE: text,
  BIRTHPLACE: text,
  GENDER: text,
  EMAIL: text,
});
export type StudentIdentity = z.infer<typeof StudentIdentity>;

/** Every field of the sections as saved (null: never given). */
export const StudentProfileFields = z.object({
  RELIGION: text,
  REGION_ORIGIN: text,
  DEPARTMENT: text,
  CIVILSTATUS: text,
  LIVING_TOWN: text,
  DISTRICT: text,
  PRECINCT: text,
  CODE1: text,
  NUMPHONE: text,
  CODE2: text,
  NUMPHONE2: text,
  FATHER_NAME: text,
  FATHER_JOB: text,
  FATHER_CONTACT: text,
  FATHER_REGION_ORIGIN: text,
  MOTHER_NAME: text,
  MOTHER_JOB: text,
  MOTHER_CONTACT: text,
  MOTHER_REGION_ORIGIN: text,
  EMERGENCY_NAME: text,
  EMERGENCY_RELATION: text,
  EMERGENCY_CONTACT: text,
  FORMATION_TYPE: text,
  ADMISSION_DIPLOMA: text,
  ADMISSION_DIPLOMA_GRADE: z.number().nullable(),
  MENTION_OBTAINED: text,
  YEAR_OBTENTION: whole,
  COUNTRY_OBTENTION: text,
  SCHOOL_OBTENTION: text,
  LAST_YEAR_SITUATION: text,
  LAST_YEAR_RANK: text,
  IS_PROFESSIONAL: z.boolean().nullable(),
  FIRST_YEAR_UNIVERSITY: whole,
  FIRST_YEAR_UNIVERSITY_TYPE: text,
  NAME_OF_UNIVERSITY: text,
  IS_HANDICAPED: z.boolean(),
  HANDICAP_DETAILS: text,
  IS_SPORTIVE: z.boolean(),
  IS_SPORTIVE_COMPETITOR: z.boolean(),
  FIRST_SPORT: text,
  SPORT_DETAILS: text,
  FIRST_LANGUAGE: text,
  SECOND_LANGUAGE: text,
  OTHER_LANGUAGES: z.array(z.string()),
});
export type StudentProfileFields = z.infer<typeof StudentProfileFields>;

/** When each section was last saved (ISO instant), null for a section never saved. */
export const StudentSectionsSaved = z.object(
  Object.fromEntries(STUDENT_PROFILE_SECTIONS.map((section) => [section, text])) as Record<StudentProfileSection, typeof text>,
);
export type StudentSectionsSaved = z.infer<typeof StudentSectionsSaved>;

export const StudentDocumentKind = z.enum(STUDENT_DOCUMENT_KINDS, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? V.required : V.invalid),
});
export type StudentDocumentKind = z.infer<typeof StudentDocumentKind>;

/** A file the student uploaded: its kind, what it is (LABEL), a diploma's year, and where it is served (to its owner and HR). */
export const StudentDocument = z.object({
  id: z.number().int(),
  KIND: z.enum(STUDENT_DOCUMENT_KINDS),
  LABEL: text,
  YEAR: whole,
  /** the file's address (`/api/files/{id}`) */
  FILE: z.string(),
  /** the name it is served under */
  NAME: z.string(),
  MIME: z.string(),
  SIZE: z.number().int(),
  createdAt: z.string(),
});
export type StudentDocument = z.infer<typeof StudentDocument>;

/** `GET /students/profile` (and `/students/profile/{id}` for HR): the whole file. */
export const StudentFile = z.object({
  identity: StudentIdentity,
  profile: StudentProfileFields,
  sectionsSaved: StudentSectionsSaved,
  documents: z.array(StudentDocument),
});
export type StudentFile = z.infer<typeof StudentFile>;

// ---------------------------------------------------------------- uploads

/**
 * `POST /students/documents`, the fields besides FILE (multipart form fields, or the JSON body's):
 * the kind; what the file is (LABEL, required for a diploma and an other file); a diploma's year
 * (required for a diploma, from STUDENT_YEAR_MIN to this year).
 */
export const StudentDocumentFields = z
  .object({
    KIND: StudentDocumentKind,
    LABEL: mayBeLeftOut(optText(150)),
    YEAR: mayBeLeftOut(optYear),
    STUDENT_ID,
  })
  .superRefine((v, ctx) => {
    if (v.KIND === 'DIPLOMA' || v.KIND === 'OTHER') need(ctx, v.LABEL, 'LABEL');
    if (v.KIND === 'DIPLOMA') need(ctx, v.YEAR, 'YEAR');
  });
export type StudentDocumentFields = z.infer<typeof StudentDocumentFields>;
/** JSON form of the upload: the fields and the file as a base64 data URL. */
export const StudentDocumentUploadJson = StudentDocumentFields.and(z.object({ FILE: DataUrl }));
export type StudentDocumentUploadJson = z.infer<typeof StudentDocumentUploadJson>;

/** `DELETE /students/documents/{id}` */
export const StudentDocumentParams = z.object({ id: id() });
export type StudentDocumentParams = z.infer<typeof StudentDocumentParams>;

/** `GET /students/profile/{id}` */
export const StudentFileParams = z.object({ id: id() });
export type StudentFileParams = z.infer<typeof StudentFileParams>;
