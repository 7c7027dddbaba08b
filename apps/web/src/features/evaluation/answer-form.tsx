import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormQuestion, FormSection, QuestionFormContent } from '@portal/contract';
import { MAX_COMMENT_LENGTH, SCALE_MAX, SCALE_MIN } from '@portal/contract/rules';
import { inLanguage } from '../../lib/names';
import type { DraftValue } from './answer-draft';

export type Answers = Record<string, DraftValue>;

const SCALE = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, index) => SCALE_MIN + index);

/** Whether a question holds an answer (a comment of blanks is none). */
export const isAnswered = (answers: Answers, key: string): boolean => {
  const value = answers[key];
  return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
};

/** The required questions left without an answer, in the form's order. */
export function missingAnswers(content: QuestionFormContent, answers: Answers, sections: readonly FormSection[] = content.sections): string[] {
  return sections.flatMap((section) =>
    section.questions.filter((question) => question.required && !isAnswered(answers, question.key)).map((question) => question.key),
  );
}

/** The answers as the API takes them: only the questions of the form that hold one, comments trimmed. */
export function answersInput(content: QuestionFormContent, answers: Answers): { id: string; value: DraftValue }[] {
  return content.sections.flatMap((section) =>
    section.questions
      .filter((question) => isAnswered(answers, question.key))
      .map((question) => {
        const value = answers[question.key]!;
        return { id: question.key, value: typeof value === 'string' && question.type === 'TEXT' ? value.trim() : value };
      }),
  );
}

/** The section holding a question (for jumping to the first one refused). */
export const sectionOf = (content: QuestionFormContent, key: string): number =>
  Math.max(
    0,
    content.sections.findIndex((section) => section.questions.some((question) => question.key === key)),
  );

/** Big touch targets: a whole row (or a whole cell of the scale) chooses. */
const choiceSx = {
  m: 0,
  px: 1.5,
  py: 0.5,
  minHeight: 48,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.selected' },
  '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
} as const;

function QuestionInput({
  question,
  value,
  onChange,
  labelId,
}: {
  question: FormQuestion;
  value: DraftValue | undefined;
  onChange: (value: DraftValue) => void;
  labelId: string;
}) {
  const { t, i18n } = useTranslation();
  if (question.type === 'TEXT') {
    const text = typeof value === 'string' ? value : '';
    return (
      <TextField
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: { 'aria-labelledby': labelId, maxLength: MAX_COMMENT_LENGTH } }}
        helperText={t('evaluation.answer.characters', { count: text.length, total: MAX_COMMENT_LENGTH })}
      />
    );
  }
  if (question.type === 'SCALE') {
    return (
      <Box>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(event) => onChange(Number(event.target.value))}
          sx={{ display: 'grid', gridTemplateColumns: `repeat(${SCALE.length}, 1fr)`, gap: 1 }}
        >
          {SCALE.map((point) => (
            <FormControlLabel
              key={point}
              value={String(point)}
              labelPlacement="bottom"
              control={<Radio slotProps={{ input: { 'aria-label': t('evaluation.answer.scalePoint', { value: point, total: SCALE_MAX }) } }} />}
              label={String(point)}
              sx={{ ...choiceSx, px: 0, py: 0.5, justifyContent: 'center' }}
            />
          ))}
        </RadioGroup>
        <Box aria-hidden sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5, typography: 'caption', color: 'text.secondary' }}>
          <span>{t('evaluation.answer.scaleLow')}</span>
          <span>{t('evaluation.answer.scaleHigh')}</span>
        </Box>
      </Box>
    );
  }
  return (
    <RadioGroup aria-labelledby={labelId} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} sx={{ gap: 1 }}>
      {question.options.map((option) => (
        <FormControlLabel
          key={option.key}
          value={option.key}
          control={<Radio />}
          label={inLanguage(i18n.language, option.label, option.labelFr)}
          sx={choiceSx}
        />
      ))}
    </RadioGroup>
  );
}

function QuestionCard({
  question,
  number,
  value,
  onChange,
  flagged,
}: {
  question: FormQuestion;
  number: number;
  value: DraftValue | undefined;
  onChange: (value: DraftValue) => void;
  flagged: boolean;
}) {
  const { t, i18n } = useTranslation();
  const labelId = `evaluation-question-${question.key}`;
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      aria-invalid={flagged || undefined}
      aria-describedby={flagged ? `${labelId}-error` : undefined}
      sx={{ m: 0, p: { xs: 1.5, sm: 2 }, minWidth: 0, borderColor: flagged ? 'error.main' : 'divider', borderWidth: flagged ? 2 : 1 }}
    >
      <Typography component="legend" id={labelId} sx={{ float: 'left', width: '100%', p: 0, mb: 1.5, fontWeight: 600 }}>
        {`${number}. ${inLanguage(i18n.language, question.label, question.labelFr)}`}
        {question.required ? (
          <Box component="span" sx={{ color: 'error.main', ml: 0.5 }}>
            <span aria-hidden>*</span>
            <Box component="span" sx={visuallyHidden}>{` ${t('evaluation.answer.required')}`}</Box>
          </Box>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, ml: 0.5 }}>{` (${t('evaluation.answer.optional')})`}</Box>
        )}
      </Typography>
      <Box sx={{ clear: 'both' }}>
        <QuestionInput question={question} value={value} onChange={onChange} labelId={labelId} />
      </Box>
      {flagged ? (
        <FormHelperText id={`${labelId}-error`} error sx={{ mx: 0, mt: 1, fontSize: '0.875rem' }}>
          {t('evaluation.answer.missing')}
        </FormHelperText>
      ) : null}
    </Paper>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export interface AnswerFormProps {
  content: QuestionFormContent;
  answers: Answers;
  onAnswer: (key: string, value: DraftValue) => void;
  /** the section shown */
  step: number;
  onStep: (step: number) => void;
  /** questions to highlight (left unanswered, or refused by the server) */
  flagged: ReadonlySet<string>;
  onFlag: (keys: string[]) => void;
  /** every required question answered: send (or, in the preview, say that nothing is sent) */
  onSubmit: () => void;
  pending?: boolean;
  /** the label of the last step's button */
  submitLabel: string;
  /** a message over the buttons (an error, or the preview's note) */
  message?: ReactNode;
}

/**
 * A question form as a student answers it, section by section: the progress, each question with
 * its number, whether it is required, and big touch targets (a whole row chooses an option; the
 * 1-5 scale is five cells), Back and Next, then Submit. Next and Submit refuse to go on while a
 * required question of the section (or of the form) has no answer, and highlight it. The office's
 * preview renders this very component.
 */
export function AnswerForm({ content, answers, onAnswer, step, onStep, flagged, onFlag, onSubmit, pending, submitLabel, message }: AnswerFormProps) {
  const { t, i18n } = useTranslation();
  const sections = content.sections;
  const last = Math.max(0, sections.length - 1);
  const current = Math.min(Math.max(step, 0), last);
  const section = sections[current];
  const questions = sections.flatMap((item) => item.questions);
  const answered = questions.filter((question) => isAnswered(answers, question.key)).length;
  const firstNumber = sections.slice(0, current).reduce((sum, item) => sum + item.questions.length, 0) + 1;
  const top = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // A new section starts at its top (on a phone, the Next button sits at the bottom of a long one).
  useEffect(() => {
    if (!moved.current) return;
    top.current?.scrollIntoView?.({ block: 'start' });
    top.current?.focus({ preventScroll: true });
  }, [current]);

  const go = (next: number) => {
    moved.current = true;
    onStep(next);
  };

  const next = () => {
    const missing = section ? missingAnswers(content, answers, [section]) : [];
    onFlag(missing);
    if (missing.length === 0) go(current + 1);
  };

  const submit = () => {
    const missing = missingAnswers(content, answers);
    onFlag(missing);
    if (missing.length > 0) {
      const first = sectionOf(content, missing[0]!);
      if (first !== current) go(first);
      return;
    }
    onSubmit();
  };

  if (!section) return <Typography sx={{ color: 'text.secondary' }}>{t('evaluation.answer.emptyForm')}</Typography>;
  const flaggedHere = section.questions.filter((question) => flagged.has(question.key)).length;

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('evaluation.answer.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        if (current === last) submit();
        else next();
      }}
    >
      <Box ref={top} tabIndex={-1} sx={{ outline: 'none', mb: 2 }}>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
          {t('evaluation.answer.sectionOf', { position: current + 1, total: sections.length })}
        </Typography>
        <Typography variant="h6" component="h2">
          {inLanguage(i18n.language, section.label, section.labelFr)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={questions.length ? (answered / questions.length) * 100 : 0}
          aria-label={t('evaluation.answer.progressLabel')}
          aria-valuetext={t('evaluation.answer.progress', { count: answered, total: questions.length })}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
          {t('evaluation.answer.progress', { count: answered, total: questions.length })}
        </Typography>
      </Box>
      <Stack spacing={2}>
        {section.questions.map((question, index) => (
          <QuestionCard
            key={question.key}
            question={question}
            number={firstNumber + index}
            value={answers[question.key]}
            flagged={flagged.has(question.key)}
            onChange={(value) => onAnswer(question.key, value)}
          />
        ))}
      </Stack>
      {flaggedHere > 0 ? (
        <Typography role="alert" sx={{ mt: 2, color: 'error.main' }}>
          {t('evaluation.answer.missingHere', { count: flaggedHere })}
        </Typography>
      ) : null}
      {message ? <Box sx={{ mt: 2 }}>{message}</Box> : null}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button size="large" startIcon={<ArrowBack />} disabled={current === 0 || pending} onClick={() => go(current - 1)} sx={{ minHeight: 48 }}>
          {t('evaluation.answer.previous')}
        </Button>
        {current < last ? (
          <Button type="submit" size="large" variant="contained" endIcon={<ArrowForward />} sx={{ minHeight: 48 }}>
            {t('evaluation.answer.next')}
          </Button>
        ) : (
          <Button type="submit" size="large" variant="contained" disabled={pending} sx={{ minHeight: 48 }}>
            {submitLabel}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
