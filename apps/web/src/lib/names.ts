// Names the catalogue keeps in both languages (decision 30): a subject, a choice session, a
// department ... The French one may be missing on older rows: the English one stands in.

/** The name in the reader's language: the French one for a French reader when there is one, else the English one. */
export const inLanguage = (language: string, english: string, french: string | null | undefined): string =>
  language.startsWith('fr') && french ? french : english;

/** A subject's name in the reader's language. */
export const subjectName = (subject: { SUBJECT_NAME: string; SUBJECT_NAME_FR?: string | null }, language: string): string =>
  inLanguage(language, subject.SUBJECT_NAME, subject.SUBJECT_NAME_FR);

/** A choice session's designation in the reader's language. */
export const sessionName = (session: { DESIGNATION: string; DESIGNATION_FR?: string | null }, language: string): string =>
  inLanguage(language, session.DESIGNATION, session.DESIGNATION_FR);
