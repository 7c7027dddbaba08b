import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { EvaluationSession } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyRow } from '../../components/empty-row';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { inLanguage } from '../../lib/names';
import { useEvaluationSessions } from './evaluation-api';
import { STATE_COLORS } from './evaluation-labels';

// The form (with the contract's schema and Zod) loads when it is first opened.
const SessionDialog = lazy(() => import('./session-dialog'));

const COLUMNS = ['name', 'form', 'start', 'end', 'state', 'classes', 'targets', 'participations', 'actions'] as const;
const NUMERIC = new Set<string>(['targets', 'participations']);

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
        <Paper variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 900 }} aria-label={t('evaluation.sessions.title')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align={NUMERIC.has(column) || column === 'actions' ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`evaluation.sessions.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {sessions.data.sessions.map((session) => (
                  <TableRow key={session.id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`/academic/evaluation/sessions/${session.id}`} sx={{ fontWeight: 600 }}>
                        {name(session)}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`/academic/evaluation/forms/${session.form.id}`}>
                        {name(session.form)}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{isoToDmy(session.startDate)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{isoToDmy(session.endDate)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATE_COLORS[session.state]} variant={session.state === 'OPEN' ? 'filled' : 'outlined'} label={t(`evaluation.states.${session.state}`)} />
                    </TableCell>
                    <TableCell>{session.classes.map((item) => item.code).join(', ')}</TableCell>
                    <TableCell align="right">{session.targets}</TableCell>
                    <TableCell align="right">{session.participations}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setEditing(session)} aria-label={t('evaluation.sessions.editNamed', { name: name(session) })}>
                        {t('evaluation.sessions.editShort')}
                      </Button>
                      <Button size="small" component={RouterLink} to={`/academic/evaluation/sessions/${session.id}`} aria-label={t('evaluation.sessions.resultsNamed', { name: name(session) })}>
                        {t('evaluation.sessions.results')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
                {sessions.data.sessions.length === 0 ? <EmptyRow columns={COLUMNS.length} text={t('evaluation.sessions.empty')} /> : null}
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
    </Page>
  );
}
