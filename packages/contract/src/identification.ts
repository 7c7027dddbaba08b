import { z } from 'zod';
import { id, pageNumber, wholeNumber } from './common';
import { StaffStatus } from './person';
import { FINGERPRINT_FORMATS, FINGERS } from './rules/identification';
import { LIST_PAGE_SIZE } from './rules/limits';
import { V } from './rules/validation';

export const Finger = z.enum(FINGERS, { error: V.invalid });
export type Finger = z.infer<typeof Finger>;

export const FingerprintFormat = z.enum(FINGERPRINT_FORMATS);
export type FingerprintFormat = z.infer<typeof FingerprintFormat>;

export const FingerprintInfo = z
  .object({ FINGER: Finger, FORMAT: FingerprintFormat, SIZE: z.number().int(), CAPTURED_AT: z.string(), LINK: z.string() })
  .meta({ id: 'FingerprintInfo' });
export type FingerprintInfo = z.infer<typeof FingerprintInfo>;

/** Who an identification is about, and whether it is complete: what the page and the list share. */
const IdentifiedPerson = z.object({
  PERSON_ID: z.number().int(),
  MATRICULE: z.string(),
  FIRSTNAME: z.string(),
  LASTNAME: z.string(),
  STATUS: StaffStatus.nullable(),
  /** the HR registration is closed */
  ACTIVED: z.boolean(),
  COMPLETED_AT: z.string().nullable(),
});

/** A person as an identification office sees them. */
export const Identification = IdentifiedPerson.extend({
  PHOTO_LINK: z.string().nullable(),
  FINGERS: z.array(FingerprintInfo),
  COMPLETED_BY: z.string().nullable(),
}).meta({ id: 'Identification' });
export type Identification = z.infer<typeof Identification>;

/** A line of the identification list. */
export const IdentificationRow = IdentifiedPerson.extend({ HAS_PHOTO: z.boolean(), FINGER_COUNT: z.number().int() }).meta({ id: 'IdentificationRow' });
export type IdentificationRow = z.infer<typeof IdentificationRow>;

export const IdentificationQuery = z.object({
  search: z.string().trim().max(100, { error: V.tooLong }).optional(),
  /** 'yes': complete only; 'no': not complete only */
  complete: z.enum(['yes', 'no']).optional(),
  page: pageNumber().default(1),
  pageSize: wholeNumber(1, 100).default(LIST_PAGE_SIZE),
});
export type IdentificationQuery = z.infer<typeof IdentificationQuery>;

export const IdentificationPage = z
  .object({ rows: z.array(IdentificationRow), total: z.number().int(), count: z.number().int(), page: z.number().int() })
  .meta({ id: 'IdentificationPage' });
export type IdentificationPage = z.infer<typeof IdentificationPage>;

export const PersonIdParams = z.object({ id: id() });
export type PersonIdParams = z.infer<typeof PersonIdParams>;
export const FingerParams = PersonIdParams.extend({ finger: Finger });
export type FingerParams = z.infer<typeof FingerParams>;

/** JSON upload: the file as a base64 data URL (multipart with field FILE works too). */
export const IdentificationUpload = z.object({ FILE: z.string({ error: V.required }).min(1, { error: V.required }) });
export type IdentificationUpload = z.infer<typeof IdentificationUpload>;
