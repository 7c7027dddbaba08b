// The academic office's lists and files.

/** The assignments list by state: 'open', some applied part is not confirmed yet; 'assigned', every applied part is; or all. */
export const ASSIGNMENT_STATES = ['open', 'assigned', 'all'] as const;

/** The columns of a subject CSV import, in this order in the header (`;` or `,` separated, UTF-8). */
export const SUBJECT_CSV_COLUMNS = ['CLASS_CODE', 'CODE', 'NAME', 'HOURS_CM', 'HOURS_TD', 'HOURS_TP', 'HOURLY_RATE', 'CREDITS'] as const;
