import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueSubject } from '@portal/contract';
import { FilterSelect, ListPager } from '../../components/list-page';
import { SearchField } from '../../components/search-field';
import { formatCurrency } from '../../lib/format';
import { LIST_PAGE_SIZES } from '../../lib/url-filters';
import { useEntityList, useSubjects, type SubjectFilters } from './academic-api';
import { EntryTable, type Column } from './entry-table';

const ImportDialog = lazy(() => import('./import-dialog'));

const HOURS = ['HOURS_CM', 'HOURS_TD', 'HOURS_TP'] as const;

/** The subjects of the catalogue: searched and filtered by class on the server, a page at a time. */
export function SubjectsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<SubjectFilters>({ search: '', classId: null, page: 1, pageSize: LIST_PAGE_SIZES[1] });
  const [importing, setImporting] = useState(false);
  const list = useSubjects(filters);
  const classes = useEntityList('classes');
  const classOptions = [...(classes.data ?? [])].sort((a, b) => a.CODE.localeCompare(b.CODE)).map((item) => ({ value: String(item.id), label: item.CODE }));
  const data = list.data;

  const columns: Column<CatalogueSubject>[] = [
    { key: 'CODE', render: (row) => row.CODE },
    { key: 'SUBJECT_NAME', render: (row) => row.NAME },
    { key: 'SUBJECT_NAME_FR', render: (row) => row.NAME_FR },
    { key: 'CLASS_ID', render: (row) => row.CLASS_CODE },
    ...HOURS.map((name) => ({ key: name, numeric: true, render: (row: CatalogueSubject) => row[name] })),
    { key: 'HOURLY_RATE', numeric: true, render: (row) => formatCurrency(row.HOURLY_RATE) },
    { key: 'CREDITS', numeric: true, render: (row) => row.CREDITS },
  ];

  return (
    <>
      <EntryTable
        entity="subjects"
        rows={data?.rows}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        columns={columns}
        fields={[
          { name: 'CODE', kind: 'text', width: 6 },
          { name: 'CLASS_ID', kind: 'select', options: classOptions, width: 6 },
          { name: 'NAME', kind: 'text' },
          { name: 'NAME_FR', kind: 'text' },
          ...HOURS.map((name) => ({ name, kind: 'number' as const, width: 4 as const })),
          { name: 'HOURLY_RATE', kind: 'number', width: 6 },
          { name: 'CREDITS', kind: 'number', width: 6 },
        ]}
        codeField="CODE"
        toValues={(row) => ({
          CODE: row?.CODE ?? '',
          NAME: row?.NAME ?? '',
          NAME_FR: row?.NAME_FR ?? '',
          CLASS_ID: row ? String(row.CLASS_ID) : filters.classId ? String(filters.classId) : '',
          HOURS_CM: row ? String(row.HOURS_CM) : '',
          HOURS_TD: row ? String(row.HOURS_TD) : '',
          HOURS_TP: row ? String(row.HOURS_TP) : '',
          HOURLY_RATE: row ? String(row.HOURLY_RATE) : '',
          CREDITS: row ? String(row.CREDITS) : '',
        })}
        describe={(row) => row.CODE}
        toolbar={
          <>
            <SearchField
              id="academic-subjects-search"
              label={t('academic.subjects.search')}
              onSearch={(search) => setFilters((previous) => ({ ...previous, search, page: 1 }))}
              sx={{ flex: '2 1 220px' }}
            />
            <FilterSelect
              id="academic-subjects-class"
              label={t('academic.subjects.class')}
              all={t('academic.subjects.allClasses')}
              value={filters.classId ? String(filters.classId) : ''}
              options={classOptions}
              onChange={(value) => setFilters((previous) => ({ ...previous, classId: value ? Number(value) : null, page: 1 }))}
              sx={{ flex: '1 1 160px' }}
            />
          </>
        }
        actions={
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            {t('academic.import.open')}
          </Button>
        }
        footer={
          data ? (
            <ListPager
              data={data}
              paging={{
                page: filters.page,
                pageSize: filters.pageSize,
                pageSizes: LIST_PAGE_SIZES,
                update: (changes) => setFilters((previous) => ({ ...previous, page: 1, ...changes })),
              }}
            />
          ) : null
        }
      />
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
