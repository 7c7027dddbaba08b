import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { RequestCounter, RequestStatus } from '@portal/contract/rules';
import { isoToDmy } from '@portal/contract/rules';
import { FilterBar, FilterSelect, ListPager } from '../../components/list-page';
import { OfficeTable } from '../../components/office-table';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { SearchField } from '../../components/search-field';
import { errorKey } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { labelled, statusOptions } from './request-labels';
import { requestFiltersFrom, useMyRequests, useRequestCategories, useRequestStats } from './requests-api';
import { RequestStatusChip } from './status-chip';

/** The chart comes in its own chunk (the charts library is large), once the counters are there. */
const RequestsChart = lazy(() => import('./requests-chart'));

/** The counters in the order shown, and the one status each filters the list by (none: it counts several). */
const COUNTERS: readonly { key: 'totalDone' | RequestCounter; status: RequestStatus | '' | null }[] = [
  { key: 'totalDone', status: '' },
  { key: 'totalRegistered', status: 'REGISTERED' },
  { key: 'totalProcessing', status: 'PROCESSING' },
  { key: 'totalValidated', status: null },
  { key: 'totalRejected', status: null },
  { key: 'totalClose', status: 'CLOSED' },
];

function CounterCard({ label, value, to, current }: { label: string; value: number; to: { search: string } | null; current: boolean }) {
  const body = (
    <>
      <Typography component="span" variant="h4" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {label}
      </Typography>
    </>
  );
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', borderColor: current ? 'primary.main' : 'divider', borderWidth: current ? 2 : 1 }}>
      {to === null ? (
        <Box sx={{ p: 1.5 }}>{body}</Box>
      ) : (
        <CardActionArea component={RouterLink} to={to} aria-current={current ? 'true' : undefined} sx={{ p: 1.5, height: '100%' }}>
          {body}
        </CardActionArea>
      )}
    </Paper>
  );
}

/** The counters (each a link to the list filtered by its status, when it counts one), the monthly average and the chart. */
function Statistics({ person, status }: { person: number; status: string }) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const stats = useRequestStats(person);
  const linkTo = (next: string) => {
    const params = new URLSearchParams(search);
    if (next) params.set('status', next);
    else params.delete('status');
    params.delete('page');
    const query = params.toString();
    return { search: query ? `?${query}` : '' };
  };
  if (stats.isError) {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        {t(errorKey(stats.error))}
      </Alert>
    );
  }
  const data = stats.data;
  const average = data
    ? new Intl.NumberFormat(i18n.language.startsWith('fr') ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 1 }).format(data.monthlyAverage)
    : '';
  return (
    <Box component="section" aria-label={t('requests.list.statistics')} sx={{ mb: 3 }}>
      <Box
        component="ul"
        aria-label={t('requests.list.counters')}
        sx={{ p: 0, m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' }, gap: 1.5 }}
      >
        {COUNTERS.map(({ key, status: filter }) =>
          data ? (
            <CounterCard
              key={key}
              label={t(`requests.counters.${key}`)}
              value={data[key]}
              to={filter === null ? null : linkTo(filter)}
              current={filter !== null && filter === status}
            />
          ) : (
            <Skeleton key={key} component="li" variant="rounded" height={72} sx={{ listStyle: 'none' }} />
          ),
        )}
      </Box>
      {data ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('requests.list.monthlyAverage', { value: average })}
          </Typography>
          <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
            <RequestsChart monthly={data.monthly} />
          </Suspense>
        </Paper>
      ) : null}
    </Box>
  );
}

function NewRequestButton({ children }: { children: ReactNode }) {
  return (
    <Button component={RouterLink} to="/requests/new" variant="contained" startIcon={<AddOutlined />}>
      {children}
    </Button>
  );
}

/** `/requests`: the lecturer's counters and monthly figures, then their requests with search, filters and pages. */
export default function RequestsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const from = location.search;
  const { user } = useSession();
  const { filters, update } = useUrlFilters(requestFiltersFrom);
  const list = useMyRequests(filters);
  const categories = useRequestCategories();
  const subcategories = (categories.data ?? []).flatMap((category) => category.sousCategories);
  const filtered = filters.status !== '' || filters.subcategory !== '' || filters.search !== '';
  const data = list.data;

  return (
    <Page title={t('requests.list.title')} maxWidth="lg" intro={t('requests.list.intro')}>
      <Box sx={{ mb: 3 }}>
        <NewRequestButton>{t('requests.list.new')}</NewRequestButton>
      </Box>
      {user ? <Statistics person={user.id} status={filters.status} /> : null}
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('requests.list.heading')}
      </Typography>
      <FilterBar label={t('requests.list.filters')}>
        <SearchField
          id="requests-search"
          label={t('requests.list.search')}
          helperText={t('requests.list.searchHelp')}
          value={filters.search}
          onSearch={(search) => update({ search })}
          sx={{ flex: '2 1 240px' }}
        />
        <FilterSelect
          id="requests-status"
          label={t('requests.list.status')}
          all={t('requests.list.all')}
          displayEmpty
          value={filters.status}
          options={statusOptions(t)}
          onChange={(status) => update({ status })}
          sx={{ flex: '1 1 180px' }}
        />
        <FilterSelect
          id="requests-subcategory"
          label={t('requests.field.subcategory')}
          all={t('requests.list.all')}
          displayEmpty
          value={subcategories.some((sub) => sub.id === filters.subcategory) ? String(filters.subcategory) : ''}
          options={subcategories.map((sub) => ({ value: String(sub.id), label: labelled(sub, i18n.language) }))}
          onChange={(subcategory) => update({ subcategory })}
          sx={{ flex: '1 1 220px' }}
        />
      </FilterBar>
      <LoadStatus error={list.error} loading={list.isPending} />
      {data ? (
        <OfficeTable
          label={t('requests.list.heading')}
          rows={data.rows}
          rowKey={(row) => row.id}
          empty={filtered ? t('requests.list.noMatch') : t('requests.list.empty')}
          fetching={list.isFetching}
          footer={
            <ListPager
              data={{ total: data.total, count: Math.max(1, Math.ceil(data.total / data.pageSize)) }}
              paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
            />
          }
          rowProps={(row) => ({ onClick: () => navigate(`/requests/${row.id}`, { state: { from } }), sx: { cursor: 'pointer' } })}
          columns={[
            {
              header: t('requests.list.columns.REQUEST_ID'),
              sx: { whiteSpace: 'nowrap' },
              cell: (row) => (
                <Link component={RouterLink} to={`/requests/${row.id}`} state={{ from }} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 600 }}>
                  {row.REQUEST_ID}
                </Link>
              ),
            },
            { header: t('requests.list.columns.REQUEST_OBJECT'), cell: (row) => row.REQUEST_OBJECT },
            { header: t('requests.list.columns.status'), cell: (row) => <RequestStatusChip status={row.REQUEST_STATUS} /> },
            { header: t('requests.list.columns.subcategory'), cell: (row) => labelled(row.subcategory, i18n.language) },
            { header: t('requests.list.columns.CLASS_ID'), cell: (row) => row.className ?? '—' },
            {
              header: t('requests.list.columns.REQUEST_PBLM_DATE'),
              sx: { whiteSpace: 'nowrap' },
              cell: (row) => (row.REQUEST_PBLM_DATE ? isoToDmy(row.REQUEST_PBLM_DATE) : '—'),
            },
            { header: t('requests.list.columns.filedAt'), sx: { whiteSpace: 'nowrap' }, cell: (row) => formatDay(row.filedAt) },
            { header: t('requests.list.columns.stage'), cell: (row) => t(`requests.stage.${row.stage}`) },
          ]}
        />
      ) : null}
    </Page>
  );
}
