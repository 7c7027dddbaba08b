// What the enrolment forms share (loaded with their dialogs, Zod included).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { dmyToIso, V } from '@portal/contract/rules';

/**
 * Validates a form with one of the contract's schemas, so that the same rules apply here and on
 * the server: `toInput` turns what the form holds (text) into the API's body, whose field names
 * are the form's. A field left blank reads "This field is required".
 */
export function contractResolver<S extends z.ZodType, T extends FieldValues>(schema: S, toInput: (values: T) => unknown): Resolver<T, unknown, z.output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await validate(toInput(values) as FieldValues, context, options as never);
    for (const [name, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
      const value: unknown = values[name];
      if (error && typeof value === 'string' && value.trim() === '') error.message = V.required;
    }
    return result as never;
  };
}

/** An id or a whole number chosen or typed (text): blank is missing, digits a number, anything else stays text (and fails). */
export function toNumber(value: string): number | string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** A day typed dd/mm/yyyy as the API's `YYYY-MM-DD`: blank is missing, anything unreadable stays as typed (and fails). */
export function toIsoDay(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return dmyToIso(text) ?? text;
}
