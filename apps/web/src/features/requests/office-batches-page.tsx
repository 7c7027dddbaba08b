import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { EligibleRequest, RequestUnit } from '@portal/contract';
import { FilterSelect, ListPager } from '../../components/list-page';
import { OfficeTable } from '../../components/office-table';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { errorKey, isApiError } from '../../lib/api';
import { formatMoment } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LIST_PAGE_SIZES, listParams, positiveParam } from '../../lib/url-filters';
import { applyBatch, createBatch, isRequestsAdmin, useBatches, useEligible, useRequestConfig, type BatchDirection } from './office-api';
import type { BatchRole } from './office-batch-dialog';
import { AuthorCell, BatchStatusChip, unitName, unitOptions } from './office-parts';
import { labelled } from './request-labels';
import { RequestStatusChip } from './status-chip';

// A batch's detail (its requests and actions) loads when one is first opened.
const BatchDialog = lazy(() => import('./office-batch-dialog'));

const MEMBER_TABS = ['toSend', 'outgoing', 'incoming'] as const;
const ADMIN_TABS = ['toSend', 'all'] as const;
type TabName = (typeof MEMBER_TABS)[number] | (typeof ADMIN_TABS)[number];
const DIRECTIONS: Record<Exclude<TabName, 'toSend'>, BatchDirection> = { outgoing: 'OUT', incoming: 'IN', all: 'ALL' };
const ROLES: Record<TabName, BatchRole> = { toSend: 'sender', outgoing: 'sender', incoming: 'destination', all: 'admin' };

interface Group {
  unit: RequestUnit;
  requests: EligibleRequest[];
}

/** The requests ready to send, by the unit they may go to (a request that may go to two units is in both groups). */
export function groupByDestination(requests: readonly EligibleRequest[]): Group[] {
  const groups = new Map<number, Group>();
  for (const request of requests) {
    for (const unit of request.destinations) {
      const group = groups.get(unit.id) ?? { unit, requests: [] };
      group.requests.push(request);
      groups.set(unit.id, group);
    }
  }
  return [...groups.values()].sort((a, b) => a.unit.code.localeCompare(b.unit.code));
}

/** One destination: its requests with boxes to tick, and the buttons that prepare (and send) a batch of those ticked. */
function DestinationGroup({ group, fromUnit, onCreated }: { group: Group; fromUnit: number | ''; onCreated: (batchId: number) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [refused, setRefused] = useState<{ key: string; references: string[] } | null>(null);
  const ids = group.requests.map((request) => request.id);
  const picked = ids.filter((id) => chosen.has(id));
  const destination = labelled(group.unit, language);
  const mutation = useMutation({
    mutationFn: (send: boolean) =>
      createBatch({ TO_UNIT_ID: group.unit.id, REQUEST_IDS: picked, SEND: send, ...(fromUnit === '' ? {} : { FROM_UNIT_ID: fromUnit }) }),
    onSuccess: async (batch, send) => {
      setChosen(new Set());
      await applyBatch(queryClient, batch);
      notify(send ? 'requestsOffice.batches.sent' : 'requestsOffice.batches.prepared', 'success', { reference: batch.reference });
      onCreated(batch.id);
    },
    onError: async (error) => {
      setRefused({ key: errorKey(error), references: isApiError(error) ? error.columns : [] });
      if (isApiError(error) && error.status === 409) {
        setChosen(new Set());
        await applyBatch(queryClient, null);
      }
    },
  });
  const prepare = (send: boolean) => {
    setRefused(null);
    mutation.mutate(send);
  };
  return (
    <Paper component="section" variant="outlined" aria-label={t('requestsOffice.batches.to', { unit: destination })} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('requestsOffice.batches.to', { unit: unitName(group.unit, language) })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('requestsOffice.batches.chosen', { count: picked.length, total: ids.length })}
        </Typography>
      </Stack>
      <OfficeTable
        bare
        label={t('requestsOffice.batches.to', { unit: destination })}
        minWidth={640}
        rows={group.requests}
        rowKey={(request) => request.id}
        empty=""
        rowProps={(request) => ({ selected: chosen.has(request.id) })}
        choice={{
          chosen: picked,
          onChosen: (next) => setChosen(new Set(next)),
          id: (request) => request.id,
          label: (request) => t('requestsOffice.batches.choose', { reference: request.REQUEST_ID }),
          allLabel: t('requestsOffice.batches.chooseAll', { unit: destination }),
        }}
        columns={[
          { header: t('requestsOffice.batches.columns.reference'), sx: { whiteSpace: 'nowrap', fontWeight: 600 }, cell: (request) => request.REQUEST_ID },
          {
            header: t('requestsOffice.batches.columns.lecturer'),
            cell: (request) => <AuthorCell author={request.author} audience={request.audience} className={request.className} />,
          },
          { header: t('requestsOffice.batches.columns.subcategory'), cell: (request) => labelled(request.subcategory, language) },
          { header: t('requestsOffice.batches.columns.status'), cell: (request) => <RequestStatusChip status={request.REQUEST_STATUS} /> },
          {
            header: t('requestsOffice.batches.columns.signedAt'),
            sx: { whiteSpace: 'nowrap' },
            cell: (request) => (request.audience === 'STUDENT' ? t('requestsOffice.inbox.noSignature') : formatMoment(request.signedAt)),
          },
        ]}
      />
      {refused ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(refused.key)}
          {refused.references.length > 0 ? ` ${t('requestsOffice.batches.refused', { references: refused.references.join(', ') })}` : ''}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button variant="outlined" disabled={picked.length === 0 || mutation.isPending} onClick={() => prepare(false)}>
          {t('requestsOffice.batches.prepare')}
        </Button>
        <Button variant="contained" startIcon={<SendOutlined />} disabled={picked.length === 0 || mutation.isPending} onClick={() => prepare(true)}>
          {t('requestsOffice.batches.prepareAndSend')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The requests the unit may send now, grouped by destination. */
function ToSend({ fromUnit, admin, onCreated }: { fromUnit: number | ''; admin: boolean; onCreated: (batchId: number) => void }) {
  const { t } = useTranslation();
  const needsUnit = admin && fromUnit === '';
  const eligible = useEligible(fromUnit, !needsUnit);
  if (needsUnit) return <Alert severity="info">{t('requestsOffice.batches.chooseUnitFirst')}</Alert>;
  const groups = eligible.data ? groupByDestination(eligible.data) : [];
  return (
    <>
      <LoadStatus error={eligible.error} loading={eligible.isPending} />
      {eligible.data && groups.length === 0 ? <Alert severity="info">{t('requestsOffice.batches.nothingToSend')}</Alert> : null}
      <Stack spacing={2}>
        {groups.map((group) => (
          <DestinationGroup key={`${fromUnit}-${group.unit.id}`} group={group} fromUnit={fromUnit} onCreated={onCreated} />
        ))}
      </Stack>
    </>
  );
}

/** The batches sent, received or (administrators) all, a page at a time; each opens its detail. */
function BatchList({
  direction,
  params,
  onPage,
  onOpen,
}: {
  direction: BatchDirection;
  params: URLSearchParams;
  onPage: (changes: { page: number } | { pageSize: number }) => void;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = listParams(params);
  const list = useBatches({ direction, status: '', page, pageSize });
  const title = t(`requestsOffice.batches.tabs.${direction === 'OUT' ? 'outgoing' : direction === 'IN' ? 'incoming' : 'all'}`);
  return (
    <>
      <LoadStatus error={list.error} loading={list.isPending} />
      {list.data ? (
        <OfficeTable
          label={title}
          rows={list.data.rows}
          rowKey={(batch) => batch.id}
          empty={t('requestsOffice.batches.empty')}
          fetching={list.isFetching}
          footer={<ListPager data={list.data} paging={{ page, pageSize, pageSizes: LIST_PAGE_SIZES, update: onPage }} />}
          columns={[
            {
              header: t('requestsOffice.batches.columns.reference'),
              cell: (batch) => (
                <Link component="button" type="button" onClick={() => onOpen(batch.id)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {batch.reference}
                </Link>
              ),
            },
            { header: t('requestsOffice.batches.columns.from'), cell: (batch) => labelled(batch.from, i18n.language) },
            { header: t('requestsOffice.batches.columns.to'), cell: (batch) => labelled(batch.to, i18n.language) },
            { header: t('requestsOffice.batches.columns.status'), cell: (batch) => <BatchStatusChip status={batch.status} /> },
            { header: t('requestsOffice.batches.columns.count'), align: 'right', headerAlign: 'left', cell: (batch) => batch.count },
            { header: t('requestsOffice.batches.columns.createdAt'), sx: { whiteSpace: 'nowrap' }, cell: (batch) => formatMoment(batch.createdAt) },
            { header: t('requestsOffice.batches.columns.sentAt'), sx: { whiteSpace: 'nowrap' }, cell: (batch) => formatMoment(batch.sentAt) || '—' },
            { header: t('requestsOffice.batches.columns.receivedAt'), sx: { whiteSpace: 'nowrap' }, cell: (batch) => formatMoment(batch.receivedAt) || '—' },
          ]}
        />
      ) : null}
    </>
  );
}

/** Transmittal batches: the requests to send by destination, the batches sent and those received, each with its slip. */
export default function OfficeBatchesPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const admin = isRequestsAdmin(user);
  const config = useRequestConfig(admin);
  const [params, setParams] = useSearchParams();
  const tabs: readonly TabName[] = admin ? ADMIN_TABS : MEMBER_TABS;
  const asked = params.get('tab');
  const tab: TabName = tabs.includes(asked as TabName) ? (asked as TabName) : 'toSend';
  const fromParam = positiveParam(params.get('from'), 0);
  const fromUnit: number | '' = admin && fromParam > 0 ? fromParam : '';
  const opened = positiveParam(params.get('batch'), 0);
  const change = (changes: Record<string, string | number | null>, keepPage = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <Page title={t('requestsOffice.batches.title')} maxWidth="lg" intro={t(admin ? 'requestsOffice.batches.introAdmin' : 'requestsOffice.batches.intro')}>
      {admin ? (
        <Box role="search" aria-label={t('requestsOffice.batches.unitLabel')} sx={{ mb: 2 }}>
          <FilterSelect
            id="requests-batches-from"
            label={t('requestsOffice.batches.fromUnit')}
            all={t('requestsOffice.batches.noUnit')}
            displayEmpty
            value={String(fromUnit)}
            options={unitOptions(config.data?.units ?? [], i18n.language)}
            onChange={(value) => change({ from: value })}
            sx={{ minWidth: 260, maxWidth: '100%' }}
          />
        </Box>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => change({ tab: value === 'toSend' ? null : value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('requestsOffice.batches.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`requestsOffice.batches.tabs.${name}`)}
            id={`requests-batches-tab-${name}`}
            aria-controls={`requests-batches-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`requests-batches-panel-${tab}`} aria-labelledby={`requests-batches-tab-${tab}`}>
        {tab === 'toSend' ? (
          <ToSend fromUnit={fromUnit} admin={admin} onCreated={(id) => change({ batch: id }, true)} />
        ) : (
          <BatchList
            direction={DIRECTIONS[tab]}
            params={params}
            onPage={(changes) => change(changes, 'page' in changes)}
            onOpen={(id) => change({ batch: id }, true)}
          />
        )}
      </Box>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <BatchDialog id={opened} role={admin ? 'admin' : ROLES[tab]} onClose={() => change({ batch: null }, true)} />
        </Suspense>
      ) : null}
    </Page>
  );
}
