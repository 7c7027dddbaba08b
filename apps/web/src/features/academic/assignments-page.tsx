import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Applicant, AssignmentRow } from '@portal/contract';
import { AFFECTATION, ASSIGNMENT_STATES, CHOICE_CATEGORIES, type Affectation } from '@portal/contract/rules';
import { useNotify } from '../../components/notify';
import { FilterSelect, ListPage } from '../../components/list-page';
import { OfficeTable } from '../../components/office-table';
import { SearchField } from '../../components/search-field';
import { errorKey } from '../../lib/api';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { academicKeys, assignmentFiltersFrom, assignmentsExportUrl, decideChoice, useAssignments, useSessions, type ChoiceAction } from './academic-api';
import { localName, partLabel, regimeLabel } from './labels';
import { sessionName, subjectName } from '../../lib/names';

/** How each AFFECTATION of a choice is named on the page. */
const STATES = { [AFFECTATION.SELECTED]: 'selected', [AFFECTATION.CONFIRMED]: 'confirmed', [AFFECTATION.DECLINED]: 'declined' } as const satisfies Record<
  Affectation,
  string
>;
const STATE_COLORS = { selected: 'default', confirmed: 'success', declined: 'error' } as const;

interface Decision {
  id: number;
  action: ChoiceAction;
}

/** The buttons of a choice: confirm, decline or reset, those that change it. */
function ApplicantActions({ applicant, busy, onDecide }: { applicant: Applicant; busy: boolean; onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation();
  const actions: { action: ChoiceAction; show: boolean; color: 'success' | 'error' | 'inherit' }[] = [
    { action: 'confirm', show: applicant.AFFECTATION !== AFFECTATION.CONFIRMED, color: 'success' },
    { action: 'decline', show: applicant.AFFECTATION !== AFFECTATION.DECLINED, color: 'error' },
    { action: 'reset', show: applicant.AFFECTATION !== AFFECTATION.SELECTED, color: 'inherit' },
  ];
  return actions
    .filter((item) => item.show)
    .map((item) => (
      <Button key={item.action} size="small" color={item.color} disabled={busy} onClick={() => onDecide({ id: applicant.CHOICE_ID, action: item.action })}>
        {t(`academic.assignments.actions.${item.action}`)}
      </Button>
    ));
}

function SubjectSection({
  row,
  pending,
  failure,
  onDecide,
}: {
  row: AssignmentRow;
  pending: number | null;
  failure: { id: number; key: string } | null;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation();
  const subject = row.Subject;
  const titleId = `academic-subject-${subject.SUBJECT_ID}`;
  const failed = failure && row.applicants.some((applicant) => applicant.CHOICE_ID === failure.id) ? failure.key : null;
  const hours = CHOICE_CATEGORIES.filter((part) => subject[`HOURS_${part}`] > 0)
    .map((part) => t('academic.assignments.partHours', { name: partLabel(t, part), count: subject[`HOURS_${part}`] }))
    .join(' · ');
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {`${subject.SUBJECT_CODE} – ${subjectName(subject, i18n.language)}`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[
            subject.CLASS_CODE,
            regimeLabel(t, subject.SHIFT),
            localName(i18n.language, { NAME: subject.DEPARTMENT_NAME, NAME_FR: subject.DEPARTMENT_NAME_FR }),
            hours,
          ].join(' · ')}
        </Typography>
        {subject.ASSIGNED.length > 0 ? (
          <Typography variant="body2" sx={{ color: 'success.main' }}>
            {`${t('academic.assignments.assignedParts')} ${subject.ASSIGNED.map((part) => partLabel(t, part)).join(', ')}`}
          </Typography>
        ) : null}
      </Box>
      <OfficeTable
        bare
        label={t('academic.assignments.applicantsOf', { name: subject.SUBJECT_CODE })}
        minWidth={900}
        rows={row.applicants}
        rowKey={(applicant) => applicant.CHOICE_ID}
        empty=""
        columns={[
          { header: t('academic.assignments.columns.name'), sx: { fontWeight: 600 }, cell: (applicant) => `${applicant.LASTNAME} ${applicant.FIRSTNAME}` },
          { header: t('academic.assignments.columns.matricule'), sx: { whiteSpace: 'nowrap' }, cell: (applicant) => applicant.MATRICULE },
          { header: t('academic.assignments.columns.category'), cell: (applicant) => (applicant.STATUS ? t(`person.status.${applicant.STATUS}`) : '—') },
          { header: t('academic.assignments.columns.part'), cell: (applicant) => partLabel(t, applicant.CATEGORY) },
          { header: t('academic.assignments.columns.hours'), align: 'right', cell: (applicant) => applicant.HOURS },
          {
            header: t('academic.assignments.columns.application'),
            cell: (applicant) => t(applicant.CLOSED ? 'academic.assignments.closed' : 'academic.assignments.inProgress'),
          },
          {
            header: t('academic.assignments.columns.hoursSummary'),
            align: 'right',
            sx: { whiteSpace: 'nowrap' },
            title: (applicant) =>
              t('academic.assignments.hoursValue', { count: applicant.CONFIRMED_HOURS, number: applicant.CHOSEN_HOURS, total: applicant.TOTAL_HOURS }),
            cell: (applicant) => `${applicant.CONFIRMED_HOURS} / ${applicant.CHOSEN_HOURS} / ${applicant.TOTAL_HOURS}`,
          },
          {
            header: t('academic.assignments.columns.state'),
            cell: (applicant) => {
              const state = STATES[applicant.AFFECTATION];
              return (
                <Chip
                  size="small"
                  color={STATE_COLORS[state]}
                  variant={state === 'selected' ? 'outlined' : 'filled'}
                  label={t(`academic.assignments.states.${state}`)}
                />
              );
            },
          },
          {
            header: t('academic.assignments.columns.actions'),
            align: 'right',
            sx: { whiteSpace: 'nowrap' },
            cell: (applicant) => <ApplicantActions applicant={applicant} busy={pending === applicant.CHOICE_ID} onDecide={onDecide} />,
          },
        ]}
      />
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
              label: session.CURRENT
                ? t('academic.assignments.currentSession', { name: sessionName(session, i18n.language) })
                : sessionName(session, i18n.language),
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
            <Button
              component="a"
              href={assignmentsExportUrl(sessionId)}
              download
              variant="outlined"
              startIcon={<DownloadOutlined />}
              sx={{ flex: '0 0 auto', mt: '1px' }}
            >
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
              <SubjectSection
                key={row.Subject.SUBJECT_ID}
                row={row}
                pending={decide.isPending ? (decide.variables?.id ?? null) : null}
                failure={failure}
                onDecide={(decision) => decide.mutate(decision)}
              />
            ))}
            {data.rows.length === 0 && data.session ? (
              <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{t('academic.assignments.empty')}</Typography>
            ) : null}
          </Stack>
          {pager}
        </>
      )}
    </ListPage>
  );
}
