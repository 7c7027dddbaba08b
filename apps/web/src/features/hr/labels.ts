import type { TFunction } from 'i18next';
import type { FieldDef } from './sections';

// Labels, without the contract: the list page uses these alone.

export const fieldLabel = (t: TFunction, field: string): string => t(`hr.fields.${field}`, { defaultValue: field });

export const sectionLabel = (t: TFunction, section: string): string => t(`hr.sections.${section}`, { defaultValue: section });

/** A missing mandatory item: the registration wizard's `missing.<FIELD>` message, else "<label>: not provided". */
export const missingLabel = (t: TFunction, field: string): string => t([`missing.${field}`, 'hr.missingField'], { name: fieldLabel(t, field) });

export const actionLabel = (t: TFunction, action: string): string => t(`hr.actions.${action}`, { defaultValue: action });

export const optionLabel = (t: TFunction, def: FieldDef | undefined, value: string): string =>
  def?.optionLabels ? t(`${def.optionLabels}.${value}`, { defaultValue: value }) : value;
