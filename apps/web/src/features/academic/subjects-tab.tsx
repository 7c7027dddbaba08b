import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueSubject } from '@portal/contract';
import { SUBJECT_PAGE_SIZES, useEntityList, useSubjects, type SubjectFilters } from './academic-api';
import { EntryTable, type Column } from './entry-table';
import { formatAmount } from './labels';

const ImportDialog = lazy(() => import('./import-dialog'));

export const SEARCH_DEBOUNCE_MS = 300;

const HOURS = ['HOURS_CM', 'HOURS_TD', 'HOURS_TP'] as const;

/** The subjects of the catalogue: searched and filtered by class on the server, a page at a time. */
export function SubjectsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<SubjectFilters>({ search: '', classId: null, page: 1, pageSize: SUBJECT_PAGE_SIZES[1] });
  const [text, setText] = useState('');
  const [importing, setImporting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const list = useSubjects(filters);
  const classes = useEntityList('classes');
  const classOptions = [...(classes.data ?? [])].sort((a, b) => a.CODE.localeCompare(b.CODE)).map((item) => ({ value: String(item.id), label: item.CODE }));
  const data = list.data;

  const columns: Column<CatalogueSubject>[] = [
    { key: 'CODE', render: (row) => row.CODE },
    { key: 'SUBJECT_NAME', render: (row) => row.NAME },
    { key: 'CLASS_ID', render: (row) => row.CLASS_CODE },
    ...HOURS.map((name) => ({ key: name, numeric: true, render: (row: CatalogueSubject) => row[name] })),
    { key: 'HOURLY_RATE', numeric: true, render: (row) => formatAmount(row.HOURLY_RATE) },
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
          ...HOURS.map((name) => ({ name, kind: 'number' as const, width: 4 as const })),
          { name: 'HOURLY_RATE', kind: 'number', width: 6 },
          { name: 'CREDITS', kind: 'number', width: 6 },
        ]}
        codeField="CODE"
        toValues={(row) => ({
          CODE: row?.CODE ?? '',
          NAME: row?.NAME ?? '',
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
            <TextField
              id="academic-subjects-search"
              type="search"
              size="small"
              label={t('academic.subjects.search')}
              value={text}
              onChange={(event) => {
                const next = event.target.value;
                setText(next);
                if (timer.current) clearTimeout(timer.current);
                timer.current = setTimeout(() => {
                  timer.current = null;
                  setFilters((previous) => ({ ...previous, search: next.trim(), page: 1 }));
                }, SEARCH_DEBOUNCE_MS);
              }}
              sx={{ flex: '2 1 220px' }}
            />
            <TextField
              id="academic-subjects-class"
              select
              size="small"
              label={t('academic.subjects.class')}
              value={filters.classId ? String(filters.classId) : ''}
              onChange={(event) => setFilters((previous) => ({ ...previous, classId: event.target.value ? Number(event.target.value) : null, page: 1 }))}
              sx={{ flex: '1 1 160px' }}
            >
              <MenuItem value="">{t('academic.subjects.allClasses')}</MenuItem>
              {classOptions.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
        actions={
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            {t('academic.import.open')}
          </Button>
        }
        footer={
          data ? (
            <TablePagination
              component="div"
              count={data.total}
              page={data.total === 0 ? 0 : Math.min(filters.page, Math.max(1, data.count)) - 1}
              rowsPerPage={filters.pageSize}
              rowsPerPageOptions={[...SUBJECT_PAGE_SIZES]}
              onPageChange={(_event, page) => setFilters((previous) => ({ ...previous, page: page + 1 }))}
              onRowsPerPageChange={(event) => setFilters((previous) => ({ ...previous, pageSize: Number(event.target.value), page: 1 }))}
              labelRowsPerPage={t('academic.paging.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => `${from}–${to} ${t('academic.paging.displayed')} ${count}`}
              getItemAriaLabel={(type) => t(`academic.paging.${type}`)}
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
