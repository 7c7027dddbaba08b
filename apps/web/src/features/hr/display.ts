import type { TFunction } from 'i18next';
import { isoToDmy } from '@portal/contract/rules';
import { formatCurrency } from '../../lib/format';
import { optionLabel } from './labels';
import { FIELD_DEFS } from './sections';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Names a stored country in the reader's language (`useCountryName` of lib/country). */
export type CountryNamer = (stored: string) => string;

/**
 * A stored value as people read it: dates dd/mm/yyyy, yes / no, translated choices, amounts in
 * FCFA, countries in the reader's language; null when empty.
 */
export function formatValue(t: TFunction, field: string, value: unknown, countryName?: CountryNamer): string | null {
  if (isEmpty(value)) return null;
  const def = FIELD_DEFS.get(field);
  if (def?.country && typeof value === 'string' && countryName) return countryName(value);
  if (typeof value === 'boolean') return t(value ? 'hr.yes' : 'hr.no');
  if (def?.kind === 'date' && typeof value === 'string') return isoToDmy(value) || value;
  if (def?.kind === 'money' && typeof value === 'number') return formatCurrency(value);
  if (def?.kind === 'enum') return optionLabel(t, def, String(value));
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
