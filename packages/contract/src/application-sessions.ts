import { z } from 'zod';
import type { StaffStatus } from './rules/person';

const limit = z.number().int().min(0).max(50);

/** Maximum number of distinct subjects a person may choose, per level and shift group. */
export const SubjectConstraint = z
  .object({
    id: z.number().int(),
    LEVEL1_J: limit,
    LEVEL2_J: limit,
    LEVEL3_J: limit,
    LEVEL4_J: limit,
    LEVEL5_J: limit,
    LEVEL1_S: limit,
    LEVEL2_S: limit,
    LEVEL3_S: limit,
    LEVEL4_S: limit,
    LEVEL5_S: limit,
  })
  .meta({ id: 'SubjectConstraint' });
export type SubjectConstraint = z.infer<typeof SubjectConstraint>;

/** Allowed hourly volume per staff category in a session. */
export const HourlyCaps = z.object({
  PERMANENT: z.number().int().min(0),
  VACATAIRE: z.number().int().min(0),
  STAGIAIRE: z.number().int().min(0),
  STAFF: z.number().int().min(0),
} satisfies Record<StaffStatus, z.ZodType>);
export type HourlyCaps = z.infer<typeof HourlyCaps>;

/** A subject-choice session, as `GET /sessions-applications/current` answers it. */
export const ApplicationSession = z
  .object({
    id: z.number().int(),
    DESIGNATION: z.string(),
    /** the French designation (the English one when the office gave none) */
    DESIGNATION_FR: z.string(),
    START_DATE: z.string(),
    END_DATE: z.string().nullable(),
    MANUAL_CLOSURE: z.boolean(),
    ACTIVED: z.boolean(),
    SUBJECT_CONSTRAINT_ID: z.number().int(),
    SubjectConstraint,
    HOURS: HourlyCaps,
  })
  .meta({ id: 'ApplicationSession' });
export type ApplicationSession = z.infer<typeof ApplicationSession>;
