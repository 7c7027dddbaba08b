import type { Results } from '@electric-sql/pglite';

// What the read cache (db/read-cache.ts) keys a read's values by, and the copies of an answer it
// hands out (rows and the JSON in them may be changed by their reader).

/** The values' key; undefined when a value has no faithful text (binary data, a big integer). */
export function valuesKey(params: unknown[] | undefined): string | undefined {
  if (!params || params.length === 0) return '';
  // most values are strings, numbers, booleans, nulls and instants: written by hand, typed so that 1 and '1' differ
  let key = '';
  for (const value of params) {
    if (typeof value === 'string') key += `s${value.length}:${value}`;
    else if (typeof value === 'number') key += `n${value};`;
    else if (value === null || value === undefined) key += 'z;';
    else if (typeof value === 'boolean') key += value ? 't;' : 'f;';
    else if (value instanceof Date) key += `d${value.getTime()};`;
    else {
      const json = valuesJson(params);
      return json === undefined ? undefined : `j${json}`;
    }
  }
  return key;
}

function valuesJson(params: unknown[]): string | undefined {
  try {
    return JSON.stringify(params, (_key, value: unknown) => {
      if (typeof value === 'bigint' || value instanceof Uint8Array || value instanceof ArrayBuffer || value instanceof Blob) throw new Error('not kept');
      return value;
    });
  } catch {
    return undefined;
  }
}

/** A copy of a value of a row: JSON (plain objects and arrays) copied by hand, which is several times faster than structuredClone. */
function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyValue);
  if (Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const inner = copyValue((value as Record<string, unknown>)[key]);
      // (a JSON key "__proto__" is an own property, not the copy's prototype)
      if (key === '__proto__') Object.defineProperty(copy, key, { value: inner, enumerable: true, writable: true, configurable: true });
      else copy[key] = inner;
    }
    return copy;
  }
  return structuredClone(value);
}
const copyRow = (row: unknown): unknown =>
  Array.isArray(row) ? row.map(copyValue) : Object.fromEntries(Object.entries(row as Record<string, unknown>).map(([key, value]) => [key, copyValue(value)]));
export const copyResult = (result: Results): Results => ({ ...result, rows: result.rows.map(copyRow) as Results['rows'] });
