import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  keepStudentSectionFields,
  STUDENT_SECTION_SCHEMAS,
  studentSectionFields,
  type StudentFile,
  type StudentProfileFields,
  type StudentSectionValues,
} from '@portal/contract';
import { DEFAULT_PHONE_CODE, type StudentProfileSection } from '@portal/contract/rules';
import { SectionForm as SavedSectionForm, type SectionFormProps } from '../../components/section-form';
import { useSectionSave } from '../../components/section-save';
import { saveStudentSection, studentFileKeys } from './students-api';

/** The yes/no fields: a box each, unticked until the student ticks it (IS_PROFESSIONAL defaults to no). */
const FLAGS = new Set(['IS_PROFESSIONAL', 'IS_HANDICAPED', 'IS_SPORTIVE', 'IS_SPORTIVE_COMPETITOR']);
/** The calling codes next to the phone numbers: Cameroon's unless saved otherwise. */
const PHONE_CODES = new Set(['CODE1', 'CODE2']);

/** A section's form values from the saved file: texts ('' for none), years and the grade as typed, boxes, the list of languages. */
export function sectionDefaults(section: StudentProfileSection, profile: StudentProfileFields): FieldValues {
  return Object.fromEntries(
    studentSectionFields(section).map((name) => {
      const saved = (profile as Record<string, unknown>)[name];
      if (FLAGS.has(name)) return [name, saved === true];
      if (PHONE_CODES.has(name)) return [name, saved ?? DEFAULT_PHONE_CODE];
      if (Array.isArray(saved)) return [name, saved];
      if (typeof saved === 'number') return [name, String(saved)];
      return [name, saved ?? ''];
    }),
  );
}

/** Codes a save may answer with a message of their own; anything else reads 'An error has occured during saving'. */
const SAVE_CODES = new Set(['VALIDATION_FAILED', 'ADDRESS_INCOMPLETE', 'PAYLOAD_TOO_LARGE', 'NETWORK', 'FORBIDDEN']);

/**
 * One section of the student's file (components/section-save.ts): on success the cached file is
 * the server's answer.
 */
export function useStudentSection<S extends StudentProfileSection>(
  section: S,
  file: StudentFile,
  onDirty: (section: StudentProfileSection, dirty: boolean) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const known = new Set<string>(studentSectionFields(section));
  const saved = useSectionSave({
    section,
    schema: STUDENT_SECTION_SCHEMAS[section] as unknown as z.ZodType<StudentSectionValues<S>, FieldValues>,
    defaults: sectionDefaults(section, file.profile),
    valuesOf: (answer: StudentFile) => sectionDefaults(section, answer.profile),
    save: (values: StudentSectionValues<S>) => saveStudentSection(section, keepStudentSectionFields(section, values) as Record<string, unknown>),
    store: (answer) => queryClient.setQueryData(studentFileKeys.file, answer),
    saveCodes: SAVE_CODES,
    isField: (field) => known.has(field),
    reportDirty: onDirty,
  });

  /** What every field of the section shares: bound to the form, full width, labelled `studentFile.fields.<name>`, its id from the section. */
  const field = (name: string) => ({
    control: saved.form.control,
    name,
    id: `${section}-${name.toLowerCase().replace(/_/g, '-')}`,
    label: t(`studentFile.fields.${name}`),
    fullWidth: true,
  });

  return { ...saved, field };
}

/** The form of a section: its fields, the message of a refused save, and its own Save button. */
export function SectionForm(props: Omit<SectionFormProps, 'saveLabel' | 'readOnly'>) {
  return <SavedSectionForm {...props} saveLabel="studentFile.save" />;
}
