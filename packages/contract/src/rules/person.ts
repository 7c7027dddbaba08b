// Who people are: kinds, staff categories, back-office roles, genders, languages.

/**
 * Kinds of person (decision 29): STAFF (employees: lecturers and support staff, who fill in an HR
 * registration), STUDENT, and OFFICE (a back-office service account: `hr`, `academic` ...; no HR
 * registration, no subject choice; what it does comes from its ROLES). An employee who also holds
 * a role stays STAFF.
 */
export const PERSON_KINDS = ['STAFF', 'STUDENT', 'OFFICE'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** The kinds a person says they are when signing up (office accounts are created for their office). */
export const SIGN_UP_KINDS = ['STAFF', 'STUDENT'] as const satisfies readonly PersonKind[];

/** Staff categories (the person's STATUS): Permanent, Vacataire (part-time), Stagiaire (intern), Staff (support). */
export const STAFF_STATUSES = ['PERMANENT', 'VACATAIRE', 'STAGIAIRE', 'STAFF'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/**
 * Back-office roles; a person may hold several. What each one may do: `permissions.ts`. REQUESTS:
 * a member of a unit that processes requests (the lecturers' service, a school, finance ...; the
 * unit is the person's `REQUEST_UNIT_ID`, decision 32).
 */
export const BACK_OFFICE_ROLES = ['HR', 'ACADEMIC', 'IDENTIFICATION', 'ADMISSIONS', 'REQUESTS', 'ADMIN'] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The languages of the interface (and of the mails a person receives). */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A back-office account: a person holding at least one role. */
export function isBackOffice(person: { ROLES: readonly string[] }): boolean {
  return person.ROLES.length > 0;
}
