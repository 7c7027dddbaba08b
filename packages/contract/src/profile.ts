import { z } from 'zod';
import { Language } from './common';
import { BackOfficeRole, Gender, PersonKind, StaffStatus } from './person';
import { ProfileFields } from './registration';

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
    /** the registration is closed (the HR data is locked) */
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
    LANGUAGE: Language,
    /** photo and fingerprints registered by an identification office (identification complete) */
    IDENTIFIED: z.boolean(),
    /** the photo taken by the identification office */
    PHOTO_LINK: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(ProfileFields.shape)
  .meta({ id: 'PersonRecord' });
export type PersonRecord = z.infer<typeof PersonRecord>;

/** Code verification answers the record with the bearer token for API clients. */
export const SessionUser = PersonRecord.extend({ TOKEN: z.string() }).meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;
