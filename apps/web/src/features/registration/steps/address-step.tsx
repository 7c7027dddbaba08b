import { useTranslation } from 'react-i18next';
import { AddressSection, type PersonRecord } from '@portal/contract';
import { DEFAULT_PHONE_CODE } from '@portal/contract/rules';
import { FieldRow } from '../../../components/form-parts';
import { FormTextField } from '../../../components/form-text-field';
import { PhoneField } from '../../../components/phone-field';
import { LivingTownField } from '../../../components/place-fields';
import { SectionForm, useSectionForm } from '../section-form';
import { text } from '../values';

const defaults = (record: PersonRecord) => ({
  LIVING_TOWN: text(record.LIVING_TOWN),
  DISTRICT: text(record.DISTRICT),
  PRECINCT: text(record.PRECINCT),
  RELIGION: text(record.RELIGION),
  CODE1: record.CODE1 ?? DEFAULT_PHONE_CODE,
  NUMPHONE: text(record.NUMPHONE),
  CODE2: record.CODE2 ?? DEFAULT_PHONE_CODE,
  NUMPHONE2: text(record.NUMPHONE2),
});

/** Where the person lives (town and precinct are required to save) and their two phone numbers. */
export default function AddressStep() {
  const { t } = useTranslation();
  const section = useSectionForm({ section: 'address', schema: AddressSection, defaults });
  const { control, field, readOnly } = section;
  return (
    <SectionForm label={t('registration.steps.address')} {...section}>
      <LivingTownField control={control} name="LIVING_TOWN" id="address-town" label={t('registration.fields.LIVING_TOWN')} required disabled={readOnly} />
      <FieldRow>
        <FormTextField {...field('DISTRICT', 'address-district')} />
        <FormTextField {...field('PRECINCT', 'address-precinct')} required />
      </FieldRow>
      <FieldRow>
        <PhoneField
          control={control}
          codeName="CODE1"
          numberName="NUMPHONE"
          id="address-phone1"
          label={t('registration.fields.NUMPHONE')}
          required
          disabled={readOnly}
        />
        <PhoneField
          control={control}
          codeName="CODE2"
          numberName="NUMPHONE2"
          id="address-phone2"
          label={t('registration.fields.NUMPHONE2')}
          required
          disabled={readOnly}
        />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('RELIGION', 'address-religion')} />
        <span />
      </FieldRow>
    </SectionForm>
  );
}
