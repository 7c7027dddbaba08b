// The sections of the registration form (their fields, the place pickers and the files to send):
// loaded once an entrance is chosen, so that the entrances show first on a slow connection.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CandidateCreateValues, Entrance } from '@portal/contract';
import { FORMATION_TYPES, GENDERS, LAST_YEAR_RANKS, LAST_YEAR_SITUATIONS, MENTIONS, SPOKEN_LANGUAGES, SPORTS, UNIVERSITY_TYPES } from '@portal/contract/rules';
import { CheckboxField } from '../../components/checkbox-field';
import { DateField } from '../../components/date-field';
import { FieldRow } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { PhoneField } from '../../components/phone-field';
import { CountryField, LivingTownField, RegionOfOriginField } from '../../components/place-fields';
import { RadioField } from '../../components/radio-field';
import { CandidateDocumentsChoice, type ChosenFiles } from './register-documents';
import { ChoiceField, SectionPanel, type CandidateControl } from './register-fields';
import {
  CANDIDATE_SECTIONS,
  cyclesOf,
  departmentsOf,
  specialitiesOf,
  type CandidateField,
  type CandidateFormValues,
  type CandidateSection,
} from './register-form';

type Form = UseFormReturn<CandidateFormValues, unknown, CandidateCreateValues>;

interface SectionProps {
  form: Form;
  control: CandidateControl;
  entrance: Entrance;
}

/** Numbers typed on a phone: the numeric keyboard. */
const yearInput = { htmlInput: { inputMode: 'numeric', maxLength: 4 } } as const;
/** A contact's phone in one field: +237 unless another code is typed. */
const contactInput = { type: 'tel', autoComplete: 'off', slotProps: { htmlInput: { inputMode: 'tel', maxLength: 24 } } } as const;

/** What every field shares: bound to the form, full width, labelled `candidates.fields.<name>`. */
function useField(control: CandidateControl) {
  const { t } = useTranslation();
  return (name: CandidateField) => ({
    control,
    name,
    id: `candidate-${name.toLowerCase().replace(/_/g, '-')}`,
    label: t(`candidates.fields.${name}`),
    fullWidth: true,
  });
}

function IdentitySection({ form, control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  const region = useWatch({ control, name: 'REGION_ORIGIN' });
  const departments = departmentsOf(region);
  // the department follows the region: one of another region is cleared as the region changes
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'REGION_ORIGIN') return;
      const department = values.DEPARTMENT ?? '';
      if (department && !departmentsOf(values.REGION_ORIGIN ?? '').includes(department)) form.setValue('DEPARTMENT', '', { shouldDirty: true });
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return (
    <>
      <FieldRow>
        <FormTextField {...field('LASTNAME')} required autoComplete="family-name" />
        <FormTextField {...field('FIRSTNAME')} required autoComplete="given-name" />
      </FieldRow>
      <FieldRow>
        <DateField {...field('BIRTHDATE')} required />
        <FormTextField {...field('BIRTHPLACE')} required />
      </FieldRow>
      <RadioField
        control={control}
        name="GENDER"
        label={t('candidates.fields.GENDER')}
        required
        options={GENDERS.map((value) => ({ value, label: t(`person.gender.${value}`) }))}
      />
      <CountryField {...field('COUNTRY')} required />
      <FieldRow>
        <RegionOfOriginField {...field('REGION_ORIGIN')} required noneLabel={t('candidates.register.none')} />
        <ChoiceField
          {...field('DEPARTMENT')}
          options={departments}
          optionLabel={(value) => value}
          none={t('candidates.register.none')}
          disabled={departments.length === 0}
          helperText={departments.length === 0 ? t('candidates.register.regionFirst') : undefined}
        />
      </FieldRow>
      <LivingTownField {...field('LIVING_TOWN')} required />
    </>
  );
}

function ContactsSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  return (
    <>
      <FormTextField {...field('EMAIL')} required type="email" autoComplete="email" inputMode="email" helperText={t('candidates.register.help.email')} />
      <PhoneField
        control={control}
        codeName="PHONE_CODE"
        numberName="PHONE_NUMBER"
        id="candidate-phone-number"
        label={t('candidates.fields.PHONE_NUMBER')}
        required
      />
    </>
  );
}

function DiplomaSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  return (
    <>
      <FormTextField {...field('ADMISSION_DIPLOMA')} required helperText={t('candidates.register.help.diploma')} />
      <FieldRow>
        <FormTextField
          {...field('ADMISSION_DIPLOMA_GRADE')}
          helperText={t('candidates.register.help.grade')}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 5 } }}
        />
        <ChoiceField {...field('MENTION_OBTAINED')} required options={MENTIONS} optionLabel={(value) => t(`studentFile.mention.${value}`)} />
      </FieldRow>
      <FieldRow>
        <FormTextField {...field('YEAR_OBTENTION')} required helperText={t('candidates.register.help.year')} slotProps={yearInput} />
        <CountryField {...field('COUNTRY_OBTENTION')} required />
      </FieldRow>
      <FormTextField {...field('SCHOOL_OBTENTION')} required />
      <FieldRow>
        <ChoiceField
          {...field('LAST_YEAR_SITUATION')}
          none={t('candidates.register.none')}
          options={LAST_YEAR_SITUATIONS}
          optionLabel={(value) => t(`studentFile.lastYearSituation.${value}`)}
        />
        <ChoiceField
          {...field('LAST_YEAR_RANK')}
          none={t('candidates.register.none')}
          options={LAST_YEAR_RANKS}
          optionLabel={(value) => t(`studentFile.lastYearRank.${value}`)}
        />
      </FieldRow>
      <CheckboxField control={control} name="IS_PROFESSIONAL" label={t('candidates.fields.IS_PROFESSIONAL')} />
    </>
  );
}

function UniversitySection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('candidates.register.help.university')}
      </Typography>
      <FieldRow>
        <FormTextField {...field('FIRST_YEAR_UNIVERSITY')} required helperText={t('candidates.register.help.year')} slotProps={yearInput} />
        <ChoiceField
          {...field('FIRST_YEAR_UNIVERSITY_TYPE')}
          required
          options={UNIVERSITY_TYPES}
          optionLabel={(value) => t(`studentFile.universityType.${value}`)}
        />
      </FieldRow>
      <FormTextField {...field('NAME_OF_UNIVERSITY')} required />
    </>
  );
}

function ParentsSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  return (
    <>
      {(['FATHER', 'MOTHER'] as const).map((parent) => (
        <Stack key={parent} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t(`candidates.register.${parent === 'FATHER' ? 'father' : 'mother'}`)}
          </Typography>
          <FieldRow>
            <FormTextField {...field(`${parent}_NAME`)} required />
            <FormTextField {...field(`${parent}_JOB`)} required />
          </FieldRow>
          <FieldRow>
            <FormTextField {...field(`${parent}_CONTACT`)} {...contactInput} required helperText={t('candidates.register.help.contact')} />
            <RegionOfOriginField {...field(`${parent}_REGION_ORIGIN`)} required noneLabel={t('candidates.register.none')} />
          </FieldRow>
        </Stack>
      ))}
    </>
  );
}

function EmergencySection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  return (
    <FieldRow>
      <FormTextField {...field('EMERGENCY_NAME')} required />
      <FormTextField {...field('EMERGENCY_CONTACT')} {...contactInput} required helperText={t('candidates.register.help.contact')} />
    </FieldRow>
  );
}

function DisabilitySection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  const disabled = useWatch({ control, name: 'IS_HANDICAPED' });
  return (
    <>
      <CheckboxField control={control} name="IS_HANDICAPED" label={t('candidates.fields.IS_HANDICAPED')} />
      {disabled ? <FormTextField {...field('HANDICAP_DETAILS')} required multiline minRows={2} /> : null}
    </>
  );
}

function SportsSection({ form, control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  const sportive = useWatch({ control, name: 'IS_SPORTIVE' });
  return (
    <>
      <CheckboxField
        control={control}
        name="IS_SPORTIVE"
        label={t('candidates.fields.IS_SPORTIVE')}
        onChecked={(checked) => {
          if (!checked) form.setValue('IS_SPORTIVE_COMPETITOR', false, { shouldDirty: true });
        }}
      />
      {sportive ? (
        <>
          <CheckboxField control={control} name="IS_SPORTIVE_COMPETITOR" label={t('candidates.fields.IS_SPORTIVE_COMPETITOR')} />
          <ChoiceField
            {...field('FIRST_SPORT')}
            none={t('candidates.register.none')}
            options={SPORTS}
            optionLabel={(value) => t(`studentFile.sport.${value}`)}
          />
        </>
      ) : null}
    </>
  );
}

function LanguagesSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const field = useField(control);
  const first = useWatch({ control, name: 'FIRST_LANGUAGE' });
  const languageName = (value: string) => t(`registration.spokenLanguage.${value}`);
  return (
    <FieldRow>
      <ChoiceField {...field('FIRST_LANGUAGE')} required options={SPOKEN_LANGUAGES} optionLabel={languageName} />
      <ChoiceField {...field('SECOND_LANGUAGE')} required options={SPOKEN_LANGUAGES} optionLabel={languageName} disabledOptions={first ? [first] : []} />
    </FieldRow>
  );
}

function FormationSection({ form, control, entrance }: SectionProps) {
  const { t, i18n } = useTranslation();
  const field = useField(control);
  const french = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr');
  const [cycle, first] = useWatch({ control, name: ['CYCLE', 'FORMATION_FIRST_CHOICE'] });
  const cycles = cyclesOf(entrance);
  const specialities = specialitiesOf(entrance, cycle);
  const ids = specialities.map((speciality) => String(speciality.SPECIALITY_ID));
  const cycleName = (name: string) => {
    const found = cycles.find((item) => item.CYCLE_NAME === name);
    return found ? (french ? found.CYCLE_NAME_FR : found.CYCLE_NAME) : name;
  };
  const specialityName = (id: string) => {
    const found = specialities.find((item) => String(item.SPECIALITY_ID) === id);
    return found ? `${french ? found.SPECIALITY_DESCRIPTION_FR : found.SPECIALITY_DESCRIPTION} (${found.SPECIALITY_CODE})` : id;
  };
  // the choices follow the cycle: a speciality of another cycle is cleared as the cycle changes
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'CYCLE') return;
      const kept = specialitiesOf(entrance, values.CYCLE ?? '').map((item) => String(item.SPECIALITY_ID));
      for (const choice of ['FORMATION_FIRST_CHOICE', 'FORMATION_SECOND_CHOICE'] as const) {
        const chosen = values[choice] ?? '';
        if (chosen && !kept.includes(chosen)) form.setValue(choice, '', { shouldDirty: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [form, entrance]);
  const noCycle = specialities.length === 0;
  return (
    <>
      <ChoiceField {...field('FORMATION_TYPE')} required options={FORMATION_TYPES} optionLabel={(value) => t(`studentFile.formationType.${value}`)} />
      <ChoiceField {...field('CYCLE')} required options={cycles.map((item) => item.CYCLE_NAME)} optionLabel={cycleName} />
      <ChoiceField
        {...field('FORMATION_FIRST_CHOICE')}
        required
        options={ids}
        optionLabel={specialityName}
        disabled={noCycle}
        helperText={noCycle ? t('candidates.register.cycleFirst') : undefined}
      />
      <ChoiceField
        {...field('FORMATION_SECOND_CHOICE')}
        none={t('candidates.register.noSecondChoice')}
        options={ids}
        optionLabel={specialityName}
        disabledOptions={first ? [first] : []}
        disabled={noCycle}
        helperText={t('candidates.register.help.secondChoice')}
      />
    </>
  );
}

const SECTION_VIEWS: Record<CandidateSection, (props: SectionProps) => React.JSX.Element> = {
  identity: IdentitySection,
  contacts: ContactsSection,
  diploma: DiplomaSection,
  university: UniversitySection,
  parents: ParentsSection,
  emergency: EmergencySection,
  disability: DisabilitySection,
  sports: SportsSection,
  languages: LanguagesSection,
  formation: FormationSection,
};

export interface CandidateSectionsProps {
  form: Form;
  entrance: Entrance;
  open: ReadonlySet<CandidateSection>;
  onToggle: (section: CandidateSection) => void;
  /** closes a section and opens the next one */
  onNext: (section: CandidateSection) => void;
  files: ChosenFiles;
  onFiles: (files: ChosenFiles) => void;
  disabled: boolean;
}

/** Every section, one panel each (the open ones built), then the files to send with the registration. */
export default function CandidateSections({ form, entrance, open, onToggle, onNext, files, onFiles, disabled }: CandidateSectionsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      {CANDIDATE_SECTIONS.map((section, index) => {
        const View = SECTION_VIEWS[section];
        const last = index === CANDIDATE_SECTIONS.length - 1;
        return (
          <SectionPanel key={section} section={section} number={index + 1} control={form.control} open={open.has(section)} onToggle={onToggle}>
            <View form={form} control={form.control} entrance={entrance} />
            {last ? null : (
              <Button variant="outlined" onClick={() => onNext(section)} sx={{ alignSelf: 'flex-start' }}>
                {t('candidates.register.next')}
              </Button>
            )}
          </SectionPanel>
        );
      })}
      <CandidateDocumentsChoice files={files} onFiles={onFiles} disabled={disabled} number={CANDIDATE_SECTIONS.length + 1} />
    </Stack>
  );
}
