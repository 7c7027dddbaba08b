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

/**
 * Someone else's record as the offices that do not manage registrations read it (`persons.readSummary`:
 * the academic office, identification): who the person is, their staff category and grade, and
 * whether their registration is closed and their identification complete. Never the HR data
 * (bank, NIU, CNPS, salary, family, addresses), never a file (decision 22).
 */
export const PersonSummary = PersonRecord.pick({
  id: true,
  STUDENT_ID: true,
  MATRICULE: true,
  KIND: true,
  STATUS: true,
  ACTIVED: true,
  DENOMINATION: true,
  FIRSTNAME: true,
  LASTNAME: true,
  GENDER: true,
  TITLE: true,
  GRADES: true,
  SPECIALITY: true,
  IDENTIFIED: true,
})
  .extend({ SUMMARY: z.literal(true) })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof PersonSummary>;

/** `GET /students/{id}`: the whole record to its owner and the human resources service, the summary to the other offices that may read it. */
export const PersonAnswer = z.union([PersonRecord, PersonSummary]);
export type PersonAnswer = z.infer<typeof PersonAnswer>;

/** Code verification answers the record with the bearer token for API clients. */
export const SessionUser = PersonRecord.extend({ TOKEN: z.string() }).meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * GET /auth/session: the signed-in person, or null when the request carries no session at all
 * (a signed-out visitor is not an error). A session that is presented but no longer valid is
 * still 401, which the web's session-expired dialog relies on (decision 27).
 */
export const SessionAnswer = PersonRecord.nullable();
export type SessionAnswer = z.infer<typeof SessionAnswer>;
