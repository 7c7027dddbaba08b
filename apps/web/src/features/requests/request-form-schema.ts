// The filing form's checks: the contract's RequestBody, and what the sub-category's display
// configuration requires (decision 31), the same rules as the server's.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { RequestBody, type RequestDisplayConfig } from '@portal/contract';
import { dmyToIso, minutesOf, REQUEST_FIELD_GROUPS, V, type RequestDetailField } from '@portal/contract/rules';
import { shownGroups, type RequestFormValues } from './request-form-values';

/** Fields taken as whole numbers (the others of the amount groups take up to two decimals). */
const WHOLE = new Set<string>(['CLASS_ID', 'SUBJECT_ID', 'REPRO_COPY_NUMBER', 'REPRO_STUDENT_COUNT']);
const TEXT = new Set<string>(['REQUEST_PBLM_HOUR_START', 'REQUEST_PBLM_HOUR_END', 'CONTRACT_NUMBER', 'DESCRIPTION', 'REQUEST_FILE']);

/** A number as typed, a comma standing for the decimal point (`12,5`); anything else stays text and fails the contract's check. */
function toNumber(text: string): number | string {
  const normal = text.replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : text;
}

/** The body the form's values make for a sub-category: its shown fields only, blanks left out, dates as `YYYY-MM-DD`, numbers as numbers. */
export function toBodyInput(values: RequestFormValues, subcategoryId: number, display: RequestDisplayConfig): Record<string, unknown> {
  const body: Record<string, unknown> = { REQUEST_CATEGORY_ID: subcategoryId, REQUEST_OBJECT: values.REQUEST_OBJECT };
  for (const group of shownGroups(display)) {
    for (const field of REQUEST_FIELD_GROUPS[group]) {
      const text = (values[field] ?? '').trim();
      if (text === '') continue;
      if (field === 'REQUEST_PBLM_DATE') body[field] = dmyToIso(text) ?? text;
      else if (TEXT.has(field)) body[field] = text;
      else if (WHOLE.has(field)) body[field] = /^\d+$/.test(text) ? Number(text) : text;
      else body[field] = toNumber(text);
    }
  }
  return body;
}

/** What the contract's schema cannot know: the configuration's required fields, a date not in the future, a slot ending after it starts. */
export function configurationErrors(values: RequestFormValues, display: RequestDisplayConfig, today: string): Partial<Record<keyof RequestFormValues, string>> {
  const errors: Partial<Record<keyof RequestFormValues, string>> = {};
  const blank = (field: RequestDetailField) => (values[field] ?? '').trim() === '';
  for (const group of shownGroups(display)) {
    if (display[group] !== 'REQUIRED') continue;
    for (const field of REQUEST_FIELD_GROUPS[group]) if (blank(field)) errors[field] = V.required;
  }
  if (display.REQUEST_PBLM_DATE !== 'HIDDEN') {
    const day = dmyToIso(values.REQUEST_PBLM_DATE.trim());
    if (day && day > today) errors.REQUEST_PBLM_DATE = V.futureDate;
    const start = values.REQUEST_PBLM_HOUR_START;
    const end = values.REQUEST_PBLM_HOUR_END;
    if (start && !end) errors.REQUEST_PBLM_HOUR_END = V.required;
    if (end && !start) errors.REQUEST_PBLM_HOUR_START = V.required;
    if (start && end && minutesOf(end) <= minutesOf(start)) errors.REQUEST_PBLM_HOUR_END = V.lessonSlot;
  }
  if (display.CLASS_ID !== 'HIDDEN' && !blank('SUBJECT_ID') && blank('CLASS_ID')) errors.CLASS_ID = V.required;
  return errors;
}

/**
 * The form's resolver: the contract's RequestBody (through zodResolver) on the body the values
 * make, then the configuration's rules. A field left blank that must be given reads "required".
 */
export function requestResolver(subcategoryId: number, display: RequestDisplayConfig, today: () => string): Resolver<RequestFormValues, unknown, RequestBody> {
  const validate = zodResolver(RequestBody) as unknown as Resolver<FieldValues, unknown, RequestBody>;
  return async (values, context, options) => {
    const result = await validate(toBodyInput(values, subcategoryId, display), context, options as never);
    const errors = { ...(result.errors as Record<string, FieldError>) };
    for (const [field, message] of Object.entries(configurationErrors(values, display, today()))) {
      if (message === V.required || !errors[field]) errors[field] = { type: 'validate', message };
    }
    if (Object.keys(errors).length === 0) return result as { values: RequestBody; errors: Record<string, never> };
    return { values: {}, errors: errors as FieldErrors<RequestFormValues> };
  };
}
