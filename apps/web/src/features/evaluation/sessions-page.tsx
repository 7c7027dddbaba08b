import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { EvaluationSession } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { Page } from '../../components/page';
import { inLanguage } from '../../lib/names';
import { useEvaluationSessions } from './evaluation-api';
import { STATE_COLORS } from './evaluation-labels';

// The form (with the contract's schema and Zod) loads when it is first opened.
const SessionDialog = lazy(() => import('./session-dialog'));

/** `/academic/evaluation/sessions`: the evaluation sessions, created and changed in a dialog, each with its results. */
export default function SessionsPage() {
  const { t, i18n } = useTranslation();
  const sessions = useEvaluationSessions();
  const [editing, setEditing] = useState<EvaluationSession | 'new' | null>(null);
  const name = (item: { name: string; nameFr: string }) => inLanguage(i18n.language, item.name, item.nameFr);

  return (
    <Page
      title={t('evaluation.sessions.title')}
      maxWidth="lg"
      intro={t('evaluation.sessions.intro')}
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {t('evaluation.sessions.add')}
        </Button>
      }
    >
      <LoadStatus error={sessions.error} loading={sessions.isPending} />
      {sessions.data ? (
        <OfficeTable
          label={t('evaluation.sessions.title')}
          minWidth={900}
          rows={sessions.data.sessions}
          rowKey={(session) => session.id}
          empty={t('evaluation.sessions.empty')}
          columns={[
            {
              header: t('evaluation.sessions.columns.name'),
              cell: (session) => (
                <Link component={RouterLink} to={`/academic/evaluation/sessions/${session.id}`} sx={{ fontWeight: 600 }}>
                  {name(session)}
                </Link>
              ),
            },
            {
              header: t('evaluation.sessions.columns.form'),
              cell: (session) => (
                <Link component={RouterLink} to={`/academic/evaluation/forms/${session.form.id}`}>
                  {name(session.form)}
                </Link>
              ),
            },
            { header: t('evaluation.sessions.columns.start'), sx: { whiteSpace: 'nowrap' }, cell: (session) => isoToDmy(session.startDate) },
            { header: t('evaluation.sessions.columns.end'), sx: { whiteSpace: 'nowrap' }, cell: (session) => isoToDmy(session.endDate) },
            {
              header: t('evaluation.sessions.columns.state'),
              cell: (session) => (
                <Chip
                  size="small"
                  color={STATE_COLORS[session.state]}
                  variant={session.state === 'OPEN' ? 'filled' : 'outlined'}
                  label={t(`evaluation.states.${session.state}`)}
                />
              ),
            },
            { header: t('evaluation.sessions.columns.classes'), cell: (session) => session.classes.map((item) => item.code).join(', ') },
            { header: t('evaluation.sessions.columns.targets'), align: 'right', cell: (session) => session.targets },
            { header: t('evaluation.sessions.columns.participations'), align: 'right', cell: (session) => session.participations },
            {
              header: t('evaluation.sessions.columns.actions'),
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              cell: (session) => (
                <>
                  <Button size="small" onClick={() => setEditing(session)} aria-label={t('evaluation.sessions.editNamed', { name: name(session) })}>
                    {t('evaluation.sessions.editShort')}
                  </Button>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/academic/evaluation/sessions/${session.id}`}
                    aria-label={t('evaluation.sessions.resultsNamed', { name: name(session) })}
                  >
                    {t('evaluation.sessions.results')}
                  </Button>
                </>
              ),
            },
          ]}
        />
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <SessionDialog session={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </Page>
  );
}
