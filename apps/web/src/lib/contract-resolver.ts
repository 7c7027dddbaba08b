// Forms checked with the contract's schemas (loaded with their dialogs, Zod included).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { dmyToIso, V } from '@portal/contract/rules';

/** What a form holds: every field typed as text (nested one level for grouped fields). */
export type TextValues = Record<string, string | Record<string, string>>;

/** Text typed in a number field: blank is missing, digits are a number, anything else stays text (and fails). */
export function toNumber(value: string | undefined): number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

function isBlank(values: TextValues, path: string): boolean {
  const [head, tail] = path.split('.');
  const value = values[head ?? ''];
  const leaf = tail === undefined ? value : typeof value === 'object' ? value[tail] : undefined;
  return typeof leaf === 'string' ? leaf.trim() === '' : leaf === undefined;
}

/**
 * Validates a text form with one of the contract's input schemas, so the same rules apply
 * here and on the server: `toInput` turns the typed text into the API's body, and a field
 * left blank always reads "This field is required" (some schemas say "invalid" for a blank).
 */
export function contractResolver<S extends z.ZodType, T extends TextValues>(
  schema: S,
  toInput: (values: T) => unknown,
  optional: readonly string[] = [],
): Resolver<T, unknown, z.output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await validate(toInput(values) as FieldValues, context, options as never);
    const errors = result.errors as Record<string, FieldError | Record<string, FieldError>>;
    for (const [name, error] of Object.entries(errors)) {
      if (error && typeof error === 'object' && !('message' in error) && !('type' in error)) {
        for (const [leaf, nested] of Object.entries(error as Record<string, FieldError>)) {
          if (isBlank(values, `${name}.${leaf}`)) nested.message = V.required;
        }
      } else if (isBlank(values, name) && !optional.includes(name)) {
        (error as FieldError).message = V.required;
      }
    }
    return result as { values: z.output<S>; errors: FieldErrors<T> } as never;
  };
}

/** A day typed dd/mm/yyyy as the API's `YYYY-MM-DD`: blank is missing, anything unreadable stays as typed (and fails). */
export function toIsoDay(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return dmyToIso(text) ?? text;
}
