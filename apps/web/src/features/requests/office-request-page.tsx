import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { RequestDetail } from '@portal/contract';
import { RecordPage } from '../../components/record-page';
import { positiveParam } from '../../lib/url-filters';
import { officeKeys, useOfficeRequest } from './office-api';
import { RequestDetailView } from './request-detail-view';

// The action dialogs (and the contract's schemas they validate with) load when one is first opened.
const loadDialogs = () => import('./office-action-dialogs');
const SignatureDialog = lazy(() => loadDialogs().then((module) => ({ default: module.SignatureDialog })));
const RejectionDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RejectionDialog })));
const DecisionDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DecisionDialog })));

type Open = 'sign' | 'reject' | 'decide' | null;

/** What the unit may do on the request now, from the server's `actions`; nothing when it may do nothing. */
function ActionsPanel({ request, onChanged }: { request: RequestDetail; onChanged: (code: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const { sign, reject, decisions } = request.actions;
  const any = sign || reject || decisions.length > 0;
  const close = () => setOpen(null);
  return (
    <Paper component="section" variant="outlined" aria-label={t('requestsOffice.request.actions')} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('requestsOffice.request.actions')}
      </Typography>
      {any ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {sign ? (
            <Button variant="contained" startIcon={<DrawOutlined />} onClick={() => setOpen('sign')}>
              {t('requestsOffice.sign.button')}
            </Button>
          ) : null}
          {decisions.length > 0 ? (
            <Button variant="contained" startIcon={<GavelOutlined />} onClick={() => setOpen('decide')}>
              {t('requestsOffice.decide.button')}
            </Button>
          ) : null}
          {reject ? (
            <Button variant="outlined" color="error" startIcon={<BlockOutlined />} onClick={() => setOpen('reject')}>
              {t('requestsOffice.reject.button')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`requestsOffice.request.nothing.${request.stage}`)}
        </Typography>
      )}
      <Suspense fallback={null}>
        {open === 'sign' ? <SignatureDialog request={request} onChanged={onChanged} onClose={close} /> : null}
        {open === 'reject' ? <RejectionDialog request={request} onChanged={onChanged} onClose={close} /> : null}
        {open === 'decide' ? <DecisionDialog request={request} onChanged={onChanged} onClose={close} /> : null}
      </Suspense>
    </Paper>
  );
}

/** A request as a unit processes it: every field, its steps, and the signature, rejection or decision the unit may take. */
export default function OfficeRequestPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = positiveParam(useParams().id ?? null, 0);
  const query = useOfficeRequest(id);
  const [changed, setChanged] = useState<string | null>(null);
  const request = query.data;
  /** Someone else processed it in the meantime (409 REQUEST_CHANGED): say so and show where it stands now. */
  const onChanged = (code: string) => {
    setChanged(code);
    void queryClient.invalidateQueries({ queryKey: officeKeys.request(id) });
    void queryClient.invalidateQueries({ queryKey: officeKeys.inboxes });
  };
  return (
    <RecordPage
      title={request ? t('requestsOffice.request.title', { reference: request.REQUEST_ID }) : t('requestsOffice.request.titleLoading')}
      list="/office/requests"
      backLabel={t('requestsOffice.request.back')}
      valid={id > 0}
      query={query}
    >
      {request ? (
        <Stack spacing={2}>
          {changed ? (
            <Alert severity="warning" role="alert" onClose={() => setChanged(null)}>
              {t(`errors.${changed}`)}
            </Alert>
          ) : null}
          <RequestDetailView request={request} actions={<ActionsPanel request={request} onChanged={onChanged} />} />
        </Stack>
      ) : null}
    </RecordPage>
  );
}
