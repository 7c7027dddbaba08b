import { useTranslation } from 'react-i18next';
import { ClosedChip } from '../../components/closed-chip';

/** A registration's state: closed (locked) or in progress. */
export function StateChip({ closed }: { closed: boolean }) {
  const { t } = useTranslation();
  return <ClosedChip closed={closed} closedLabel={t('hr.state.closed')} openLabel={t('hr.state.open')} />;
}
