import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CandidatePayment } from '@portal/contract';
import { formatFcfa, isoToDmy, universityDayOf, type PaymentStatus } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../lib/format';
import { CANDIDATE_SLIP_URL } from './candidates-api';
import { CANDIDATE_RECEIPT_URL } from './candidate-payments-api';

const STATUS_COLORS: Record<PaymentStatus, ChipProps['color']> = { PENDING: 'info', PAID: 'success', FAILED: 'error', EXPIRED: 'default' };

/** The candidate's payments, newest first: when, on which network and phone, how much, and how it ended. */
export function PaymentHistory({ payments }: { payments: CandidatePayment[] }) {
  const { t } = useTranslation();
  if (payments.length === 0) return null;
  return (
    <Box component="section" aria-label={t('candidateFile.payment.history')} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('candidateFile.payment.history')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {payments.map((payment) => (
          <Box
            component="li"
            key={payment.id}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('candidateFile.payment.historyLine', { total: formatFcfa(payment.total), network: payment.networkName, phone: payment.accountNumber })}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[formatMoment(payment.createdAt), payment.orderNumber].join(' · ')}
              </Typography>
            </Box>
            <Chip size="small" color={STATUS_COLORS[payment.status]} variant="outlined" label={t(`candidateFile.payment.status.${payment.status}`)} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The fee is paid: the day, the receipt and the registration slip to download (plain links: the browser downloads what the server names). */
export function PaidPanel({ paidAt, payments }: { paidAt: string | null; payments: CandidatePayment[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        <AlertTitle>{paidAt ? t('candidateFile.payment.paidOn', { date: isoToDmy(universityDayOf(paidAt)) }) : t('candidateFile.payment.paid')}</AlertTitle>
        {t('candidateFile.payment.paidText')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" href={CANDIDATE_RECEIPT_URL} download startIcon={<DownloadOutlined />}>
          {t('candidateFile.payment.receipt')}
        </Button>
        <Button variant="outlined" href={CANDIDATE_SLIP_URL} download startIcon={<DownloadOutlined />}>
          {t('candidateFile.payment.slip')}
        </Button>
      </Stack>
      <PaymentHistory payments={payments} />
    </>
  );
}
