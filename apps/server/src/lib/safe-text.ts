import { V } from '@portal/contract';
import { validationError } from './errors';

/**
 * Text no field of the portal takes: a NUL byte (PostgreSQL cannot store it in text) or an
 * unpaired UTF-16 surrogate (no valid UTF-8 encodes it). Either is refused with 400
 * INVALID_CHARACTERS before any schema or service sees the request.
 */
// eslint-disable-next-line no-control-regex -- the NUL byte is what this looks for
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isSafeText = (s: string): boolean => !UNSAFE.test(s);

/**
 * The path (dot separated, `_` for a key or the whole value) of the first unsafe string in a
 * parsed value: strings, array items, object keys and values, at any depth. Null when all are safe.
 */
export function unsafeTextPath(value: unknown): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return path.join('.') || '_';
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, String(index)] }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (!isSafeText(key)) return [...path, '_'].join('.');
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** Throws 400 INVALID_CHARACTERS naming the field when any of the values carries unsafe text. */
export function assertSafeText(...values: unknown[]): void {
  for (const value of values) {
    const path = unsafeTextPath(value);
    if (path !== null) throw validationError({ [path]: V.invalidCharacters });
  }
}
