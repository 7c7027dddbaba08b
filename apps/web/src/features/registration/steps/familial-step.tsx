import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FamilialSection, type PersonRecord } from '@portal/contract';
import { CIVIL_STATUSES } from '@portal/contract/rules';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { SelectField } from '../select-field';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
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
    toBody: (values) => ({
      ...nullWhen(values, values.CIVILSTATUS !== 'Married', ['SPFIRSTNAME', 'SPLASTNAME', 'SPBIRTHDATE']),
      CHILDREN: values.CHILDREN ?? [],
    }),
  });
  const { control, field, readOnly } = section;
  const civilStatus = useWatch({ control, name: 'CIVILSTATUS' });
  const children = useFieldArray({ control, name: 'CHILDREN' });
  const married = civilStatus === 'Married';

  return (
    <SectionForm label={t('registration.steps.familial')} {...section}>
      <FieldRow>
        <SelectField
          {...field('CIVILSTATUS', 'familial-status')}
          required
          options={CIVIL_STATUSES}
          optionLabel={(status) => t(`registration.civilStatus.${status}`)}
        />
        <FormTextField {...field('CHILDNUM', 'familial-childnum')} required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }} />
      </FieldRow>
      {married ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('registration.spouse')}
          </Typography>
          <FieldRow>
            <FormTextField {...field('SPLASTNAME', 'familial-splastname')} required />
            <FormTextField {...field('SPFIRSTNAME', 'familial-spfirstname')} required />
          </FieldRow>
          <FieldRow>
            <DateField {...field('SPBIRTHDATE', 'familial-spbirthdate')} />
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
          <Box
            key={child.id}
            role="group"
            aria-label={t('registration.childNumber', { number: index + 1 })}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' }, gap: 2, alignItems: 'start' }}
          >
            <FormTextField {...field(`CHILDREN.${index}.LASTNAME`, `child-${index}-lastname`, t('registration.fields.CHILD_LASTNAME'))} required />
            <FormTextField {...field(`CHILDREN.${index}.FIRSTNAME`, `child-${index}-firstname`, t('registration.fields.CHILD_FIRSTNAME'))} required />
            <DateField {...field(`CHILDREN.${index}.BIRTHDATE`, `child-${index}-birthdate`, t('registration.fields.CHILD_BIRTHDATE'))} />
            {readOnly ? null : (
              <Button
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => children.remove(index)}
                sx={{ mt: 1 }}
                aria-label={t('registration.removeChild', { number: index + 1 })}
              >
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
