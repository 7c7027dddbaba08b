// What an identification office registers: fingers and the files office scanners export.

/** The identification photo: a JPEG or PNG picture. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/** The ten fingers, right hand then left hand. */
export const FINGERS = ['R_THUMB', 'R_INDEX', 'R_MIDDLE', 'R_RING', 'R_LITTLE', 'L_THUMB', 'L_INDEX', 'L_MIDDLE', 'L_RING', 'L_LITTLE'] as const;
export type Finger = (typeof FINGERS)[number];

/**
 * What an office scanner exports, recognised by content: a fingerprint image (JPEG, PNG, or WSQ,
 * the FBI's compressed format) or a template (ISO/IEC 19794-2 or ANSI 378 minutiae, `FMR`),
 * or an ISO/IEC 19794-4 finger image record (`FIR`).
 */
export const FINGERPRINT_FORMATS = ['JPEG', 'PNG', 'WSQ', 'FMR', 'FIR'] as const;
export type FingerprintFormat = (typeof FINGERPRINT_FORMATS)[number];
