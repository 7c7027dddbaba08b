import { z } from 'zod';

/** Validation messages are translation keys under `validation.` in the web locales. */
export const V = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooLong: 'validation.tooLong',
  date: 'validation.date',
  email: 'validation.email',
  code: 'validation.code',
  passwordLength: 'validation.passwordLength',
  passwordsDiffer: 'validation.passwordsDiffer',
  passwordWeak: 'validation.passwordWeak',
  emailMismatch: 'validation.emailMismatch',
  codeIncorrect: 'validation.codeIncorrect',
  townPrecinct: 'validation.townPrecinct',
  phone1: 'validation.phone1',
  phone2: 'validation.phone2',
  phone: 'validation.phone',
  mobile: 'validation.mobile',
  spouseRequired: 'validation.spouseRequired',
  childrenCount: 'validation.childrenCount',
  endBeforeStart: 'validation.endBeforeStart',
  niu: 'validation.niu',
  cnps: 'validation.cnps',
  bankCode: 'validation.bankCode',
  branchCode: 'validation.branchCode',
  accountNumber: 'validation.accountNumber',
  ribKey: 'validation.ribKey',
  cardNumber: 'validation.cardNumber',
  microfinance: 'validation.microfinance',
  documentIncomplete: 'validation.documentIncomplete',
  fileTooLarge: 'validation.fileTooLarge',
  matriculeLength: 'validation.matriculeLength',
  reason: 'validation.reason',
  notClosed: 'validation.notClosed',
  noHours: 'validation.noHours',
  unknownClass: 'validation.unknownClass',
  duplicateLine: 'validation.duplicateLine',
} as const;

export const required = (max = 200) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar date as the API carries it: `YYYY-MM-DD`. */
export const isoDate = z
  .string({ error: V.date })
  .regex(ISO_DATE, { error: V.date, abort: true })
  .refine((s) => {
    const match = ISO_DATE.exec(s);
    return match !== null && validYmd(Number(match[1]), Number(match[2]), Number(match[3]));
  }, { error: V.date, abort: true });

/** `dd/mm/yyyy` as typed by a person to `YYYY-MM-DD`, or null when it is not a real date. */
export function dmyToIso(value: string): string | null {
  const match = DMY_DATE.exec(value.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  if (!validYmd(Number(y), Number(m), Number(d))) return null;
  return `${y}-${m}-${d}`;
}

/** `YYYY-MM-DD` (or a full ISO timestamp) to `dd/mm/yyyy`. */
export function isoToDmy(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  const [, y, m, d] = match;
  return `${d}/${m}/${y}`;
}

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

/** Matricules are 6 to 12 letters and digits. */
export const MATRICULE_MIN = 6;
export const MATRICULE_MAX = 12;
export const matricule = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .regex(new RegExp(`^[A-Za-z0-9]{${MATRICULE_MIN},${MATRICULE_MAX}}$`), { error: 'validation.matriculeLength' })
  .transform((s) => s.toUpperCase());

export const personId = z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid });

export const IdParams = z.object({ id: personId });
export type IdParams = z.infer<typeof IdParams>;
/** A path naming a person as `{employee}` (`/documents/{employee}`, `/applications/all/{employee}` ...). */
export const EmployeeParams = z.object({ employee: personId });
export type EmployeeParams = z.infer<typeof EmployeeParams>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const password = z
  .string({ error: V.required })
  .min(PASSWORD_MIN, { error: V.passwordLength })
  .max(PASSWORD_MAX, { error: V.passwordLength });

export const LANGUAGES = ['en', 'fr'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
