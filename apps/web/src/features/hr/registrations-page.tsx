import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { STAFF_STATUSES as CATEGORIES } from '@portal/contract/rules';
import { FilterSelect, ListPage } from '../../components/list-page';
import { SearchField } from '../../components/search-field';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { formatDay } from '../../lib/format';
import { missingLabel } from './labels';
import { StateChip } from './state-chip';
import { exportUrl, filtersFrom, useRegistrations } from './hr-api';

function MissingCell({ missing }: { missing: string[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return <Chip size="small" color="success" variant="outlined" label={t('hr.list.complete')} />;
  const title = (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {missing.map((field) => (
        <li key={field}>{missingLabel(t, field)}</li>
      ))}
    </Box>
  );
  return (
    <Tooltip title={title} enterTouchDelay={0} leaveTouchDelay={6000} describeChild>
      <Chip
        size="small"
        color="warning"
        label={missing.length}
        aria-label={t('common.labelValue', { label: t('hr.list.columns.missing'), value: missing.length })}
        tabIndex={0}
      />
    </Tooltip>
  );
}

export default function RegistrationsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { filters, update } = useUrlFilters(filtersFrom);
  const list = useRegistrations(filters);
  const filterSelect = (name: 'status' | 'closed' | 'missing', options: { value: string; label: string }[]) => (
    <FilterSelect
      id={`hr-filter-${name}`}
      label={t(`hr.list.filters.${name}`)}
      all={t('hr.list.filters.all')}
      value={filters[name]}
      options={options}
      onChange={(value) => update({ [name]: value })}
      sx={{ flex: '1 1 180px' }}
    />
  );

  return (
    <ListPage
      title={t('hr.list.title')}
      intro={t('hr.list.intro')}
      filtersLabel={t('hr.list.filtersLabel')}
      filters={
        <>
          <SearchField
            id="hr-search"
            label={t('hr.list.search')}
            helperText={t('hr.list.searchHelp')}
            value={filters.search}
            onSearch={(search) => update({ search })}
            sx={{ flex: '2 1 260px' }}
          />
          {filterSelect(
            'status',
            CATEGORIES.map((status) => ({ value: status, label: t(`person.status.${status}`) })),
          )}
          {filterSelect('closed', [
            { value: 'yes', label: t('hr.state.closed') },
            { value: 'no', label: t('hr.state.open') },
          ])}
          {filterSelect('missing', [
            { value: 'no', label: t('hr.list.complete') },
            { value: 'yes', label: t('hr.list.incomplete') },
          ])}
          <Button component="a" href={exportUrl(filters)} download variant="outlined" startIcon={<DownloadOutlined />} sx={{ flex: '0 0 auto', mt: '1px' }}>
            {t('hr.list.export')}
          </Button>
        </>
      }
      query={list}
      paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
      table={{
        columns: [
          { header: t('hr.list.columns.matricule'), sx: { whiteSpace: 'nowrap' }, cell: (row) => row.MATRICULE },
          {
            header: t('hr.list.columns.name'),
            cell: (row) => (
              <Link component={RouterLink} to={`/hr/registrations/${row.id}`} state={{ from: location.search }} sx={{ fontWeight: 600 }}>
                {`${row.LASTNAME} ${row.FIRSTNAME}`}
              </Link>
            ),
          },
          { header: t('hr.list.columns.category'), cell: (row) => (row.STATUS ? t(`person.status.${row.STATUS}`) : '—') },
          { header: t('hr.list.columns.state'), cell: (row) => <StateChip closed={row.ACTIVED} /> },
          { header: t('hr.list.columns.missing'), cell: (row) => <MissingCell missing={row.missing} /> },
          { header: t('hr.list.columns.updatedAt'), sx: { whiteSpace: 'nowrap' }, cell: (row) => formatDay(row.updatedAt) },
        ],
        rowKey: (row) => row.id,
        empty: t('hr.list.empty'),
      }}
    />
  );
}
