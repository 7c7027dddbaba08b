import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FiscalSection, type PersonRecord } from '@portal/contract';
import { TAX_RATE_WITH_NIU, TAX_RATE_WITHOUT_NIU } from '@portal/contract/rules';
import { LazySimpleDialog } from '../../../components/lazy';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { currentLanguage } from '../../../lib/i18n';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { text } from '../values';

const defaults = (record: PersonRecord) => ({
  NIU: text(record.NIU),
  NIU_MISSING: record.NIU_MISSING === true,
  // the specification's default: affiliated to the CNPS
  CNPSYN: record.CNPSYN ?? true,
  CNPSNUM: text(record.CNPSNUM),
});

/** The tax rates as numbers are written in the current language: `16.5` or `16,5`. */
export function taxRates() {
  const format = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
  return { withNiu: format.format(TAX_RATE_WITH_NIU), withoutNiu: format.format(TAX_RATE_WITHOUT_NIU) };
}

/**
 * The taxpayer number (NIU) and the social security (CNPS). Without an NIU the person must
 * confirm it, knowing that the tax on their hours becomes up to 16.5 % instead of 5.5 %.
 */
export default function FiscalStep() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const section = useSectionForm({
    section: 'fiscal',
    schema: FiscalSection,
    defaults,
    beforeSave: (values) => {
      if (values.NIU || values.NIU_MISSING === true) return true;
      setAsking(true);
      return false;
    },
    toBody: (values) => ({
      ...values,
      NIU_MISSING: values.NIU ? false : values.NIU_MISSING === true,
      CNPSNUM: values.CNPSYN === true ? values.CNPSNUM : null,
    }),
  });
  const { control, field, readOnly, form, submit } = section;
  const niu = useWatch({ control, name: 'NIU' });
  const cnps = useWatch({ control, name: 'CNPSYN' });
  const noNiu = typeof niu !== 'string' || niu.trim() === '';
  const rates = taxRates();

  const confirm = () => {
    setAsking(false);
    form.setValue('NIU_MISSING', true, { shouldDirty: true });
    void submit();
  };

  return (
    <>
      <SectionForm label={t('registration.steps.fiscal')} {...section}>
        <FormTextField
          {...field('NIU', 'fiscal-niu')}
          helperText={t('registration.help.niu')}
          slotProps={{ htmlInput: { maxLength: 14, autoCapitalize: 'characters' } }}
        />
        {noNiu ? (
          <Alert severity="warning" role="note">
            {t('registration.niuMissing.explain', rates)}
            {readOnly ? null : (
              <div>
                <CheckboxField control={control} name="NIU_MISSING" label={t('registration.niuMissing.confirm')} disabled={readOnly} />
              </div>
            )}
          </Alert>
        ) : null}
        <FieldRow>
          <RadioField
            control={control}
            name="CNPSYN"
            label={t('registration.fields.CNPSYN')}
            disabled={readOnly}
            options={[
              { value: true, label: t('common.yes') },
              { value: false, label: t('common.no') },
            ]}
          />
          {cnps === true ? <FormTextField {...field('CNPSNUM', 'fiscal-cnps')} /> : <span />}
        </FieldRow>
      </SectionForm>
      {asking ? (
        <Suspense fallback={null}>
          <LazySimpleDialog
            open
            title={t('registration.niuMissing.confirm')}
            text={t('registration.niuMissing.question', rates)}
            onClose={() => setAsking(false)}
            actions={
              <>
                <Button onClick={() => setAsking(false)} autoFocus>
                  {t('common.cancel')}
                </Button>
                <Button onClick={confirm} variant="contained">
                  {t('registration.niuMissing.yes')}
                </Button>
              </>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
