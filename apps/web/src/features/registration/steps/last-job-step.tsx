import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LastJobSection, type PersonRecord } from '@portal/contract';
import { CheckboxField } from '../../../components/checkbox-field';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { dmy, nullWhen, text } from '../values';

const defaults = (record: PersonRecord) => ({
  LASTJOB: text(record.LASTJOB),
  LASTEMPLOYER: text(record.LASTEMPLOYER),
  LASTJOBSTART: dmy(record.LASTJOBSTART),
  LASTJOBEND: dmy(record.LASTJOBEND),
  LASTJOBSTILL: record.LASTJOBSTILL === true,
});

/** The last job: title, employer, dates; no end date while it is still held. */
export default function LastJobStep() {
  const { t } = useTranslation();
  const section = useSectionForm({
    section: 'last-job',
    schema: LastJobSection,
    defaults,
    toBody: (values) => nullWhen(values, values.LASTJOBSTILL === true, ['LASTJOBEND']),
  });
  const { control, field, readOnly, form } = section;
  const still = useWatch({ control, name: 'LASTJOBSTILL' }) === true;
  return (
    <SectionForm label={t('registration.steps.last-job')} {...section}>
      <FieldRow>
        <FormTextField {...field('LASTJOB', 'lastjob-title')} required />
        <FormTextField {...field('LASTEMPLOYER', 'lastjob-employer')} required />
      </FieldRow>
      <CheckboxField
        control={control}
        name="LASTJOBSTILL"
        label={t('registration.fields.LASTJOBSTILL')}
        disabled={readOnly}
        onChecked={(checked) => {
          // an end date typed before is dropped: it is not asked while the job is held
          if (checked) form.setValue('LASTJOBEND', '', { shouldDirty: true });
          form.clearErrors('LASTJOBEND');
        }}
      />
      <FieldRow>
        <DateField {...field('LASTJOBSTART', 'lastjob-start')} required />
        {still ? <span /> : <DateField {...field('LASTJOBEND', 'lastjob-end')} required />}
      </FieldRow>
    </SectionForm>
  );
}
