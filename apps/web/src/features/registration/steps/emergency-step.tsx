import { useTranslation } from 'react-i18next';
import { EmergencySection, type PersonRecord } from '@portal/contract';
import { DEFAULT_PHONE_CODE } from '@portal/contract/rules';
import { FormTextField } from '../../../components/form-text-field';
import { PhoneField } from '../../../components/phone-field';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { text } from '../values';

const defaults = (record: PersonRecord) => ({
  EMERGNAME1: text(record.EMERGNAME1),
  EMERGCODE1: record.EMERGCODE1 ?? DEFAULT_PHONE_CODE,
  EMERGNUM1: text(record.EMERGNUM1),
  EMERGNAME2: text(record.EMERGNAME2),
  EMERGCODE2: record.EMERGCODE2 ?? DEFAULT_PHONE_CODE,
  EMERGNUM2: text(record.EMERGNUM2),
});

/** Two people to call in an emergency (the first is mandatory). */
export default function EmergencyStep() {
  const { t } = useTranslation();
  const section = useSectionForm({ section: 'emergency', schema: EmergencySection, defaults });
  const { control, field, readOnly } = section;
  return (
    <SectionForm label={t('registration.steps.emergency')} {...section}>
      <FieldRow>
        <FormTextField {...field('EMERGNAME1', 'emergency-name1')} required />
        <PhoneField
          control={control}
          codeName="EMERGCODE1"
          numberName="EMERGNUM1"
          id="emergency-phone1"
          label={t('registration.fields.EMERGNUM1')}
          required
          disabled={readOnly}
        />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('EMERGNAME2', 'emergency-name2')} />
        <PhoneField
          control={control}
          codeName="EMERGCODE2"
          numberName="EMERGNUM2"
          id="emergency-phone2"
          label={t('registration.fields.EMERGNUM2')}
          disabled={readOnly}
        />
      </FieldRow>
    </SectionForm>
  );
}
