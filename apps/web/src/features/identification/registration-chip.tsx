import { useTranslation } from 'react-i18next';
import { ClosedChip } from '../../components/closed-chip';

/** Whether the person's HR registration is closed or still open. */
export function RegistrationChip({ closed }: { closed: boolean }) {
  const { t } = useTranslation();
  return <ClosedChip closed={closed} closedLabel={t('identification.registration.closed')} openLabel={t('identification.registration.open')} />;
}
