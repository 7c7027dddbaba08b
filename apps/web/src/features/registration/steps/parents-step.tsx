import MenuItem from '@mui/material/MenuItem';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BLOOD_GROUPS, ParentsSection, type PersonRecord } from '@portal/contract';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { FieldRow, SectionForm, useSectionForm } from '../section-form';
import { digits, nullWhen, text } from '../values';

const defaults = (record: PersonRecord) => ({
  FATHER_NAME: text(record.FATHER_NAME),
  MOTHER_NAME: text(record.MOTHER_NAME),
  HEIGHT: digits(record.HEIGHT),
  WEIGHT: digits(record.WEIGHT),
  BLOOD_GROUP: text(record.BLOOD_GROUP),
  HANDICAP: record.HANDICAP,
  HANDICAP_DETAILS: text(record.HANDICAP_DETAILS),
});

/** The parents' names and physical information (height, weight, blood group, disability). */
export default function ParentsStep() {
  const { t } = useTranslation();
  const section = useSectionForm({
    section: 'parents',
    schema: ParentsSection,
    defaults,
    toBody: (values) => nullWhen(values, values.HANDICAP !== true, ['HANDICAP_DETAILS']),
  });
  const { control, readOnly } = section;
  const handicap = useWatch({ control, name: 'HANDICAP' });
  const numeric = { htmlInput: { inputMode: 'numeric', maxLength: 3 } } as const;
  return (
    <SectionForm label={t('registration.steps.parents')} {...section}>
      <FieldRow>
        <FormTextField control={control} name="FATHER_NAME" id="parents-father" label={t('registration.fields.FATHER_NAME')} disabled={readOnly} fullWidth />
        <FormTextField control={control} name="MOTHER_NAME" id="parents-mother" label={t('registration.fields.MOTHER_NAME')} disabled={readOnly} fullWidth />
      </FieldRow>
      <FieldRow>
        <FormTextField control={control} name="HEIGHT" id="parents-height" label={t('registration.fields.HEIGHT')} disabled={readOnly} fullWidth slotProps={numeric} />
        <FormTextField control={control} name="WEIGHT" id="parents-weight" label={t('registration.fields.WEIGHT')} disabled={readOnly} fullWidth slotProps={numeric} />
      </FieldRow>
      <FieldRow>
        <FormTextField control={control} name="BLOOD_GROUP" id="parents-blood" label={t('registration.fields.BLOOD_GROUP')} select disabled={readOnly} fullWidth>
          <MenuItem value="">{t('registration.none')}</MenuItem>
          {BLOOD_GROUPS.map((group) => (
            <MenuItem key={group} value={group}>
              {group}
            </MenuItem>
          ))}
        </FormTextField>
        <RadioField
          control={control}
          name="HANDICAP"
          label={t('registration.fields.HANDICAP')}
          disabled={readOnly}
          options={[
            { value: true, label: t('common.yes') },
            { value: false, label: t('common.no') },
          ]}
        />
      </FieldRow>
      {handicap === true ? (
        <FormTextField control={control} name="HANDICAP_DETAILS" id="parents-handicap" label={t('registration.fields.HANDICAP_DETAILS')} multiline minRows={2} disabled={readOnly} fullWidth />
      ) : null}
    </SectionForm>
  );
}
