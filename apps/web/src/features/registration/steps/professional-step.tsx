import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ProfessionalSection, type PersonRecord } from '@portal/contract';
import { ACADEMIC_GRADES, TITLES } from '@portal/contract/rules';
import { FormTextField } from '../../../components/form-text-field';
import { Diplomas } from '../diplomas';
import { SelectField } from '../select-field';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { digits, text } from '../values';

const defaults = (record: PersonRecord) => ({
  LASTDIPLOMA: text(record.LASTDIPLOMA),
  OLD_SPECIALITY: text(record.OLD_SPECIALITY),
  OLD_OBTENTION_YEAR: digits(record.OLD_OBTENTION_YEAR),
  STAB: text(record.STAB),
  SPECIALITY: text(record.SPECIALITY),
  TITLE: text(record.TITLE),
  GRADES: text(record.GRADES),
  JOBTITLE: text(record.JOBTITLE),
});

/** The last formation (diploma, specialization, year, establishment), title and grade; then the diplomas and pieces. */
export default function ProfessionalStep() {
  const { t } = useTranslation();
  const section = useSectionForm({ section: 'professional', schema: ProfessionalSection, defaults });
  const { field } = section;
  return (
    <Stack spacing={4}>
      <SectionForm label={t('registration.steps.professional')} {...section}>
        <FieldRow>
          <FormTextField {...field('LASTDIPLOMA', 'professional-diploma')} required />
          <FormTextField {...field('OLD_SPECIALITY', 'professional-oldspeciality')} required />
        </FieldRow>
        <FieldRow>
          <FormTextField {...field('OLD_OBTENTION_YEAR', 'professional-year')} required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
          <FormTextField {...field('STAB', 'professional-stab')} required />
        </FieldRow>
        <FieldRow>
          <FormTextField {...field('SPECIALITY', 'professional-speciality')} />
          <FormTextField {...field('JOBTITLE', 'professional-jobtitle')} />
        </FieldRow>
        <FieldRow>
          <SelectField {...field('TITLE', 'professional-title')} options={TITLES} none />
          <SelectField {...field('GRADES', 'professional-grade')} options={ACADEMIC_GRADES} optionLabel={(grade) => t(`registration.grade.${grade}`)} none />
        </FieldRow>
      </SectionForm>
      <Diplomas />
    </Stack>
  );
}
