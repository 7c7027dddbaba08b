import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PersonalSection, type PersonRecord } from '@portal/contract';
import { GENDERS, SPOKEN_LANGUAGES, TITLES } from '@portal/contract/rules';
import { DateField } from '../../../components/date-field';
import { FieldRow } from '../../../components/form-parts';
import { FormTextField } from '../../../components/form-text-field';
import { CountryField, RegionOfOriginField } from '../../../components/place-fields';
import { SelectField } from '../select-field';
import { useRegistration } from '../registration-context';
import { SectionForm, useSectionForm } from '../section-form';
import { dmy, text } from '../values';

/** Cameroon unless the record says otherwise (the specification's default). */
export const DEFAULT_COUNTRY = 'Cameroon';

const defaults = (record: PersonRecord) => ({
  DENOMINATION: text(record.DENOMINATION),
  FIRSTNAME: record.FIRSTNAME,
  LASTNAME: record.LASTNAME,
  GENDER: text(record.GENDER),
  BIRTHDATE: dmy(record.BIRTHDATE),
  BIRTHPLACE: text(record.BIRTHPLACE),
  COUNTRY: record.COUNTRY ?? DEFAULT_COUNTRY,
  REGION_ORIGIN: text(record.REGION_ORIGIN),
  DEPARTMENT: text(record.DEPARTMENT),
  FIRST_LANGUAGE: text(record.FIRST_LANGUAGE),
  SECOND_LANGUAGE: text(record.SECOND_LANGUAGE),
});

/** Identity: the matricule and e-mail come from the registry and are shown read-only. */
export default function PersonalStep() {
  const { t } = useTranslation();
  const { record } = useRegistration();
  const section = useSectionForm({ section: 'personal', schema: PersonalSection, defaults });
  const { control, field, readOnly } = section;
  const fixed = { input: { readOnly: true } } as const;
  return (
    <SectionForm label={t('registration.steps.personal')} {...section}>
      <FieldRow>
        <TextField
          id="personal-matricule"
          label={t('person.fields.MATRICULE')}
          value={record.MATRICULE}
          slotProps={fixed}
          disabled={readOnly}
          helperText={t('registration.help.fromRegistry')}
        />
        <TextField
          id="personal-email"
          label={t('person.fields.EMAIL')}
          value={record.EMAIL ?? ''}
          slotProps={fixed}
          disabled={readOnly}
          helperText={t('registration.help.fromRegistry')}
        />
      </FieldRow>
      <FieldRow>
        <SelectField {...field('DENOMINATION', 'personal-denomination')} options={TITLES} none />
        <SelectField
          {...field('GENDER', 'personal-gender', t('person.fields.GENDER'))}
          required
          options={GENDERS}
          optionLabel={(gender) => t(`person.gender.${gender}`)}
        />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('LASTNAME', 'personal-lastname', t('person.fields.LASTNAME'))} required />
        <FormTextField {...field('FIRSTNAME', 'personal-firstname', t('person.fields.FIRSTNAME'))} required />
      </FieldRow>
      <FieldRow>
        <DateField {...field('BIRTHDATE', 'personal-birthdate', t('person.fields.BIRTHDATE'))} required />
        <FormTextField {...field('BIRTHPLACE', 'personal-birthplace', t('person.fields.BIRTHPLACE'))} required />
      </FieldRow>
      <FieldRow>
        <CountryField control={control} name="COUNTRY" id="personal-country" label={t('registration.fields.COUNTRY')} required disabled={readOnly} />
        <RegionOfOriginField
          control={control}
          name="REGION_ORIGIN"
          id="personal-region"
          label={t('registration.fields.REGION_ORIGIN')}
          disabled={readOnly}
          noneLabel={t('registration.none')}
        />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('DEPARTMENT', 'personal-department')} />
        <span />
      </FieldRow>
      <FieldRow>
        {(['FIRST_LANGUAGE', 'SECOND_LANGUAGE'] as const).map((name) => (
          <SelectField
            key={name}
            {...field(name, `personal-${name.toLowerCase()}`)}
            options={SPOKEN_LANGUAGES}
            optionLabel={(language) => t(`registration.spokenLanguage.${language}`)}
            none
          />
        ))}
      </FieldRow>
    </SectionForm>
  );
}
