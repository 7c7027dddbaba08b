import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

interface Props {
  /** the number of rows in all pages */
  total: number;
  /** the number of pages */
  pageCount: number;
  /** the page shown, from 1 */
  page: number;
  pageSize: number;
  /** the page sizes offered; none: no choice */
  pageSizes?: readonly number[];
  /** called with the page asked for, from 1 */
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
}

/** The footer of a paged list: the rows shown, the page size and the moves between pages. */
export function ListPagination({ total, pageCount, page, pageSize, pageSizes = [], onPage, onPageSize }: Props) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={total === 0 ? 0 : Math.max(0, Math.min(page, Math.max(1, pageCount)) - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={onPageSize ? (event) => onPageSize(Number(event.target.value)) : undefined}
      labelRowsPerPage={t('paging.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('paging.displayed', { position: from, number: to, total: count })}
      getItemAriaLabel={(type) => t(`paging.${type}`)}
    />
  );
}
