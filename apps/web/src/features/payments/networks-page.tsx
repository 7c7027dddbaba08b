import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PaymentNetwork } from '@portal/contract';
import { formatFcfa } from '@portal/contract/rules';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/empty-row';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { ratePercent } from './fee-steps';
import { PaymentAlerts } from './payment-alerts';
import { useAllNetworks } from './payments-api';

// The form (the contract's schema, Zod) loads when it is first opened.
const NetworkDialog = lazy(() => import('./network-dialog'));

const COLUMNS = ['name', 'code', 'limits', 'prefixes', 'fees', 'ussd', 'state', 'actions'] as const;

/** A network's colour as a small swatch beside its name. */
function Swatch({ color }: { color: string | null }) {
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', mr: 1, bgcolor: color ?? 'grey.400', border: 1, borderColor: 'divider', verticalAlign: 'middle' }} />;
}

/** The fee schedule, one step a line: up to an amount (or above the last), a fixed part and a rate. */
function FeeSchedule({ network }: { network: PaymentNetwork }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {network.feeSchedule.map((step, index) => {
        const fee = { fixed: formatFcfa(step.fixed), rate: ratePercent(step.rateBp, i18n.language) };
        return <li key={index}>{step.upTo === null ? t('payments.networks.stepAbove', fee) : t('payments.networks.stepUpTo', { ...fee, amount: formatFcfa(step.upTo) })}</li>;
      })}
    </Box>
  );
}

/** `/admin/payment-networks`: the mobile-money networks candidates pay with, created and changed in a dialog, and the providers' refused callbacks (administrators). */
export default function NetworksPage() {
  const { t } = useTranslation();
  const networks = useAllNetworks();
  const [editing, setEditing] = useState<PaymentNetwork | 'new' | null>(null);

  return (
    <Page
      title={t('payments.networks.title')}
      maxWidth="lg"
      intro={t('payments.networks.intro')}
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {t('payments.networks.add')}
        </Button>
      }
    >
      <LoadStatus error={networks.error} loading={networks.isPending} />
      {networks.data ? (
        <Paper variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 900 }} aria-label={t('payments.networks.title')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align={column === 'actions' ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`payments.networks.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {networks.data.map((network) => (
                  <TableRow key={network.code} hover>
                    <TableCell sx={{ fontWeight: 600 }}>
                      <Swatch color={network.color} />
                      {network.name}
                    </TableCell>
                    <TableCell>{network.code}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('payments.networks.limits', { min: formatFcfa(network.minAmount), max: formatFcfa(network.maxAmount) })}</TableCell>
                    <TableCell>{network.prefixes.length > 0 ? network.prefixes.join(', ') : t('payments.networks.anyPrefix')}</TableCell>
                    <TableCell>
                      <FeeSchedule network={network} />
                    </TableCell>
                    <TableCell>{network.ussdCode ?? ''}</TableCell>
                    <TableCell>
                      <Chip size="small" color={network.active ? 'success' : 'default'} variant={network.active ? 'filled' : 'outlined'} label={t(network.active ? 'payments.networks.active' : 'payments.networks.inactive')} />
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditing(network)} aria-label={t('payments.networks.editNamed', { name: network.name })}>
                        {t('payments.networks.edit')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
                {networks.data.length === 0 ? <EmptyRow columns={COLUMNS.length} text={t('payments.networks.empty')} /> : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ) : null}
      <PaymentAlerts />
      {editing ? (
        <Suspense fallback={null}>
          <NetworkDialog network={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </Page>
  );
}
