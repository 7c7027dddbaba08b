import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { addDays, universityDayOf, weekDaysFrom } from '@portal/contract/rules';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LessonStatusLegend } from '../../components/lesson-status';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { DayList } from './day-list';
import { useWeekTimetable, weekTimetableQuery } from './timetable-api';
import { currentMonday, WEEK_PARAM, weekEnds, weekFromParam } from './week';
import { StudentClass, WeekTotals } from './week-facts';
import { WeekGrid } from './week-grid';

/**
 * One's timetable, a week at a time (issue 12): a lecturer's lessons, or a student's class's, Monday
 * to Sunday in the colours of their status; the week is in the URL (`?week=2026-11-23`), so a reload
 * and the back button keep it. A grid on a desk, a list of days on a phone.
 */
export default function SchedulePage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const monday = weekFromParam(params.get(WEEK_PARAM));
  const thisMonday = currentMonday();
  const today = universityDayOf(new Date());
  const days = weekDaysFrom(monday);
  const week = useWeekTimetable(monday);
  const { from, to } = weekEnds(monday, i18n.language);

  // the next week is likely the next one read: ask it once this one is in
  useEffect(() => {
    if (week.isSuccess) void queryClient.prefetchQuery(weekTimetableQuery(addDays(monday, 7)));
  }, [week.isSuccess, monday, queryClient]);

  const goTo = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(WEEK_PARAM, next);
      return updated;
    });

  const lessons = week.data?.timetable ?? [];
  const student = week.data?.student ?? null;

  return (
    <Page title={t('schedule.title')} maxWidth="lg" intro={t('schedule.intro')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 2 }}>
        <Typography variant="h6" component="h2" aria-live="polite" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
          {t('schedule.range', { from, to })}
        </Typography>
        <Box role="group" aria-label={t('schedule.weeks')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<ChevronLeft />} onClick={() => goTo(addDays(monday, -7))}>
            {t('schedule.previousWeek')}
          </Button>
          <Button variant="outlined" disabled={monday === thisMonday} onClick={() => goTo(thisMonday)}>
            {t('schedule.today')}
          </Button>
          <Button variant="outlined" endIcon={<ChevronRight />} onClick={() => goTo(addDays(monday, 7))}>
            {t('schedule.nextWeek')}
          </Button>
        </Box>
      </Box>
      {week.data ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          {student ? <StudentClass student={student} /> : <WeekTotals lessons={lessons} />}
          <LessonStatusLegend />
        </Box>
      ) : null}
      <LoadStatus error={week.error} loading={week.isPending} />
      {week.isFetching && !week.isPending ? <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} /> : null}
      {week.data && lessons.length === 0 ? <Alert severity="info">{t('schedule.empty')}</Alert> : null}
      {week.data && lessons.length > 0 ? (
        phone ? (
          <DayList days={days} lessons={lessons} today={today} withLecturer={student !== null} />
        ) : (
          <WeekGrid days={days} lessons={lessons} today={today} caption={t('schedule.caption', { from, to })} withLecturer={student !== null} />
        )
      ) : null}
      <CalendarFeedPanel />
    </Page>
  );
}
