import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaymentAlert, PaymentCallbackCheck } from '@portal/contract';
import { formatAmount } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { formatMoment } from '../../lib/format';
import { usePaymentAlerts } from './payments-api';

/** One term of a callback or of its payment as the page shows it. */
function term(check: PaymentCallbackCheck, terms: PaymentAlert['expected'], unknown: string): string {
  if (check === 'amount') return formatAmount(terms.amount, terms.currency);
  if (check === 'currency') return terms.currency;
  return terms.reference ?? unknown;
}

/**
 * The providers' signed callbacks the server refused because they disagreed with their payment
 * (decision 68), under the networks: what an administrator checks with the provider.
 */
export function PaymentAlerts() {
  const { t } = useTranslation();
  const alerts = usePaymentAlerts();
  return (
    <Box component="section" aria-labelledby="payment-alerts-title" sx={{ mt: 4 }}>
      <Typography id="payment-alerts-title" variant="h6" component="h2" gutterBottom>
        {t('payments.alerts.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('payments.alerts.intro')}
      </Typography>
      <LoadStatus error={alerts.error} loading={alerts.isPending} />
      {alerts.data ? (
        <OfficeTable
          labelledBy="payment-alerts-title"
          rows={alerts.data}
          rowKey={(alert) => alert.id}
          empty={t('payments.alerts.empty')}
          columns={[
            { header: t('payments.alerts.columns.at'), sx: { whiteSpace: 'nowrap' }, cell: (alert) => formatMoment(alert.at) },
            { header: t('payments.alerts.columns.order'), cell: (alert) => alert.orderNumber },
            { header: t('payments.alerts.columns.candidate'), cell: (alert) => alert.candidateNumber ?? '' },
            {
              header: t('payments.alerts.columns.differs'),
              cell: (alert) => (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {alert.mismatches.map((check) => (
                    <li key={check}>
                      <strong>{t(`payments.alerts.check.${check}`)}</strong>{' '}
                      {t('payments.alerts.differs', {
                        expected: term(check, alert.expected, t('payments.alerts.unknownReference')),
                        reported: term(check, alert.reported, ''),
                      })}
                    </li>
                  ))}
                </Box>
              ),
            },
            { header: t('payments.alerts.columns.status'), cell: (alert) => (alert.status ? t(`payments.alerts.status.${alert.status}`) : '') },
          ]}
        />
      ) : null}
    </Box>
  );
}
