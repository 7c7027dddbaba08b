import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { REQUEST_STAGES } from '@portal/contract/rules';
import { FilterSelect, ListPage } from '../../components/list-page';
import { SearchField } from '../../components/search-field';
import { formatMoment } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { inboxFiltersFrom, isRequestsAdmin, useInbox, useRequestConfig, useRequestKinds } from './office-api';
import { audienceOptions, AuthorCell, DeadlineCell, subcategoryOptions, unitOptions } from './office-parts';
import { labelled, statusOptions } from './request-labels';
import { RequestStatusChip } from './status-chip';

/** The stages a unit works through (a finished request is only in the history). */
const STAGES = REQUEST_STAGES;

/** A unit's requests: those it holds now (or held before), by stage, status, sub-category, staff's or students' and text; administrators see every unit's. */
export default function OfficeInboxPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { user } = useSession();
  const admin = isRequestsAdmin(user);
  const { filters, update } = useUrlFilters(inboxFiltersFrom);
  const list = useInbox(filters);
  const kinds = useRequestKinds(admin);
  const config = useRequestConfig(admin);
  const select = (name: 'scope' | 'stage' | 'status' | 'subcategory' | 'unit' | 'audience', options: { value: string; label: string }[], all?: string) => (
    <FilterSelect
      id={`requests-inbox-${name}`}
      label={t(`requestsOffice.inbox.filters.${name}`)}
      all={all}
      displayEmpty={all !== undefined}
      value={String(filters[name])}
      options={options}
      onChange={(value) => update({ [name]: value })}
      sx={{ flex: '1 1 180px' }}
    />
  );
  const everything = t('requestsOffice.inbox.filters.all');

  return (
    <ListPage
      title={t('requestsOffice.inbox.title')}
      intro={t(admin ? 'requestsOffice.inbox.introAdmin' : 'requestsOffice.inbox.intro')}
      filtersLabel={t('requestsOffice.inbox.filtersLabel')}
      filters={
        <>
          <SearchField
            id="requests-inbox-search"
            label={t('requestsOffice.inbox.search')}
            helperText={t('requestsOffice.inbox.searchHelp')}
            value={filters.search}
            onSearch={(search) => update({ search })}
            sx={{ flex: '2 1 260px' }}
          />
          {select('scope', [
            { value: 'held', label: t('requestsOffice.inbox.scope.held') },
            { value: 'history', label: t('requestsOffice.inbox.scope.history') },
          ])}
          {select(
            'stage',
            STAGES.map((stage) => ({ value: stage, label: t(`requests.stage.${stage}`) })),
            everything,
          )}
          {select('status', statusOptions(t), everything)}
          {select('subcategory', subcategoryOptions(kinds, i18n.language), everything)}
          {select('audience', audienceOptions(t), everything)}
          {admin ? select('unit', unitOptions(config.data?.units ?? [], i18n.language), t('requestsOffice.inbox.filters.allUnits')) : null}
        </>
      }
      query={list}
      paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
      table={{
        columns: [
          {
            header: t('requestsOffice.inbox.columns.reference'),
            cell: (row) => (
              <>
                <Link component={RouterLink} to={`/office/requests/${row.id}`} state={{ from: location.search }} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {row.REQUEST_ID}
                </Link>
                <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {row.REQUEST_OBJECT}
                </Typography>
              </>
            ),
          },
          {
            header: t('requestsOffice.inbox.columns.lecturer'),
            cell: (row) => <AuthorCell author={row.author} audience={row.audience} className={row.className} />,
          },
          { header: t('requestsOffice.inbox.columns.subcategory'), cell: (row) => labelled(row.subcategory, i18n.language) },
          { header: t('requestsOffice.inbox.columns.status'), cell: (row) => <RequestStatusChip status={row.REQUEST_STATUS} /> },
          {
            header: t('requestsOffice.inbox.columns.stage'),
            cell: (row) => (
              <>
                {t(`requests.stage.${row.stage}`)}
                {row.unit ? (
                  <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                    {labelled(row.unit, i18n.language)}
                  </Box>
                ) : null}
              </>
            ),
          },
          { header: t('requestsOffice.inbox.columns.filedAt'), sx: { whiteSpace: 'nowrap' }, cell: (row) => formatMoment(row.filedAt) },
          { header: t('requestsOffice.inbox.columns.deadline'), sx: { whiteSpace: 'nowrap' }, cell: (row) => <DeadlineCell row={row} /> },
        ],
        rowKey: (row) => row.id,
        empty: t(filters.scope === 'held' ? 'requestsOffice.inbox.empty' : 'requestsOffice.inbox.emptyHistory'),
      }}
    />
  );
}
