// The fields that name a place: a country, a region of origin and a living town (region, then
// town). The registration and a student's own file both use them; each record keeps the English
// name, the French one is only shown.
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Country } from '@portal/contract';
import { REGIONS_OF_ORIGIN } from '@portal/contract/rules';
import { useCountries } from '../lib/country';
import { messageKey } from '../lib/form';
import { LIMITS } from '../lib/limits';
import { useRegionName, useRegions } from '../lib/regions';
import { FieldRow } from './form-parts';
import { FormTextField } from './form-text-field';

interface BoundProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  label: string;
  disabled?: boolean;
  required?: boolean;
}

/**
 * A country typed or picked in the reader's language. The record keeps the English name
 * (`Cameroon`), as the registry does; the French name is only shown.
 */
export function CountryField<T extends FieldValues, TOut extends FieldValues = T>({ control, name, id, label, disabled, required }: BoundProps<T, TOut>) {
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
        <TextField
          {...params}
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={message ? t(messageKey(message), LIMITS) : undefined}
        />
      )}
    />
  );
}

/** The region of origin: one of Cameroon's ten regions, named in the reader's language (the record keeps the English name); `noneLabel` names the empty choice. */
export function RegionOfOriginField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  id,
  label,
  disabled,
  noneLabel,
}: BoundProps<T, TOut> & { noneLabel: string }) {
  const regions = useRegions();
  const regionName = useRegionName();
  return (
    <FormTextField control={control} name={name} id={id} label={label} select disabled={disabled} fullWidth>
      <MenuItem value="">{noneLabel}</MenuItem>
      {REGIONS_OF_ORIGIN.map((region) => (
        <MenuItem key={region} value={region}>
          {regionName(
            regions.data?.find((item) => item.name === region),
            region,
          )}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/**
 * The living town, chosen in two steps: the region, then one of its towns. The region is
 * only a filter (the record keeps the town); it starts as the region of the saved town.
 */
export function LivingTownField<T extends FieldValues, TOut extends FieldValues = T>({ control, name, id, label, disabled, required }: BoundProps<T, TOut>) {
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
        label={t('common.livingRegion')}
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
        helperText={message ? t(messageKey(message), LIMITS) : region ? undefined : t('common.chooseRegionFirst')}
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
