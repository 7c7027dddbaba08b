import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PersonRecord, SavedSection } from '@portal/contract';
import { SectionForm as SavedSectionForm, type SectionFormProps as SavedSectionFormProps } from '../../components/section-form';
import { sectionSaveErrorKey, useSectionSave } from '../../components/section-save';
import { isApiError } from '../../lib/api';
import { registrationKeys, saveSection, storeRecord } from './registration-api';
import { useRegistration } from './registration-context';

/** Codes a section save may answer with a message of their own; anything else reads 'An error has occured during saving'. */
const SAVE_CODES = new Set([
  'VALIDATION_FAILED',
  'ADDRESS_INCOMPLETE',
  'SPOUSE_REQUIRED',
  'MICROFINANCE_REFUSED',
  'REGISTRATION_CLOSED',
  'PAYLOAD_TOO_LARGE',
  'NETWORK',
]);

export function saveErrorKey(error: unknown): string {
  return sectionSaveErrorKey(error, SAVE_CODES);
}

interface Options<TIn extends FieldValues, TOut> {
  section: SavedSection;
  /** the contract's section schema: it takes dates typed dd/mm/yyyy and answers YYYY-MM-DD */
  schema: z.ZodType<TOut, TIn>;
  /** the form's values from the record (dates shown dd/mm/yyyy) */
  defaults: (record: PersonRecord) => TIn;
  /** the PATCH path when it is not the section's own (the passport variant) */
  path?: (values: TOut) => string;
  /** the body from the checked values: fields hidden by a choice are cleared */
  toBody?: (values: TOut) => Record<string, unknown>;
  /** return false to hold the save (a confirmation is asked first) */
  beforeSave?: (values: TOut) => boolean;
}

/**
 * One section of the wizard (components/section-save.ts): on success the record and the state
 * are refreshed; a registration closed meanwhile turns the wizard read-only.
 */
export function useSectionForm<TIn extends FieldValues, TOut>({ section, schema, defaults, path, toBody, beforeSave }: Options<TIn, TOut>) {
  const { t } = useTranslation();
  const { record, readOnly, reportDirty, markClosed } = useRegistration();
  const queryClient = useQueryClient();
  const known = new Set(Object.keys(defaults(record)));
  const saved = useSectionSave({
    section,
    schema,
    defaults: defaults(record),
    valuesOf: defaults,
    save: (values: TOut) => saveSection(path ? path(values) : section, toBody ? toBody(values) : (values as Record<string, unknown>)),
    store: (answer) => storeRecord(queryClient, answer),
    refresh: () => queryClient.invalidateQueries({ queryKey: registrationKeys.state }),
    saveCodes: SAVE_CODES,
    isField: (field) => known.has(field.split('.')[0] ?? ''),
    reportDirty,
    readOnly,
    onRefused: (error) => {
      if (isApiError(error) && error.code === 'REGISTRATION_CLOSED') markClosed();
    },
    beforeSave,
  });

  /** What every field of the section shares: bound to the form, off when read-only, full width, labelled `registration.fields.<name>` unless told. */
  const field = <N extends Path<TIn>>(name: N, id: string, label: string = t(`registration.fields.${name}`)) => ({
    control: saved.form.control,
    name,
    id,
    label,
    disabled: readOnly,
    fullWidth: true,
  });

  return { ...saved, field, readOnly };
}

type SectionFormProps = Omit<SavedSectionFormProps, 'saveLabel' | 'readOnly'> & { readOnly: boolean; children: ReactNode };

/** The form of a step: its fields, the message of a refused save, and its own Save button. */
export function SectionForm(props: SectionFormProps) {
  return <SavedSectionForm {...props} saveLabel="registration.save" />;
}
