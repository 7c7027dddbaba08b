// The academic office's files.

/** The columns of a subject CSV import, in this order in the header (`;` or `,` separated, UTF-8). */
export const SUBJECT_CSV_COLUMNS = ['CLASS_CODE', 'CODE', 'NAME', 'HOURS_CM', 'HOURS_TD', 'HOURS_TP', 'HOURLY_RATE', 'CREDITS'] as const;
