import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Facts side by side with their labels: a definition list in two columns. */
export function FactList({ children, sx = [] }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}

/** One fact of a FactList: its label, then the value in bold. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, typography: 'body2', fontWeight: 600 }}>
        {children}
      </Box>
    </>
  );
}
