import { describe, expect, it } from 'vitest';
import { countryName } from './country';

const COUNTRIES = [
  { code: 'CM', name: 'Cameroon', nameFr: 'Cameroun' },
  { code: 'CI', name: "Côte d'Ivoire", nameFr: "Côte d'Ivoire" },
  { code: 'US', name: 'United States of America', nameFr: "États-Unis d'Amérique" },
];

describe('countryName', () => {
  it('names the stored English name in the reader language, from the reference list', () => {
    expect(countryName('Cameroon', 'fr', COUNTRIES)).toBe('Cameroun');
    expect(countryName('Cameroon', 'en', COUNTRIES)).toBe('Cameroon');
    expect(countryName('United States of America', 'fr', COUNTRIES)).toBe("États-Unis d'Amérique");
  });

  it('reads a French name or an ISO code as well, whatever the case and accents', () => {
    expect(countryName('Cameroun', 'en', COUNTRIES)).toBe('Cameroon');
    expect(countryName('cm', 'fr', COUNTRIES)).toBe('Cameroun');
    expect(countryName('cote d’ivoire'.replace('’', "'"), 'en', COUNTRIES)).toBe("Côte d'Ivoire");
  });

  it('falls back on Intl names before the list has loaded', () => {
    expect(countryName('Cameroon', 'fr')).toBe('Cameroun');
    expect(countryName('Germany', 'fr')).toBe('Allemagne');
    expect(countryName('CM', 'en')).toBe('Cameroon');
    expect(countryName('Cameroun', 'en')).toBe('Cameroon');
  });

  it('shows a value nobody knows as stored, and nothing for nothing', () => {
    expect(countryName('Atlantis', 'fr', COUNTRIES)).toBe('Atlantis');
    expect(countryName('', 'fr', COUNTRIES)).toBe('');
    expect(countryName(null, 'fr')).toBe('');
  });
});
