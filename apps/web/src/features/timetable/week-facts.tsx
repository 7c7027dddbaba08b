import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Lesson, TimetableStudent } from '@portal/contract';
import { lessonTotalsOf } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { hoursFigure } from './week';

/** A lecturer's hours of the week: planned (every lesson not refused), validated (billed or not) and billed. */
export function WeekTotals({ lessons }: { lessons: readonly Lesson[] }) {
  const { t, i18n } = useTranslation();
  const totals = lessonTotalsOf(lessons);
  const figures = [
    { key: 'planned', value: totals.planned },
    { key: 'validated', value: totals.validated },
    { key: 'billed', value: totals.billed },
  ] as const;
  return (
    <Box component="section" aria-labelledby="schedule-totals-title">
      <Typography id="schedule-totals-title" variant="subtitle2" component="h3" sx={{ color: 'text.secondary' }}>
        {t('schedule.totals.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 } }}>
        {figures.map(({ key, value }) => (
          <Box key={key} data-total={key}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`schedule.totals.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }}>
              {t('schedule.totals.hours', { hours: hoursFigure(value, i18n.language) })}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A student's class, whose timetable it is. */
export function StudentClass({ student }: { student: TimetableStudent }) {
  const { t } = useTranslation();
  return <Typography sx={{ fontWeight: 600 }}>{student.class ? t('schedule.yourClass', { name: student.class.code }) : t('schedule.noClass')}</Typography>;
}
