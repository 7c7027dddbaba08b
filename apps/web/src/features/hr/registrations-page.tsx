import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { RegistrationRow } from '@portal/contract';
import { ListPagination } from '../../components/list-pagination';
import { ListTable } from '../../components/list-table';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { SearchField } from '../../components/search-field';
import { errorKey } from '../../lib/api';
import { useUrlFilters } from '../../lib/url-filters';
import { formatDay } from '../../lib/format';
import { missingLabel } from './labels';
import { CATEGORIES } from './sections';
import { StateChip } from './state-chip';
import { exportUrl, filtersFrom, PAGE_SIZES, useRegistrations } from './hr-api';

type FilterName = 'status' | 'closed' | 'missing';

function FilterSelect({ name, value, options, onChange }: { name: FilterName; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      id={`hr-filter-${name}`}
      select
      size="small"
      label={t(`hr.list.filters.${name}`)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: '1 1 180px' }}
    >
      <MenuItem value="">{t('hr.list.filters.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

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
      <Chip size="small" color="warning" label={missing.length} aria-label={`${t('hr.list.columns.missing')}: ${missing.length}`} tabIndex={0} />
    </Tooltip>
  );
}

function RegistrationRows({ rows, from }: { rows: RegistrationRow[]; from: string }) {
  const { t } = useTranslation();
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.id} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.MATRICULE}</TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/hr/registrations/${row.id}`} state={{ from }} sx={{ fontWeight: 600 }}>
              {`${row.LASTNAME} ${row.FIRSTNAME}`}
            </Link>
          </TableCell>
          <TableCell>{row.STATUS ? t(`person.status.${row.STATUS}`) : '—'}</TableCell>
          <TableCell>
            <StateChip closed={row.ACTIVED} />
          </TableCell>
          <TableCell>
            <MissingCell missing={row.missing} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.updatedAt)}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}

export default function RegistrationsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { filters, update } = useUrlFilters(filtersFrom);
  const list = useRegistrations(filters);
  const data = list.data;
  const columns = ['matricule', 'name', 'category', 'state', 'missing', 'updatedAt'] as const;

  return (
    <Page title={t('hr.list.title')} maxWidth="lg">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('hr.list.intro')}</Typography>
      <Box role="search" aria-label={t('hr.list.filtersLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
        <SearchField
          id="hr-search"
          label={t('hr.list.search')}
          helperText={t('hr.list.searchHelp')}
          value={filters.search}
          onSearch={(search) => update({ search })}
          sx={{ flex: '2 1 260px' }}
        />
        <FilterSelect
          name="status"
          value={filters.status}
          options={CATEGORIES.map((status) => ({ value: status, label: t(`person.status.${status}`) }))}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          name="closed"
          value={filters.closed}
          options={[
            { value: 'yes', label: t('hr.state.closed') },
            { value: 'no', label: t('hr.state.open') },
          ]}
          onChange={(closed) => update({ closed })}
        />
        <FilterSelect
          name="missing"
          value={filters.missing}
          options={[
            { value: 'no', label: t('hr.list.complete') },
            { value: 'yes', label: t('hr.list.incomplete') },
          ]}
          onChange={(missing) => update({ missing })}
        />
        <Button component="a" href={exportUrl(filters)} download variant="outlined" startIcon={<DownloadOutlined />} sx={{ flex: '0 0 auto', mt: '1px' }}>
          {t('hr.list.export')}
        </Button>
      </Box>

      {list.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t(errorKey(list.error))}
        </Alert>
      ) : null}
      {list.isPending ? <PageLoader /> : null}
      {data ? (
        <ListTable
          label={t('hr.list.title')}
          headers={columns.map((column) => t(`hr.list.columns.${column}`))}
          empty={t('hr.list.empty')}
          fetching={list.isFetching}
          footer={
            <ListPagination
              total={data.total}
              pageCount={data.count}
              page={filters.page}
              pageSize={filters.pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(page) => update({ page })}
              onPageSize={(pageSize) => update({ pageSize })}
            />
          }
        >
          {data.rows.length > 0 ? <RegistrationRows rows={data.rows} from={location.search} /> : null}
        </ListTable>
      ) : null}
    </Page>
  );
}
