import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileColumn } from '@portal/contract';
import { FileSlot } from '../file-slot';
import { useRegistration } from '../registration-context';

const ALWAYS: readonly FileColumn[] = ['CV_LINK', 'NIU_LINK', 'CNPS_LINK', 'RIB_LINK'];
const OFFICERS_ONLY: readonly FileColumn[] = ['MINISTERIAL_DECREE', 'PRESENCE_ATTEST'];

/**
 * The record's documents: CV (PDF), NIU, CNPS and RIB certificates and, for officers, the
 * ministerial decree and the presence certificate. Birth and wedding certificates are
 * pieces, added with the diplomas in the "Diplomas and formations" step.
 */
export default function DocumentsStep() {
  const { t } = useTranslation();
  const { record, goTo } = useRegistration();
  const officer = record.ACTIVITY_PRINCIPAL === 'OFFICER';
  const columns = officer ? [...ALWAYS, ...OFFICERS_ONLY] : ALWAYS;
  return (
    <Stack spacing={2.5}>
      <Typography sx={{ color: 'text.secondary' }}>{t('registration.help.documents')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {columns.map((col) => (
          <FileSlot key={col} col={col} label={t(`registration.fields.${col}`)} url={record[col]} />
        ))}
      </Box>
      {officer ? null : (
        <Alert severity="info" role="note">
          {t('registration.officerOnly')}
        </Alert>
      )}
      <Alert severity="info" role="note">
        {t('registration.certificatesWhere')}{' '}
        <Link component="button" type="button" onClick={() => goTo('professional')} sx={{ verticalAlign: 'baseline' }}>
          {t('registration.goToDiplomas')}
        </Link>
      </Alert>
    </Stack>
  );
}
