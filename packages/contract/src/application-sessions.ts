import { z } from 'zod';

/** Levels 1 to 5; day classes (`J`) and evening or night classes (`S`) have their own limits. */
export const LEVEL_IDS = [1, 2, 3, 4, 5] as const;
export const SHIFT_GROUPS = ['J', 'S'] as const;
/** The specification groups the limits as levels 1-2, level 3 and levels 4-5. */
export const LEVEL_GROUPS = [[1, 2], [3], [4, 5]] as const;

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
export const HourlyCaps = z.object({ PERMANENT: z.number().int().min(0), VACATAIRE: z.number().int().min(0), STAGIAIRE: z.number().int().min(0), STAFF: z.number().int().min(0) });
export type HourlyCaps = z.infer<typeof HourlyCaps>;

/** A subject-choice session, as `GET /sessions-applications/current` answers it. */
export const ApplicationSession = z
  .object({
    id: z.number().int(),
    DESIGNATION: z.string(),
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

/** A session is current when active, started, not past its end and not closed by hand. */
export function isCurrentSession(session: Pick<ApplicationSession, 'ACTIVED' | 'MANUAL_CLOSURE' | 'START_DATE' | 'END_DATE'>, now: Date): boolean {
  if (!session.ACTIVED || session.MANUAL_CLOSURE) return false;
  if (new Date(session.START_DATE) > now) return false;
  return session.END_DATE === null || now < new Date(session.END_DATE);
}

/** The university's time zone: West Africa Time (Cameroon), UTC+1 all year. */
export const UNIVERSITY_UTC_OFFSET = '+01:00';
const DAY_MS = 86_400_000;

/** A session opens at the start of its first day (yyyy-mm-dd) in the university's time zone. */
export const sessionStartOf = (day: string): Date => new Date(`${day}T00:00:00${UNIVERSITY_UTC_OFFSET}`);
/** A session ends after its last day (yyyy-mm-dd): at the start of the next day, university time. */
export const sessionEndOf = (day: string): Date => new Date(sessionStartOf(day).getTime() + DAY_MS);
/** The calendar day (yyyy-mm-dd, university time) an instant falls on. */
export const universityDayOf = (instant: Date | string): string => new Date(new Date(instant).getTime() + 3_600_000).toISOString().slice(0, 10);
/** The last day of a session ending at `end` (the day before, university time). */
export const lastSessionDayOf = (end: Date | string): string => universityDayOf(new Date(new Date(end).getTime() - 1));
