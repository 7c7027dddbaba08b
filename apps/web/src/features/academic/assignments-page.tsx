import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Applicant, AssignmentRow } from '@portal/contract';
import { AFFECTATION, ASSIGNMENT_STATES, CHOICE_CATEGORIES, type Affectation } from '@portal/contract/rules';
import { useNotify } from '../../components/notify';
import { FilterSelect, ListPage } from '../../components/list-page';
import { SearchField } from '../../components/search-field';
import { errorKey } from '../../lib/api';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import {
  academicKeys,
  assignmentFiltersFrom,
  assignmentsExportUrl,
  decideChoice,
  useAssignments,
  useSessions,
  type ChoiceAction,
} from './academic-api';
import { localName, partLabel, regimeLabel } from './labels';
import { sessionName, subjectName } from '../../lib/names';

/** How each AFFECTATION of a choice is named on the page. */
const STATES = { [AFFECTATION.SELECTED]: 'selected', [AFFECTATION.CONFIRMED]: 'confirmed', [AFFECTATION.DECLINED]: 'declined' } as const satisfies Record<Affectation, string>;
const STATE_COLORS = { selected: 'default', confirmed: 'success', declined: 'error' } as const;

interface Decision {
  id: number;
  action: ChoiceAction;
}

function ApplicantRow({ applicant, busy, onDecide }: { applicant: Applicant; busy: boolean; onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation();
  const state = STATES[applicant.AFFECTATION];
  const actions: { action: ChoiceAction; show: boolean; color: 'success' | 'error' | 'inherit' }[] = [
    { action: 'confirm', show: applicant.AFFECTATION !== AFFECTATION.CONFIRMED, color: 'success' },
    { action: 'decline', show: applicant.AFFECTATION !== AFFECTATION.DECLINED, color: 'error' },
    { action: 'reset', show: applicant.AFFECTATION !== AFFECTATION.SELECTED, color: 'inherit' },
  ];
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600 }}>{`${applicant.LASTNAME} ${applicant.FIRSTNAME}`}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{applicant.MATRICULE}</TableCell>
      <TableCell>{applicant.STATUS ? t(`person.status.${applicant.STATUS}`) : '—'}</TableCell>
      <TableCell>{partLabel(t, applicant.CATEGORY)}</TableCell>
      <TableCell align="right">{applicant.HOURS}</TableCell>
      <TableCell>{t(applicant.CLOSED ? 'academic.assignments.closed' : 'academic.assignments.inProgress')}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} title={t('academic.assignments.hoursValue', { count: applicant.CONFIRMED_HOURS, number: applicant.CHOSEN_HOURS, total: applicant.TOTAL_HOURS })}>
        {`${applicant.CONFIRMED_HOURS} / ${applicant.CHOSEN_HOURS} / ${applicant.TOTAL_HOURS}`}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATE_COLORS[state]} variant={state === 'selected' ? 'outlined' : 'filled'} label={t(`academic.assignments.states.${state}`)} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {actions
          .filter((item) => item.show)
          .map((item) => (
            <Button key={item.action} size="small" color={item.color} disabled={busy} onClick={() => onDecide({ id: applicant.CHOICE_ID, action: item.action })}>
              {t(`academic.assignments.actions.${item.action}`)}
            </Button>
          ))}
      </TableCell>
    </TableRow>
  );
}

const APPLICANT_COLUMNS = ['name', 'matricule', 'category', 'part', 'hours', 'application', 'hoursSummary', 'state', 'actions'] as const;
const RIGHT = new Set<string>(['hours', 'hoursSummary', 'actions']);

function SubjectSection({ row, pending, failure, onDecide }: { row: AssignmentRow; pending: number | null; failure: { id: number; key: string } | null; onDecide: (decision: Decision) => void }) {
  const { t, i18n } = useTranslation();
  const subject = row.Subject;
  const titleId = `academic-subject-${subject.SUBJECT_ID}`;
  const failed = failure && row.applicants.some((applicant) => applicant.CHOICE_ID === failure.id) ? failure.key : null;
  const hours = CHOICE_CATEGORIES
    .filter((part) => subject[`HOURS_${part}`] > 0)
    .map((part) => t('academic.assignments.partHours', { name: partLabel(t, part), count: subject[`HOURS_${part}`] }))
    .join(' · ');
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {`${subject.SUBJECT_CODE} – ${subjectName(subject, i18n.language)}`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[subject.CLASS_CODE, regimeLabel(t, subject.SHIFT), localName(i18n.language, { NAME: subject.DEPARTMENT_NAME, NAME_FR: subject.DEPARTMENT_NAME_FR }), hours].join(' · ')}
        </Typography>
        {subject.ASSIGNED.length > 0 ? (
          <Typography variant="body2" sx={{ color: 'success.main' }}>
            {`${t('academic.assignments.assignedParts')} ${subject.ASSIGNED.map((part) => partLabel(t, part)).join(', ')}`}
          </Typography>
        ) : null}
      </Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 900 }} aria-label={t('academic.assignments.applicantsOf', { name: subject.SUBJECT_CODE })}>
          <TableHead>
            <TableRow>
              {APPLICANT_COLUMNS.map((column) => (
                <TableCell key={column} align={RIGHT.has(column) ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {t(`academic.assignments.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {row.applicants.map((applicant) => (
              <ApplicantRow key={applicant.CHOICE_ID} applicant={applicant} busy={pending === applicant.CHOICE_ID} onDecide={onDecide} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {failed ? (
        <Alert severity="error" role="alert" sx={{ m: 2 }}>
          {t(failed)}
        </Alert>
      ) : null}
    </Paper>
  );
}

export default function AssignmentsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { filters, update } = useUrlFilters(assignmentFiltersFrom);
  const sessions = useSessions();
  const list = useAssignments(filters);
  const data = list.data;
  const [failure, setFailure] = useState<{ id: number; key: string } | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, action }: Decision) => decideChoice(id, action),
    onMutate: () => setFailure(null),
    onSuccess: async (_answer, { action }) => {
      notify(`academic.notify.${action}`, 'success');
      await queryClient.invalidateQueries({ queryKey: academicKeys.all });
    },
    onError: (error, { id }) => setFailure({ id, key: errorKey(error) }),
  });
  const sessionId = filters.session ?? data?.session?.id ?? null;
  const sessionOptions = sessions.data ?? [];

  return (
    <ListPage
      title={t('academic.assignments.title')}
      intro={t('academic.assignments.intro')}
      filtersLabel={t('academic.assignments.filters')}
      filters={
        <>
          <FilterSelect
            id="academic-assignments-session"
            label={t('academic.assignments.session')}
            value={sessionId !== null && sessionOptions.some((session) => session.id === sessionId) ? String(sessionId) : ''}
            options={sessionOptions.map((session) => ({
              value: String(session.id),
              label: session.CURRENT ? t('academic.assignments.currentSession', { name: sessionName(session, i18n.language) }) : sessionName(session, i18n.language),
            }))}
            onChange={(session) => update({ session })}
            sx={{ flex: '2 1 260px' }}
          />
          <SearchField
            id="academic-assignments-search"
            label={t('academic.assignments.search')}
            helperText={t('academic.assignments.searchHelp')}
            value={filters.search}
            onSearch={(search) => update({ search })}
            sx={{ flex: '2 1 240px' }}
          />
          <FilterSelect
            id="academic-assignments-state"
            label={t('academic.assignments.state')}
            value={filters.state}
            options={ASSIGNMENT_STATES.map((state) => ({ value: state, label: t(`academic.assignments.stateFilter.${state}`) }))}
            onChange={(state) => update({ state })}
            sx={{ flex: '1 1 160px' }}
          />
          {sessionId !== null ? (
            <Button component="a" href={assignmentsExportUrl(sessionId)} download variant="outlined" startIcon={<DownloadOutlined />} sx={{ flex: '0 0 auto', mt: '1px' }}>
              {t('academic.assignments.export')}
            </Button>
          ) : null}
        </>
      }
      query={list}
      paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
    >
      {(data, pager) => (
        <>
          {!data.session ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('academic.assignments.noSession')}
            </Alert>
          ) : null}
          {list.isFetching ? <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
          <Stack spacing={2}>
            {data.rows.map((row) => (
              <SubjectSection key={row.Subject.SUBJECT_ID} row={row} pending={decide.isPending ? (decide.variables?.id ?? null) : null} failure={failure} onDecide={(decision) => decide.mutate(decision)} />
            ))}
            {data.rows.length === 0 && data.session ? <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{t('academic.assignments.empty')}</Typography> : null}
          </Stack>
          {pager}
        </>
      )}
    </ListPage>
  );
}
