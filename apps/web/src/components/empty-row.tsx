import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** The row of a table without rows: a line saying there are none. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        {text}
      </TableCell>
    </TableRow>
  );
}
