import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSessionSummary } from '@portal/contract';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { LoadStatus } from '../../components/load-status';
import { EmptyRow } from '../../components/empty-row';
import { academicKeys, sessionAction, useSessions } from './academic-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { sessionFirstDay, sessionLastDay, sessionState, type SessionState } from './labels';
import { sessionName } from '../../lib/names';

// The form (with the contract's schema and Zod) loads when it is first opened.
const SessionDialog = lazy(() => import('./session-dialog'));

const STATE_COLORS: Record<SessionState, 'success' | 'default' | 'info' | 'warning'> = { current: 'success', closed: 'default', upcoming: 'info', ended: 'warning' };

const COLUMNS = ['designation', 'start', 'end', 'state', 'applications', 'closedApplications', 'choices', 'confirmed', 'actions'] as const;
const NUMERIC = new Set<string>(['applications', 'closedApplications', 'choices', 'confirmed']);

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
        <Paper variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 860 }} aria-label={t('academic.sessions.title')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align={NUMERIC.has(column) || column === 'actions' ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`academic.sessions.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {sessions.data.map((session) => {
                  const state = sessionState(session);
                  return (
                    <TableRow key={session.id} hover>
                      <TableCell sx={{ fontWeight: 600 }}>{sessionName(session, i18n.language)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{sessionFirstDay(session)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{sessionLastDay(session) || t('academic.sessions.noEnd')}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATE_COLORS[state]} variant={state === 'current' ? 'filled' : 'outlined'} label={t(`academic.sessions.states.${state}`)} />
                      </TableCell>
                      <TableCell align="right">{session.APPLICATIONS}</TableCell>
                      <TableCell align="right">{session.CLOSED_APPLICATIONS}</TableCell>
                      <TableCell align="right">{session.CHOICES}</TableCell>
                      <TableCell align="right">{session.CONFIRMED}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                      </TableCell>
                    </TableRow>
                  );
                })}
                {sessions.data.length === 0 ? <EmptyRow columns={COLUMNS.length} text={t('academic.sessions.empty')} /> : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
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
