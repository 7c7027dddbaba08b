// The country a person's record holds (an English name such as `Cameroon`, or an ISO code) in the
// reader's language, through the browser's own names (Intl.DisplayNames). To be consolidated with
// the shared helper `lib/country.ts` once it lands.

const REGION_CODES: string[] = [];
for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) REGION_CODES.push(String.fromCharCode(a, b));

let codeByEnglishName: Map<string, string> | null = null;

/** The ISO 3166 code of a country named in English (or given by its code), or null when unknown. */
function countryCode(stored: string): string | null {
  const value = stored.trim();
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  if (!codeByEnglishName) {
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    codeByEnglishName = new Map();
    for (const code of REGION_CODES) {
      const name = english.of(code);
      if (name) codeByEnglishName.set(name.toLowerCase(), code);
    }
  }
  return codeByEnglishName.get(value.toLowerCase()) ?? null;
}

/** `Cameroon` → `Cameroun` for a French reader; what is stored when the name is not known. */
export function countryName(stored: string | null | undefined, language: string): string | null {
  if (!stored) return null;
  const code = countryCode(stored);
  if (!code) return stored;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code) ?? stored;
  } catch {
    return stored;
  }
}
