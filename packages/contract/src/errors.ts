import { z } from 'zod';

/**
 * Stable error codes. The server answers `{ code, message, fields? }`; the web app
 * translates `code` with the key `errors.<code>` and each field message with its own key.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_EXISTS',
  'ACCOUNT_LOCKED',
  'UNKNOWN_MATRICULE',
  'BIRTHDATE_REQUIRED',
  'EMAIL_MISMATCH',
  'NO_EMAIL_ON_FILE',
  'CONFIRMATION_EXPIRED',
  'CONFIRMATION_INVALID',
  'CODE_INCORRECT',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'RESEND_TOO_SOON',
  'TOO_MANY_REQUESTS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'BEARER_REQUIRED',
  'NOT_FOUND',
  'CONTACT_INCOMPLETE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'ADDRESS_INCOMPLETE',
  'DOCUMENT_INCOMPLETE',
  'SPOUSE_REQUIRED',
  'CLOSURE_FAILED',
  'REGISTRATION_CLOSED',
  'FILE_EXISTS',
  'FILE_TYPE_REFUSED',
  'CV_NOT_PDF',
  'FILE_TOO_LARGE',
  'MICROFINANCE_REFUSED',
  'SAVE_FAILED',
  'NO_ACTIVE_SESSION',
  'SESSION_CLOSED',
  'SUBJECT_LIMIT_REACHED',
  'HOURS_CAP_EXCEEDED',
  'CLOSURE_HOURS_EXCEEDED',
  'REGISTRATION_NOT_CLOSED',
  'IDENTIFICATION_MISSING',
  'NOT_ELIGIBLE',
  'SUBJECT_UNAVAILABLE',
  'CHOICE_DECLINED',
  'CONFIRMED_CHOICE_LOCKED',
  'ALREADY_ASSIGNED',
  'IDENTIFICATION_INCOMPLETE',
  'IDENTIFICATION_COMPLETED',
  'IN_USE',
  'ALREADY_EXISTS',
  'SESSION_OVERLAP',
  'CSV_INVALID',
  'INTERNAL',
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorResponse = z
  .object({
    code: ErrorCode,
    message: z.string(),
    /** field path (dot separated) to a translation key under `validation.` */
    fields: z.record(z.string(), z.string()).optional(),
    /** seconds before a retry may succeed (lockouts, resend limits) */
    retryAfter: z.number().int().optional(),
    /** closure refused: the mandatory fields still missing */
    columns: z.array(z.string()).optional(),
    /** a limit refused a choice: the level group (12, 3, 45), the shift (J, S) and the limit; or the hours chosen and allowed */
    limit: z.object({ group: z.string().optional(), shift: z.string().optional(), limit: z.number().optional(), hours: z.number().optional(), allowed: z.number().optional() }).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The English message of each code; the specification's wording where it has one. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Fill correctly the blanks to continue',
  INVALID_CREDENTIALS: 'Matricule or password incorrect',
  ACCOUNT_INACTIVE: 'Your account is not actived',
  ACCOUNT_EXISTS: 'Conflict error: an account already exists for this entry or identifier',
  ACCOUNT_LOCKED: 'Too many failed sign-ins; try again later',
  UNKNOWN_MATRICULE: 'No person with this matricule was found in the registry',
  BIRTHDATE_REQUIRED: 'Students must give their birthdate',
  EMAIL_MISMATCH: 'This e-mail address is not the one on file for this matricule',
  NO_EMAIL_ON_FILE: 'No e-mail address is on file for this matricule; contact the human resources service',
  CONFIRMATION_EXPIRED: 'The time allowed to the confirmation has expired; register again',
  CONFIRMATION_INVALID: 'This confirmation link is not valid',
  CODE_INCORRECT: 'The code you entered is incorrect',
  CODE_EXPIRED: 'The code has expired; sign in again',
  CODE_ATTEMPTS_EXCEEDED: 'Too many wrong codes; sign in again',
  RESEND_TOO_SOON: 'Wait a minute before asking for a new code',
  TOO_MANY_REQUESTS: 'Too many attempts; try again later',
  UNAUTHENTICATED: 'Session time expired',
  FORBIDDEN: 'Action denied',
  CSRF_REJECTED: 'Action denied',
  BEARER_REQUIRED: 'This call is for API clients: authenticate with an Authorization: Bearer token',
  NOT_FOUND: 'No element to show',
  CONTACT_INCOMPLETE: 'Make sure to fill the object and message content',
  PAYLOAD_TOO_LARGE: 'The data sent is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted',
  SERVICE_UNAVAILABLE: 'The service is busy; retry later',
  ADDRESS_INCOMPLETE: 'Fill your living town and precinct to continue',
  DOCUMENT_INCOMPLETE: 'Provide all required informations to continue',
  SPOUSE_REQUIRED: 'Spouse information is required for married users',
  CLOSURE_FAILED: 'Closure failure',
  REGISTRATION_CLOSED: 'Your registration is closed: changes go through the human resources service',
  FILE_EXISTS: 'Error, a similar file already exists',
  FILE_TYPE_REFUSED: 'This type of file is not accepted here',
  CV_NOT_PDF: 'The CV must be in PDF format',
  FILE_TOO_LARGE: 'The file is too large',
  MICROFINANCE_REFUSED: 'Microfinance accounts are not allowed',
  SAVE_FAILED: 'An error has occured during saving',
  NO_ACTIVE_SESSION: 'No active session',
  SESSION_CLOSED: "You can't perform actions on a closed session",
  SUBJECT_LIMIT_REACHED: 'Max number of subjects reached for this level',
  HOURS_CAP_EXCEEDED: 'Hourly volume exceeds the allowed one',
  CLOSURE_HOURS_EXCEEDED: 'Hourly volume exceeds the allowed one, so closure is denied',
  REGISTRATION_NOT_CLOSED: 'Choice features are unavailable until your registration is closed',
  IDENTIFICATION_MISSING: 'Your photo and fingerprints must be registered at an identification office first',
  NOT_ELIGIBLE: 'Only teaching and support staff apply for subjects',
  SUBJECT_UNAVAILABLE: 'This part of the subject is not offered (no hours, or already assigned)',
  CHOICE_DECLINED: 'The academic office declined this choice',
  CONFIRMED_CHOICE_LOCKED: 'A confirmed choice cannot be removed',
  ALREADY_ASSIGNED: 'This part of the subject is already assigned to another lecturer',
  IDENTIFICATION_INCOMPLETE: 'The photo and at least two fingerprints are needed to complete the identification',
  IDENTIFICATION_COMPLETED: 'The identification is complete; reopen it to change the photo or fingerprints',
  IN_USE: 'This element is in use and cannot be deleted',
  ALREADY_EXISTS: 'An element with this code already exists',
  SESSION_OVERLAP: 'Another session is open over these dates; close it first',
  CSV_INVALID: 'The file is not a readable CSV with the expected columns',
  INTERNAL: 'An error has occurred during the process, retry later',
};

/**
 * A validation message that stands for a whole rule of the specification: when a request
 * fails on it, the answer carries this code (and its message) instead of VALIDATION_FAILED.
 */
export const RULE_CODES: Record<string, ErrorCode> = {
  'validation.townPrecinct': 'ADDRESS_INCOMPLETE',
  'validation.documentIncomplete': 'DOCUMENT_INCOMPLETE',
  'validation.spouseRequired': 'SPOUSE_REQUIRED',
};
