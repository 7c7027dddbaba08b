import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ACADEMIC_GRADES, ProfessionalSection, TITLES, type PersonRecord } from '@portal/contract';
import { FormTextField } from '../../../components/form-text-field';
import { Diplomas } from '../diplomas';
import { FieldRow, SectionForm, useSectionForm } from '../section-form';
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
  const { control, readOnly } = section;
  return (
    <Stack spacing={4}>
      <SectionForm label={t('registration.steps.professional')} {...section}>
        <FieldRow>
          <FormTextField control={control} name="LASTDIPLOMA" id="professional-diploma" label={t('registration.fields.LASTDIPLOMA')} required disabled={readOnly} fullWidth />
          <FormTextField control={control} name="OLD_SPECIALITY" id="professional-oldspeciality" label={t('registration.fields.OLD_SPECIALITY')} required disabled={readOnly} fullWidth />
        </FieldRow>
        <FieldRow>
          <FormTextField
            control={control}
            name="OLD_OBTENTION_YEAR"
            id="professional-year"
            label={t('registration.fields.OLD_OBTENTION_YEAR')}
            required
            disabled={readOnly}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
          <FormTextField control={control} name="STAB" id="professional-stab" label={t('registration.fields.STAB')} required disabled={readOnly} fullWidth />
        </FieldRow>
        <FieldRow>
          <FormTextField control={control} name="SPECIALITY" id="professional-speciality" label={t('registration.fields.SPECIALITY')} disabled={readOnly} fullWidth />
          <FormTextField control={control} name="JOBTITLE" id="professional-jobtitle" label={t('registration.fields.JOBTITLE')} disabled={readOnly} fullWidth />
        </FieldRow>
        <FieldRow>
          <FormTextField control={control} name="TITLE" id="professional-title" label={t('registration.fields.TITLE')} select disabled={readOnly} fullWidth>
            <MenuItem value="">{t('registration.none')}</MenuItem>
            {TITLES.map((title) => (
              <MenuItem key={title} value={title}>
                {title}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="GRADES" id="professional-grade" label={t('registration.fields.GRADES')} select disabled={readOnly} fullWidth>
            <MenuItem value="">{t('registration.none')}</MenuItem>
            {ACADEMIC_GRADES.map((grade) => (
              <MenuItem key={grade} value={grade}>
                {t(`registration.grade.${grade}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </FieldRow>
      </SectionForm>
      <Diplomas />
    </Stack>
  );
}
