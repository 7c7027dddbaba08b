// What the units' and administrators' forms share (loaded with their dialogs, Zod included).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { V } from '@portal/contract/rules';

/**
 * Validates a form with one of the contract's schemas through zodResolver, so that the same rules
 * apply here and on the server: `toInput` turns what the form holds (text, mostly) into the API's
 * body, whose field names are the form's. A field left blank that the schema calls invalid, or
 * names in the library's words (a missing id), reads "This field is required".
 */
export function bodyResolver<S extends z.ZodType, T extends FieldValues>(schema: S, toInput: (values: T) => unknown): Resolver<T, unknown, z.output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await validate(toInput(values) as FieldValues, context, options as never);
    for (const [name, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
      const value: unknown = values[name];
      const blank = typeof value === 'string' && value.trim() === '';
      // "invalid", or a library's own text (a missing id), for a blank field
      if (error && blank && (error.message === V.invalid || !/^(validation|errors)\./.test(error.message ?? ''))) error.message = V.required;
    }
    return result as never;
  };
}

/** Text typed in a number field: blank is missing, digits are a number, anything else stays text (and fails). */
export function toNumber(value: string | undefined): number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** A select's value (an id as text) as the API's: empty is null. */
export const toIdOrNull = (value: string): number | null => (value === '' ? null : Number(value));
