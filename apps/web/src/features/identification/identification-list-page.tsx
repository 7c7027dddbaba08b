import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import type { IdentificationRow } from '@portal/contract';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey } from '../../lib/api';
import { filtersFrom, PAGE_SIZES, useIdentifications, type IdentificationFilters } from './identification-api';
import { formatDay } from './labels';

export const SEARCH_DEBOUNCE_MS = 300;

/** The filters live in the URL: a list can be bookmarked, shared and reached again with Back. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  /** changes some filters; any change but paging starts again from page 1 */
  const update = (changes: Partial<Record<keyof IdentificationFilters, string | number>>) =>
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
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <TextField
      id="identification-search"
      type="search"
      size="small"
      label={t('identification.list.search')}
      helperText={t('identification.list.searchHelp')}
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

function Rows({ rows, from }: { rows: IdentificationRow[]; from: string }) {
  const { t } = useTranslation();
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.PERSON_ID} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.MATRICULE}</TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/identification/${row.PERSON_ID}`} state={{ from }} sx={{ fontWeight: 600 }}>
              {`${row.LASTNAME} ${row.FIRSTNAME}`}
            </Link>
          </TableCell>
          <TableCell>{row.STATUS ? t(`person.status.${row.STATUS}`) : '—'}</TableCell>
          <TableCell>
            <Chip
              size="small"
              color={row.ACTIVED ? 'primary' : 'default'}
              variant={row.ACTIVED ? 'filled' : 'outlined'}
              label={t(row.ACTIVED ? 'identification.registration.closed' : 'identification.registration.open')}
            />
          </TableCell>
          <TableCell>{t(row.HAS_PHOTO ? 'common.yes' : 'common.no')}</TableCell>
          <TableCell>{row.FINGER_COUNT}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {row.COMPLETED_AT ? (
              formatDay(row.COMPLETED_AT)
            ) : (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('identification.state.notComplete')}
              </Box>
            )}
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}

const COLUMNS = ['matricule', 'name', 'category', 'registration', 'photo', 'fingers', 'completedAt'] as const;

/** The identification office's list: find a person by matricule or name, see what is registered. */
export default function IdentificationListPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { filters, update } = useFilters();
  const list = useIdentifications(filters);
  const data = list.data;

  return (
    <Page title={t('identification.list.title')} maxWidth="lg">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('identification.list.intro')}</Typography>
      <Box
        role="search"
        aria-label={t('identification.list.filtersLabel')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}
      >
        <SearchBox value={filters.search} onSearch={(search) => update({ search })} />
        <TextField
          id="identification-filter-complete"
          select
          size="small"
          label={t('identification.list.filters.complete')}
          value={filters.complete}
          onChange={(event) => update({ complete: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 200px' }}
        >
          <MenuItem value="">{t('identification.list.filters.all')}</MenuItem>
          <MenuItem value="yes">{t('identification.state.complete')}</MenuItem>
          <MenuItem value="no">{t('identification.state.notComplete')}</MenuItem>
        </TextField>
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
            <Table size="small" sx={{ minWidth: 760 }} aria-label={t('identification.list.title')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`identification.list.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              {data.rows.length > 0 ? (
                <Rows rows={data.rows} from={location.search} />
              ) : (
                <TableBody>
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                      {t('identification.list.empty')}
                    </TableCell>
                  </TableRow>
                </TableBody>
              )}
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={data.total === 0 ? 0 : Math.max(0, Math.min(filters.page, data.count) - 1)}
            rowsPerPage={filters.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_event, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value) })}
            labelRowsPerPage={t('identification.list.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} ${t('identification.list.of')} ${count}`}
            getItemAriaLabel={(type) => t(`identification.list.pages.${type}`)}
          />
        </Paper>
      ) : null}
    </Page>
  );
}
