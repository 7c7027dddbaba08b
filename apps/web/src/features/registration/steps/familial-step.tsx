import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CIVIL_STATUSES, FamilialSection, type PersonRecord } from '@portal/contract';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { FieldRow, SectionForm, useSectionForm } from '../section-form';
import { digits, dmy, nullWhen, text } from '../values';

const defaults = (record: PersonRecord) => ({
  CIVILSTATUS: text(record.CIVILSTATUS),
  SPFIRSTNAME: text(record.SPFIRSTNAME),
  SPLASTNAME: text(record.SPLASTNAME),
  SPBIRTHDATE: dmy(record.SPBIRTHDATE),
  CHILDNUM: digits(record.CHILDNUM),
  CHILDREN: (record.CHILDREN ?? []).map((child) => ({ FIRSTNAME: child.FIRSTNAME, LASTNAME: child.LASTNAME, BIRTHDATE: dmy(child.BIRTHDATE) })),
});

/** Civil status, the spouse (asked, and required, only when married) and the children. */
export default function FamilialStep() {
  const { t } = useTranslation();
  const section = useSectionForm({
    section: 'familial',
    schema: FamilialSection,
    defaults,
    toBody: (values) => ({ ...nullWhen(values, values.CIVILSTATUS !== 'Married', ['SPFIRSTNAME', 'SPLASTNAME', 'SPBIRTHDATE']), CHILDREN: values.CHILDREN ?? [] }),
  });
  const { control, readOnly } = section;
  const civilStatus = useWatch({ control, name: 'CIVILSTATUS' });
  const children = useFieldArray({ control, name: 'CHILDREN' });
  const married = civilStatus === 'Married';

  return (
    <SectionForm label={t('registration.steps.familial')} {...section}>
      <FieldRow>
        <FormTextField control={control} name="CIVILSTATUS" id="familial-status" label={t('registration.fields.CIVILSTATUS')} select required disabled={readOnly} fullWidth>
          {CIVIL_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`registration.civilStatus.${status}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="CHILDNUM"
          id="familial-childnum"
          label={t('registration.fields.CHILDNUM')}
          required
          disabled={readOnly}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        />
      </FieldRow>
      {married ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('registration.spouse')}
          </Typography>
          <FieldRow>
            <FormTextField control={control} name="SPLASTNAME" id="familial-splastname" label={t('registration.fields.SPLASTNAME')} required disabled={readOnly} fullWidth />
            <FormTextField control={control} name="SPFIRSTNAME" id="familial-spfirstname" label={t('registration.fields.SPFIRSTNAME')} required disabled={readOnly} fullWidth />
          </FieldRow>
          <FieldRow>
            <DateField control={control} name="SPBIRTHDATE" id="familial-spbirthdate" label={t('registration.fields.SPBIRTHDATE')} disabled={readOnly} fullWidth />
            <span />
          </FieldRow>
        </Box>
      ) : null}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('registration.children')}
        </Typography>
        {children.fields.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('registration.noChildren')}</Typography> : null}
        {children.fields.map((child, index) => (
          <Box key={child.id} role="group" aria-label={t('registration.childNumber', { number: index + 1 })} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' }, gap: 2, alignItems: 'start' }}>
            <FormTextField control={control} name={`CHILDREN.${index}.LASTNAME`} id={`child-${index}-lastname`} label={t('registration.fields.CHILD_LASTNAME')} required disabled={readOnly} fullWidth />
            <FormTextField control={control} name={`CHILDREN.${index}.FIRSTNAME`} id={`child-${index}-firstname`} label={t('registration.fields.CHILD_FIRSTNAME')} required disabled={readOnly} fullWidth />
            <DateField control={control} name={`CHILDREN.${index}.BIRTHDATE`} id={`child-${index}-birthdate`} label={t('registration.fields.CHILD_BIRTHDATE')} disabled={readOnly} fullWidth />
            {readOnly ? null : (
              <Button color="error" startIcon={<DeleteOutlined />} onClick={() => children.remove(index)} sx={{ mt: 1 }} aria-label={t('registration.removeChild', { number: index + 1 })}>
                {t('registration.remove')}
              </Button>
            )}
          </Box>
        ))}
        {readOnly ? null : (
          <Box>
            <Button startIcon={<Add />} onClick={() => children.append({ FIRSTNAME: '', LASTNAME: '', BIRTHDATE: '' })}>
              {t('registration.addChild')}
            </Button>
          </Box>
        )}
      </Box>
    </SectionForm>
  );
}
