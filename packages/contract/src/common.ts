import { z } from 'zod';
import { dmyToIso, ISO_DAY, isRealIsoDay } from './rules/calendar';
import { LANGUAGES } from './rules/person';
import { MATRICULE_MAX, MATRICULE_MIN, PASSWORD_MAX, PASSWORD_MIN } from './rules/limits';
import { V } from './rules/validation';

export const required = (max = 200) => z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

/** A calendar date as the API carries it: `YYYY-MM-DD`. */
export const isoDate = z.string({ error: V.date }).regex(ISO_DAY, { error: V.date, abort: true }).refine(isRealIsoDay, { error: V.date, abort: true });

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

export const email = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .max(254, { error: V.tooLong })
  .pipe(z.email({ error: V.email }));

/** Matricules are MATRICULE_MIN to MATRICULE_MAX letters and digits. */
export const matricule = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .regex(new RegExp(`^[A-Za-z0-9]{${MATRICULE_MIN},${MATRICULE_MAX}}$`), { error: V.matriculeLength })
  .transform((s) => s.toUpperCase());

/** The largest id a table holds (PostgreSQL `integer`); a larger one names nothing. */
export const ID_MAX = 2_147_483_647;
/** Decimal digits without sign, spaces, leading zeros, exponent or prefix: '31' (never '0x1F', '+1', '0001', ' 1', '1e1'). */
const DECIMAL = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * A whole number in [min, max] as the API takes it everywhere: a JSON integer or, in a path, a
 * query or a form field, its decimal digits. Anything else is refused (V.invalid; V.required when absent).
 */
export const wholeNumber = (min: number, max: number) =>
  z.codec(
    z.union(
      [z.number().int({ error: V.invalid }).min(min, { error: V.invalid }).max(max, { error: V.invalid }), z.string().regex(DECIMAL, { error: V.invalid })],
      { error: (issue) => (issue.input === undefined ? V.required : V.invalid) },
    ),
    z.number().int({ error: V.invalid }).min(min, { error: V.invalid }).max(max, { error: V.invalid }),
    // A codec (not a preprocess) so that response schemas built from the same shapes still serialize.
    { decode: (v) => (typeof v === 'string' ? Number(v) : v), encode: (n) => n },
  );

/** An id (of a person, a subject, a session ...): decimal, positive, at most ID_MAX. The one id schema of the contract. */
export const id = () => wholeNumber(1, ID_MAX);
/** A page number of a list. */
export const pageNumber = () => wholeNumber(1, 100_000);

export const personId = id();

export const IdParams = z.object({ id: personId });
export type IdParams = z.infer<typeof IdParams>;
/** A path naming a person as `{employee}` (`/documents/{employee}`, `/applications/all/{employee}` ...). */
export const EmployeeParams = z.object({ employee: personId });
export type EmployeeParams = z.infer<typeof EmployeeParams>;

export const password = z.string({ error: V.required }).min(PASSWORD_MIN, { error: V.passwordLength }).max(PASSWORD_MAX, { error: V.passwordLength });

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
