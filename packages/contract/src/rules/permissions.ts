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
  /** the human resources back office: registrations, dossiers, reopening, and changing a closed registration */
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
  /** read anyone's record, files and documents */
  'persons.readAny',
  /** act on anyone's record, files and documents (the registration lock still applies) */
  'persons.editAny',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What every kind of person may do for themselves. */
export const KIND_PERMISSIONS: Record<PersonKind, readonly Permission[]> = {
  STAFF: ['profile.own', 'registration.own', 'applications.own'],
  STUDENT: ['profile.own'],
};

/** Every back-office role may read and act on anyone's record. */
const BACK_OFFICE: readonly Permission[] = ['persons.readAny', 'persons.editAny'];

/** What each back-office role grants, on top of what the person's kind grants. Administrators may do everything. */
export const ROLE_PERMISSIONS: Record<BackOfficeRole, readonly Permission[]> = {
  HR: ['registrations.manage', ...BACK_OFFICE],
  ACADEMIC: ['catalogue.manage', 'applicationSessions.manage', 'assignments.manage', 'applications.readAny', ...BACK_OFFICE],
  IDENTIFICATION: ['identification.manage', ...BACK_OFFICE],
  ADMISSIONS: [...BACK_OFFICE],
  ADMIN: PERMISSIONS,
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
