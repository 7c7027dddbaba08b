import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { GENDERS, PersonalSection, SPOKEN_LANGUAGES, TITLES, type PersonRecord } from '@portal/contract';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { CountryField, RegionOfOriginField } from '../fields';
import { useRegistration } from '../registration-context';
import { FieldRow, SectionForm, useSectionForm } from '../section-form';
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
  const { control, readOnly } = section;
  const fixed = { input: { readOnly: true } } as const;
  return (
    <SectionForm label={t('registration.steps.personal')} {...section}>
      <FieldRow>
        <TextField id="personal-matricule" label={t('person.fields.MATRICULE')} value={record.MATRICULE} slotProps={fixed} disabled={readOnly} helperText={t('registration.help.fromRegistry')} />
        <TextField id="personal-email" label={t('person.fields.EMAIL')} value={record.EMAIL ?? ''} slotProps={fixed} disabled={readOnly} helperText={t('registration.help.fromRegistry')} />
      </FieldRow>
      <FieldRow>
        <FormTextField control={control} name="DENOMINATION" id="personal-denomination" label={t('registration.fields.DENOMINATION')} select disabled={readOnly} fullWidth>
          <MenuItem value="">{t('registration.none')}</MenuItem>
          {TITLES.map((title) => (
            <MenuItem key={title} value={title}>
              {title}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="GENDER" id="personal-gender" label={t('person.fields.GENDER')} select required disabled={readOnly} fullWidth>
          {GENDERS.map((gender) => (
            <MenuItem key={gender} value={gender}>
              {t(`person.gender.${gender}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </FieldRow>
      <FieldRow>
        <FormTextField control={control} name="LASTNAME" id="personal-lastname" label={t('person.fields.LASTNAME')} required disabled={readOnly} fullWidth />
        <FormTextField control={control} name="FIRSTNAME" id="personal-firstname" label={t('person.fields.FIRSTNAME')} required disabled={readOnly} fullWidth />
      </FieldRow>
      <FieldRow>
        <DateField control={control} name="BIRTHDATE" id="personal-birthdate" label={t('person.fields.BIRTHDATE')} required disabled={readOnly} fullWidth />
        <FormTextField control={control} name="BIRTHPLACE" id="personal-birthplace" label={t('person.fields.BIRTHPLACE')} required disabled={readOnly} fullWidth />
      </FieldRow>
      <FieldRow>
        <CountryField control={control} name="COUNTRY" id="personal-country" label={t('registration.fields.COUNTRY')} required disabled={readOnly} />
        <RegionOfOriginField control={control} name="REGION_ORIGIN" id="personal-region" label={t('registration.fields.REGION_ORIGIN')} disabled={readOnly} />
      </FieldRow>
      <FieldRow>
        <FormTextField control={control} name="DEPARTMENT" id="personal-department" label={t('registration.fields.DEPARTMENT')} disabled={readOnly} fullWidth />
        <span />
      </FieldRow>
      <FieldRow>
        {(['FIRST_LANGUAGE', 'SECOND_LANGUAGE'] as const).map((name) => (
          <FormTextField key={name} control={control} name={name} id={`personal-${name.toLowerCase()}`} label={t(`registration.fields.${name}`)} select disabled={readOnly} fullWidth>
            <MenuItem value="">{t('registration.none')}</MenuItem>
            {SPOKEN_LANGUAGES.map((language) => (
              <MenuItem key={language} value={language}>
                {t(`registration.spokenLanguage.${language}`)}
              </MenuItem>
            ))}
          </FormTextField>
        ))}
      </FieldRow>
    </SectionForm>
  );
}
