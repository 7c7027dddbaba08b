import Chip from '@mui/material/Chip';
import type { RequestStatus } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from './request-labels';

/** A request's status of record, in its colour. */
export function RequestStatusChip({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`requests.status.${status}`)} />;
}
