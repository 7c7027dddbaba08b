import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSessionSummary } from '@portal/contract';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { academicKeys, sessionAction, useSessions } from './academic-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { sessionFirstDay, sessionLastDay, sessionState, type SessionState } from './labels';
import { sessionName } from '../../lib/names';

// The form (with the contract's schema and Zod) loads when it is first opened.
const SessionDialog = lazy(() => import('./session-dialog'));

const STATE_COLORS: Record<SessionState, 'success' | 'default' | 'info' | 'warning'> = {
  current: 'success',
  closed: 'default',
  upcoming: 'info',
  ended: 'warning',
};

export default function SessionsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const [editing, setEditing] = useState<ApplicationSessionSummary | 'new' | null>(null);
  const [acting, setActing] = useState<{ session: ApplicationSessionSummary; action: 'close' | 'reopen' } | null>(null);

  return (
    <Page
      title={t('academic.sessions.title')}
      maxWidth="lg"
      intro={t('academic.sessions.intro')}
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {t('academic.sessions.add')}
        </Button>
      }
    >
      <LoadStatus error={sessions.error} loading={sessions.isPending} />
      {sessions.data ? (
        <OfficeTable
          label={t('academic.sessions.title')}
          minWidth={860}
          rows={sessions.data}
          rowKey={(session) => session.id}
          empty={t('academic.sessions.empty')}
          columns={[
            { header: t('academic.sessions.columns.designation'), sx: { fontWeight: 600 }, cell: (session) => sessionName(session, i18n.language) },
            { header: t('academic.sessions.columns.start'), sx: { whiteSpace: 'nowrap' }, cell: (session) => sessionFirstDay(session) },
            {
              header: t('academic.sessions.columns.end'),
              sx: { whiteSpace: 'nowrap' },
              cell: (session) => sessionLastDay(session) || t('academic.sessions.noEnd'),
            },
            {
              header: t('academic.sessions.columns.state'),
              cell: (session) => {
                const state = sessionState(session);
                return (
                  <Chip
                    size="small"
                    color={STATE_COLORS[state]}
                    variant={state === 'current' ? 'filled' : 'outlined'}
                    label={t(`academic.sessions.states.${state}`)}
                  />
                );
              },
            },
            { header: t('academic.sessions.columns.applications'), align: 'right', cell: (session) => session.APPLICATIONS },
            { header: t('academic.sessions.columns.closedApplications'), align: 'right', cell: (session) => session.CLOSED_APPLICATIONS },
            { header: t('academic.sessions.columns.choices'), align: 'right', cell: (session) => session.CHOICES },
            { header: t('academic.sessions.columns.confirmed'), align: 'right', cell: (session) => session.CONFIRMED },
            {
              header: t('academic.sessions.columns.actions'),
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              cell: (session) => (
                <>
                  <Button size="small" onClick={() => setEditing(session)}>
                    {t('academic.edit')}
                  </Button>
                  {session.MANUAL_CLOSURE ? (
                    <Button size="small" onClick={() => setActing({ session, action: 'reopen' })}>
                      {t('academic.sessions.reopen')}
                    </Button>
                  ) : (
                    <Button size="small" color="warning" onClick={() => setActing({ session, action: 'close' })}>
                      {t('academic.sessions.close')}
                    </Button>
                  )}
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
      {acting ? (
        <ConfirmDialog
          title={t(`academic.sessions.${acting.action}Title`, { name: sessionName(acting.session, i18n.language) })}
          text={t(`academic.sessions.${acting.action}Text`)}
          confirmLabel={t(`academic.sessions.${acting.action}`)}
          action={() => sessionAction(acting.session.id, acting.action)}
          onDone={() => {
            notify(acting.action === 'close' ? 'academic.notify.sessionClosed' : 'academic.notify.sessionReopened', 'success');
            setActing(null);
            void queryClient.invalidateQueries({ queryKey: academicKeys.all });
          }}
          onClose={() => setActing(null)}
        />
      ) : null}
    </Page>
  );
}
