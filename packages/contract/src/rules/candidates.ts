// Entrance candidates (issue 14, decision 42): the entrances the admissions office opens, the
// specialities each offers per cycle, the candidates who register for one without an account,
// their documents and the office's decision after the exam.

import { REGIONS_OF_ORIGIN, type RegionOfOrigin } from './registration';

/** Cameroon's 58 departments, per region (the candidate's DEPARTMENT belongs to their REGION_ORIGIN). */
export const CAMEROON_DEPARTMENTS: Record<RegionOfOrigin, readonly string[]> = {
  Adamaoua: ['Djérem', 'Faro-et-Déo', 'Mayo-Banyo', 'Mbéré', 'Vina'],
  Centre: [
    'Haute-Sanaga',
    'Lekié',
    'Mbam-et-Inoubou',
    'Mbam-et-Kim',
    'Méfou-et-Afamba',
    'Méfou-et-Akono',
    'Mfoundi',
    'Nyong-et-Kéllé',
    'Nyong-et-Mfoumou',
    "Nyong-et-So'o",
  ],
  East: ['Boumba-et-Ngoko', 'Haut-Nyong', 'Kadey', 'Lom-et-Djérem'],
  'Far North': ['Diamaré', 'Logone-et-Chari', 'Mayo-Danay', 'Mayo-Kani', 'Mayo-Sava', 'Mayo-Tsanaga'],
  Littoral: ['Moungo', 'Nkam', 'Sanaga-Maritime', 'Wouri'],
  North: ['Bénoué', 'Faro', 'Mayo-Louti', 'Mayo-Rey'],
  'North-West': ['Boyo', 'Bui', 'Donga-Mantung', 'Menchum', 'Mezam', 'Momo', 'Ngo-Ketunjia'],
  West: ['Bamboutos', 'Haut-Nkam', 'Hauts-Plateaux', 'Koung-Khi', 'Menoua', 'Mifi', 'Ndé', 'Noun'],
  South: ['Dja-et-Lobo', 'Mvila', 'Océan', 'Vallée-du-Ntem'],
  'South-West': ['Fako', 'Koupé-Manengouba', 'Lebialem', 'Manyu', 'Meme', 'Ndian'],
};

/** Whether a department belongs to a region of Cameroon. */
export const isDepartmentOf = (region: string, department: string): boolean =>
  (REGIONS_OF_ORIGIN as readonly string[]).includes(region) && CAMEROON_DEPARTMENTS[region as RegionOfOrigin].includes(department);

/**
 * The fields a candidate's registration must not leave empty (specification section 5), in the
 * order the form shows them; the 'N required field(s) missing: ...' alert names the missing ones
 * in this order. The objects (countries, languages, regions, cycle, first choice, entrance) follow.
 */
export const CANDIDATE_REQUIRED_FIELDS = [
  'ENTRANCE_ID',
  'LASTNAME',
  'FIRSTNAME',
  'BIRTHDATE',
  'BIRTHPLACE',
  'GENDER',
  'COUNTRY',
  'REGION_ORIGIN',
  'EMAIL',
  'PHONE_NUMBER',
  'LIVING_TOWN',
  'ADMISSION_DIPLOMA',
  'MENTION_OBTAINED',
  'YEAR_OBTENTION',
  'COUNTRY_OBTENTION',
  'SCHOOL_OBTENTION',
  'FIRST_YEAR_UNIVERSITY',
  'FIRST_YEAR_UNIVERSITY_TYPE',
  'NAME_OF_UNIVERSITY',
  'FORMATION_TYPE',
  'FATHER_NAME',
  'FATHER_JOB',
  'FATHER_CONTACT',
  'FATHER_REGION_ORIGIN',
  'MOTHER_NAME',
  'MOTHER_JOB',
  'MOTHER_CONTACT',
  'MOTHER_REGION_ORIGIN',
  'EMERGENCY_NAME',
  'EMERGENCY_CONTACT',
  'FIRST_LANGUAGE',
  'SECOND_LANGUAGE',
  'CYCLE',
  'FORMATION_FIRST_CHOICE',
] as const;
export type CandidateRequiredField = (typeof CANDIDATE_REQUIRED_FIELDS)[number];

const isEmpty = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object') {
    // A selected object: a country or a language by its name, a region by its nom, a cycle by its
    // cycle name, a formation choice by its speciality id.
    const o = value as Record<string, unknown>;
    const key = ['name', 'nom', 'CYCLE_NAME', 'SPECIALITY_ID'].find((k) => k in o);
    return key === undefined || isEmpty(o[key]);
  }
  return false;
};

/** The required fields a registration leaves empty, in CANDIDATE_REQUIRED_FIELDS order (both sides ask this before anything else). */
export function missingCandidateFields(payload: Record<string, unknown>): CandidateRequiredField[] {
  return CANDIDATE_REQUIRED_FIELDS.filter((field) => isEmpty(payload[field]));
}

/** The files a candidate gives: a 4x4 photo (JPEG or PNG), the birth certificate and the diploma (PDF, JPEG or PNG); one of each, a new one replaces the old. */
export const CANDIDATE_DOCUMENT_KINDS = ['PHOTO', 'BIRTH_CERTIFICATE', 'DIPLOMA'] as const;
export type CandidateDocumentKind = (typeof CANDIDATE_DOCUMENT_KINDS)[number];
/** The content types each kind accepts (checked by the file's bytes). */
export const CANDIDATE_DOCUMENT_TYPES: Record<CandidateDocumentKind, readonly string[]> = {
  PHOTO: ['image/jpeg', 'image/png'],
  BIRTH_CERTIFICATE: ['application/pdf', 'image/jpeg', 'image/png'],
  DIPLOMA: ['application/pdf', 'image/jpeg', 'image/png'],
};
/** The largest file a candidate sends, in bytes (a phone's photo of a page fits). */
export const CANDIDATE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Where a document stands with the admissions office: given, checked, or to be replaced (with the office's reason). */
export const CANDIDATE_DOCUMENT_STATUSES = ['SUBMITTED', 'CHECKED', 'REPLACE_REQUESTED'] as const;
export type CandidateDocumentStatus = (typeof CANDIDATE_DOCUMENT_STATUSES)[number];

/** The office's decision after the exam. */
export const ADMISSION_DECISIONS = ['ADMITTED', 'WAITING_LIST', 'REFUSED'] as const;
export type AdmissionDecision = (typeof ADMISSION_DECISIONS)[number];

/** How long the link `POST /candidate/auth-email` mails stays usable, and how long the file it opens stays open. */
export const CANDIDATE_LINK_TTL_SECONDS = 24 * 3600;
export const CANDIDATE_SESSION_SECONDS = 2 * 3600;
/** One new link a minute per address (the same address asking again gets a new link, the older ones die). */
export const CANDIDATE_LINK_SPACING_SECONDS = 60;

/**
 * The code a registration mails with its link (decision 65): typed on the page that sent the
 * registration, it proves the address and opens the file in that browser. Six digits, valid an hour,
 * five tries per registration sent.
 */
export const CANDIDATE_CODE_LENGTH = 6;
export const CANDIDATE_CODE_TTL_SECONDS = 3600;
export const CANDIDATE_CODE_TRIES = 5;
/** Whether a typed code has the code's form (six digits; spaces a phone's keyboard adds are dropped first). */
export const candidateCodeOf = (typed: string): string | null => {
  const digits = typed.replace(/\s+/g, '');
  return new RegExp(`^\\d{${CANDIDATE_CODE_LENGTH}}$`).test(digits) ? digits : null;
};

/**
 * How many registrations one client address may send in an hour, and all client addresses together
 * (decision 65): a cybercafé's or a school's crowd shares an address, and a whole entrance's crowd
 * registers on its first day (decision 45). Past them: 429 REGISTRATION_RATE_LIMITED, or 503
 * SERVER_BUSY, each with Retry-After. The server's configuration may raise both.
 */
export const CANDIDATE_REGISTRATIONS_PER_ADDRESS_HOUR = 60;
export const CANDIDATE_REGISTRATIONS_PER_HOUR = 30_000;

/**
 * A candidate number: `C` + the entrance year's last two digits + a sequence of at least 6 digits,
 * e.g. `C27000042` (the reference system's base-62 timestamp could collide under a burst). Past
 * 999,999 the sequence keeps every digit (`C271000000`): a number is never cut nor used twice.
 */
export const CANDIDATE_NUMBER_PATTERN = /^C\d{8,}$/;

/** Whether an entrance takes registrations on a day (YYYY-MM-DD, university time): not closed, and its deadline not past. */
export const isEntranceOpen = (entrance: { closedAt: string | null; registrationLimitDate: string }, today: string): boolean =>
  entrance.closedAt === null && entrance.registrationLimitDate >= today;

/** The longest names the office gives an entrance. */
export const ENTRANCE_NAME_MAX = 150;
/** The highest registration fee, in FCFA. */
export const ENTRANCE_AMOUNT_MAX = 10_000_000;
/** The most decisions one import or one bulk decision carries. */
export const ADMISSION_DECISIONS_MAX = 5_000;
