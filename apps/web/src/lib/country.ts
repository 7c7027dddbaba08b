import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@portal/contract';
import { api } from './api';

// A person's COUNTRY is stored as the registry keeps it: the English name of the server's
// `countries` table (`Cameroon`, the default), sometimes a French name or an ISO code typed
// elsewhere. Shown, it is named in the reader's language: the table's nameFr / name, or, before
// the table has loaded (or for a value it does not hold), the browser's Intl.DisplayNames.

/** The reference list of countries (English and French names), fetched once per visit. */
export const countriesQueryKey = ['reference', 'countries'] as const;

export function useCountries() {
  return useQuery({ queryKey: countriesQueryKey, queryFn: () => api<Country[]>('/api/reference/countries'), staleTime: Infinity, gcTime: Infinity });
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

const displayNames = new Map<string, Intl.DisplayNames>();
function regionNames(language: string): Intl.DisplayNames | null {
  if (typeof Intl.DisplayNames !== 'function') return null;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    displayNames.set(language, names);
  }
  return names;
}

let englishCodes: Map<string, string> | null = null;
/** ISO code of an English or French country name as Intl names it (`Cameroon`, `Cameroun` → `CM`). */
function codeOfName(name: string): string | undefined {
  if (!englishCodes) {
    englishCodes = new Map();
    const en = regionNames('en');
    const fr = regionNames('fr');
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters) {
      for (const b of letters) {
        const code = `${a}${b}`;
        for (const names of [en, fr]) {
          const named = names?.of(code);
          if (named && named !== code) englishCodes.set(fold(named), code);
        }
      }
    }
  }
  return englishCodes.get(fold(name));
}

/**
 * A stored country named in `language`: `Cameroon` → `Cameroun` in French. Looks the value up in
 * the reference list (English name, French name or code), then in Intl's names; a value neither
 * knows is shown as stored. Empty for an empty value.
 */
export function countryName(stored: string | null | undefined, language: string, countries: readonly Country[] = []): string {
  const value = stored?.trim();
  if (!value) return '';
  const folded = fold(value);
  const row = countries.find(
    (country) => fold(country.name) === folded || fold(country.nameFr) === folded || country.code.toUpperCase() === value.toUpperCase(),
  );
  const french = language.startsWith('fr');
  if (row) return french ? row.nameFr : row.name;
  const code = /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : codeOfName(value);
  const named = code ? regionNames(french ? 'fr' : 'en')?.of(code) : undefined;
  return named && named !== code ? named : value;
}

/** `countryName` in the current language, with the reference list once it has loaded. */
export function useCountryName(): (stored: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const countries = useCountries();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const list = countries.data;
  return useCallback((stored) => countryName(stored, language, list), [language, list]);
}
