// A student's own file (issue 13, decision 37): the profile sections a student fills and saves one by
// one, the admission data's vocabularies, the uploads and the linked mail account.

/**
 * The sections of a student's profile, each saved on its own (`PATCH /students/profile/{section}`),
 * in the order the page shows them.
 */
export const STUDENT_PROFILE_SECTIONS = ['personal', 'address', 'parents', 'emergency', 'admission', 'disability', 'sports', 'languages'] as const;
export type StudentProfileSection = (typeof STUDENT_PROFILE_SECTIONS)[number];

/** The grade (mention) obtained with the admission diploma, best first. */
export const MENTIONS = ['EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIRLY_GOOD', 'PASS'] as const;
export type Mention = (typeof MENTIONS)[number];

/** The student's rank in their class the year before, when it was one of the first two. */
export const LAST_YEAR_RANKS = ['MAJOR', 'VICE_MAJOR', 'OTHER'] as const;
export type LastYearRank = (typeof LAST_YEAR_RANKS)[number];

/** What the student did the year before (LAST_YEAR_SITUATION). */
export const LAST_YEAR_SITUATIONS = ['SECONDARY_SCHOOL', 'UNIVERSITY', 'PROFESSIONAL_SCHOOL', 'EMPLOYED', 'OTHER'] as const;
export type LastYearSituation = (typeof LAST_YEAR_SITUATIONS)[number];

/** The kind of university of the first university year (FIRST_YEAR_UNIVERSITY_TYPE). */
export const UNIVERSITY_TYPES = ['PUBLIC', 'PRIVATE'] as const;
export type UniversityType = (typeof UNIVERSITY_TYPES)[number];

/** The formation followed (FORMATION_TYPE): initial training or continuing education while working. */
export const FORMATION_TYPES = ['INITIAL', 'CONTINUING'] as const;
export type FormationType = (typeof FORMATION_TYPES)[number];

/**
 * The files a student uploads: one CV (PDF) and one birth certificate, any number of diplomas and
 * other files. Every file is checked by its content; the same file twice is refused (FILE_EXISTS).
 */
export const STUDENT_DOCUMENT_KINDS = ['CV', 'BIRTH_CERTIFICATE', 'DIPLOMA', 'OTHER'] as const;
export type StudentDocumentKind = (typeof STUDENT_DOCUMENT_KINDS)[number];
/** The kinds a student holds at most one of: a new one replaces the old. */
export const SINGLE_STUDENT_DOCUMENTS: readonly StudentDocumentKind[] = ['CV', 'BIRTH_CERTIFICATE'];
/** The most files of one kind a student keeps. */
export const MAX_STUDENT_DOCUMENTS_PER_KIND = 10;

/** The sports a student may name (FIRST_SPORT); OTHER with a free text. */
export const SPORTS = [
  'FOOTBALL',
  'BASKETBALL',
  'HANDBALL',
  'VOLLEYBALL',
  'ATHLETICS',
  'TENNIS',
  'SWIMMING',
  'MARTIAL_ARTS',
  'CYCLING',
  'CHESS',
  'OTHER',
] as const;
export type Sport = (typeof SPORTS)[number];

/**
 * How a mail account gets linked (`POST /students/gmail-account`, decision 37): today by a code
 * mailed to the address; a Google or Microsoft sign-in (OpenID Connect) can later prove the same
 * address and be recorded as its own provider, without changing what is stored.
 */
export const MAIL_LINK_PROVIDERS = ['CODE', 'GOOGLE', 'MICROSOFT'] as const;
export type MailLinkProvider = (typeof MAIL_LINK_PROVIDERS)[number];
/** The linking code: 6 digits, valid 15 minutes, 5 wrong entries, one new code a minute. */
export const MAIL_LINK_CODE_TTL_SECONDS = 900;
export const MAIL_LINK_CODE_MAX_ATTEMPTS = 5;
