// The back office's table, the one place a feature's list meets MUI's Table (features may not
// import it: lint). A page gives its columns (a heading and how a row fills its cell) and its
// rows; the table adds the frame, the headings, the line saying there are none, the bar while
// a new page loads, the pager and, when asked, the boxes that choose rows.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from './empty-row';

/** A column: its heading and what a row shows in it. */
export interface Column<R> {
  /** the heading (also the column's key when it is a text, unless `key` is given) */
  header: ReactNode;
  key?: string;
  /** the heading's and the cells' alignment (numbers and actions to the right) */
  align?: 'left' | 'right' | 'center';
  /** the heading's alignment when it differs from the cells' */
  headerAlign?: 'left' | 'right' | 'center';
  /** the style of each cell of the column */
  sx?: SxProps<Theme>;
  /** the style of a row's cell, when it depends on the row (instead of `sx`) */
  rowSx?: (row: R) => SxProps<Theme> | undefined;
  /** the cell of a row, or a function of the row */
  cell: (row: R) => ReactNode;
  /** the heading's own style (over the bold one, or alone in a `plain` table) */
  headerSx?: SxProps<Theme>;
  /** a row's cell's inline style and data attributes (a grid's marked cell) */
  cellProps?: (row: R) => { style?: CSSProperties; [data: `data-${string}`]: string | undefined };
  /** the cell's title (a hint on hover) */
  title?: (row: R) => string;
  /** the cell is a row heading (`<th scope="row">`) */
  rowHeader?: boolean;
}

/** Rows to choose for an action on several at once: a box per row and one in the heading. */
export interface RowChoice<R> {
  chosen: readonly number[];
  onChosen: (ids: number[]) => void;
  /** the row's id */
  id: (row: R) => number;
  /** a row that may not be chosen shows its box off; all may by default */
  choosable?: (row: R) => boolean;
  /** the name of a row's box */
  label: (row: R) => string;
  /** the name of the heading's box */
  allLabel: string;
}

export interface OfficeTableProps<R> {
  /** the accessible name of the table */
  label?: string;
  /** or the id of the heading that names it */
  labelledBy?: string;
  columns: readonly (Column<R> | false | null | undefined)[];
  rows: readonly R[];
  /** the React key of a row */
  rowKey: (row: R) => string | number;
  /** the text shown when there are no rows */
  empty: string;
  /** the table's own style (its cells' padding...) */
  tableSx?: SxProps<Theme>;
  /** the table's least width before it scrolls (760 px); null: none */
  minWidth?: number | null;
  size?: 'small' | 'medium';
  /** a new page is on its way: a bar above the table (no bar, nor its room, when not given) */
  fetching?: boolean;
  /** under the table (the pager) */
  footer?: ReactNode;
  /** rows without the hover highlight */
  noHover?: boolean;
  /** the style or state of a row (a chosen row, a late one...) */
  rowProps?: (row: R) => { selected?: boolean; sx?: SxProps<Theme>; onClick?: () => void; [data: `data-${string}`]: string | undefined };
  /** a last row under the others (totals), when there are rows: its cells, each across `span` columns */
  summary?: readonly { content: ReactNode; span?: number; align?: 'left' | 'right' | 'center' }[];
  /** a row shown after a row (its details), given the number of columns */
  after?: (row: R, columns: number) => ReactNode;
  choice?: RowChoice<R>;
  /** the frame's style (around the bare table: its box's) */
  sx?: SxProps<Theme>;
  /** the table without its frame (inside a card that frames it) */
  bare?: boolean;
  /** no heading row (a small table of labels and counts); the headings still name the columns in the code */
  headless?: boolean;
  /** headings in the text's own weight (a small table inside a panel) */
  plain?: boolean;
}

const keyOf = (column: { key?: string; header: ReactNode }, index: number) => column.key ?? (typeof column.header === 'string' ? column.header : index);

const HEADING = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

/** Only the columns given (a page leaves out a column with `false`). */
export const shownColumns = <R,>(columns: OfficeTableProps<R>['columns']): Column<R>[] => columns.filter((column): column is Column<R> => Boolean(column));

/** A back-office list in a table: headings, the rows or a line saying there are none, and a footer. */
export function OfficeTable<R>({
  label,
  labelledBy,
  columns: given,
  rows,
  rowKey,
  empty,
  tableSx,
  minWidth = 760,
  size = 'small',
  fetching,
  footer,
  noHover,
  rowProps,
  after,
  summary,
  choice,
  sx,
  bare,
  headless,
  plain,
}: OfficeTableProps<R>) {
  const { t } = useTranslation();
  const columns = shownColumns(given);
  const width = columns.length + (choice ? 1 : 0);
  const choosable = choice ? rows.filter((row) => choice.choosable?.(row) ?? true).map(choice.id) : [];
  const all = choosable.length > 0 && choosable.every((id) => choice!.chosen.includes(id));
  const some = choice ? choosable.some((id) => choice.chosen.includes(id)) : false;
  const table = (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size={size}
        sx={[minWidth === null ? {} : { minWidth }, ...(tableSx === undefined ? [] : Array.isArray(tableSx) ? tableSx : [tableSx])]}
        {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label })}
      >
        {headless ? null : (
          <TableHead>
            <TableRow>
              {choice ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={some && !all}
                    disabled={choosable.length === 0}
                    onChange={() => choice.onChosen(all ? [] : [...choosable])}
                    slotProps={{ input: { 'aria-label': choice.allLabel } }}
                  />
                </TableCell>
              ) : null}
              {columns.map((column, index) => (
                <TableCell
                  key={keyOf(column, index)}
                  align={column.headerAlign ?? column.align}
                  sx={
                    plain ? column.headerSx : column.headerSx ? [HEADING, ...(Array.isArray(column.headerSx) ? column.headerSx : [column.headerSx])] : HEADING
                  }
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {rows.map((row) => {
            const key = rowKey(row);
            const id = choice?.id(row);
            return (
              <Fragment key={key}>
                <TableRow hover={!noHover} {...rowProps?.(row)}>
                  {choice && id !== undefined ? (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={choice.chosen.includes(id)}
                        disabled={!(choice.choosable?.(row) ?? true)}
                        onChange={() => choice.onChosen(choice.chosen.includes(id) ? choice.chosen.filter((x) => x !== id) : [...choice.chosen, id])}
                        slotProps={{ input: { 'aria-label': choice.label(row) } }}
                      />
                    </TableCell>
                  ) : null}
                  {columns.map((column, index) => (
                    <TableCell
                      key={keyOf(column, index)}
                      align={column.align}
                      sx={column.rowSx ? column.rowSx(row) : column.sx}
                      title={column.title?.(row)}
                      {...column.cellProps?.(row)}
                      {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
                {after?.(row, width)}
              </Fragment>
            );
          })}
          {rows.length === 0 ? <EmptyRow columns={width} text={empty} /> : null}
          {rows.length > 0 && summary ? (
            <TableRow>
              {summary.map((cell, i) => (
                <TableCell key={i} colSpan={cell.span} align={cell.align} sx={{ fontWeight: 700 }}>
                  {cell.content}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
  if (bare) return sx ? <Box sx={sx}>{table}</Box> : table;
  return (
    <Paper variant="outlined" sx={sx}>
      {fetching === undefined ? null : fetching ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
      {table}
      {footer}
    </Paper>
  );
}

/** A cell spanning the whole row (a row's details under it, given to `after`). */
export function WideRow({ columns, children, sx }: { columns: number; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={sx}>
        {children}
      </TableCell>
    </TableRow>
  );
}
