// A back-office table whose rows can be chosen for an action on several at once: a box per row,
// one in the heading that chooses every row that may be chosen (or none), and the choice kept for
// one set of filters only.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from './empty-row';

/**
 * The rows chosen, kept for one set of filters (`key`): another week, session, page... chooses
 * afresh. Answers the ids and the function that replaces them.
 */
export function useChoice(key: string) {
  const [choice, setChoice] = useState<{ key: string; ids: number[] }>({ key, ids: [] });
  const ids = choice.key === key ? choice.ids : [];
  return [ids, (next: number[]) => setChoice({ key, ids: next })] as const;
}

/** The ids chosen once `id` is chosen or, when it was, no longer. */
export const toggled = (chosen: readonly number[], id: number): number[] => (chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

/** The box that chooses a row (its first cell). */
export function ChoiceCell({ checked, disabled, label, onChange }: { checked: boolean; disabled?: boolean; label: string; onChange: () => void }) {
  return (
    <TableCell padding="checkbox">
      <Checkbox checked={checked} disabled={disabled} onChange={onChange} slotProps={{ input: { 'aria-label': label } }} />
    </TableCell>
  );
}

interface Props {
  /** the accessible name of the table */
  label: string;
  minWidth: number;
  /** the column headings after the box, the last one (the actions) to the right */
  headers: readonly string[];
  /** the ids of this page's rows that may be chosen */
  choosable: readonly number[];
  chosen: readonly number[];
  onChosen: (ids: number[]) => void;
  /** the name of the heading's box */
  chooseAllLabel: string;
  /** a new page is on its way: a bar above the table */
  fetching: boolean;
  /** the text of a table without rows; null while there are rows */
  empty: string | null;
  /** the rows, each starting with a ChoiceCell */
  children: ReactNode;
  footer?: ReactNode;
}

/** A table of rows to choose: the heading's box chooses every choosable row, or none once they all are. */
export function ChoiceTable({ label, minWidth, headers, choosable, chosen, onChosen, chooseAllLabel, fetching, empty, children, footer }: Props) {
  const { t } = useTranslation();
  const all = choosable.length > 0 && choosable.every((id) => chosen.includes(id));
  const some = choosable.some((id) => chosen.includes(id));
  return (
    <Paper variant="outlined">
      {fetching ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth }} aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={some && !all}
                  disabled={choosable.length === 0}
                  onChange={() => onChosen(all ? [] : [...choosable])}
                  slotProps={{ input: { 'aria-label': chooseAllLabel } }}
                />
              </TableCell>
              {headers.map((header, i) => (
                <TableCell key={header} align={i === headers.length - 1 ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {empty !== null ? <EmptyRow columns={headers.length + 1} text={empty} /> : null}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}
