// Entrance candidates (issue 14, decision 42): the public list of open entrances, the anonymous
// registration (`POST /candidate`), the mailed link to one's own file (`POST /candidate/auth-email`)
// and what the candidate's file shows. Payments are in `payments.ts`, the admissions office in
// `admissions.ts`.
import { z } from 'zod';
import { email, id, isoDate, required } from './common';
import { DataUrl, optEnum, optText } from './registration';
import { ADMISSION_DECISIONS, CANDIDATE_DOCUMENT_KINDS, candidateCodeOf, CANDIDATE_DOCUMENT_STATUSES, isDepartmentOf } from './rules/candidates';
import { PAYMENT_STATUSES } from './rules/payments';
import { GENDERS } from './rules/person';
import { REGIONS_OF_ORIGIN, SPOKEN_LANGUAGES } from './rules/registration';
import { FORMATION_TYPES, LAST_YEAR_RANKS, LAST_YEAR_SITUATIONS, MENTIONS, SPORTS, UNIVERSITY_TYPES } from './rules/students';
import { V } from './rules/validation';
import { contactPhone, gradeOutOf20, requiredChoice, requiredPastYear } from './students';
import { universityDayOf } from './rules/calendar';

export const CandidateDocumentKind = z.enum(CANDIDATE_DOCUMENT_KINDS, { error: V.invalid });
export type CandidateDocumentKind = z.infer<typeof CandidateDocumentKind>;
export const AdmissionDecision = z.enum(ADMISSION_DECISIONS, { error: V.invalid });
export type AdmissionDecision = z.infer<typeof AdmissionDecision>;

// ---------------------------------------------------------------- entrances (public)

/** A speciality an entrance offers in a cycle: SPECIALITY_ID is what a formation choice names. */
export const EntranceSpeciality = z.object({
  SPECIALITY_ID: z.number().int(),
  /** the speciality's name (English, then French) */
  SPECIALITY_DESCRIPTION: z.string(),
  SPECIALITY_DESCRIPTION_FR: z.string(),
  /** the branch's abbreviation (GSI, SWE ...) */
  SPECIALITY_CODE: z.string(),
  CYCLE_ID: z.number().int(),
  CYCLE_NAME: z.string(),
  CYCLE_NAME_FR: z.string(),
});
export type EntranceSpeciality = z.infer<typeof EntranceSpeciality>;

/**
 * An entrance as the public reads it (`GET /entrances`: the open ones only): the specification's
 * read fields, its name and the specialities it offers per cycle. Amounts are whole FCFA; dates
 * YYYY-MM-DD (university time).
 */
export const Entrance = z.object({
  Entrance_ID: z.number().int(),
  Entrance_Name: z.string(),
  Year_Name: z.string(),
  School_Name: z.string(),
  Entrance_Registration_Amount: z.number().int(),
  Entrance_Registration_Limit_Date: z.string(),
  Entrance_Evaluation_Begin_Date: z.string(),
  Entrance_Evaluation_End_Date: z.string().nullable(),
  /** whether it takes registrations today */
  OPEN: z.boolean(),
  specialities: z.array(EntranceSpeciality),
});
export type Entrance = z.infer<typeof Entrance>;

// ---------------------------------------------------------------- registration

/** A value a form may send as a selected object (`{ name }`, `{ nom }`, `{ CYCLE_NAME }`) or as its name. */
const named = (key: 'name' | 'nom' | 'CYCLE_NAME') => (v: unknown) => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    return o[key] ?? o.name ?? null;
  }
  return v === '' ? null : v;
};
/** A required name among values, sent as a string or a selected object. */
const requiredNamed = <const T extends readonly [string, ...string[]]>(key: 'name' | 'nom', values: T) => z.preprocess(named(key), requiredChoice(values));
/** A required free name (a country, a town), sent as a string or a selected object. */
const requiredName = (key: 'name' | 'nom' | 'CYCLE_NAME', max = 100) => z.preprocess(named(key), required(max));
/** A flag the specification sends as 0/1 (IS_HANDICAPED ...) or a form as a boolean; absent is 0. */
const zeroOne = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? false : v === 1 || v === '1' || v === true ? true : v === 0 || v === '0' || v === false ? false : v),
  z.boolean({ error: V.invalid }),
);
/** IS_PROFESSIONAL: YES or NO (default NO); a boolean is read as such. */
const yesNoText = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'NO' : v === true ? 'YES' : v === false ? 'NO' : typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(['YES', 'NO'], { error: V.invalid }),
);

/** A formation choice: a speciality the chosen entrance offers in a cycle (the server checks it does). */
export const FormationChoice = z.object({
  CYCLE_NAME: required(100),
  SPECIALITY_DESCRIPTION: required(200),
  SPECIALITY_ID: id(),
});
export type FormationChoice = z.infer<typeof FormationChoice>;

/** Candidates are at least this old on the day they register. */
export const CANDIDATE_MIN_AGE = 14;

/**
 * `POST /candidate`: the specification's candidate payload. Selected objects (COUNTRY,
 * COUNTRY_OBTENTION, LIVING_TOWN, languages by `name`; regions by `nom`; CYCLE by `CYCLE_NAME`) may
 * also be sent as plain names. What the server owns is ignored when sent: the entrance's year,
 * school, amount and dates (ENTRANCE_YEAR ... ENTRANCE_EVALUATION_BEGIN: read from ENTRANCE_ID),
 * HAS_PAID (false on creation), the file URLs (files go to `POST /candidate/documents/{kind}`).
 * The missing required fields are answered first, all at once (CANDIDATE_FIELDS_MISSING with
 * `columns`, in CANDIDATE_REQUIRED_FIELDS order), then each field's own mistake (VALIDATION_FAILED).
 */
export const CandidateCreate = z
  .object({
    ENTRANCE_ID: id(),
    LASTNAME: required(100),
    FIRSTNAME: required(100),
    BIRTHDATE: isoDate,
    BIRTHPLACE: required(100),
    GENDER: requiredChoice(GENDERS),
    COUNTRY: requiredName('name'),
    REGION_ORIGIN: requiredNamed('nom', REGIONS_OF_ORIGIN),
    DEPARTMENT: z
      .preprocess(named('name'), optText(100))
      .optional()
      .transform((v) => v ?? null),
    EMAIL: email,
    PHONE_NUMBER: contactPhone.refine((v) => v !== null, { error: V.required }),
    LIVING_TOWN: requiredName('name'),
    FIRST_LANGUAGE: requiredNamed('name', SPOKEN_LANGUAGES),
    SECOND_LANGUAGE: requiredNamed('name', SPOKEN_LANGUAGES),
    // the diploma held
    ADMISSION_DIPLOMA: required(150),
    ADMISSION_DIPLOMA_GRADE: gradeOutOf20.optional().transform((v) => v ?? null),
    MENTION_OBTAINED: requiredChoice(MENTIONS),
    YEAR_OBTENTION: requiredPastYear,
    COUNTRY_OBTENTION: requiredName('name'),
    SCHOOL_OBTENTION: required(150),
    LAST_YEAR_SITUATION: optEnum(LAST_YEAR_SITUATIONS)
      .optional()
      .transform((v) => v ?? null),
    LAST_YEAR_RANK: optEnum(LAST_YEAR_RANKS)
      .optional()
      .transform((v) => v ?? null),
    IS_PROFESSIONAL: yesNoText,
    FIRST_YEAR_UNIVERSITY: requiredPastYear,
    FIRST_YEAR_UNIVERSITY_TYPE: requiredChoice(UNIVERSITY_TYPES),
    NAME_OF_UNIVERSITY: required(150),
    // the formation asked for
    FORMATION_TYPE: requiredChoice(FORMATION_TYPES),
    CYCLE: requiredName('CYCLE_NAME'),
    FORMATION_FIRST_CHOICE: FormationChoice,
    FORMATION_SECOND_CHOICE: FormationChoice.nullable()
      .optional()
      .transform((v) => v ?? null),
    // parents and emergency contact
    FATHER_NAME: required(150),
    FATHER_JOB: required(100),
    FATHER_CONTACT: contactPhone.refine((v) => v !== null, { error: V.required }),
    FATHER_REGION_ORIGIN: requiredNamed('nom', REGIONS_OF_ORIGIN),
    MOTHER_NAME: required(150),
    MOTHER_JOB: required(100),
    MOTHER_CONTACT: contactPhone.refine((v) => v !== null, { error: V.required }),
    MOTHER_REGION_ORIGIN: requiredNamed('nom', REGIONS_OF_ORIGIN),
    EMERGENCY_NAME: required(150),
    EMERGENCY_CONTACT: contactPhone.refine((v) => v !== null, { error: V.required }),
    // disability, sports
    IS_HANDICAPED: zeroOne,
    HANDICAP_DETAILS: optText(300)
      .optional()
      .transform((v) => v ?? null),
    IS_SPORTIVE: zeroOne,
    IS_SPORTIVE_COMPETITOR: zeroOne,
    FIRST_SPORT: optEnum(SPORTS)
      .optional()
      .transform((v) => v ?? null),
    /** the language of the mails (the page's language when the form was sent) */
    LANGUAGE: z
      .enum(['en', 'fr'])
      .optional()
      .transform((v) => v ?? 'en'),
  })
  .superRefine((v, ctx) => {
    const today = universityDayOf(new Date());
    const adult = `${Number(today.slice(0, 4)) - CANDIDATE_MIN_AGE}${today.slice(4)}`;
    if (v.BIRTHDATE > adult) ctx.addIssue({ code: 'custom', path: ['BIRTHDATE'], message: V.candidateAge });
    if (v.DEPARTMENT && !isDepartmentOf(v.REGION_ORIGIN, v.DEPARTMENT)) ctx.addIssue({ code: 'custom', path: ['DEPARTMENT'], message: V.department });
    if (v.FIRST_LANGUAGE === v.SECOND_LANGUAGE) ctx.addIssue({ code: 'custom', path: ['SECOND_LANGUAGE'], message: V.sameLanguage });
    if (v.FIRST_YEAR_UNIVERSITY < v.YEAR_OBTENTION) ctx.addIssue({ code: 'custom', path: ['FIRST_YEAR_UNIVERSITY'], message: V.firstUniversityYear });
    if (v.FORMATION_SECOND_CHOICE && v.FORMATION_SECOND_CHOICE.SPECIALITY_ID === v.FORMATION_FIRST_CHOICE.SPECIALITY_ID) {
      ctx.addIssue({ code: 'custom', path: ['FORMATION_SECOND_CHOICE'], message: V.sameChoice });
    }
    if (v.IS_SPORTIVE_COMPETITOR && !v.IS_SPORTIVE) ctx.addIssue({ code: 'custom', path: ['IS_SPORTIVE_COMPETITOR'], message: V.competitorNotSportive });
    if (v.IS_HANDICAPED && !v.HANDICAP_DETAILS) ctx.addIssue({ code: 'custom', path: ['HANDICAP_DETAILS'], message: V.required });
  });
export type CandidateCreate = z.input<typeof CandidateCreate>;
export type CandidateCreateValues = z.output<typeof CandidateCreate>;

// ---------------------------------------------------------------- the candidate's file

/** A document a candidate gave, as the candidate and the office see it. */
export const CandidateDocument = z.object({
  kind: CandidateDocumentKind,
  status: z.enum(CANDIDATE_DOCUMENT_STATUSES),
  /** the office's reason when it asks for a replacement */
  note: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** where its content is read (the candidate's own link, or the office's) */
  url: z.string(),
});
export type CandidateDocument = z.infer<typeof CandidateDocument>;

/** A payment as its payer and the office read it (amounts in FCFA). */
export const CandidatePayment = z.object({
  id: z.string(),
  /** our order reference (the receipt's "Transaction ID") */
  orderNumber: z.string(),
  network: z.string(),
  networkName: z.string(),
  /** the paying phone number, its middle digits hidden */
  accountNumber: z.string(),
  amount: z.number().int(),
  fees: z.number().int(),
  total: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  statusMessage: z.string().nullable(),
  createdAt: z.string(),
  statusAt: z.string().nullable(),
  /** set once paid: the receipt's number */
  receiptNumber: z.string().nullable(),
});
export type CandidatePayment = z.infer<typeof CandidatePayment>;

/** The office's decision as the candidate reads it. */
export const CandidateDecision = z.object({
  DECISION: AdmissionDecision,
  /** the speciality admitted to (or waited for), when the office named one */
  SPECIALITY_ID: z.number().int().nullable(),
  SPECIALITY_DESCRIPTION: z.string().nullable(),
  SPECIALITY_DESCRIPTION_FR: z.string().nullable(),
  decidedAt: z.string(),
});
export type CandidateDecision = z.infer<typeof CandidateDecision>;

/**
 * A candidate's registration as the candidate reads it (`GET /candidate/me`) and the office
 * (`GET /admissions/candidates/{id}`): what was given, the entrance's fields, the candidate
 * number (also MATRICULE, as the reference system called it), HAS_PAID, documents, payments,
 * and the decision once there is one. Regions, countries and languages are their English names.
 */
export const CandidateFile = z.object({
  id: z.number().int(),
  CANDIDATE_NUMBER: z.string(),
  MATRICULE: z.string(),
  LASTNAME: z.string(),
  FIRSTNAME: z.string(),
  BIRTHDATE: z.string(),
  BIRTHPLACE: z.string(),
  GENDER: z.string(),
  EMAIL: z.string(),
  PHONE_NUMBER: z.string(),
  COUNTRY: z.string(),
  REGION_ORIGIN: z.string(),
  DEPARTMENT: z.string().nullable(),
  LIVING_TOWN: z.string(),
  FIRST_LANGUAGE: z.string(),
  SECOND_LANGUAGE: z.string(),
  ADMISSION_DIPLOMA: z.string(),
  ADMISSION_DIPLOMA_GRADE: z.number().nullable(),
  MENTION_OBTAINED: z.string(),
  YEAR_OBTENTION: z.number().int(),
  COUNTRY_OBTENTION: z.string(),
  SCHOOL_OBTENTION: z.string(),
  LAST_YEAR_SITUATION: z.string().nullable(),
  LAST_YEAR_RANK: z.string().nullable(),
  IS_PROFESSIONAL: z.enum(['YES', 'NO']),
  FIRST_YEAR_UNIVERSITY: z.number().int(),
  FIRST_YEAR_UNIVERSITY_TYPE: z.string(),
  NAME_OF_UNIVERSITY: z.string(),
  FORMATION_TYPE: z.string(),
  CYCLE: z.string(),
  FORMATION_FIRST_CHOICE: FormationChoice.extend({ SPECIALITY_DESCRIPTION_FR: z.string() }),
  FORMATION_SECOND_CHOICE: FormationChoice.extend({ SPECIALITY_DESCRIPTION_FR: z.string() }).nullable(),
  FATHER_NAME: z.string(),
  FATHER_JOB: z.string(),
  FATHER_CONTACT: z.string(),
  FATHER_REGION_ORIGIN: z.string(),
  MOTHER_NAME: z.string(),
  MOTHER_JOB: z.string(),
  MOTHER_CONTACT: z.string(),
  MOTHER_REGION_ORIGIN: z.string(),
  EMERGENCY_NAME: z.string(),
  EMERGENCY_CONTACT: z.string(),
  IS_HANDICAPED: z.union([z.literal(0), z.literal(1)]),
  HANDICAP_DETAILS: z.string().nullable(),
  IS_SPORTIVE: z.union([z.literal(0), z.literal(1)]),
  IS_SPORTIVE_COMPETITOR: z.union([z.literal(0), z.literal(1)]),
  FIRST_SPORT: z.string().nullable(),
  LANGUAGE: z.enum(['en', 'fr']),
  // the entrance (read from it, never from what the candidate sent)
  ENTRANCE_ID: z.number().int(),
  ENTRANCE_NAME: z.string(),
  ENTRANCE_YEAR: z.string(),
  ENTRANCE_SCHOOL: z.string(),
  ENTRANCE_AMOUNT: z.number().int(),
  ENTRANCE_REGISTRATION_LIMIT: z.string(),
  ENTRANCE_EVALUATION_BEGIN: z.string(),
  /** the file URLs of the specification: where each document's content is read, null when missing */
  PHOTO_4X4_URL: z.string().nullable(),
  BIRTH_CERTIFICATE_URL: z.string().nullable(),
  DIPLOMA_FILE_URL: z.string().nullable(),
  HAS_PAID: z.boolean(),
  paidAt: z.string().nullable(),
  documents: z.array(CandidateDocument),
  /** whether every kind of document is given and none is to be replaced */
  documentsComplete: z.boolean(),
  payments: z.array(CandidatePayment),
  decision: CandidateDecision.nullable(),
  createdAt: z.string(),
});
export type CandidateFile = z.infer<typeof CandidateFile>;

/**
 * What `POST /candidate` answers, always 202 and always the same (decision 65): a new registration
 * and the same address registered again for the entrance are told apart only by the mail, which
 * carries a code and a link. The code, typed on this page (`POST /candidate/confirm`), opens the file
 * in this browser; the number is on the mail and in the file, never in this answer.
 */
export const CandidateRegistrationAccepted = z
  .object({
    status: z.literal('CHECK_MAIL'),
    /** how long the mailed code may be typed, in seconds */
    codeExpiresIn: z.number().int(),
  })
  .meta({ id: 'CandidateRegistrationAccepted' });
export type CandidateRegistrationAccepted = z.infer<typeof CandidateRegistrationAccepted>;

/** `POST /candidate/confirm`: the code of the registration's mail, typed in the browser that sent it. */
export const CandidateConfirm = z.object({
  code: z
    .string()
    .max(20, { error: V.code })
    .transform((typed, ctx) => candidateCodeOf(typed) ?? (ctx.addIssue({ code: 'custom', message: V.code }), z.NEVER)),
});
export type CandidateConfirm = z.infer<typeof CandidateConfirm>;

/** `POST /candidate/auth-email`: the address registered; the answer is the same whether it is known or not. */
export const CandidateAuthEmail = z.object({ email });
export type CandidateAuthEmail = z.infer<typeof CandidateAuthEmail>;

/** `POST /candidate/auth-link`: the token of the mailed link (opened through a button, so that mail previewers do not use it up). */
export const CandidateAuthLink = z.object({ token: z.string().trim().min(20, { error: V.invalid }).max(200, { error: V.invalid }) });
export type CandidateAuthLink = z.infer<typeof CandidateAuthLink>;

/** `GET /candidate/documents/{kind}` and `POST /candidate/documents/{kind}` (multipart FILE). */
export const CandidateDocumentParams = z.object({ kind: CandidateDocumentKind });
export type CandidateDocumentParams = z.infer<typeof CandidateDocumentParams>;

// ---------------------------------------------------------------- additions of the candidates' server (decision 42)

/** What `POST /candidate/auth-email` answers, whatever the address: the same words, known or not. */
export const CANDIDATE_AUTH_EMAIL_MESSAGE = 'If this address is registered for an entrance, a link to each of its registrations has been mailed to it.';
export const CandidateAuthEmailAnswer = z.object({ message: z.string() });
export type CandidateAuthEmailAnswer = z.infer<typeof CandidateAuthEmailAnswer>;

/** JSON form of `POST /candidate/documents/{kind}`: the file as a base64 data URL (multipart FILE otherwise). */
export const CandidateDocumentUploadJson = z.object({ FILE: DataUrl });
export type CandidateDocumentUploadJson = z.infer<typeof CandidateDocumentUploadJson>;

/** What the registration slip's QR code carries: the candidate number and the entrance, for the office's scanner. */
export const candidateSlipCode = (candidateNumber: string, entranceId: number): string => `CANDIDATE:${candidateNumber};ENTRANCE:${entranceId}`;
