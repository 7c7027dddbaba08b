// What each person may do. Guards and menus ask `can(person, permission)`, never for a role:
// the roles and kinds of person only appear in the two tables below.

import type { BackOfficeRole, PersonKind } from './person';

export const PERMISSIONS = [
  /** read and change one's own profile, settings and contact messages */
  'profile.own',
  /** fill in one's own HR registration (the wizard, its files and documents, closure) */
  'registration.own',
  /** apply for subjects in a choice session, and see one's own applications and assignments */
  'applications.own',
  /** file requests (claims about lessons, hours, fees, contracts, reprography) and follow one's own */
  'requests.own',
  /**
   * read one's own activity history (decision 36): one's sign-ins, what one did and what the offices
   * did to or for one, from the audit log; never anyone else's, the back office included
   */
  'history.own',
  /** the human resources back office: registrations, dossiers, reopening, and changing anyone's registration, files and documents (with a reason, always) */
  'registrations.manage',
  /** the identification office: photos, fingerprints, completing and reopening identifications */
  'identification.manage',
  /** the subject catalogue: departments, branches, cycles, classes, subjects and their CSV import */
  'catalogue.manage',
  /** choice sessions: dates, limits, hourly caps, closing and reopening */
  'applicationSessions.manage',
  /** assignments: confirming or declining choices, and their export */
  'assignments.manage',
  /** read anyone's applications and choices */
  'applications.readAny',
  /**
   * read anyone's whole record, sensitive fields included (bank, NIU, CNPS, salary), their
   * documents and every stored file: the human resources service (decision 22)
   */
  'persons.readFull',
  /**
   * read anyone's record narrowed to a summary (`PersonSummary`: identity basics, staff category,
   * grade, registration and identification state), never the HR data nor a file
   */
  'persons.readSummary',
  /** read anyone's identification photo (the photo file only) */
  'photos.readAny',
  /**
   * process requests as a member of a unit (decision 32): the unit's inbox, the signature of the
   * printed request, rejection, decisions and transmittal batches; a unit sees only the requests it
   * holds or held. Administrators see every request and act for the unit holding it.
   */
  'requests.process',
  /** the requests report and its CSV and XLSX exports (a unit's own requests; administrators all) */
  'requests.report',
  /** the requests' configuration: units and their members, categories, sub-categories with their display configuration, hops and decisions */
  'requests.configure',
  /** read one's own weekly timetable (a lecturer's lessons, a student's class lessons) and its calendar feed (decision 35) */
  'timetable.own',
  /** plan lessons (one by one, weekly, by import), validate or refuse them, bill them for a billing period, and the hours report with its exports */
  'lessons.plan',
  /** read anyone's timetable: the academic office, human resources and the units that check a claim about a lesson */
  'lessons.readAny',
  /** a student's own student file (decision 37): profile sections, uploads, class, subjects and lecturers */
  'student.own',
  /** apply to classes and optional subjects in an open enrolment session, and follow one's applications (decision 38) */
  'enrolment.own',
  /** enrolment sessions: their dates and offers (classes, optional subjects, capacities), and deciding on students' applications */
  'enrolment.manage',
  /** answer the evaluation forms of an open evaluation session, once per (subject, lecturer), anonymously (decision 39) */
  'evaluation.answer',
  /** question forms and evaluation sessions, the results of every lecturer, participation rates and exports */
  'evaluation.manage',
  /** a lecturer's own evaluation results, per subject and class, past the threshold; nobody else's */
  'reviews.own',
  /**
   * the admissions office (decision 44): entrances and their specialities, candidates' files and
   * documents, their exports and counts, and the decisions after the exam. Candidates are not persons:
   * this reads no person's record.
   */
  'admissions.manage',
  /** the mobile-money networks candidates pay with: fee schedules, limits, phone prefixes (decision 43) */
  'payments.configure',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What a person does for themselves: granted by their kind only, never by a role (decision 29). */
export const SELF_SERVICE_PERMISSIONS = [
  'profile.own',
  'registration.own',
  'applications.own',
  'requests.own',
  'timetable.own',
  'history.own',
  'student.own',
  'enrolment.own',
  'evaluation.answer',
  'reviews.own',
] as const satisfies readonly Permission[];

/**
 * What every kind of person may do for themselves. A back-office service account (OFFICE) has its
 * profile and its own history only: it fills in no HR registration and applies for no subject; its
 * work comes from its roles. Everyone who signs in reads their own history.
 */
export const KIND_PERMISSIONS: Record<PersonKind, readonly Permission[]> = {
  STAFF: ['profile.own', 'registration.own', 'applications.own', 'requests.own', 'timetable.own', 'history.own', 'reviews.own'],
  STUDENT: ['profile.own', 'student.own', 'requests.own', 'timetable.own', 'enrolment.own', 'evaluation.answer', 'history.own'],
  OFFICE: ['profile.own', 'history.own'],
};

/**
 * What each back-office role grants, on top of what the person's kind grants, by purpose (decision 22):
 * the sensitive fields and the changes to someone else's files are the human resources service's;
 * the academic office reads what assigning subjects needs; identification reads identity and photos;
 * admissions reads no person's record (its candidates are not persons). Administrators may do every
 * office's work; what one does for oneself (one's registration, one's applications) comes from one's kind.
 */
export const ROLE_PERMISSIONS: Record<BackOfficeRole, readonly Permission[]> = {
  HR: ['registrations.manage', 'persons.readFull', 'lessons.readAny'],
  ACADEMIC: [
    'catalogue.manage',
    'applicationSessions.manage',
    'assignments.manage',
    'applications.readAny',
    'persons.readSummary',
    'lessons.plan',
    'lessons.readAny',
    'enrolment.manage',
    'evaluation.manage',
  ],
  IDENTIFICATION: ['identification.manage', 'persons.readSummary', 'photos.readAny'],
  ADMISSIONS: ['admissions.manage'],
  REQUESTS: ['requests.process', 'requests.report', 'lessons.readAny'],
  ADMIN: PERMISSIONS.filter((permission) => !(SELF_SERVICE_PERMISSIONS as readonly Permission[]).includes(permission)),
};

/** Who a permission is asked about: a person's kind and roles (unknown values grant nothing). */
export interface PermissionHolder {
  KIND: string;
  ROLES: readonly string[];
}

/** Everything a person may do: what their kind grants and what each of their roles grants. */
export function permissionsOf(person: PermissionHolder): ReadonlySet<Permission> {
  const granted = new Set<Permission>(grantsOf(KIND_PERMISSIONS, person.KIND));
  for (const role of person.ROLES) for (const permission of grantsOf(ROLE_PERMISSIONS, role)) granted.add(permission);
  return granted;
}

/** What a table grants a kind or role: nothing for a value the table does not name. */
const grantsOf = (table: Record<string, readonly Permission[]>, key: string): readonly Permission[] => (Object.hasOwn(table, key) ? table[key]! : []);

/** Whether a person (or nobody: no) may do something. Asked on every guarded request: nothing is built. */
export function can(person: PermissionHolder | null | undefined, permission: Permission): boolean {
  if (!person) return false;
  return grantsOf(KIND_PERMISSIONS, person.KIND).includes(permission) || person.ROLES.some((role) => grantsOf(ROLE_PERMISSIONS, role).includes(permission));
}
