import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Lesson, RequestRow } from '@portal/contract';
import { isoToDmy, isoWeekOf, LESSON_SLOTS, LESSON_STATUS_COLOURS, minutesOf, mondayOf, type LessonSlot } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { LessonStatusLegend, lessonStatusColours, lessonStatusKey, VISUALLY_HIDDEN } from '../../components/lesson-status';
import { OfficeTable } from '../../components/office-table';
import { errorKey } from '../../lib/api';
import { inLanguage } from '../../lib/names';
import { useWeekTimetable } from '../../lib/timetable';
import { useWeekRequests } from './requests-api';

/** The colour of the slot the request claims, drawn as an outline: the NotValidated colour of the reference timetable. */
export const CLAIMED_SLOT_COLOR = LESSON_STATUS_COLOURS.NotValidated;

const DAY_MS = 86_400_000;

/** The seven days (`YYYY-MM-DD`), Monday to Sunday, of the week of a day. */
export function weekDays(day: string): string[] {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = date.getTime() - ((date.getUTCDay() || 7) - 1) * DAY_MS;
  return Array.from({ length: 7 }, (_, index) => new Date(monday + index * DAY_MS).toISOString().slice(0, 10));
}

/** Whether a slot lies within a time range (`HH:MM` to `HH:MM`). */
const within = (slot: LessonSlot, start: string | null, end: string | null): boolean =>
  start !== null && end !== null && minutesOf(slot.start) >= minutesOf(start) && minutesOf(slot.end) <= minutesOf(end);

/** Whether a lesson takes some of a slot's time. */
const overlaps = (slot: LessonSlot, lesson: Lesson): boolean => minutesOf(lesson.begin) < minutesOf(slot.end) && minutesOf(lesson.end) > minutesOf(slot.start);

interface Props {
  /** the problem date, `YYYY-MM-DD`, or null while none is typed */
  day: string | null;
  start: string;
  end: string;
}

/**
 * The week of the problem date beside the filing form (decision 33): Monday to Sunday by the six
 * time slots, the lecturer's lessons of that week in their status colours (issue 12), the slot this
 * request claims outlined in red, and the lecturer's other requests of that ISO week in theirs.
 */
export function WeekPanel({ day, start, end }: Props) {
  const { t, i18n } = useTranslation();
  const week = day ? isoWeekOf(day) : null;
  const requests = useWeekRequests(week);
  const timetable = useWeekTimetable(day ? mondayOf(day) : null);
  const days = day ? weekDays(day) : [];
  const rows = requests.data?.rows ?? [];
  const lessons = timetable.data?.timetable ?? [];
  const lessonsIn = (date: string, slot: LessonSlot): Lesson[] => lessons.filter((lesson) => lesson.date === date && overlaps(slot, lesson));
  const outsideSlots = lessons.filter((lesson) => !LESSON_SLOTS.some((slot) => overlaps(slot, lesson)));
  const lessonWords = (lesson: Lesson) =>
    t('requests.week.lesson', {
      code: lesson.subject.code,
      subject: inLanguage(i18n.language, lesson.subject.name, lesson.subject.nameFr),
      part: lesson.part,
      class: lesson.class.code,
      begin: lesson.begin,
      end: lesson.end,
      status: t(lessonStatusKey(lesson.status)),
    });
  const weekday = new Intl.DateTimeFormat(i18n.language.startsWith('fr') ? 'fr-FR' : 'en-GB', { weekday: 'short', timeZone: 'UTC' });
  const othersIn = (date: string, slot: LessonSlot): RequestRow[] =>
    rows.filter((row) => row.REQUEST_PBLM_DATE === date && within(slot, row.REQUEST_PBLM_HOUR_START, row.REQUEST_PBLM_HOUR_END));
  const withoutSlot = rows.filter((row) => !row.REQUEST_PBLM_HOUR_START);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="request-week-title" sx={{ p: 2 }}>
      <Typography id="request-week-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {week ? t('requests.week.title', { week, date: isoToDmy(days[0]), end: isoToDmy(days[6]) }) : t('requests.week.heading')}
      </Typography>
      {!day ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('requests.week.chooseDate')}
        </Typography>
      ) : (
        <>
          {requests.isFetching || timetable.isFetching ? <LinearProgress aria-label={t('common.loading')} sx={{ my: 1 }} /> : <Box sx={{ height: 4, my: 1 }} />}
          {requests.isError || timetable.isError ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {t(errorKey(requests.error ?? timetable.error))}
            </Alert>
          ) : null}
          <OfficeTable
            bare
            plain
            noHover
            labelledBy="request-week-title"
            minWidth={420}
            tableSx={{ tableLayout: 'fixed', '& td, & th': { px: 0.5, py: 0.5, fontSize: '0.75rem', borderRight: 1, borderColor: 'divider' } }}
            rows={LESSON_SLOTS}
            rowKey={(slot) => slot.start}
            empty=""
            columns={[
              {
                key: 'slot',
                header: t('requests.week.slot'),
                headerSx: { width: 64 },
                rowHeader: true,
                sx: { whiteSpace: 'nowrap' },
                cell: (slot) => `${slot.start}–${slot.end}`,
              },
              ...days.map((date) => {
                const claimed = (slot: LessonSlot) => date === day && within(slot, start || null, end || null);
                return {
                  key: date,
                  header: (
                    <>
                      <Box component="span" sx={{ display: 'block', textTransform: 'capitalize' }}>
                        {weekday.format(new Date(`${date}T00:00:00Z`))}
                      </Box>
                      {isoToDmy(date).slice(0, 5)}
                    </>
                  ),
                  align: 'center' as const,
                  headerSx: { fontWeight: date === day ? 700 : 400 },
                  rowSx: (slot: LessonSlot) => (othersIn(date, slot).length > 0 && !claimed(slot) ? { bgcolor: 'action.selected' } : undefined),
                  cellProps: (slot: LessonSlot) =>
                    claimed(slot) ? { 'data-claimed': 'true', style: { boxShadow: `inset 0 0 0 3px ${CLAIMED_SLOT_COLOR}` } } : {},
                  cell: (slot: LessonSlot) => (
                    <>
                      {claimed(slot) ? (
                        <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                          {t('requests.week.thisRequest')}
                        </Box>
                      ) : null}
                      {lessonsIn(date, slot).map((lesson) => {
                        const colours = lessonStatusColours(lesson.status);
                        return (
                          <Box
                            key={lesson.id}
                            component="span"
                            data-lesson={lesson.id}
                            title={lessonWords(lesson)}
                            style={{ backgroundColor: colours.background, color: colours.text }}
                            sx={{ display: 'block', borderRadius: 0.5, px: 0.25, my: 0.25, fontWeight: 600, wordBreak: 'break-all' }}
                          >
                            {`${lesson.subject.code} ${lesson.part}`}
                            <Box component="span" sx={VISUALLY_HIDDEN}>
                              {`, ${lessonWords(lesson)}`}
                            </Box>
                          </Box>
                        );
                      })}
                      {othersIn(date, slot).map((row) => (
                        <Box key={row.id} component="span" title={row.REQUEST_OBJECT} sx={{ display: 'block', wordBreak: 'break-all' }}>
                          {row.REQUEST_ID}
                        </Box>
                      ))}
                    </>
                  ),
                };
              }),
            ]}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, typography: 'caption' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box aria-hidden style={{ boxShadow: `inset 0 0 0 2px ${CLAIMED_SLOT_COLOR}` }} sx={{ width: 12, height: 12, borderRadius: 0.5 }} />
              {t('requests.week.legendClaimed')}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box aria-hidden sx={{ width: 12, height: 12, bgcolor: 'action.selected', border: 1, borderColor: 'divider', borderRadius: 0.5 }} />
              {t('requests.week.legendOthers')}
            </Box>
          </Box>
          <LessonStatusLegend sx={{ mt: 1, typography: 'caption', columnGap: 2 }} />
          {outsideSlots.length > 0 ? (
            <Typography variant="caption" component="p" sx={{ mt: 1 }}>
              {t('requests.week.outsideSlots', { value: outsideSlots.map((lesson) => `${isoToDmy(lesson.date)} ${lessonWords(lesson)}`).join('; ') })}
            </Typography>
          ) : null}
          {withoutSlot.length > 0 ? (
            <Typography variant="caption" component="p" sx={{ mt: 1 }}>
              {t('requests.week.withoutSlot', { value: withoutSlot.map((row) => `${row.REQUEST_ID} (${isoToDmy(row.REQUEST_PBLM_DATE)})`).join(', ') })}
            </Typography>
          ) : null}
        </>
      )}
    </Paper>
  );
}
