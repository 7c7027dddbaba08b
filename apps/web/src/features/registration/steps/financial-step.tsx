import Alert from '@mui/material/Alert';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FinancialSection, type PersonRecord } from '@portal/contract';
import { ACTIVITIES } from '@portal/contract/rules';
import { AmountField } from '../../../components/amount-field';
import { DateField } from '../../../components/date-field';
import { RadioField } from '../../../components/radio-field';
import { useRegistration } from '../registration-context';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { digits, dmy, text } from '../values';

const defaults = (record: PersonRecord) => ({
  ACTIVITY_PRINCIPAL: text(record.ACTIVITY_PRINCIPAL),
  BASESALARY: digits(record.BASESALARY),
  HOURRATE: digits(record.HOURRATE),
  CONTENDDATE: dmy(record.CONTENDDATE),
});

/**
 * Remuneration: the principal activity (officers, that is civil servants, keep their
 * ministerial decree and presence certificate; the others do not), salary and hour rate.
 */
export default function FinancialStep() {
  const { t } = useTranslation();
  const { record } = useRegistration();
  const section = useSectionForm({ section: 'financial', schema: FinancialSection, defaults });
  const { control, field, readOnly } = section;
  const activity = useWatch({ control, name: 'ACTIVITY_PRINCIPAL' });
  const notOfficer = typeof activity === 'string' && activity !== '' && activity !== 'OFFICER';
  const hasOfficerFiles = Boolean(record.MINISTERIAL_DECREE || record.PRESENCE_ATTEST);
  return (
    <SectionForm label={t('registration.steps.financial')} {...section}>
      <RadioField
        control={control}
        name="ACTIVITY_PRINCIPAL"
        label={t('registration.fields.ACTIVITY_PRINCIPAL')}
        required
        disabled={readOnly}
        options={ACTIVITIES.map((value) => ({ value, label: t(`registration.activity.${value}`) }))}
      />
      {notOfficer ? (
        <Alert severity="info" role="note">
          {t('registration.officerOnly')}
          {hasOfficerFiles && !readOnly ? ` ${t('registration.officerFilesRemoved')}` : ''}
        </Alert>
      ) : null}
      <FieldRow>
        <AmountField control={control} name="BASESALARY" id="financial-salary" label={t('registration.fields.BASESALARY')} disabled={readOnly} fullWidth />
        <AmountField control={control} name="HOURRATE" id="financial-hourrate" label={t('registration.fields.HOURRATE')} disabled={readOnly} fullWidth />
      </FieldRow>
      <FieldRow>
        <DateField {...field('CONTENDDATE', 'financial-contend')} />
        <span />
      </FieldRow>
    </SectionForm>
  );
}
