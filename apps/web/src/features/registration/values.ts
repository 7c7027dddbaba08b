import { isoToDmy } from '@portal/contract/rules';

/** Record values as a form shows them: text as typed, dates dd/mm/yyyy, numbers as digits. */
export const text = (value: string | null | undefined): string => value ?? '';
export const dmy = (value: string | null | undefined): string => isoToDmy(value);
export const digits = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** Empty form values as the API wants them: null. */
export function nullWhen<T extends Record<string, unknown>>(values: T, hidden: boolean, fields: readonly (keyof T)[]): T {
  if (!hidden) return values;
  const out = { ...values };
  for (const field of fields) out[field] = null as T[keyof T];
  return out;
}
