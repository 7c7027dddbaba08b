import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { EvaluationSessionRef, StudentEvaluation } from '@portal/contract';
import { isoToDmy, RESULTS_THRESHOLD } from '@portal/contract/rules';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { inLanguage } from '../../lib/names';
import { useSession } from '../../lib/session';
import { clearAnswerDraft, draftedTargets } from './answer-draft';
import { useMyEvaluations } from './evaluation-api';

/** How a session stands for a student, in a sentence: open until, opens on, closed on. */
function sessionLine(session: EvaluationSessionRef, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (session.open) return t('evaluation.student.openUntil', { date: isoToDmy(session.endDate) });
  if (session.state === 'UPCOMING') return t('evaluation.student.opensOn', { date: isoToDmy(session.startDate) });
  return t('evaluation.student.closedOn', { date: isoToDmy(session.endDate) });
}

function Item({ item, drafted }: { item: StudentEvaluation; drafted: boolean }) {
  const { t, i18n } = useTranslation();
  const subject = inLanguage(i18n.language, item.subject.name, item.subject.nameFr);
  const lecturer = `${item.lecturer.LASTNAME} ${item.lecturer.FIRSTNAME}`;
  const open = item.session.open && !item.done;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`${subject}, ${lecturer}`}
      sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {subject}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('evaluation.student.lecturerClass', { lecturer, class: item.class.code })}
        </Typography>
      </Box>
      {item.done ? (
        <Chip icon={<CheckCircleOutlined />} color="success" label={t('evaluation.student.done')} />
      ) : open ? (
        <Button
          component={RouterLink}
          to={`/evaluation/${item.STUDENT_EVALUATION_SESSION}`}
          variant="contained"
          size="large"
          sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {drafted ? t('evaluation.student.resume') : t('evaluation.student.start')}
        </Button>
      ) : (
        <Chip
          icon={<LockOutlined />}
          variant="outlined"
          label={item.session.state === 'UPCOMING' ? t('evaluation.student.notYet') : t('evaluation.student.missed')}
        />
      )}
    </Paper>
  );
}

/**
 * `/evaluation`: what the signed-in student has to evaluate, by session: the open ones first with
 * a button per (subject, lecturer) (Resume when a draft is kept in this browser), those done
 * marked, and sessions not yet open or ended said plainly. Answers are anonymous.
 */
export default function EvaluationsPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const person = user?.id ?? 0;
  const location = useLocation();
  const submitted = (location.state as { submitted?: string } | null)?.submitted ?? null;
  const evaluations = useMyEvaluations(person);
  const drafts = useMemo(() => draftedTargets(person), [person]);
  // A draft of an evaluation done (on another device) or of a session that ended can never be sent: dropped.
  useEffect(() => {
    for (const item of evaluations.data?.items ?? []) {
      if ((item.done || item.session.state === 'ENDED') && drafts.has(item.STUDENT_EVALUATION_SESSION))
        clearAnswerDraft(person, item.STUDENT_EVALUATION_SESSION);
    }
  }, [evaluations.data, drafts, person]);
  const sessions = useMemo(() => {
    const groups = new Map<number, { session: EvaluationSessionRef; items: StudentEvaluation[] }>();
    for (const item of evaluations.data?.items ?? []) {
      const group = groups.get(item.session.id) ?? { session: item.session, items: [] };
      group.items.push(item);
      groups.set(item.session.id, group);
    }
    return [...groups.values()];
  }, [evaluations.data]);

  return (
    <Page title={t('evaluation.student.title')} intro={t('evaluation.student.intro')}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('evaluation.anonymous', { count: RESULTS_THRESHOLD })}
      </Alert>
      {submitted ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('evaluation.student.submitted', { subject: submitted })}
        </Alert>
      ) : null}
      <LoadStatus error={evaluations.error} loading={evaluations.isPending && person > 0} />
      {evaluations.data && sessions.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('evaluation.student.none')}</Typography> : null}
      {sessions.map(({ session, items }) => {
        const name = inLanguage(i18n.language, session.name, session.nameFr);
        const done = items.filter((item) => item.done).length;
        return (
          <Box component="section" key={session.id} aria-label={name} sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2">
              {name}
            </Typography>
            <Typography variant="body2" sx={{ color: session.open ? 'success.main' : 'text.secondary', fontWeight: session.open ? 600 : 400 }}>
              {sessionLine(session, t)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {t('evaluation.student.doneCount', { count: done, total: items.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {items.map((item) => (
                <Item key={item.STUDENT_EVALUATION_SESSION} item={item} drafted={drafts.has(item.STUDENT_EVALUATION_SESSION)} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Page>
  );
}
