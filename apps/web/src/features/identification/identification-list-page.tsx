import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { FilterSelect, ListPage } from '../../components/list-page';
import { SearchField } from '../../components/search-field';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { filtersFrom, useIdentifications } from './identification-api';
import { formatDay } from '../../lib/format';
import { RegistrationChip } from './registration-chip';

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
        columns: [
          { header: t('identification.list.columns.matricule'), sx: { whiteSpace: 'nowrap' }, cell: (row) => row.MATRICULE },
          {
            header: t('identification.list.columns.name'),
            cell: (row) => (
              <Link component={RouterLink} to={`/identification/${row.PERSON_ID}`} state={{ from: location.search }} sx={{ fontWeight: 600 }}>
                {`${row.LASTNAME} ${row.FIRSTNAME}`}
              </Link>
            ),
          },
          { header: t('identification.list.columns.category'), cell: (row) => (row.STATUS ? t(`person.status.${row.STATUS}`) : '—') },
          { header: t('identification.list.columns.registration'), cell: (row) => <RegistrationChip closed={row.ACTIVED} /> },
          { header: t('identification.list.columns.photo'), cell: (row) => t(row.HAS_PHOTO ? 'common.yes' : 'common.no') },
          { header: t('identification.list.columns.fingers'), cell: (row) => row.FINGER_COUNT },
          {
            header: t('identification.list.columns.completedAt'),
            sx: { whiteSpace: 'nowrap' },
            cell: (row) =>
              row.COMPLETED_AT ? (
                formatDay(row.COMPLETED_AT)
              ) : (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('identification.state.notComplete')}
                </Box>
              ),
          },
        ],
        rowKey: (row) => row.PERSON_ID,
        empty: t('identification.list.empty'),
      }}
    />
  );
}
