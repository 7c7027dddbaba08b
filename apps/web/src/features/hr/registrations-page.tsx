import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import type { RegistrationRow } from '@portal/contract';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey } from '../../lib/api';
import { formatDay, missingLabel } from './labels';
import { CATEGORIES } from './sections';
import { StateChip } from './state-chip';
import { exportUrl, filtersFrom, PAGE_SIZES, useRegistrations, type RegistrationFilters } from './hr-api';

export const SEARCH_DEBOUNCE_MS = 300;

type FilterName = 'status' | 'closed' | 'missing';

/** The filters live in the URL: a list can be bookmarked, shared and reached again with Back. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  /** changes some filters; any change but paging starts again from page 1 */
  const update = (changes: Partial<Record<keyof RegistrationFilters, string | number>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === '' || value === undefined) next.delete(name);
          else next.set(name, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, update };
}

/** The search box: the URL (and the request) follow the typing after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [pushed, setPushed] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The URL changed from elsewhere (Back, the menu): show its search.
  if (value !== seen) {
    setSeen(value);
    if (value !== pushed) setText(value);
  }
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return (
    <TextField
      id="hr-search"
      type="search"
      size="small"
      label={t('hr.list.search')}
      helperText={t('hr.list.searchHelp')}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          timer.current = null;
          setPushed(next.trim());
          onSearch(next.trim());
        }, SEARCH_DEBOUNCE_MS);
      }}
      sx={{ flex: '2 1 260px' }}
    />
  );
}

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
  const { filters, update } = useFilters();
  const list = useRegistrations(filters);
  const data = list.data;
  const columns = ['matricule', 'name', 'category', 'state', 'missing', 'updatedAt'] as const;

  return (
    <Page title={t('hr.list.title')} maxWidth="lg">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('hr.list.intro')}</Typography>
      <Box role="search" aria-label={t('hr.list.filtersLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
        <SearchBox value={filters.search} onSearch={(search) => update({ search })} />
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
        <Paper variant="outlined">
          {list.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 760 }} aria-label={t('hr.list.title')}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`hr.list.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              {data.rows.length > 0 ? (
                <RegistrationRows rows={data.rows} from={location.search} />
              ) : (
                <TableBody>
                  <TableRow>
                    <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                      {t('hr.list.empty')}
                    </TableCell>
                  </TableRow>
                </TableBody>
              )}
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={data.total === 0 ? 0 : Math.min(filters.page, data.count) - 1}
            rowsPerPage={filters.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_event, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value) })}
            labelRowsPerPage={t('hr.list.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} ${t('hr.list.of')} ${count}`}
            getItemAriaLabel={(type) => t(`hr.list.pages.${type}`)}
          />
        </Paper>
      ) : null}
    </Page>
  );
}
