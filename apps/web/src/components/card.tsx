import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The outlined panel that holds a page's form or message, with room to breathe on a phone and on a desk. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {children}
    </Paper>
  );
}
