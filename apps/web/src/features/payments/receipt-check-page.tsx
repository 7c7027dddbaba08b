import CancelOutlined from '@mui/icons-material/CancelOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatFcfa, isoToDmy, universityDayOf } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { Fact, FactList } from '../../components/fact-list';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { useReceiptCheck } from './payments-api';

/**
 * `/receipts/:number?k=`: where a receipt's QR code leads. Anyone may read whether the receipt is
 * genuine: the candidate, their entrance, the amount and the day it was paid; anything else
 * (an unknown number, a wrong key) cannot be verified.
 */
export default function ReceiptCheckPage() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const check = useReceiptCheck(number, params.get('k') ?? '');
  const receipt = check.data;

  return (
    <Page title={t('payments.receipt.title')} maxWidth="sm" intro={t('payments.receipt.intro')}>
      <LoadStatus error={check.error} loading={check.isPending} />
      {receipt?.valid ? (
        <Card>
          <Alert severity="success" icon={<VerifiedOutlined />} sx={{ mb: 2 }}>
            <AlertTitle>{t('payments.receipt.genuine')}</AlertTitle>
            {t('payments.receipt.genuineText')}
          </Alert>
          <FactList sx={{ '& dd': { overflowWrap: 'anywhere' } }}>
            <Fact label={t('payments.receipt.number')}>{receipt.receiptNumber}</Fact>
            <Fact label={t('payments.receipt.candidateNumber')}>{receipt.candidateNumber ?? ''}</Fact>
            <Fact label={t('payments.receipt.candidate')}>{receipt.candidateName ?? ''}</Fact>
            <Fact label={t('payments.receipt.entrance')}>{receipt.entrance ?? ''}</Fact>
            <Fact label={t('payments.receipt.amount')}>{receipt.amount === null ? '' : formatFcfa(receipt.amount)}</Fact>
            <Fact label={t('payments.receipt.paidOn')}>{receipt.paidAt ? isoToDmy(universityDayOf(receipt.paidAt)) : ''}</Fact>
          </FactList>
        </Card>
      ) : receipt ? (
        <Alert severity="error" role="alert" icon={<CancelOutlined />}>
          <AlertTitle>{t('payments.receipt.invalid')}</AlertTitle>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {t('payments.receipt.invalidText', { number: receipt.receiptNumber })}
          </Box>
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('payments.receipt.help')}
      </Typography>
    </Page>
  );
}
