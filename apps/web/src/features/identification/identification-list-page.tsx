import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { IdentificationRow } from '@portal/contract';
import { FilterSelect, ListPage } from '../../components/list-page';
import { SearchField } from '../../components/search-field';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { filtersFrom, useIdentifications } from './identification-api';
import { formatDay } from '../../lib/format';
import { RegistrationChip } from './registration-chip';

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
            <RegistrationChip closed={row.ACTIVED} />
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

  return (
    <ListPage
      title={t('identification.list.title')}
      intro={t('identification.list.intro')}
      filtersLabel={t('identification.list.filtersLabel')}
      filters={
        <>
          <SearchField
            id="identification-search"
            label={t('identification.list.search')}
            helperText={t('identification.list.searchHelp')}
            value={filters.search}
            onSearch={(search) => update({ search })}
            sx={{ flex: '2 1 260px' }}
          />
          <FilterSelect
            id="identification-filter-complete"
            label={t('identification.list.filters.complete')}
            all={t('identification.list.filters.all')}
            displayEmpty
            value={filters.complete}
            options={[
              { value: 'yes', label: t('identification.state.complete') },
              { value: 'no', label: t('identification.state.notComplete') },
            ]}
            onChange={(complete) => update({ complete })}
            sx={{ flex: '1 1 200px' }}
          />
        </>
      }
      query={list}
      paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
      table={{
        headers: COLUMNS.map((column) => t(`identification.list.columns.${column}`)),
        empty: t('identification.list.empty'),
        rows: (rows) => <Rows rows={rows} from={location.search} />,
      }}
    />
  );
}
