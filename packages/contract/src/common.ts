import { z } from 'zod';
import { dmyToIso, ISO_DAY, isRealIsoDay } from './rules/calendar';
import { LANGUAGES } from './rules/person';
import { MATRICULE_MAX, MATRICULE_MIN, PASSWORD_MAX, PASSWORD_MIN } from './rules/limits';
import { V } from './rules/validation';

export const required = (max = 200) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

/** A calendar date as the API carries it: `YYYY-MM-DD`. */
export const isoDate = z
  .string({ error: V.date })
  .regex(ISO_DAY, { error: V.date, abort: true })
  .refine(isRealIsoDay, { error: V.date, abort: true });

/** A date typed as `dd/mm/yyyy` in a form, turned into `YYYY-MM-DD` for the API. */
export const dmyDate = z
  .string({ error: V.date })
  .trim()
  .min(1, { error: V.required })
  .transform((s, ctx) => {
    const iso = dmyToIso(s);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: V.date });
      return z.NEVER;
    }
    return iso;
  });

export const email = z.string({ error: V.required }).trim().toLowerCase().max(254, { error: V.tooLong }).pipe(z.email({ error: V.email }));

/** Matricules are MATRICULE_MIN to MATRICULE_MAX letters and digits. */
export const matricule = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .regex(new RegExp(`^[A-Za-z0-9]{${MATRICULE_MIN},${MATRICULE_MAX}}$`), { error: V.matriculeLength })
  .transform((s) => s.toUpperCase());

export const personId = z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid });

export const IdParams = z.object({ id: personId });
export type IdParams = z.infer<typeof IdParams>;
/** A path naming a person as `{employee}` (`/documents/{employee}`, `/applications/all/{employee}` ...). */
export const EmployeeParams = z.object({ employee: personId });
export type EmployeeParams = z.infer<typeof EmployeeParams>;

export const password = z
  .string({ error: V.required })
  .min(PASSWORD_MIN, { error: V.passwordLength })
  .max(PASSWORD_MAX, { error: V.passwordLength });

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
