import { isValidPhoneNumber, type MetadataJson } from 'libphonenumber-js/core';
import full from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { PHONE_CODES } from '@portal/contract/rules';
import { phoneMetadataFor } from '../../config/phone-metadata';

// The web build keeps libphonenumber's metadata of the offered calling codes only (vite.config.ts).
const cut = phoneMetadataFor(full, PHONE_CODES) as MetadataJson;

describe('phone metadata of the web bundle', () => {
  it('keeps every offered calling code with its countries, unchanged, and nothing else', () => {
    expect(Object.keys(cut.country_calling_codes).sort()).toEqual(PHONE_CODES.map((code) => code.slice(1)).sort());
    for (const code of PHONE_CODES) {
      const countries = full.country_calling_codes[code.slice(1) as keyof typeof full.country_calling_codes] ?? [];
      expect(countries.length).toBeGreaterThan(0);
      expect(cut.country_calling_codes[code.slice(1)]).toEqual(countries);
      for (const country of countries)
        expect(cut.countries[country as keyof typeof cut.countries]).toEqual(full.countries[country as keyof typeof full.countries]);
    }
    expect(JSON.stringify(cut).length).toBeLessThan(JSON.stringify(full).length / 2);
  });

  it('answers like the whole metadata for the offered codes', () => {
    const numbers = [
      '+237677123456',
      '+237699123456',
      '+237222231234',
      '+237123',
      '+33612345678',
      '+14155552671',
      '+12425551234',
      '+447911123456',
      '+4915112345678',
      '+8613812345678',
      '+971501234567',
      '+2348031234567',
      '+23566123456',
      '+242061234567',
    ];
    for (const number of numbers) expect(isValidPhoneNumber(number, cut), number).toBe(isValidPhoneNumber(number, full));
    expect(isValidPhoneNumber('+237677123456', cut)).toBe(true);
    // a code the portal does not offer is unknown to the web app (the server still decides)
    expect(isValidPhoneNumber('+919876543210', full)).toBe(true);
    expect(isValidPhoneNumber('+919876543210', cut)).toBe(false);
  });
});
