import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StudentFile } from '@portal/contract';
import {
  CIVIL_STATUSES,
  FORMATION_TYPES,
  LAST_YEAR_RANKS,
  LAST_YEAR_SITUATIONS,
  MENTIONS,
  SPOKEN_LANGUAGES,
  SPORTS,
  UNIVERSITY_TYPES,
  type StudentProfileSection,
} from '@portal/contract/rules';
import { CheckboxField } from '../../components/checkbox-field';
import { FieldRow } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { PhoneField } from '../../components/phone-field';
import { CountryField, LivingTownField, RegionOfOriginField } from '../../components/place-fields';
import { MultiSelectField, SelectField } from './fields';
import { SectionForm, useStudentSection } from './section-form';

export interface SectionProps {
  file: StudentFile;
  onDirty: (section: StudentProfileSection, dirty: boolean) => void;
}

/** Numbers typed on a phone: the numeric keyboard. */
const yearInput = { htmlInput: { inputMode: 'numeric', maxLength: 4 } } as const;

function PersonalSection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('personal', file, onDirty);
  const { field } = section;
  return (
    <SectionForm label={t('studentFile.sections.personal')} {...section}>
      <FieldRow>
        <SelectField {...field('CIVILSTATUS')} required options={CIVIL_STATUSES} optionLabel={(value) => t(`registration.civilStatus.${value}`)} />
        <FormTextField {...field('RELIGION')} />
      </FieldRow>
      <FieldRow>
        <RegionOfOriginField {...field('REGION_ORIGIN')} noneLabel={t('studentFile.none')} />
        <FormTextField {...field('DEPARTMENT')} />
      </FieldRow>
    </SectionForm>
  );
}

function AddressSection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('address', file, onDirty);
  const { field, control } = section;
  return (
    <SectionForm label={t('studentFile.sections.address')} {...section}>
      <LivingTownField {...field('LIVING_TOWN')} required />
      <FieldRow>
        <FormTextField {...field('DISTRICT')} />
        <FormTextField {...field('PRECINCT')} required />
      </FieldRow>
      <FieldRow>
        <PhoneField control={control} codeName="CODE1" numberName="NUMPHONE" id="address-numphone" label={t('studentFile.fields.NUMPHONE')} required />
        <PhoneField control={control} codeName="CODE2" numberName="NUMPHONE2" id="address-numphone2" label={t('studentFile.fields.NUMPHONE2')} />
      </FieldRow>
    </SectionForm>
  );
}

/** A phone number in one field, +237 unless another code is typed. */
const contactProps = { type: 'tel', autoComplete: 'off', slotProps: { htmlInput: { inputMode: 'tel', maxLength: 24 } } } as const;

function ParentsSection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('parents', file, onDirty);
  const { field } = section;
  return (
    <SectionForm label={t('studentFile.sections.parents')} {...section}>
      {(['FATHER', 'MOTHER'] as const).map((parent) => (
        <FieldRow key={parent}>
          <FormTextField {...field(`${parent}_NAME`)} required />
          <FormTextField {...field(`${parent}_JOB`)} />
          <FormTextField {...field(`${parent}_CONTACT`)} {...contactProps} helperText={t('studentFile.help.contact')} />
          <RegionOfOriginField {...field(`${parent}_REGION_ORIGIN`)} noneLabel={t('studentFile.none')} />
        </FieldRow>
      ))}
    </SectionForm>
  );
}

function EmergencySection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('emergency', file, onDirty);
  const { field } = section;
  return (
    <SectionForm label={t('studentFile.sections.emergency')} {...section}>
      <FieldRow>
        <FormTextField {...field('EMERGENCY_NAME')} required />
        <FormTextField {...field('EMERGENCY_RELATION')} required />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('EMERGENCY_CONTACT')} {...contactProps} required helperText={t('studentFile.help.contact')} />
        <span />
      </FieldRow>
    </SectionForm>
  );
}

function AdmissionSection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('admission', file, onDirty);
  const { field, control } = section;
  return (
    <SectionForm label={t('studentFile.sections.admission')} {...section}>
      <FieldRow>
        <SelectField {...field('FORMATION_TYPE')} required options={FORMATION_TYPES} optionLabel={(value) => t(`studentFile.formationType.${value}`)} />
        <FormTextField {...field('ADMISSION_DIPLOMA')} required />
      </FieldRow>
      <FieldRow>
        <FormTextField
          {...field('ADMISSION_DIPLOMA_GRADE')}
          helperText={t('studentFile.help.grade')}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 5 } }}
        />
        <SelectField {...field('MENTION_OBTAINED')} none options={MENTIONS} optionLabel={(value) => t(`studentFile.mention.${value}`)} />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('YEAR_OBTENTION')} required helperText={t('studentFile.help.year')} slotProps={yearInput} />
        <CountryField {...field('COUNTRY_OBTENTION')} control={control} required />
      </FieldRow>
      <FormTextField {...field('SCHOOL_OBTENTION')} required />
      <FieldRow>
        <SelectField
          {...field('LAST_YEAR_SITUATION')}
          none
          options={LAST_YEAR_SITUATIONS}
          optionLabel={(value) => t(`studentFile.lastYearSituation.${value}`)}
        />
        <SelectField {...field('LAST_YEAR_RANK')} none options={LAST_YEAR_RANKS} optionLabel={(value) => t(`studentFile.lastYearRank.${value}`)} />
      </FieldRow>
      <CheckboxField control={control} name="IS_PROFESSIONAL" label={t('studentFile.fields.IS_PROFESSIONAL')} />
      <FieldRow>
        <FormTextField {...field('FIRST_YEAR_UNIVERSITY')} required helperText={t('studentFile.help.year')} slotProps={yearInput} />
        <SelectField
          {...field('FIRST_YEAR_UNIVERSITY_TYPE')}
          required
          options={UNIVERSITY_TYPES}
          optionLabel={(value) => t(`studentFile.universityType.${value}`)}
        />
      </FieldRow>
      <FormTextField {...field('NAME_OF_UNIVERSITY')} required />
    </SectionForm>
  );
}

function DisabilitySection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('disability', file, onDirty);
  const { field, control } = section;
  const disabled = useWatch({ control, name: 'IS_HANDICAPED' }) === true;
  return (
    <SectionForm label={t('studentFile.sections.disability')} {...section}>
      <CheckboxField control={control} name="IS_HANDICAPED" label={t('studentFile.fields.IS_HANDICAPED')} />
      {disabled ? <FormTextField {...field('HANDICAP_DETAILS')} required multiline minRows={2} /> : null}
    </SectionForm>
  );
}

function SportsSection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('sports', file, onDirty);
  const { field, control } = section;
  const sportive = useWatch({ control, name: 'IS_SPORTIVE' }) === true;
  const sport = useWatch({ control, name: 'FIRST_SPORT' }) as string;
  return (
    <SectionForm label={t('studentFile.sections.sports')} {...section}>
      <CheckboxField
        control={control}
        name="IS_SPORTIVE"
        label={t('studentFile.fields.IS_SPORTIVE')}
        onChecked={(checked) => {
          if (!checked) section.form.setValue('IS_SPORTIVE_COMPETITOR', false, { shouldDirty: true });
        }}
      />
      {sportive ? (
        <>
          <CheckboxField control={control} name="IS_SPORTIVE_COMPETITOR" label={t('studentFile.fields.IS_SPORTIVE_COMPETITOR')} />
          <FieldRow>
            <SelectField {...field('FIRST_SPORT')} required options={SPORTS} optionLabel={(value) => t(`studentFile.sport.${value}`)} />
            <FormTextField {...field('SPORT_DETAILS')} required={sport === 'OTHER'} helperText={t('studentFile.help.sportDetails')} />
          </FieldRow>
        </>
      ) : null}
    </SectionForm>
  );
}

function LanguagesSection({ file, onDirty }: SectionProps) {
  const { t } = useTranslation();
  const section = useStudentSection('languages', file, onDirty);
  const { field } = section;
  const languageName = (value: string) => t(`registration.spokenLanguage.${value}`);
  return (
    <SectionForm label={t('studentFile.sections.languages')} {...section}>
      <FieldRow>
        <SelectField {...field('FIRST_LANGUAGE')} required options={SPOKEN_LANGUAGES} optionLabel={languageName} />
        <SelectField {...field('SECOND_LANGUAGE')} none options={SPOKEN_LANGUAGES} optionLabel={languageName} />
      </FieldRow>
      <MultiSelectField {...field('OTHER_LANGUAGES')} options={SPOKEN_LANGUAGES} optionLabel={languageName} helperText={t('studentFile.help.otherLanguages')} />
    </SectionForm>
  );
}

/** The form of each section, in the order of STUDENT_PROFILE_SECTIONS. */
export const SECTION_FORMS: Record<StudentProfileSection, (props: SectionProps) => React.JSX.Element> = {
  personal: PersonalSection,
  address: AddressSection,
  parents: ParentsSection,
  emergency: EmergencySection,
  admission: AdmissionSection,
  disability: DisabilitySection,
  sports: SportsSection,
  languages: LanguagesSection,
};

/** One section's form, chosen by its name: what the page loads lazily once a section is opened. */
export default function StudentSectionForm({ section, ...props }: SectionProps & { section: StudentProfileSection }) {
  const Form = SECTION_FORMS[section];
  return <Form {...props} />;
}
