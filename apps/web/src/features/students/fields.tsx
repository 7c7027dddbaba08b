import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Country, Region } from '@portal/contract';
import { REGIONS_OF_ORIGIN } from '@portal/contract/rules';
import { FormTextField, type BoundTextFieldProps } from '../../components/form-text-field';
import { useCountries } from '../../lib/country';
import { messageKey } from '../../lib/form';
import { LIMITS } from '../../lib/limits';
import { useRegions } from './students-api';

/** Two fields side by side from the small-tablet width on, one above the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>{children}</Box>;
}

type SelectProps<T extends FieldValues> = Omit<BoundTextFieldProps<T>, 'select' | 'children'> & {
  options: readonly string[];
  /** the words of a value */
  optionLabel: (value: string) => string;
  /** a first choice "None" (the empty value), when the field may stay empty */
  none?: boolean;
};

/** A choice among values, named in the reader's language. */
export function SelectField<T extends FieldValues>({ options, optionLabel, none, ...props }: SelectProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField select fullWidth {...props}>
      {none ? <MenuItem value="">{t('studentFile.none')}</MenuItem> : null}
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel(value)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** The name of a region in the reader's language (the reference list gives English and French). */
function useRegionName(): (region: Region | undefined, fallback: string) => string {
  const { i18n } = useTranslation();
  const french = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr');
  return (region, fallback) => (region ? (french ? region.nom : region.name) : fallback);
}

interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  disabled?: boolean;
  required?: boolean;
}

/** A region of origin: one of Cameroon's ten regions, named in the reader's language (the file keeps the English name). */
export function RegionField<T extends FieldValues>({ control, name, id, label, disabled }: BoundProps<T>) {
  const regions = useRegions();
  const regionName = useRegionName();
  return (
    <SelectField
      control={control}
      name={name}
      id={id}
      label={label}
      disabled={disabled}
      none
      options={REGIONS_OF_ORIGIN}
      optionLabel={(region) => regionName(regions.data?.find((item) => item.name === region), region)}
    />
  );
}

/**
 * A country typed or picked in the reader's language. The file keeps the English name
 * (`Cameroon`), as the registry does; the French name is only shown.
 */
export function CountryField<T extends FieldValues>({ control, name, id, label, disabled, required }: BoundProps<T>) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const { field, fieldState } = useController({ name, control });
  const french = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr');
  const labelOf = (country: Country) => (french ? country.nameFr : country.name);
  const options = useMemo(
    () => [...(countries.data ?? [])].sort((a, b) => (french ? a.nameFr : a.name).localeCompare(french ? b.nameFr : b.name, french ? 'fr' : 'en')),
    [countries.data, french],
  );
  const value = options.find((country) => country.name === field.value || country.nameFr === field.value || country.code === field.value) ?? null;
  const message = fieldState.error?.message;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={value}
      disabled={disabled}
      loading={countries.isPending}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onChange={(_event, country) => field.onChange(country ? country.name : '')}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} name={field.name} inputRef={field.ref} error={Boolean(fieldState.error)} helperText={message ? t(messageKey(message), LIMITS) : undefined} />
      )}
    />
  );
}

/**
 * The living town, chosen in two steps: the region, then one of its towns. The region only
 * narrows the list (the file keeps the town); it starts as the region of the saved town.
 */
export function LivingTownField<T extends FieldValues>({ control, name, id, label, disabled, required }: BoundProps<T>) {
  const { t } = useTranslation();
  const regions = useRegions();
  const regionName = useRegionName();
  const { field, fieldState } = useController({ name, control });
  const town = typeof field.value === 'string' ? field.value : '';
  const list = regions.data ?? [];
  const [chosenRegion, setChosenRegion] = useState<number | null>(null);
  const region = chosenRegion !== null ? list.find((item) => item.id === chosenRegion) : list.find((item) => item.towns.some((x) => x.name === town));
  const towns = region?.towns ?? [];
  const unknownTown = town !== '' && !towns.some((x) => x.name === town);
  const message = fieldState.error?.message;
  return (
    <FieldRow>
      <TextField
        id={`${id}-region`}
        label={t('studentFile.fields.LIVING_REGION')}
        select
        fullWidth
        disabled={disabled}
        value={region ? String(region.id) : ''}
        onChange={(event) => {
          const next = list.find((item) => String(item.id) === event.target.value);
          setChosenRegion(next ? next.id : null);
          if (!next?.towns.some((x) => x.name === town)) field.onChange('');
        }}
      >
        {list.map((item) => (
          <MenuItem key={item.id} value={String(item.id)}>
            {regionName(item, item.name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={id}
        label={label}
        select
        fullWidth
        required={required}
        disabled={disabled || (!region && !town)}
        name={field.name}
        value={town}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={Boolean(fieldState.error)}
        helperText={message ? t(messageKey(message), LIMITS) : region ? undefined : t('studentFile.chooseRegionFirst')}
      >
        {unknownTown ? <MenuItem value={town}>{town}</MenuItem> : null}
        {towns.map((item) => (
          <MenuItem key={item.id} value={item.name}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
    </FieldRow>
  );
}

/** Several choices among values (the other languages), each named in the reader's language. */
export function MultiSelectField<T extends FieldValues>({ control, name, id, label, disabled, options, optionLabel, helperText }: BoundProps<T> & { options: readonly string[]; optionLabel: (value: string) => string; helperText?: string }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const values: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const message = fieldState.error?.message;
  return (
    <TextField
      id={id}
      label={label}
      select
      fullWidth
      disabled={disabled}
      name={field.name}
      value={values}
      onChange={(event) => {
        const next = event.target.value as unknown;
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={message ? t(messageKey(message), LIMITS) : helperText}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map(optionLabel).join(', ') } }}
    >
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel(value)}
        </MenuItem>
      ))}
    </TextField>
  );
}
