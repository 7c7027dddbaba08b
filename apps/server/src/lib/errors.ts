import { ERROR_MESSAGES, ErrorResponse, RULE_CODES, type ErrorCode, type LessonConflict } from '@portal/contract';

const STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 400,
  ACCOUNT_INACTIVE: 401,
  ACCOUNT_EXISTS: 409,
  ACCOUNT_LOCKED: 429,
  CONFIRMATION_EXPIRED: 401,
  CONFIRMATION_INVALID: 400,
  CODE_INCORRECT: 400,
  CODE_EXPIRED: 400,
  CODE_ATTEMPTS_EXCEEDED: 400,
  RESEND_TOO_SOON: 429,
  TOO_MANY_REQUESTS: 429,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  BEARER_REQUIRED: 403,
  NOT_FOUND: 404,
  CONTACT_INCOMPLETE: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  ADDRESS_INCOMPLETE: 400,
  DOCUMENT_INCOMPLETE: 400,
  SPOUSE_REQUIRED: 400,
  CLOSURE_FAILED: 400,
  REGISTRATION_CLOSED: 403,
  FILE_EXISTS: 409,
  FILE_TYPE_REFUSED: 415,
  CV_NOT_PDF: 400,
  PDF_SCRIPT_REFUSED: 415,
  PDF_UNREADABLE: 415,
  FILE_TOO_LARGE: 413,
  MICROFINANCE_REFUSED: 400,
  SAVE_FAILED: 500,
  NO_ACTIVE_SESSION: 409,
  SESSION_CLOSED: 403,
  SUBJECT_LIMIT_REACHED: 409,
  HOURS_CAP_EXCEEDED: 409,
  CLOSURE_HOURS_EXCEEDED: 409,
  REGISTRATION_NOT_CLOSED: 403,
  IDENTIFICATION_MISSING: 403,
  NOT_ELIGIBLE: 403,
  SUBJECT_UNAVAILABLE: 409,
  CHOICE_DECLINED: 409,
  CONFIRMED_CHOICE_LOCKED: 409,
  ALREADY_ASSIGNED: 409,
  IDENTIFICATION_INCOMPLETE: 400,
  IDENTIFICATION_COMPLETED: 409,
  IN_USE: 409,
  ALREADY_EXISTS: 409,
  SESSION_OVERLAP: 409,
  CSV_INVALID: 400,
  IMPORT_TOO_MANY_ROWS: 413,
  IMPORT_TOO_MANY_CELLS: 413,
  IMPORT_EXPANDED_TOO_LARGE: 413,
  IMPORT_TOO_COMPLEX: 400,
  INVALID_CHARACTERS: 400,
  SETTINGS_TOO_LARGE: 413,
  INTERNAL: 500,
  CODE_LOCKED: 429,
  MAIL_RATE_LIMITED: 429,
  PASSWORD_PERSONAL: 400,
  REQUEST_CATEGORY_UNAVAILABLE: 400,
  REQUEST_DETAILS_MISSING: 400,
  REQUEST_DATE_IN_FUTURE: 400,
  REQUEST_SLOT_INVALID: 400,
  CLASS_NOT_ASSIGNED: 400,
  SUBJECT_NOT_ASSIGNED: 400,
  CLASS_NOT_YOURS: 400,
  SUBJECT_NOT_YOURS: 400,
  STUDENT_CLASS_MISSING: 409,
  REQUEST_ATTACHMENT_INVALID: 400,
  NO_REQUEST_UNIT: 403,
  REQUEST_CHANGED: 409,
  REQUEST_ALREADY_SIGNED: 409,
  REQUEST_SIGNATURE_DATE_INVALID: 400,
  DECISION_NOT_ALLOWED: 400,
  BATCH_REQUESTS_UNAVAILABLE: 409,
  BATCH_CHANGED: 409,
  DECISION_FORWARD_INVALID: 400,
  REPORT_TOO_LARGE: 400,
  LESSON_CONFLICT: 409,
  LESSON_NOT_ASSIGNED: 409,
  LESSON_DECIDED: 409,
  LESSON_NOT_BILLABLE: 409,
  BILLING_PERIOD_OVERLAP: 409,
  CALENDAR_FEED_UNKNOWN: 404,
  MAIL_ACCOUNT_IN_USE: 409,
  MAIL_LINK_CODE_EXPIRED: 400,
  MAIL_LINK_CODE_ATTEMPTS_EXCEEDED: 400,
  ENROLMENT_NOT_OPEN: 409,
  ENROLMENT_FULL: 409,
  ENROLMENT_LIMIT_REACHED: 409,
  ENROLMENT_DECIDED: 409,
  ENROLMENT_ALREADY_APPLIED: 409,
  ENROLMENT_SEATS_HELD: 409,
  ENROLMENT_CLASS_ACCEPTED: 409,
  EVALUATION_NOT_OPEN: 409,
  EVALUATION_ALREADY_ANSWERED: 409,
  EVALUATION_ANSWERS_INVALID: 400,
  FORM_IN_USE: 409,
  STUDENT_DOCUMENTS_LIMIT: 409,
  EVALUATION_STARTED: 409,
  EVALUATION_END_LOCKED: 409,
  CANDIDATE_FIELDS_MISSING: 400,
  CANDIDATE_CREATE_FAILED: 500,
  ENTRANCE_CLOSED: 409,
  SPECIALITY_NOT_OFFERED: 400,
  CANDIDATE_LINK_INVALID: 400,
  CANDIDATE_CODE_INVALID: 400,
  REGISTRATION_RATE_LIMITED: 429,
  NETWORK_UNAVAILABLE: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  PHONE_NOT_ON_NETWORK: 400,
  ALREADY_PAID: 409,
  PAYMENT_PENDING: 409,
  PAYMENT_CALLBACK_INVALID: 401,
  PAYMENT_CALLBACK_MISMATCH: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  NOT_PAID: 409,
  SERVER_BUSY: 503,
  ENTRANCE_HAS_CANDIDATES: 409,
  DECISION_IMPORT_INVALID: 400,
};

/** A typed error a service throws; the app's error handler turns it into `{ code, message, fields? }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;
  readonly columns: string[] | undefined;
  readonly limit: Record<string, string | number> | undefined;
  readonly conflict: LessonConflict | undefined;
  constructor(
    code: ErrorCode,
    options: {
      fields?: Record<string, string>;
      retryAfter?: number;
      message?: string;
      columns?: string[];
      limit?: Record<string, string | number>;
      conflict?: LessonConflict;
    } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.status = STATUS[code] ?? 400;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
    this.columns = options.columns;
    this.limit = options.limit;
    this.conflict = options.conflict;
  }
}

export const fail = (code: ErrorCode, options?: ConstructorParameters<typeof AppError>[1]): never => {
  throw new AppError(code, options);
};

/**
 * A 400 for these fields (field path to validation key). A message standing for a whole
 * rule of the specification (RULE_CODES) gives that rule's code and message.
 */
export function validationError(fields: Record<string, string>): AppError {
  const code: ErrorCode =
    Object.values(fields)
      .map((m) => RULE_CODES[m])
      .find(Boolean) ?? 'VALIDATION_FAILED';
  return new AppError(code, { fields });
}

/** The error answers a route documents (its response schema), by status: `errorResponses(400, 401, 404)`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<S[number], typeof ErrorResponse>;
}
