import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination';
import { OfficeTable, type OfficeTableProps } from './office-table';
import { Page } from './page';
import { LoadStatus } from './load-status';

/** A page of a list as the server answers it: the rows, the number of rows in all pages and the number of pages. */
export interface Paged<R> {
  rows: R[];
  total: number;
  count: number;
}

/** The page shown and its size, the sizes offered, and how to ask for another (a new size starts again from page 1). */
export interface Paging {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  update: (changes: { page: number } | { pageSize: number }) => void;
}

/** The footer of a paged list, bound to its paging. */
export function ListPager({ data, paging }: { data: Pick<Paged<unknown>, 'total' | 'count'>; paging: Paging }) {
  return (
    <ListPagination
      total={data.total}
      pageCount={data.count}
      page={paging.page}
      pageSize={paging.pageSize}
      pageSizes={paging.pageSizes}
      onPage={(page) => paging.update({ page })}
      onPageSize={(pageSize) => paging.update({ pageSize })}
    />
  );
}

/** The filters of a list: a search landmark whose fields wrap on narrow screens. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="search" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
      {children}
    </Box>
  );
}

export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** the label of a first choice that lifts the filter (the empty value); none: no such choice */
  all?: string;
  /** the empty value shows its choice in the box, the label always above it */
  displayEmpty?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A filter chosen from a list. */
export function FilterSelect({ id, label, value, options, onChange, all, displayEmpty, disabled, sx }: FilterSelectProps) {
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      slotProps={displayEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
      sx={sx}
    >
      {all !== undefined ? <MenuItem value="">{all}</MenuItem> : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface ListQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
}

interface ListPageProps<D extends Paged<unknown>> {
  title: string;
  /** the sentence under the title */
  intro: string;
  /** the accessible name of the filter bar */
  filtersLabel: string;
  /** the fields of the filter bar (and its buttons) */
  filters: ReactNode;
  query: ListQuery<D>;
  paging: Paging;
  /** the list as a table named by the title: its columns, the text shown when nothing matches, each row's key (`OfficeTable`) */
  table?: Omit<OfficeTableProps<D['rows'][number]>, 'label' | 'rows' | 'fetching' | 'footer'>;
  /** or the list in a shape of its own, given the pager to place */
  children?: (data: D, pager: ReactNode) => ReactNode;
}

/**
 * A back-office list page: the title and its sentence, a filter bar (kept in the URL by the
 * page), the load error or a loader, then the list and its pages.
 */
export function ListPage<D extends Paged<unknown>>({ title, intro, filtersLabel, filters, query, paging, table, children }: ListPageProps<D>) {
  const { data } = query;
  const pager = data ? <ListPager data={data} paging={paging} /> : null;
  return (
    <Page title={title} maxWidth="lg" intro={intro}>
      <FilterBar label={filtersLabel}>{filters}</FilterBar>
      <LoadStatus error={query.error} loading={query.isPending} />
      {data && table ? <OfficeTable<D['rows'][number]> {...table} label={title} rows={data.rows} fetching={query.isFetching} footer={pager} /> : null}
      {data && children ? children(data, pager) : null}
    </Page>
  );
}
