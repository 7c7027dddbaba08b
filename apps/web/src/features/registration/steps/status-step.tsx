import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusSection, type PersonRecord } from '@portal/contract';
import { STAFF_STATUSES } from '@portal/contract/rules';
import { RadioField } from '../../../components/radio-field';
import { SectionForm, useSectionForm } from '../section-form';
import { text } from '../values';

const defaults = (record: PersonRecord) => ({ STATUS: text(record.STATUS) });

/** The staff category: permanent, part-time lecturer (vacataire), intern (stagiaire) or support staff. */
export default function StatusStep() {
  const { t } = useTranslation();
  const section = useSectionForm({ section: 'status', schema: StatusSection, defaults });
  return (
    <SectionForm label={t('registration.steps.status')} {...section}>
      <Typography sx={{ color: 'text.secondary' }}>{t('registration.help.status')}</Typography>
      <RadioField
        control={section.control}
        name="STATUS"
        label={t('person.fields.STATUS')}
        required
        row={false}
        disabled={section.readOnly}
        options={STAFF_STATUSES.map((value) => ({ value, label: t(`person.status.${value}`) }))}
      />
    </SectionForm>
  );
}
