import { z } from 'zod';
import { V } from './common';
import { StaffStatus } from './person';

/** The ten fingers, right hand then left hand. */
export const FINGERS = ['R_THUMB', 'R_INDEX', 'R_MIDDLE', 'R_RING', 'R_LITTLE', 'L_THUMB', 'L_INDEX', 'L_MIDDLE', 'L_RING', 'L_LITTLE'] as const;
export const Finger = z.enum(FINGERS, { error: V.invalid });
export type Finger = z.infer<typeof Finger>;

/**
 * What an office scanner exports, recognised by content: a fingerprint image (JPEG, PNG, or WSQ,
 * the FBI's compressed format) or a template (ISO/IEC 19794-2 or ANSI 378 minutiae, `FMR`),
 * or an ISO/IEC 19794-4 finger image record (`FIR`).
 */
export const FINGERPRINT_FORMATS = ['JPEG', 'PNG', 'WSQ', 'FMR', 'FIR'] as const;
export const FingerprintFormat = z.enum(FINGERPRINT_FORMATS);
export type FingerprintFormat = z.infer<typeof FingerprintFormat>;

/** An identification is complete with a photo and at least this many fingers. */
export const MIN_FINGERS_FOR_COMPLETION = 2;
/** Fingerprint files: 2 MiB at most. */
export const MAX_FINGERPRINT_BYTES = 2 * 1024 * 1024;

export const FingerprintInfo = z
  .object({ FINGER: Finger, FORMAT: FingerprintFormat, SIZE: z.number().int(), CAPTURED_AT: z.string(), LINK: z.string() })
  .meta({ id: 'FingerprintInfo' });
export type FingerprintInfo = z.infer<typeof FingerprintInfo>;

/** A person as an identification office sees them. */
export const Identification = z
  .object({
    PERSON_ID: z.number().int(),
    MATRICULE: z.string(),
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    STATUS: StaffStatus.nullable(),
    /** the HR registration is closed */
    ACTIVED: z.boolean(),
    PHOTO_LINK: z.string().nullable(),
    FINGERS: z.array(FingerprintInfo),
    COMPLETED_AT: z.string().nullable(),
    COMPLETED_BY: z.string().nullable(),
  })
  .meta({ id: 'Identification' });
export type Identification = z.infer<typeof Identification>;

export const IdentificationRow = z
  .object({
    PERSON_ID: z.number().int(),
    MATRICULE: z.string(),
    FIRSTNAME: z.string(),
    LASTNAME: z.string(),
    STATUS: StaffStatus.nullable(),
    ACTIVED: z.boolean(),
    HAS_PHOTO: z.boolean(),
    FINGER_COUNT: z.number().int(),
    COMPLETED_AT: z.string().nullable(),
  })
  .meta({ id: 'IdentificationRow' });
export type IdentificationRow = z.infer<typeof IdentificationRow>;

export const IdentificationQuery = z.object({
  search: z.string().trim().max(100, { error: V.tooLong }).optional(),
  /** 'yes': complete only; 'no': not complete only */
  complete: z.enum(['yes', 'no']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type IdentificationQuery = z.infer<typeof IdentificationQuery>;

export const IdentificationPage = z
  .object({ rows: z.array(IdentificationRow), total: z.number().int(), count: z.number().int(), page: z.number().int() })
  .meta({ id: 'IdentificationPage' });
export type IdentificationPage = z.infer<typeof IdentificationPage>;

export const PersonIdParams = z.object({ id: z.coerce.number({ error: V.invalid }).int().positive({ error: V.invalid }) });
export type PersonIdParams = z.infer<typeof PersonIdParams>;
export const FingerParams = PersonIdParams.extend({ finger: Finger });
export type FingerParams = z.infer<typeof FingerParams>;

/** JSON upload: the file as a base64 data URL (multipart with field FILE works too). */
export const IdentificationUpload = z.object({ FILE: z.string({ error: V.required }).min(1, { error: V.required }) });
export type IdentificationUpload = z.infer<typeof IdentificationUpload>;
