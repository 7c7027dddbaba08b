import CancelOutlined from '@mui/icons-material/CancelOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RequestBatchDetail } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Fact, FactList } from '../../components/fact-list';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { OfficeTable } from '../../components/office-table';
import { errorKey, isApiError } from '../../lib/api';
import { formatMoment } from '../../lib/format';
import { applyBatch, batchAction, officeKeys, slipUrl, useBatch, type BatchAction } from './office-api';
import { AuthorCell, BatchStatusChip, unitName } from './office-parts';
import { labelled } from './request-labels';
import { RequestStatusChip } from './status-chip';

/** Who opens the batch: the unit that sends it, the one it goes to, or an administrator (who may do either's part). */
export type BatchRole = 'sender' | 'destination' | 'admin';

/** What may be done on a batch in its state, by whom: send a prepared one, confirm a sent one's reception, cancel either. */
export function batchActions(batch: Pick<RequestBatchDetail, 'status'>, role: BatchRole): { send: boolean; receive: boolean; cancel: boolean } {
  const sender = role === 'sender' || role === 'admin';
  const destination = role === 'destination' || role === 'admin';
  return {
    send: batch.status === 'DRAFT' && sender,
    receive: batch.status === 'SENT' && destination,
    cancel: (batch.status === 'DRAFT' || batch.status === 'SENT') && sender,
  };
}

function Detail({ batch }: { batch: RequestBatchDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <>
      <FactList sx={{ mb: 2 }}>
        <Fact label={t('requestsOffice.batches.columns.from')}>{unitName(batch.from, language)}</Fact>
        <Fact label={t('requestsOffice.batches.columns.to')}>{unitName(batch.to, language)}</Fact>
        <Fact label={t('requestsOffice.batches.columns.status')}>
          <BatchStatusChip status={batch.status} />
        </Fact>
        <Fact label={t('requestsOffice.batches.columns.createdAt')}>{formatMoment(batch.createdAt)}</Fact>
        {batch.sentAt ? <Fact label={t('requestsOffice.batches.columns.sentAt')}>{formatMoment(batch.sentAt)}</Fact> : null}
        {batch.receivedAt ? <Fact label={t('requestsOffice.batches.columns.receivedAt')}>{formatMoment(batch.receivedAt)}</Fact> : null}
        {batch.cancelledAt ? <Fact label={t('requestsOffice.batches.columns.cancelledAt')}>{formatMoment(batch.cancelledAt)}</Fact> : null}
      </FactList>
      <OfficeTable
        bare
        noHover
        label={t('requestsOffice.batches.requests', { count: batch.requests.length })}
        minWidth={560}
        rows={batch.requests}
        rowKey={(request) => request.id}
        empty=""
        columns={[
          {
            header: t('requestsOffice.batches.columns.reference'),
            sx: { whiteSpace: 'nowrap' },
            cell: (request) => (
              <Link component={RouterLink} to={`/office/requests/${request.id}`} sx={{ fontWeight: 600 }}>
                {request.REQUEST_ID}
              </Link>
            ),
          },
          {
            header: t('requestsOffice.batches.columns.lecturer'),
            cell: (request) => <AuthorCell author={request.author} audience={request.audience} className={request.className} />,
          },
          { header: t('requestsOffice.batches.columns.subcategory'), cell: (request) => labelled(request.subcategory, language) },
          { header: t('requestsOffice.batches.columns.status'), cell: (request) => <RequestStatusChip status={request.REQUEST_STATUS} /> },
        ]}
      />
    </>
  );
}

/** A transmittal batch: where it goes, its requests, its slip, and what the reader may do on it in its state. */
export default function BatchDialog({ id, role, onClose }: { id: number; role: BatchRole; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useBatch(id);
  const batch = query.data;
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** A refused change: its message; a batch that moved on meanwhile (409) is shown as it now stands. */
  const refused = async (error: unknown) => {
    setProblem(errorKey(error));
    if (isApiError(error) && error.status === 409) {
      await queryClient.invalidateQueries({ queryKey: officeKeys.batch(id) });
      await applyBatch(queryClient, null);
    }
  };
  const done = async (answer: RequestBatchDetail, action: BatchAction) => {
    setProblem(null);
    await applyBatch(queryClient, answer);
    notify(`requestsOffice.batch.done.${action}`, 'success', { reference: answer.reference });
  };
  const mutation = useMutation({
    mutationFn: (action: Exclude<BatchAction, 'cancel'>) => batchAction(id, action),
    onSuccess: (answer, action) => done(answer, action),
    onError: refused,
  });
  const can = batch ? batchActions(batch, role) : { send: false, receive: false, cancel: false };
  const busy = mutation.isPending;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{batch ? t('requestsOffice.batch.title', { reference: batch.reference }) : t('requestsOffice.batch.titleLoading')}</DialogTitle>
      <DialogContent>
        <LoadStatus error={query.error} loading={query.isPending} />
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t(problem)}
          </Alert>
        ) : null}
        {batch ? <Detail batch={batch} /> : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {batch ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mr: 'auto' }}>
            <Button variant="outlined" startIcon={<PrintOutlined />} href={slipUrl(batch.id)} target="_blank" rel="noopener">
              {t('requestsOffice.batch.slip')}
            </Button>
            {can.send ? (
              <Button variant="contained" startIcon={<SendOutlined />} disabled={busy} onClick={() => mutation.mutate('send')}>
                {t('requestsOffice.batch.send')}
              </Button>
            ) : null}
            {can.receive ? (
              <Button variant="contained" color="success" startIcon={<MoveToInboxOutlined />} disabled={busy} onClick={() => mutation.mutate('receive')}>
                {t('requestsOffice.batch.receive')}
              </Button>
            ) : null}
            {can.cancel ? (
              <Button variant="outlined" color="error" startIcon={<CancelOutlined />} disabled={busy} onClick={() => setCancelling(true)}>
                {t('requestsOffice.batch.cancel')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
      </DialogActions>
      {cancelling && batch ? (
        <ConfirmDialog
          title={t('requestsOffice.batch.cancelTitle', { reference: batch.reference })}
          text={t('requestsOffice.batch.cancelText', { count: batch.count, unit: labelled(batch.from, i18n.language) })}
          confirmLabel={t('requestsOffice.batch.cancelConfirm')}
          danger
          action={() => batchAction(id, 'cancel')}
          onDone={async (answer) => {
            setCancelling(false);
            await done(answer, 'cancel');
          }}
          onError={(error) => {
            setCancelling(false);
            void refused(error);
          }}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </Dialog>
  );
}
