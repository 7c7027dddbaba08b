import Chip from '@mui/material/Chip';
import { LESSON_STATUS_COLOURS, type LessonStatus } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';

/** A lesson's status in its planning colour (dark text: readable on each of the four colours). */
export function LessonStatusChip({ status }: { status: LessonStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`planning.status.${status}`)}
      data-status={status}
      sx={{ bgcolor: LESSON_STATUS_COLOURS[status], color: 'rgba(0, 0, 0, 0.87)', fontWeight: 500 }}
    />
  );
}
