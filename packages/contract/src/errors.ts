import { z } from 'zod';
import { ERROR_CODES } from './rules/errors';
import { LessonConflict } from './timetable';

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorResponse = z
  .object({
    code: ErrorCode,
    message: z.string(),
    /** field path (dot separated) to a translation key under `validation.` */
    fields: z.record(z.string(), z.string()).optional(),
    /** seconds before a retry may succeed (lockouts, resend limits) */
    retryAfter: z.number().int().optional(),
    /** closure refused: the mandatory fields still missing */
    columns: z.array(z.string()).optional(),
    /** a limit refused a choice: the level group (12, 3, 45), the shift (J, S) and the limit; or the hours chosen and allowed */
    limit: z
      .object({
        group: z.string().optional(),
        shift: z.string().optional(),
        limit: z.number().optional(),
        hours: z.number().optional(),
        allowed: z.number().optional(),
      })
      .optional(),
    /** a lesson refused for a conflict (LESSON_CONFLICT): what collides, and the other lesson */
    conflict: LessonConflict.optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
