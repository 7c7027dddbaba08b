import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Lesson } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from '../../components/fact-list';
import { LessonStatusChip } from '../../components/lesson-status';
import { useLessonWords } from './lesson-words';
import { dayInWords } from './week';

/** Everything about one lesson of the grid, whose block shows only what fits. */
export function LessonDialog({ lesson, withLecturer, onClose }: { lesson: Lesson; withLecturer: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const words = useLessonWords();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{`${lesson.subject.code} ${words.subjectOf(lesson)}`}</DialogTitle>
      <DialogContent>
        <FactList>
          <Fact label={t('schedule.details.day')}>{dayInWords(lesson.date, i18n.language, true)}</Fact>
          <Fact label={t('schedule.time')}>{words.timesOf(lesson)}</Fact>
          <Fact label={t('schedule.details.part')}>{t(`schedule.part.${lesson.part}`)}</Fact>
          <Fact label={t('schedule.details.class')}>{lesson.class.code}</Fact>
          {withLecturer ? <Fact label={t('schedule.details.lecturer')}>{words.lecturerOf(lesson)}</Fact> : null}
          <Fact label={t('schedule.details.place')}>{words.placeOf(lesson)}</Fact>
          <Fact label={t('schedule.details.status')}>
            <LessonStatusChip status={lesson.status} />
          </Fact>
        </FactList>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
