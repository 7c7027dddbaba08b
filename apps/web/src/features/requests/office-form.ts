// What the units' and administrators' forms share (loaded with their dialogs, Zod included).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Validates a form with one of the contract's schemas through zodResolver, so that the same rules
 * apply here and on the server: `toInput` turns what the form holds (text, mostly) into the API's
 * body, whose field names are the form's.
 */
export function bodyResolver<S extends z.ZodType, T extends FieldValues>(schema: S, toInput: (values: T) => unknown): Resolver<T, unknown, z.output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return (values, context, options) => validate(toInput(values) as FieldValues, context, options as never) as never;
}

/** Text typed in a number field: blank is missing, digits are a number, anything else stays text (and fails). */
export function toNumber(value: string | undefined): number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** A select's value (an id as text) as the API's: empty is null. */
export const toIdOrNull = (value: string): number | null => (value === '' ? null : Number(value));
