import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { QuestionFormContent } from '@portal/contract';
import { RESULTS_THRESHOLD } from '@portal/contract/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerForm, type Answers } from './answer-form';

/**
 * The form as a student sees it, answered with the student's own component: the office tries
 * each section, its required questions and its Submit, and nothing is sent. Full screen on a phone.
 */
export default function PreviewDialog({ content, title, onClose }: { content: QuestionFormContent; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [answers, setAnswers] = useState<Answers>({});
  const [step, setStep] = useState(0);
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [complete, setComplete] = useState(false);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('evaluation.preview.title', { name: title })}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('evaluation.preview.note')}
        </Alert>
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {t('evaluation.anonymous', { count: RESULTS_THRESHOLD })}
        </Alert>
        <AnswerForm
          content={content}
          answers={answers}
          onAnswer={(key, value) => {
            setAnswers((previous) => ({ ...previous, [key]: value }));
            setFlagged((previous) => new Set([...previous].filter((flag) => flag !== key)));
            setComplete(false);
          }}
          step={step}
          onStep={setStep}
          flagged={flagged}
          onFlag={(keys) => setFlagged(new Set(keys))}
          onSubmit={() => setComplete(true)}
          submitLabel={t('evaluation.answer.submit')}
          message={
            complete ? (
              <Alert severity="success" role="status">
                {t('evaluation.preview.complete')}
              </Alert>
            ) : null
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
