// A lesson in words, as the blocks, the cards, the dialog and screen readers say it.
import type { Lesson } from '@portal/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { lessonStatusKey } from '../../components/lesson-status';
import { inLanguage } from '../../lib/names';
import { dayInWords } from './week';

/** The words of a lesson in the reader's language; `withLecturer` for a student, whose lessons others give. */
export function useLessonWords() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const subjectOf = useCallback((lesson: Lesson) => inLanguage(language, lesson.subject.name, lesson.subject.nameFr), [language]);
  const roomOf = useCallback((lesson: Lesson) => (lesson.room ? t('schedule.room', { name: lesson.room }) : t('schedule.noRoom')), [t]);
  const placeOf = useCallback(
    (lesson: Lesson) =>
      [
        roomOf(lesson),
        lesson.building ? t('schedule.building', { name: lesson.building }) : null,
        lesson.campus ? t('schedule.campus', { name: lesson.campus }) : null,
      ]
        .filter(Boolean)
        .join(', '),
    [roomOf, t],
  );
  const lecturerOf = useCallback((lesson: Lesson) => `${lesson.lecturer.FIRSTNAME} ${lesson.lecturer.LASTNAME}`, []);
  const timesOf = useCallback((lesson: Lesson) => `${lesson.begin}–${lesson.end}`, []);
  const labelOf = useCallback(
    (lesson: Lesson, withLecturer: boolean) =>
      t(withLecturer ? 'schedule.lessonLabelWithLecturer' : 'schedule.lessonLabel', {
        day: dayInWords(lesson.date, language),
        begin: lesson.begin,
        end: lesson.end,
        code: lesson.subject.code,
        subject: subjectOf(lesson),
        part: t(`schedule.part.${lesson.part}`),
        class: lesson.class.code,
        place: placeOf(lesson),
        lecturer: lecturerOf(lesson),
        status: t(lessonStatusKey(lesson.status)),
      }),
    [language, lecturerOf, placeOf, subjectOf, t],
  );
  return { subjectOf, roomOf, placeOf, lecturerOf, timesOf, labelOf };
}
