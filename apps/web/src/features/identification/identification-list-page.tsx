import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { IdentificationRow } from '@portal/contract';
import { ListPagination } from '../../components/list-pagination';
import { ListTable } from '../../components/list-table';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { SearchField } from '../../components/search-field';
import { errorKey } from '../../lib/api';
import { useUrlFilters } from '../../lib/url-filters';
import { filtersFrom, PAGE_SIZES, useIdentifications } from './identification-api';
import { formatDay } from '../../lib/format';

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
  const { filters, update } = useUrlFilters(filtersFrom);
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
        <SearchField
          id="identification-search"
          label={t('identification.list.search')}
          helperText={t('identification.list.searchHelp')}
          value={filters.search}
          onSearch={(search) => update({ search })}
          sx={{ flex: '2 1 260px' }}
        />
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
        <ListTable
          label={t('identification.list.title')}
          headers={COLUMNS.map((column) => t(`identification.list.columns.${column}`))}
          empty={t('identification.list.empty')}
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
          {data.rows.length > 0 ? <Rows rows={data.rows} from={location.search} /> : null}
        </ListTable>
      ) : null}
    </Page>
  );
}
