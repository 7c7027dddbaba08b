// What the planning forms share (loaded with their dialogs, Zod included).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { V } from '@portal/contract/rules';

/**
 * Validates a form with one of the contract's schemas, so that the same rules apply here and on
 * the server: `toInput` turns what the form holds (text) into the API's body, whose field names
 * are the form's. A field left blank that the schema calls invalid, or names in the library's
 * words (a missing id), reads "This field is required".
 */
export function contractResolver<S extends z.ZodType, T extends FieldValues>(
  schema: S,
  toInput: (values: T) => unknown,
  optional: readonly string[] = [],
): Resolver<T, unknown, z.output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await validate(toInput(values) as FieldValues, context, options as never);
    for (const [name, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
      const value: unknown = values[name];
      const blank = typeof value === 'string' && value.trim() === '';
      if (
        error &&
        blank &&
        !optional.includes(name) &&
        (error.message === V.invalid || error.message === V.date || !/^(validation|errors)\./.test(error.message ?? ''))
      )
        error.message = V.required;
    }
    return result as never;
  };
}

/** An id chosen in a select (text): blank is missing. */
export const toId = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));
