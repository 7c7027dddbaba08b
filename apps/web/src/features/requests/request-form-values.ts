// The filing form's values as typed (every one text), and what the wizard asks of them without
// the contract's schemas (the draft, the leave guard): this module carries no Zod.
import type { RequestDisplayConfig } from '@portal/contract';
import { REQUEST_FIELD_GROUP_NAMES, REQUEST_FIELD_GROUPS, type RequestDetailField, type RequestFieldGroup } from '@portal/contract/rules';

/** The detail fields the form holds, as typed (every one text), then the title and the school (which only narrows the classes). */
export type RequestFormValues = Record<RequestDetailField, string> & { REQUEST_OBJECT: string; school: string };

/** The fields the server may name in its `fields` answer (the school is the page's own). */
export const REQUEST_FORM_FIELDS = [...REQUEST_FIELD_GROUP_NAMES.flatMap((group) => REQUEST_FIELD_GROUPS[group]), 'REQUEST_OBJECT'] as const;

export const EMPTY_REQUEST_FORM: RequestFormValues = {
  ...(Object.fromEntries(REQUEST_FORM_FIELDS.map((field) => [field, ''])) as Record<(typeof REQUEST_FORM_FIELDS)[number], string>),
  school: '',
};

/** The groups a display configuration shows (not HIDDEN), in the order of the form. */
export const shownGroups = (display: RequestDisplayConfig): RequestFieldGroup[] => REQUEST_FIELD_GROUP_NAMES.filter((group) => display[group] !== 'HIDDEN');

/** Whether a form holds anything typed (the school alone does not count). */
export const hasInput = (values: Partial<RequestFormValues>): boolean => REQUEST_FORM_FIELDS.some((field) => (values[field] ?? '').trim() !== '');
