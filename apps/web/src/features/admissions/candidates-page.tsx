import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { CandidateRow, OfficeEntrance } from '@portal/contract';
import { ADMISSION_DECISIONS, type AdmissionDecision } from '@portal/contract/rules';
import { useChoice } from '../../components/choice-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FilterSelect, ListPage } from '../../components/list-page';
import { useNotify } from '../../components/notify';
import { OfficeTable } from '../../components/office-table';
import { SearchField } from '../../components/search-field';
import { formatDay } from '../../lib/format';
import { messageKey } from '../../lib/form';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import {
  admissionsKeys,
  candidateFiltersFrom,
  candidatesExportUrl,
  DECISION_FILTERS,
  DOCUMENTS_FILTERS,
  PAID_FILTERS,
  recordDecisions,
  refusedLines,
  useCandidates,
  useOfficeEntrances,
  type CandidateFilters,
} from './admissions-api';
import { DecisionChip, DocumentsChip, PaidChip, specialityLabel } from './labels';

// The import (its upload and its report of bad lines) loads when first opened.
const ImportDecisionsDialog = lazy(() => import('./import-decisions-dialog'));

const DECISION_COLOURS = { ADMITTED: 'success', WAITING_LIST: 'warning', REFUSED: 'error' } as const;

type Deciding = { decision: AdmissionDecision; candidates: CandidateRow[] };

function CandidatesTable({
  rows,
  fetching,
  chosen,
  onChosen,
  footer,
}: {
  rows: CandidateRow[];
  fetching: boolean;
  chosen: number[];
  onChosen: (ids: number[]) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const from = useLocation().search;
  return (
    <OfficeTable
      label={t('admissions.candidates.title')}
      minWidth={1000}
      rows={rows}
      rowKey={(row) => row.id}
      empty={t('admissions.candidates.empty')}
      fetching={fetching}
      footer={footer}
      rowProps={(row) => ({ selected: chosen.includes(row.id) })}
      choice={{
        chosen,
        onChosen,
        id: (row) => row.id,
        label: (row) => t('admissions.candidates.choose', { name: `${row.LASTNAME} ${row.FIRSTNAME}`, number: row.CANDIDATE_NUMBER }),
        allLabel: t('admissions.candidates.chooseAll'),
      }}
      columns={[
        { header: t('admissions.candidates.columns.number'), sx: { whiteSpace: 'nowrap' }, cell: (row) => row.CANDIDATE_NUMBER },
        {
          header: t('admissions.candidates.columns.name'),
          sx: { minWidth: 170 },
          cell: (row) => (
            <>
              <Link component={RouterLink} to={`/admissions/candidates/${row.id}`} state={{ from }} sx={{ fontWeight: 600, display: 'block' }}>
                {`${row.LASTNAME} ${row.FIRSTNAME}`}
              </Link>
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {row.EMAIL}
              </Typography>
            </>
          ),
        },
        { header: t('admissions.candidates.columns.entrance'), sx: { minWidth: 140 }, cell: (row) => row.ENTRANCE_NAME },
        {
          header: t('admissions.candidates.columns.choices'),
          sx: { minWidth: 180 },
          cell: (row) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {row.FIRST_CHOICE}
              </Box>
              {row.SECOND_CHOICE ? (
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('admissions.candidates.secondChoice', { name: row.SECOND_CHOICE })}
                </Typography>
              ) : null}
            </>
          ),
        },
        { header: t('admissions.candidates.columns.paid'), cell: (row) => <PaidChip paid={row.HAS_PAID} /> },
        { header: t('admissions.candidates.columns.documents'), cell: (row) => <DocumentsChip complete={row.documentsComplete} /> },
        {
          header: t('admissions.candidates.columns.decision'),
          cell: (row) => (
            <>
              <DecisionChip decision={row.DECISION} />
              {row.DECISION_SPECIALITY ? (
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {row.DECISION_SPECIALITY}
                </Typography>
              ) : null}
            </>
          ),
        },
        { header: t('admissions.candidates.columns.registeredAt'), align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatDay(row.createdAt) },
      ]}
    />
  );
}

/** The speciality a selection is decided for: each candidate's first choice, or one of the entrance's (one each candidate chose). */
const FIRST_CHOICE = 'first';

/** Asks before deciding on the candidates chosen; admitted or waiting, for their first choice unless another speciality (one they chose) is named. */
function DecideDialog({
  deciding,
  entrance,
  speciality,
  onDone,
  onClose,
}: {
  deciding: Deciding;
  entrance: OfficeEntrance | null;
  speciality: number | '';
  onDone: () => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [named, setNamed] = useState(speciality === '' ? FIRST_CHOICE : String(speciality));
  const { decision, candidates } = deciding;
  const count = candidates.length;
  const withSpeciality = decision !== 'REFUSED';
  const specialityOf = (candidate: CandidateRow): number | null => {
    if (!withSpeciality) return null;
    return named === FIRST_CHOICE ? candidate.FIRST_CHOICE_ID : Number(named);
  };
  return (
    <ConfirmDialog
      title={t(`admissions.decide.${decision}Title`, { count })}
      text={t(`admissions.decide.${decision}Text`, { count })}
      confirmLabel={t(`admissions.decide.${decision}`)}
      danger={decision === 'REFUSED'}
      wide
      action={() =>
        recordDecisions({
          decisions: candidates.map((candidate) => ({
            CANDIDATE_NUMBER: candidate.CANDIDATE_NUMBER,
            DECISION: decision,
            SPECIALITY_ID: specialityOf(candidate),
          })),
        })
      }
      onDone={async (result) => {
        notify('admissions.decide.done', 'success', { count: result.recorded, number: result.mailed });
        await onDone();
      }}
      describeError={(failure) => {
        // the server names each refused decision by its position among those sent
        const refused = refusedLines(failure);
        if (refused.length === 0) return null;
        return (
          <>
            {t('admissions.decide.notRecorded')}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {refused.map(({ line, message }) => {
                const candidate = candidates[line - 1];
                return (
                  <li key={line}>
                    {t('common.labelValue', {
                      label: candidate ? `${candidate.LASTNAME} ${candidate.FIRSTNAME} (${candidate.CANDIDATE_NUMBER})` : String(line),
                      value: t(messageKey(message)),
                    })}
                  </li>
                );
              })}
            </Box>
          </>
        );
      }}
      onClose={onClose}
    >
      {withSpeciality ? (
        <TextField
          select
          size="small"
          fullWidth
          id="admissions-decide-speciality"
          label={t('admissions.decide.speciality')}
          helperText={t('admissions.decide.specialityHelp')}
          value={named}
          onChange={(event) => setNamed(event.target.value)}
          sx={{ mt: 2 }}
        >
          <MenuItem value={FIRST_CHOICE}>{t('admissions.decide.firstChoice')}</MenuItem>
          {(entrance?.specialities ?? []).map((item) => (
            <MenuItem key={item.SPECIALITY_ID} value={String(item.SPECIALITY_ID)}>
              {specialityLabel(item, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * `/admissions/candidates`: the candidates of every entrance, filtered in the URL (entrance,
 * speciality, paid, documents, decision, a search), exported as CSV or XLSX with those filters,
 * decided on as a selection, or from a file of decisions.
 */
export default function CandidatesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { filters, update } = useUrlFilters(candidateFiltersFrom);
  const entrances = useOfficeEntrances();
  const list = useCandidates(filters);
  const [chosen, setChosen] = useChoice(JSON.stringify(filters));
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [importing, setImporting] = useState(false);
  const entrance = entrances.data?.find((item) => item.Entrance_ID === filters.entrance) ?? null;
  const rows = list.data?.rows ?? [];
  const change = (changes: Partial<Record<keyof CandidateFilters, string | number>>) => update(changes);
  const refresh = () => queryClient.invalidateQueries({ queryKey: admissionsKeys.all });
  const choice = <V extends string>(name: 'paid' | 'documents' | 'decision', values: readonly V[], sx = { flex: '1 1 150px' }) => (
    <FilterSelect
      id={`admissions-filter-${name}`}
      label={t(`admissions.candidates.filters.${name}`)}
      all={t('admissions.candidates.filters.all')}
      displayEmpty
      value={filters[name]}
      options={values.map((value) => ({ value, label: t(`admissions.candidates.filters.${name}Values.${value}`) }))}
      onChange={(value) => change({ [name]: value })}
      sx={sx}
    />
  );

  return (
    <>
      <ListPage
        title={t('admissions.candidates.title')}
        intro={t('admissions.candidates.intro')}
        filtersLabel={t('admissions.candidates.filtersLabel')}
        filters={
          <>
            <FilterSelect
              id="admissions-filter-entrance"
              label={t('admissions.candidates.filters.entrance')}
              all={t('admissions.candidates.filters.allEntrances')}
              displayEmpty
              value={entrance ? String(entrance.Entrance_ID) : ''}
              options={(entrances.data ?? []).map((item) => ({ value: String(item.Entrance_ID), label: `${item.Entrance_Name} (${item.Year_Name})` }))}
              onChange={(value) => change({ entrance: value, speciality: '' })}
              sx={{ flex: '2 1 240px' }}
            />
            <FilterSelect
              id="admissions-filter-speciality"
              label={t('admissions.candidates.filters.speciality')}
              all={t('admissions.candidates.filters.allSpecialities')}
              displayEmpty
              disabled={!entrance}
              value={entrance?.specialities.some((item) => item.SPECIALITY_ID === filters.speciality) ? String(filters.speciality) : ''}
              options={(entrance?.specialities ?? []).map((item) => ({ value: String(item.SPECIALITY_ID), label: specialityLabel(item, i18n.language) }))}
              onChange={(value) => change({ speciality: value })}
              sx={{ flex: '2 1 240px' }}
            />
            {choice('paid', PAID_FILTERS)}
            {choice('documents', DOCUMENTS_FILTERS)}
            {choice('decision', DECISION_FILTERS, { flex: '1 1 170px' })}
            <SearchField
              id="admissions-search"
              label={t('admissions.candidates.search')}
              helperText={t('admissions.candidates.searchHelp')}
              value={filters.search}
              onSearch={(search) => change({ search })}
              sx={{ flex: '2 1 260px' }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', flex: '1 1 100%' }}>
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button key={format} component="a" href={candidatesExportUrl(filters, format)} download variant="outlined" startIcon={<DownloadOutlined />}>
                  {t(`admissions.candidates.export.${format}`)}
                </Button>
              ))}
              <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
                {t('admissions.import.open')}
              </Button>
            </Box>
          </>
        }
        query={list}
        paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
      >
        {(data, pager) => (
          <>
            <Paper
              variant="outlined"
              role="group"
              aria-label={t('admissions.selection.label')}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, mb: 2 }}
            >
              <Typography sx={{ flex: '1 1 200px' }} aria-live="polite">
                {chosen.length > 0 ? t('admissions.selection.count', { count: chosen.length }) : t('admissions.selection.none')}
              </Typography>
              {ADMISSION_DECISIONS.map((decision) => (
                <Button
                  key={decision}
                  size="small"
                  variant="contained"
                  color={DECISION_COLOURS[decision]}
                  disabled={chosen.length === 0}
                  onClick={() => setDeciding({ decision, candidates: rows.filter((row) => chosen.includes(row.id)) })}
                >
                  {t(`admissions.decide.${decision}`)}
                </Button>
              ))}
            </Paper>
            <CandidatesTable rows={data.rows} fetching={list.isFetching} chosen={chosen} onChosen={setChosen} footer={pager} />
          </>
        )}
      </ListPage>
      {deciding ? (
        <DecideDialog
          deciding={deciding}
          entrance={entrance}
          speciality={filters.speciality}
          onDone={async () => {
            setChosen([]);
            setDeciding(null);
            await refresh();
          }}
          onClose={() => setDeciding(null)}
        />
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportDecisionsDialog onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
