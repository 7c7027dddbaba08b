import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { FieldDef } from './sections';

// Labels and moments, without the contract: the list page uses these alone.

/** A moment (an ISO timestamp) in local time: `03/07/2023 14:05`. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY HH:mm') : '';
}

/** The day of a moment, in local time: `03/07/2023`. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY') : '';
}

export const fieldLabel = (t: TFunction, field: string): string => t(`hr.fields.${field}`, { defaultValue: field });

export const sectionLabel = (t: TFunction, section: string): string => t(`hr.sections.${section}`, { defaultValue: section });

/** A missing mandatory item: the registration wizard's `missing.<FIELD>` message, else "<label>: not provided". */
export const missingLabel = (t: TFunction, field: string): string =>
  t([`missing.${field}`, 'hr.missingField'], { name: fieldLabel(t, field) });

export const actionLabel = (t: TFunction, action: string): string => t(`hr.actions.${action}`, { defaultValue: action });

export const optionLabel = (t: TFunction, def: FieldDef | undefined, value: string): string =>
  def?.optionLabels ? t(`${def.optionLabels}.${value}`, { defaultValue: value }) : value;
