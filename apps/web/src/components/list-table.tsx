import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from './empty-row';

interface Props {
  /** the accessible name of the table */
  label: string;
  /** the column headings */
  headers: readonly string[];
  /** the text shown when there are no rows */
  empty: string;
  /** a new page is on its way: a bar above the table */
  fetching: boolean;
  /** the rows (a `TableBody`); null when there are none */
  children: ReactNode;
  footer?: ReactNode;
}

/** A list of the back office in a table: headings, the rows or a line saying there are none, and a footer. */
export function ListTable({ label, headers, empty, fetching, children, footer }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      {fetching ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 760 }} aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          {children ?? (
            <TableBody>
              <EmptyRow columns={headers.length} text={empty} />
            </TableBody>
          )}
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}
