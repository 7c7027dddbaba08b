import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxCollection } from '@portal/contract';
import { formatFcfa } from '@portal/contract/rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { errorKey } from '../../lib/api';
import { formatMoment } from '../../lib/format';
import { answerCollection, paymentKeys, sandboxPhone, usePaymentSettings, useSandboxCollections } from './payments-api';

/** One collection waiting on the test phone: what is asked, and the payer's two answers. */
function Collection({ collection, phone }: { collection: SandboxCollection; phone: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: 'approve' | 'refuse') => answerCollection(collection.reference, choice),
    onSuccess: async (_, choice) => {
      notify(choice === 'approve' ? 'payments.sandbox.approved' : 'payments.sandbox.refused', choice === 'approve' ? 'success' : 'info');
      await queryClient.invalidateQueries({ queryKey: paymentKeys.collections(phone) });
    },
  });
  const amount = formatFcfa(collection.amount);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      aria-label={t('payments.sandbox.collectionLabel', { amount, reference: collection.reference })}
    >
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {amount}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{collection.description}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('payments.sandbox.details', { network: collection.network, reference: collection.reference, time: formatMoment(collection.createdAt) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button variant="contained" color="success" disabled={answer.isPending} onClick={() => answer.mutate('approve')}>
          {t('payments.sandbox.approve')}
        </Button>
        <Button variant="outlined" color="error" disabled={answer.isPending} onClick={() => answer.mutate('refuse')}>
          {t('payments.sandbox.refuse')}
        </Button>
      </Stack>
      <FormError message={answer.error ? t(errorKey(answer.error)) : null} sx={{ mt: 1 }} />
    </Paper>
  );
}

/** The collections waiting for a phone's answer, looked for again every few seconds. */
function Collections({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const collections = useSandboxCollections(phone);
  const pending = (collections.data ?? []).filter((collection) => collection.status === 'PENDING');
  return (
    <Box component="section" aria-label={t('payments.sandbox.listLabel', { phone })} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('payments.sandbox.listTitle', { phone })}
      </Typography>
      <LoadStatus error={collections.error} loading={collections.isPending} />
      {collections.data && pending.length === 0 ? <Typography color="text.secondary">{t('payments.sandbox.empty')}</Typography> : null}
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {pending.map((collection) => (
          <Collection key={collection.reference} collection={collection} phone={phone} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * `/sandbox/phone`: the phone of the local sandbox provider (development only), where the payer's
 * approval of a collection is given or refused. It stands for the real phone a payer holds; it
 * does not exist where a real provider is configured.
 */
export default function SandboxPhonePage() {
  const { t } = useTranslation();
  const settings = usePaymentSettings();
  const [params, setParams] = useSearchParams();
  const phone = sandboxPhone(params.get('phone') ?? '');
  const [typed, setTyped] = useState(params.get('phone') ?? '');

  const show = (event: FormEvent) => {
    event.preventDefault();
    const next = sandboxPhone(typed);
    setParams(next ? { phone: next } : {}, { replace: true });
  };

  return (
    <Page title={t('payments.sandbox.title')} maxWidth="sm">
      <LoadStatus error={settings.error} loading={settings.isPending} />
      {settings.data && !settings.data.sandbox ? (
        <Alert severity="info" role="status">
          {t('payments.sandbox.unavailable')}
        </Alert>
      ) : null}
      {settings.data?.sandbox ? (
        <>
          <Alert severity="warning" icon={<PhoneAndroidOutlined />} sx={{ mb: 3 }}>
            <AlertTitle>{t('payments.sandbox.testTitle')}</AlertTitle>
            {t('payments.sandbox.testText')}
          </Alert>
          <Box
            component="form"
            noValidate
            onSubmit={show}
            aria-label={t('payments.sandbox.formLabel')}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              id="sandbox-phone"
              label={t('payments.sandbox.phone')}
              helperText={t('payments.sandbox.phoneHelp')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              type="tel"
              sx={{ flex: '1 1 220px' }}
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
            />
            <Button type="submit" variant="contained" sx={{ mt: 1 }}>
              {t('payments.sandbox.show')}
            </Button>
          </Box>
          {phone ? <Collections key={phone} phone={phone} /> : null}
        </>
      ) : null}
    </Page>
  );
}
