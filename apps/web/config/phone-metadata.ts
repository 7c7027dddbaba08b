import type { Plugin } from 'vite';

/** The shape of libphonenumber-js's metadata JSON, as far as this filter reads it. */
export interface PhoneMetadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/**
 * libphonenumber's metadata restricted to some calling codes (`+237`, `+33`, ...): their
 * entries and those of their countries, unchanged. A number is validated with the metadata
 * of its own calling code only, so the answers for these codes are the same as with the
 * whole metadata; other codes are unknown (invalid).
 */
export function phoneMetadataFor(full: PhoneMetadata, callingCodes: readonly string[]): PhoneMetadata {
  const codes = new Set(callingCodes.map((code) => code.replace(/^\+/, '')));
  const callingCodeEntries = Object.entries(full.country_calling_codes).filter(([code]) => codes.has(code));
  const countries = new Set(callingCodeEntries.flatMap(([, list]) => list));
  return {
    ...full,
    country_calling_codes: Object.fromEntries(callingCodeEntries),
    countries: Object.fromEntries(Object.entries(full.countries).filter(([country]) => countries.has(country))),
    ...(full.nonGeographic ? { nonGeographic: Object.fromEntries(Object.entries(full.nonGeographic).filter(([code]) => codes.has(code))) } : {}),
  };
}

const METADATA_MODULE = /libphonenumber-js[\\/]metadata\.min\.json\.js$/;

/**
 * Build only: the contract checks phone numbers with libphonenumber-js/min, whose metadata
 * for every country weighs about 25 KB gzipped. The web app only offers the calling codes
 * of PHONE_CODES, so its bundle keeps the metadata of those (a few KB). The server keeps
 * the whole metadata and decides.
 */
export function phoneMetadataPlugin(callingCodes: readonly string[]): Plugin {
  return {
    name: 'portal:phone-metadata',
    apply: 'build',
    transform(code, id) {
      if (!METADATA_MODULE.test(id)) return null;
      const start = code.indexOf('export default ');
      if (start < 0) this.error(`unexpected shape of ${id}`);
      const full = JSON.parse(
        code
          .slice(start + 'export default '.length)
          .trim()
          .replace(/;$/, ''),
      ) as PhoneMetadata;
      return { code: `export default ${JSON.stringify(phoneMetadataFor(full, callingCodes))};\n`, map: null };
    },
  };
}
