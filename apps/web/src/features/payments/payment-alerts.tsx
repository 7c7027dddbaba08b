import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PaymentAlert, PaymentCallbackCheck } from '@portal/contract';
import { formatAmount } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/empty-row';
import { LoadStatus } from '../../components/load-status';
import { formatMoment } from '../../lib/format';
import { usePaymentAlerts } from './payments-api';

const COLUMNS = ['at', 'order', 'candidate', 'differs', 'status'] as const;

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
        <Paper variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 760 }} aria-labelledby="payment-alerts-title">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`payments.alerts.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {alerts.data.map((alert) => (
                  <TableRow key={alert.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(alert.at)}</TableCell>
                    <TableCell>{alert.orderNumber}</TableCell>
                    <TableCell>{alert.candidateNumber ?? ''}</TableCell>
                    <TableCell>
                      <Box component="ul" sx={{ m: 0, pl: 2 }}>
                        {alert.mismatches.map((check) => (
                          <li key={check}>
                            <strong>{t(`payments.alerts.check.${check}`)}</strong>{' '}
                            {t('payments.alerts.differs', { expected: term(check, alert.expected, t('payments.alerts.unknownReference')), reported: term(check, alert.reported, '') })}
                          </li>
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell>{alert.status ? t(`payments.alerts.status.${alert.status}`) : ''}</TableCell>
                  </TableRow>
                ))}
                {alerts.data.length === 0 ? <EmptyRow columns={COLUMNS.length} text={t('payments.alerts.empty')} /> : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ) : null}
    </Box>
  );
}
