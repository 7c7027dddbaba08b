import Chip from '@mui/material/Chip';

/** Whether a registration is closed (filled) or still open (outlined), in the words of the page. */
export function ClosedChip({ closed, closedLabel, openLabel }: { closed: boolean; closedLabel: string; openLabel: string }) {
  return <Chip size="small" color={closed ? 'primary' : 'default'} variant={closed ? 'filled' : 'outlined'} label={closed ? closedLabel : openLabel} />;
}
