import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { PaymentNetwork } from '@portal/contract';
import { formatFcfa } from '@portal/contract/rules';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { Page } from '../../components/page';
import { ratePercent } from './fee-steps';
import { PaymentAlerts } from './payment-alerts';
import { useAllNetworks } from './payments-api';

// The form (the contract's schema, Zod) loads when it is first opened.
const NetworkDialog = lazy(() => import('./network-dialog'));

/** A network's colour as a small swatch beside its name. */
function Swatch({ color }: { color: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: '50%',
        mr: 1,
        bgcolor: color ?? 'grey.400',
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
      }}
    />
  );
}

/** The fee schedule, one step a line: up to an amount (or above the last), a fixed part and a rate. */
function FeeSchedule({ network }: { network: PaymentNetwork }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {network.feeSchedule.map((step, index) => {
        const fee = { fixed: formatFcfa(step.fixed), rate: ratePercent(step.rateBp, i18n.language) };
        return (
          <li key={index}>
            {step.upTo === null ? t('payments.networks.stepAbove', fee) : t('payments.networks.stepUpTo', { ...fee, amount: formatFcfa(step.upTo) })}
          </li>
        );
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
        <OfficeTable
          label={t('payments.networks.title')}
          minWidth={900}
          rows={networks.data}
          rowKey={(network) => network.code}
          empty={t('payments.networks.empty')}
          columns={[
            {
              header: t('payments.networks.columns.name'),
              sx: { fontWeight: 600 },
              cell: (network) => (
                <>
                  <Swatch color={network.color} />
                  {network.name}
                </>
              ),
            },
            { header: t('payments.networks.columns.code'), cell: (network) => network.code },
            {
              header: t('payments.networks.columns.limits'),
              sx: { whiteSpace: 'nowrap' },
              cell: (network) => t('payments.networks.limits', { min: formatFcfa(network.minAmount), max: formatFcfa(network.maxAmount) }),
            },
            {
              header: t('payments.networks.columns.prefixes'),
              cell: (network) => (network.prefixes.length > 0 ? network.prefixes.join(', ') : t('payments.networks.anyPrefix')),
            },
            { header: t('payments.networks.columns.fees'), cell: (network) => <FeeSchedule network={network} /> },
            { header: t('payments.networks.columns.ussd'), cell: (network) => network.ussdCode ?? '' },
            {
              header: t('payments.networks.columns.state'),
              cell: (network) => (
                <Chip
                  size="small"
                  color={network.active ? 'success' : 'default'}
                  variant={network.active ? 'filled' : 'outlined'}
                  label={t(network.active ? 'payments.networks.active' : 'payments.networks.inactive')}
                />
              ),
            },
            {
              header: t('payments.networks.columns.actions'),
              align: 'right',
              cell: (network) => (
                <Button size="small" onClick={() => setEditing(network)} aria-label={t('payments.networks.editNamed', { name: network.name })}>
                  {t('payments.networks.edit')}
                </Button>
              ),
            },
          ]}
        />
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
