import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ParentsSection, type PersonRecord } from '@portal/contract';
import { BLOOD_GROUPS } from '@portal/contract/rules';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { SelectField } from '../select-field';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
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
  const { control, field, readOnly } = section;
  const handicap = useWatch({ control, name: 'HANDICAP' });
  const numeric = { htmlInput: { inputMode: 'numeric', maxLength: 3 } } as const;
  return (
    <SectionForm label={t('registration.steps.parents')} {...section}>
      <FieldRow>
        <FormTextField {...field('FATHER_NAME', 'parents-father')} />
        <FormTextField {...field('MOTHER_NAME', 'parents-mother')} />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('HEIGHT', 'parents-height')} slotProps={numeric} />
        <FormTextField {...field('WEIGHT', 'parents-weight')} slotProps={numeric} />
      </FieldRow>
      <FieldRow>
        <SelectField {...field('BLOOD_GROUP', 'parents-blood')} options={BLOOD_GROUPS} none />
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
      {handicap === true ? <FormTextField {...field('HANDICAP_DETAILS', 'parents-handicap')} multiline minRows={2} /> : null}
    </SectionForm>
  );
}
