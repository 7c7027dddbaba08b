import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IdentificationSection, type IdentificationType, type PersonRecord } from '@portal/contract';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { FileSlot } from '../file-slot';
import { useIdentificationTypes } from '../registration-api';
import { useRegistration } from '../registration-context';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { dmy, text } from '../values';

/** A passport (travel identification) is saved through its own path. */
export function isPassport(type: IdentificationType | undefined): boolean {
  return Boolean(type && (/pass/i.test(type.ITYPEABR) || /passport|passeport/i.test(type.ITYPENAME)));
}

// The ID images are uploaded as files (below the form), never inside the JSON body.
const defaults = (record: PersonRecord) => ({
  IDENTIFICATION: text(record.IDENTIFICATION),
  IDENTIFNUM: text(record.IDENTIFNUM),
  IDENTIFPLACE: text(record.IDENTIFPLACE),
  IDENTIFSTART: dmy(record.IDENTIFSTART),
  IDENTIFEND: dmy(record.IDENTIFEND),
});

/** The identity document: a national identity card, or the passport variant; its two images. */
export default function IdentificationStep() {
  const { t } = useTranslation();
  const { record } = useRegistration();
  const types = useIdentificationTypes();
  const typeOf = (abbreviation: unknown) => types.data?.find((type) => type.ITYPEABR === abbreviation);
  const section = useSectionForm({
    section: 'identification',
    schema: IdentificationSection,
    defaults,
    path: (values) => (isPassport(typeOf(values.IDENTIFICATION)) ? 'identification_passport' : 'identification'),
  });
  const { control, field } = section;
  const chosen = useWatch({ control, name: 'IDENTIFICATION' });
  const passport = isPassport(typeOf(chosen));
  const known = (types.data ?? []).some((type) => type.ITYPEABR === chosen);

  return (
    <Stack spacing={4}>
      <SectionForm label={t('registration.steps.identification')} {...section}>
        <FormTextField {...field('IDENTIFICATION', 'identification-type')} select required>
          {chosen && !known ? <MenuItem value={String(chosen)}>{String(chosen)}</MenuItem> : null}
          {(types.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.ITYPEABR}>
              {t(`registration.idType.${type.ITYPEABR}`, { defaultValue: type.ITYPENAME })}
            </MenuItem>
          ))}
        </FormTextField>
        <FieldRow>
          <FormTextField
            {...field('IDENTIFNUM', 'identification-number', t(passport ? 'registration.fields.PASSPORT_NUMBER' : 'registration.fields.IDENTIFNUM'))}
            required
          />
          <FormTextField {...field('IDENTIFPLACE', 'identification-place')} required />
        </FieldRow>
        <FieldRow>
          <DateField {...field('IDENTIFSTART', 'identification-start')} required />
          <DateField {...field('IDENTIFEND', 'identification-end')} required />
        </FieldRow>
      </SectionForm>
      <Box component="section" aria-labelledby="identification-images">
        <Typography id="identification-images" variant="h6" component="h3" gutterBottom>
          {t('registration.idImages')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('registration.help.idImages')}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <FileSlot col="IDENTITY1" label={t('registration.fields.IDENTITY1')} url={record.IDENTITY1} preview />
          <FileSlot col="IDENTITY2" label={t('registration.fields.IDENTITY2')} url={record.IDENTITY2} preview />
        </Box>
      </Box>
    </Stack>
  );
}
