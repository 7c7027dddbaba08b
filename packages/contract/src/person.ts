import { z } from 'zod';

export const PERSON_KINDS = ['STAFF', 'STUDENT'] as const;
export const PersonKind = z.enum(PERSON_KINDS);
export type PersonKind = z.infer<typeof PersonKind>;

/** Staff categories (the person's STATUS): Permanent, Vacataire (part-time), Stagiaire (intern), Staff (support). */
export const STAFF_STATUSES = ['PERMANENT', 'VACATAIRE', 'STAGIAIRE', 'STAFF'] as const;
export const StaffStatus = z.enum(STAFF_STATUSES);
export type StaffStatus = z.infer<typeof StaffStatus>;

/** Back-office roles; a person may hold several. */
export const BACK_OFFICE_ROLES = ['HR', 'ACADEMIC', 'IDENTIFICATION', 'ADMISSIONS', 'ADMIN'] as const;
export const BackOfficeRole = z.enum(BACK_OFFICE_ROLES);
export type BackOfficeRole = z.infer<typeof BackOfficeRole>;

export const GENDERS = ['Male', 'Female'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

export function isBackOffice(person: { ROLES: readonly string[] }): boolean {
  return person.ROLES.length > 0;
}
