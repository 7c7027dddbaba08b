import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** A registration's state: closed (locked) or in progress. */
export function StateChip({ closed }: { closed: boolean }) {
  const { t } = useTranslation();
  return <Chip size="small" color={closed ? 'primary' : 'default'} variant={closed ? 'filled' : 'outlined'} label={t(closed ? 'hr.state.closed' : 'hr.state.open')} />;
}
