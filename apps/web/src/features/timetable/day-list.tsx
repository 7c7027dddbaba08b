import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Lesson } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { LessonStatusChip, lessonStatusColours } from '../../components/lesson-status';
import { useLessonWords } from './lesson-words';
import { dayInWords, lessonsByDay } from './week';

interface Props {
  days: readonly string[];
  lessons: readonly Lesson[];
  today: string;
  withLecturer: boolean;
}

function LessonCard({ lesson, withLecturer }: { lesson: Lesson; withLecturer: boolean }) {
  const words = useLessonWords();
  const { t } = useTranslation();
  return (
    <Paper
      component="li"
      variant="outlined"
      data-lesson={lesson.id}
      style={{ borderLeftColor: lessonStatusColours(lesson.status).background }}
      sx={{ listStyle: 'none', p: 1.5, borderLeftWidth: 8, display: 'grid', gap: 0.25 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {words.timesOf(lesson)}
      </Typography>
      <Typography variant="body1" component="h4" sx={{ fontWeight: 600 }}>
        {`${lesson.subject.code} ${words.subjectOf(lesson)}`}
      </Typography>
      <Typography variant="body2">{`${t(`schedule.part.${lesson.part}`)} · ${lesson.class.code}`}</Typography>
      {withLecturer ? <Typography variant="body2">{words.lecturerOf(lesson)}</Typography> : null}
      <Typography variant="body2">{words.placeOf(lesson)}</Typography>
      <Box sx={{ mt: 0.5 }}>
        <LessonStatusChip status={lesson.status} />
      </Box>
    </Paper>
  );
}

/** The week on a phone: each day a heading, its lessons as cards; a day without any says so. */
export function DayList({ days, lessons, today, withLecturer }: Props) {
  const { t, i18n } = useTranslation();
  const byDay = lessonsByDay(days, lessons);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {days.map((day) => {
        const list = byDay.get(day) ?? [];
        const id = `schedule-day-${day}`;
        return (
          <Box component="section" key={day} aria-labelledby={id} data-day={day}>
            <Typography
              id={id}
              variant="subtitle1"
              component="h3"
              aria-current={day === today ? 'date' : undefined}
              sx={{ fontWeight: 700, color: day === today ? 'primary.main' : 'text.primary', '&::first-letter': { textTransform: 'uppercase' } }}
            >
              {dayInWords(day, i18n.language)}
            </Typography>
            {list.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('schedule.dayEmpty')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ p: 0, m: 0, mt: 0.5, display: 'grid', gap: 1 }}>
                {list.map((lesson) => (
                  <LessonCard key={lesson.id} lesson={lesson} withLecturer={withLecturer} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
