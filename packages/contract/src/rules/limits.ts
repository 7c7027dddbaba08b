// The numbers both sides apply: sign-in, sessions, identifiers, passwords, files, choices.

/** Sign-in codes: 6 digits, 10 minutes, 5 wrong entries, one resend a minute. */
export const SIGN_CODE_LENGTH = 6;
export const SIGN_CODE_TTL_SECONDS = 600;
export const SIGN_CODE_MAX_ATTEMPTS = 5;
export const SIGN_CODE_RESEND_SECONDS = 60;
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
export const SESSION_IDLE_SECONDS = 1800;
/**
 * The server keeps an idle session this much longer than the web app's inactivity
 * countdown: the app touches the server at most once a minute, and its 'Timeout activity'
 * dialog counts 20 s more, so the warning always ends before the server forgets the session.
 */
export const SESSION_IDLE_GRACE_SECONDS = 120;
export const SESSION_ABSOLUTE_SECONDS = 10 * 3600;

/** Matricules are 6 to 12 letters and digits. */
export const MATRICULE_MIN = 6;
export const MATRICULE_MAX = 12;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Upload limits: 5 MB per file (images are also downscaled to 2000 px). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The only file types stored anywhere (the server recognises them by their first bytes). */
export const UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** The file-name extension each stored type is served and chosen under. */
export const UPLOAD_EXTENSIONS: Record<UploadType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
/** Fingerprint files: 2 MiB at most. */
export const MAX_FINGERPRINT_BYTES = 2 * 1024 * 1024;
/** An identification is complete with a photo and at least this many fingers. */
export const MIN_FINGERS_FOR_COMPLETION = 2;

/** The most choices one request may add or save. */
export const MAX_CHOICES = 60;
/** Subjects listed per page of the subject browser. */
export const SUBJECTS_PAGE_SIZE = 20;
/** The page sizes the back-office lists offer; the first is every list query's default. */
export const LIST_PAGE_SIZES = [20, 50, 100] as const;
export const LIST_PAGE_SIZE = LIST_PAGE_SIZES[0];
/** The most lines a subject CSV import may hold. */
export const MAX_IMPORT_LINES = 50_000;

/**
 * A person's settings (decision 0024): besides LANGUAGE, at most this many keys, each name 1 to 40
 * letters, digits, '_', '.' or '-', each text value 500 characters at most, and 4 KiB in all as JSON.
 */
export const SETTINGS_MAX_KEYS = 20;
export const SETTING_KEY_MAX = 40;
export const SETTING_VALUE_MAX = 500;
export const SETTINGS_MAX_BYTES = 4096;
