// The academic office's lists and files.

/** The assignments list by state: 'open', some applied part is not confirmed yet; 'assigned', every applied part is; or all. */
export const ASSIGNMENT_STATES = ['open', 'assigned', 'all'] as const;

/** The columns of a subject CSV import, in this order in the header (`;` or `,` separated, UTF-8). */
export const SUBJECT_CSV_COLUMNS = ['CLASS_CODE', 'CODE', 'NAME', 'NAME_FR', 'HOURS_CM', 'HOURS_TD', 'HOURS_TP', 'HOURLY_RATE', 'CREDITS'] as const;
/**
 * The columns a file may leave out (decision 30): without NAME_FR, a new subject takes its English
 * name in French too and an existing one keeps its French name; an empty NAME_FR cell is the English name.
 */
export const SUBJECT_CSV_OPTIONAL_COLUMNS: readonly (typeof SUBJECT_CSV_COLUMNS)[number][] = ['NAME_FR'];

/** The French name of a subject or a session as stored: the one given, or the English one when it was left empty (decision 30). */
export const frenchOr = (french: string | null | undefined, english: string): string => (french?.trim() ? french.trim() : english);
