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

/** The user record: what a signed-in person (or the back office) reads of a person. */
export const PersonRecord = z
  .object({
    id: z.number().int(),
    STUDENT_ID: z.number().int(),
    MATRICULE: z.string(),
    USERNAME: z.string().nullable(),
    KIND: PersonKind,
    ROLES: z.array(BackOfficeRole),
    STATUS: StaffStatus.nullable(),
    ACTIVED: z.boolean(),
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    GENDER: Gender.nullable(),
    BIRTHDATE: z.string().nullable(),
    BIRTHPLACE: z.string().nullable(),
    COUNTRY: z.string().nullable(),
    EMAIL: z.string().nullable(),
    EMAIL_VERIFIED: z.boolean(),
    PHONE_NUMBER: z.string().nullable(),
    LANGUAGE: z.enum(['en', 'fr']),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PersonRecord' });
export type PersonRecord = z.infer<typeof PersonRecord>;

/** Code verification answers the record with the bearer token for API clients. */
export const SessionUser = PersonRecord.extend({ TOKEN: z.string() }).meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

export function isBackOffice(person: Pick<PersonRecord, 'ROLES'>): boolean {
  return person.ROLES.length > 0;
}
