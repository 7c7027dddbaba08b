import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudentEvaluation, StudentEvaluationList } from '@portal/contract';
import { isoToDmy, RESULTS_THRESHOLD } from '@portal/contract/rules';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { errorKey, isApiError } from '../../lib/api';
import { formatMoment } from '../../lib/format';
import { inLanguage } from '../../lib/names';
import { useSession } from '../../lib/session';
import { clearAnswerDraft, readAnswerDraft, writeAnswerDraft, type AnswerDraft, type DraftValue } from './answer-draft';
import { AnswerForm, answersInput, sectionOf, type Answers } from './answer-form';
import { evaluationKeys, submitEvaluation, useMyEvaluations, useQuestionForm } from './evaluation-api';

/** Marks a target done in the list the page came from (the server says so too on the next read). */
const markDone = (list: StudentEvaluationList | undefined, target: number): StudentEvaluationList | undefined =>
  list && { ...list, items: list.items.map((item) => (item.STUDENT_EVALUATION_SESSION === target ? { ...item, done: true } : item)) };

/** The answering itself, once the target and its form are known and the session is open. */
function Answering({ item, person }: { item: StudentEvaluation; person: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = item.STUDENT_EVALUATION_SESSION;
  const form = useQuestionForm(item.formId);
  const [restored] = useState<AnswerDraft | null>(() => readAnswerDraft(person, target));
  const [answers, setAnswers] = useState<Answers>(restored?.answers ?? {});
  const [step, setStep] = useState(restored?.step ?? 0);
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [showRestored, setShowRestored] = useState(restored !== null && Object.keys(restored.answers).length > 0);
  const subject = inLanguage(i18n.language, item.subject.name, item.subject.nameFr);

  // Every change is kept in this browser at once: leaving, a reload or a lost connection loses nothing.
  const keep = useCallback((next: Answers, nextStep: number) => writeAnswerDraft(person, target, { answers: next, step: nextStep }), [person, target]);

  const onAnswer = (key: string, value: DraftValue) => {
    const next = { ...answers, [key]: value };
    setAnswers(next);
    keep(next, step);
    if (flagged.has(key)) setFlagged(new Set([...flagged].filter((flag) => flag !== key)));
  };
  const onStep = (next: number) => {
    setStep(next);
    keep(answers, next);
  };

  const mutation = useMutation({
    mutationFn: () =>
      submitEvaluation({ STUDENT_EVALUATION_SESSION: target, EVALUATION_SESSION_ID: item.session.id, input: answersInput(form.data!.content, answers) }),
    onSuccess: () => {
      clearAnswerDraft(person, target);
      // Back to the list, which says so, before the list marks it done (else this page, re-rendered
      // first, would show "already evaluated" and never leave).
      navigate('/evaluation', { replace: true, state: { submitted: subject } });
      queryClient.setQueryData<StudentEvaluationList>(evaluationKeys.mine(person), (list) => markDone(list, target));
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'EVALUATION_ALREADY_ANSWERED') {
        // answered before (another device, another tab): this draft can never be sent
        clearAnswerDraft(person, target);
        queryClient.setQueryData<StudentEvaluationList>(evaluationKeys.mine(person), (list) => markDone(list, target));
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0 && form.data) {
        const keys = Object.keys(error.fields);
        setFlagged(new Set(keys));
        onStep(sectionOf(form.data.content, keys[0]!));
      }
    },
  });

  const refusal = mutation.error ? t(errorKey(mutation.error)) : null;

  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('evaluation.answer.keptHere')}
      </Typography>
      {showRestored && restored ? (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setShowRestored(false)} slotProps={{ closeButton: { title: t('common.close') } }}>
          {t('evaluation.answer.restored', { date: formatMoment(restored.savedAt) })}
        </Alert>
      ) : null}
      <LoadStatus error={form.error} loading={form.isPending} />
      {form.data ? (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
          <AnswerForm
            content={form.data.content}
            answers={answers}
            onAnswer={onAnswer}
            step={step}
            onStep={onStep}
            flagged={flagged}
            onFlag={(keys) => setFlagged(new Set(keys))}
            onSubmit={() => mutation.mutate()}
            pending={mutation.isPending}
            submitLabel={t('evaluation.answer.submit')}
            message={
              refusal ? (
                <Alert severity="error" role="alert">
                  {refusal}
                </Alert>
              ) : null
            }
          />
        </Paper>
      ) : null}
    </>
  );
}

/**
 * `/evaluation/{target}`: a student evaluates one lecturer for one subject, section by section.
 * The answers are kept as a draft in this browser (never sent before Submit) and come back when
 * the student returns; once submitted the draft is deleted and the list shows it done.
 */
export default function AnswerPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const person = user?.id ?? 0;
  const target = Number(useParams().targetId);
  const evaluations = useMyEvaluations(person);
  const item = evaluations.data?.items.find((candidate) => candidate.STUDENT_EVALUATION_SESSION === target) ?? null;
  const subject = item ? inLanguage(i18n.language, item.subject.name, item.subject.nameFr) : '';
  const title = item ? t('evaluation.answer.titleOf', { subject }) : t('evaluation.answer.title');

  return (
    <Page title={title} heading={title} maxWidth="sm">
      <Button component={RouterLink} to="/evaluation" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        {t('evaluation.answer.back')}
      </Button>
      <LoadStatus error={evaluations.error} loading={evaluations.isPending && person > 0} />
      {evaluations.data && !item ? <Alert severity="warning">{t('evaluation.answer.unknown')}</Alert> : null}
      {item ? (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>
            {t('evaluation.student.lecturerClass', { lecturer: `${item.lecturer.LASTNAME} ${item.lecturer.FIRSTNAME}`, class: item.class.code })}
            {' · '}
            {inLanguage(i18n.language, item.session.name, item.session.nameFr)}
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('evaluation.anonymous', { count: RESULTS_THRESHOLD })}
          </Alert>
          {item.done ? (
            <Alert severity="success">{t('evaluation.answer.alreadyDone')}</Alert>
          ) : !item.session.open ? (
            <Alert severity="warning">
              {item.session.state === 'UPCOMING'
                ? t('evaluation.student.opensOn', { date: isoToDmy(item.session.startDate) })
                : t('evaluation.student.closedOn', { date: isoToDmy(item.session.endDate) })}
            </Alert>
          ) : (
            <Answering item={item} person={person} />
          )}
        </>
      ) : null}
    </Page>
  );
}
