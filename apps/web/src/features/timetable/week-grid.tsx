import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { Lesson } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lessonStatusColours, VISUALLY_HIDDEN } from '../../components/lesson-status';
import { LessonDialog } from './lesson-dialog';
import { useLessonWords } from './lesson-words';
import { dayHeading, lessonsByDay, placeDay, ROW_COUNT, ROW_TIMES, type Placement } from './week';

/** The height of a half-hour row, in pixels: a 110-minute lesson is about 120 px tall. */
const ROW_PX = 32;
const DAY_PX = ROW_COUNT * ROW_PX;
const GUTTER_PX = 56;

interface Props {
  days: readonly string[];
  lessons: readonly Lesson[];
  /** today (`YYYY-MM-DD`), its column tinted when in the week */
  today: string;
  /** the caption that names the table for screen readers */
  caption: string;
  /** a student's timetable: the lecturer of each lesson is said */
  withLecturer: boolean;
}

function LessonBlock({ placement, withLecturer, onOpen }: { placement: Placement; withLecturer: boolean; onOpen: (lesson: Lesson) => void }) {
  const { lesson, top, height, lane, lanes } = placement;
  const words = useLessonWords();
  const { background, text } = lessonStatusColours(lesson.status);
  return (
    <ButtonBase
      aria-label={words.labelOf(lesson, withLecturer)}
      data-lesson={lesson.id}
      data-status={lesson.status}
      onClick={() => onOpen(lesson)}
      style={{
        top: `${top}%`,
        height: `${height}%`,
        left: `calc(${(lane * 100) / lanes}% + 2px)`,
        width: `calc(${100 / lanes}% - 4px)`,
        backgroundColor: background,
        color: text,
      }}
      sx={{
        position: 'absolute',
        display: 'block',
        textAlign: 'left',
        overflow: 'hidden',
        borderRadius: 1,
        px: 0.75,
        py: 0.25,
        fontSize: '0.72rem',
        lineHeight: 1.3,
        boxShadow: 1,
        '&:hover': { filter: 'brightness(0.95)' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1, zIndex: 1 },
      }}
    >
      <Box component="span" aria-hidden sx={{ display: 'block', fontWeight: 700 }}>
        {`${lesson.subject.code} · ${lesson.part}`}
      </Box>
      <Box component="span" aria-hidden sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {words.subjectOf(lesson)}
      </Box>
      <Box component="span" aria-hidden sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {lesson.class.code}
      </Box>
      <Box component="span" aria-hidden sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {words.roomOf(lesson)}
      </Box>
      <Box component="span" aria-hidden sx={{ display: 'block' }}>
        {words.timesOf(lesson)}
      </Box>
    </ButtonBase>
  );
}

/**
 * The week as a table: a column per day, Monday to Sunday, from 08:00 to 21:30 with a line every
 * half hour; each lesson a block in its status colour, placed by its times. A block is a button:
 * its name says everything about the lesson, and it opens the lesson's details.
 */
export function WeekGrid({ days, lessons, today, caption, withLecturer }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<Lesson | null>(null);
  const byDay = lessonsByDay(days, lessons);
  const lines = {
    backgroundImage: (theme: { palette: { divider: string } }) =>
      `repeating-linear-gradient(to bottom, ${theme.palette.divider} 0, ${theme.palette.divider} 1px, transparent 1px, transparent ${ROW_PX}px)`,
  };

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          width: '100%',
          minWidth: 760,
          tableLayout: 'fixed',
          borderCollapse: 'collapse',
          '& th, & td': { p: 0, verticalAlign: 'top', borderLeft: 1, borderColor: 'divider' },
        }}
      >
        <Box component="caption" sx={VISUALLY_HIDDEN}>
          {caption}
        </Box>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ width: GUTTER_PX, typography: 'caption', color: 'text.secondary', pb: 0.5 }}>
              {t('schedule.time')}
            </Box>
            {days.map((day) => {
              const heading = dayHeading(day, i18n.language);
              return (
                <Box
                  component="th"
                  scope="col"
                  key={day}
                  data-day={day}
                  aria-current={day === today ? 'date' : undefined}
                  sx={{ pb: 0.5, typography: 'body2', fontWeight: day === today ? 700 : 500, color: day === today ? 'primary.main' : 'text.primary' }}
                >
                  <Box component="span" sx={{ display: 'block', textTransform: 'capitalize' }}>
                    {heading.weekday}
                  </Box>
                  <Box component="span" sx={{ display: 'block', typography: 'caption' }}>
                    {heading.date}
                  </Box>
                </Box>
              );
            })}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <Box aria-hidden sx={{ position: 'relative', height: DAY_PX }}>
                {ROW_TIMES.map((time, index) => (
                  <Box
                    key={time}
                    component="span"
                    sx={{ position: 'absolute', top: index * ROW_PX, right: 6, typography: 'caption', lineHeight: 1.2, color: 'text.secondary' }}
                  >
                    {time}
                  </Box>
                ))}
              </Box>
            </td>
            {days.map((day) => (
              <Box component="td" key={day} data-day={day} sx={{ bgcolor: day === today ? 'action.hover' : undefined }}>
                <Box sx={{ position: 'relative', height: DAY_PX, ...lines }}>
                  {placeDay(byDay.get(day) ?? []).map((placement) => (
                    <LessonBlock key={placement.lesson.id} placement={placement} withLecturer={withLecturer} onOpen={setOpen} />
                  ))}
                </Box>
              </Box>
            ))}
          </tr>
        </tbody>
      </Box>
      {open ? <LessonDialog lesson={open} withLecturer={withLecturer} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
