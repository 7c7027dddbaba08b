import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectFilters, SubjectRow } from '@portal/contract';
import { CHOICE_CATEGORIES, LEVEL_IDS, REGIMES, SUBJECTS_PAGE_SIZE, hoursOf, type ChoiceCategory } from '@portal/contract/rules';
import { FilterBar, FilterSelect as SharedFilterSelect } from '../../components/list-page';
import { LoadStatus } from '../../components/load-status';
import { ListPagination } from '../../components/list-pagination';
import { OfficeTable } from '../../components/office-table';
import { SearchField } from '../../components/search-field';
import { errorKey } from '../../lib/api';
import { formatCurrency } from '../../lib/format';
import { partState, type DraftChoice } from './choices';
import { useCatalogue, useClasses, useClassSubjects, useSubjectPage } from './applications-api';
import { choiceName, formatRate, localName } from './labels';
import { subjectName } from '../../lib/names';

type FilterName = 'CYCLE' | 'LEVEL' | 'REGIME' | 'DEPARTMENT' | 'BRANCH' | 'CLASS';
type FilterValues = Record<FilterName | 'SEARCH', string>;
const NO_FILTERS: FilterValues = { CYCLE: '', LEVEL: '', REGIME: '', DEPARTMENT: '', BRANCH: '', CLASS: '', SEARCH: '' };

/** The body of `PATCH /subjects/by-level/{page}`: the filters that are set, and only those. */
export function toRequest(values: FilterValues): SubjectFilters {
  const body: SubjectFilters = {};
  if (values.CYCLE) body.CYCLE = Number(values.CYCLE);
  if (values.LEVEL) body.LEVEL = Number(values.LEVEL);
  if (values.REGIME) body.REGIME = values.REGIME as SubjectFilters['REGIME'];
  if (values.DEPARTMENT) body.DEPARTMENT = Number(values.DEPARTMENT);
  if (values.BRANCH) body.BRANCH = Number(values.BRANCH);
  if (values.CLASS) body.CLASS = Number(values.CLASS);
  if (values.SEARCH) body.SEARCH = values.SEARCH;
  return body;
}

/** Lower case without accents (`Données` → `donnees`). */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

/** Whether a subject matches the free text: its code or either of its names, without case or accents (as the server searches). */
const matches = (subject: SubjectRow, search: string) => {
  const text = plain(search.trim());
  return !text || plain(`${subject.SUBJECT_CODE} ${subject.SUBJECT_NAME} ${subject.SUBJECT_NAME_FR}`).includes(text);
};

interface Option {
  value: string;
  label: string;
}

function FilterSelect({ name, ...props }: { name: FilterName; value: string; options: Option[]; onChange: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <SharedFilterSelect
      id={`courses-filter-${name}`}
      label={t(`applications.filters.${name}`)}
      all={t('applications.filters.all')}
      displayEmpty
      sx={{ flex: '1 1 160px', minWidth: 140 }}
      {...props}
    />
  );
}

/** The add action of each part of a subject: off when the part has no hours, is assigned or is in the list. */
function AddParts({
  subject,
  draft,
  onAdd,
  disabled,
}: {
  subject: SubjectRow;
  draft: readonly DraftChoice[];
  onAdd: (subject: SubjectRow, category: ChoiceCategory) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
      {CHOICE_CATEGORIES.map((category) => {
        const state = partState(subject, category, draft);
        const name = t('applications.add', { name: choiceName(subjectName(subject, i18n.language), category) });
        return (
          <Button
            key={category}
            size="small"
            variant={state === 'inList' ? 'contained' : 'outlined'}
            disabled={disabled || state !== 'free'}
            aria-label={state === 'free' ? name : `${name}: ${t(`applications.partState.${state}`)}`}
            onClick={() => onAdd(subject, category)}
            sx={{ minWidth: 44, px: 1 }}
          >
            {category}
          </Button>
        );
      })}
    </Box>
  );
}

interface RowsProps {
  rows: SubjectRow[];
  draft: readonly DraftChoice[];
  onAdd: (subject: SubjectRow, category: ChoiceCategory) => void;
  disabled: boolean;
}

function SubjectTable({ rows, draft, onAdd, disabled }: RowsProps) {
  const { t, i18n } = useTranslation();
  return (
    <OfficeTable
      bare
      label={t('applications.subjects.title')}
      minWidth={900}
      tableSx={{ '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } }}
      rows={rows}
      rowKey={(subject) => subject.SUBJECT_ID}
      empty=""
      columns={[
        {
          header: t('applications.columns.subject'),
          cell: (subject) => (
            <>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {subjectName(subject, i18n.language)}
              </Typography>
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                {subject.SUBJECT_CODE}
              </Typography>
            </>
          ),
        },
        { header: t('applications.columns.class'), sx: { whiteSpace: 'nowrap' }, cell: (subject) => subject.CLASS_CODE },
        { header: t('applications.columns.level'), cell: (subject) => subject.LEVEL_ID },
        { header: t('applications.columns.cycle'), cell: (subject) => (i18n.language === 'fr' ? subject.CYCLE_NAME_FR : subject.CYCLE_NAME) },
        { header: t('applications.columns.department'), cell: (subject) => (i18n.language === 'fr' ? subject.DEPARTMENT_NAME_FR : subject.DEPARTMENT_NAME) },
        { header: t('applications.columns.shift'), cell: (subject) => t(`applications.regimes.${subject.SHIFT}`) },
        ...CHOICE_CATEGORIES.map((category) => ({
          key: category,
          header: (
            <Box component="abbr" title={t(`applications.columns.${category}`)} sx={{ textDecoration: 'none' }}>
              {category}
            </Box>
          ),
          sx: { whiteSpace: 'nowrap' },
          cell: (subject: SubjectRow) => t('applications.hours', { count: hoursOf(subject, category) }),
        })),
        { header: t('applications.columns.rate'), sx: { whiteSpace: 'nowrap' }, cell: (subject) => formatCurrency(subject.HOURLY_RATE) },
        { header: t('applications.columns.tax'), sx: { whiteSpace: 'nowrap' }, cell: (subject) => formatRate(subject.TAX_RATE, i18n.language) },
        { header: t('applications.columns.add'), cell: (subject) => <AddParts subject={subject} draft={draft} onAdd={onAdd} disabled={disabled} /> },
      ]}
    />
  );
}

/** On a phone: a card per subject. */
function SubjectCards({ rows, draft, onAdd, disabled }: RowsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="ul" aria-label={t('applications.subjects.title')} spacing={1.5} sx={{ listStyle: 'none', p: 1.5, m: 0 }}>
      {rows.map((subject) => (
        <Paper component="li" key={subject.SUBJECT_ID} variant="outlined" sx={{ p: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{subjectName(subject, i18n.language)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[subject.SUBJECT_CODE, subject.CLASS_CODE, t('applications.levelN', { level: subject.LEVEL_ID }), t(`applications.regimes.${subject.SHIFT}`)].join(
              ' · ',
            )}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[
              i18n.language === 'fr' ? subject.CYCLE_NAME_FR : subject.CYCLE_NAME,
              i18n.language === 'fr' ? subject.DEPARTMENT_NAME_FR : subject.DEPARTMENT_NAME,
            ].join(' · ')}
          </Typography>
          <Typography variant="body2" sx={{ my: 0.5 }}>
            {CHOICE_CATEGORIES.map((category) => `${category} ${t('applications.hours', { count: hoursOf(subject, category) })}`).join(' · ')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {[
              t('common.labelValue', { label: t('applications.columns.rate'), value: formatCurrency(subject.HOURLY_RATE) }),
              t('common.labelValue', { label: t('applications.columns.tax'), value: formatRate(subject.TAX_RATE, i18n.language) }),
            ].join(' · ')}
          </Typography>
          <AddParts subject={subject} draft={draft} onAdd={onAdd} disabled={disabled} />
        </Paper>
      ))}
    </Stack>
  );
}

/** The subjects offered, with their filters, paged; each part can be added to the list. */
export default function SubjectBrowser({
  draft,
  onAdd,
  disabled,
}: {
  draft: readonly DraftChoice[];
  onAdd: (subject: SubjectRow, category: ChoiceCategory) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [values, setValues] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [resets, setResets] = useState(0);
  const catalogue = useCatalogue();
  const classes = useClasses(values.BRANCH ? Number(values.BRANCH) : undefined);
  const classId = values.CLASS ? Number(values.CLASS) : undefined;
  const classSubjects = useClassSubjects(classId);
  const request = useMemo(() => toRequest(values), [values]);
  const subjectPage = useSubjectPage(request, page, classId === undefined);

  const set = (changes: Partial<FilterValues>) => {
    setValues((previous) => {
      const next = { ...previous, ...changes };
      // a branch outside the chosen department, or a class of another branch, no longer applies
      if ('DEPARTMENT' in changes && next.BRANCH && catalogue.data) {
        const branch = catalogue.data.branches.find((b) => String(b.id) === next.BRANCH);
        if (next.DEPARTMENT && branch && String(branch.DEPARTMENT_ID) !== next.DEPARTMENT) next.BRANCH = '';
      }
      if (next.BRANCH !== previous.BRANCH) next.CLASS = '';
      return next;
    });
    setPage(1);
  };

  const language = i18n.language;
  const data = catalogue.data;
  const branches = data ? data.branches.filter((b) => !values.DEPARTMENT || String(b.DEPARTMENT_ID) === values.DEPARTMENT) : [];

  const inClass = classId !== undefined;
  const query = inClass ? classSubjects : subjectPage;
  const rows = inClass ? (classSubjects.data ?? []).filter((subject) => matches(subject, values.SEARCH)) : (subjectPage.data?.rows ?? []);
  const none = inClass ? classSubjects.isSuccess && rows.length === 0 : subjectPage.isSuccess && (subjectPage.data === null || rows.length === 0);
  const Rows = phone ? SubjectCards : SubjectTable;

  return (
    <Box component="section" aria-labelledby="courses-subjects-title">
      <Typography id="courses-subjects-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('applications.subjects.title')}
      </Typography>
      <FilterBar label={t('applications.filters.label')}>
        <SearchField
          key={resets}
          id="courses-search"
          label={t('applications.filters.search')}
          onSearch={(SEARCH) => set({ SEARCH })}
          sx={{ flex: '2 1 240px' }}
        />
        <FilterSelect
          name="CYCLE"
          value={values.CYCLE}
          options={(data?.cycles ?? []).map((cycle) => ({ value: String(cycle.id), label: localName(cycle, language) }))}
          onChange={(CYCLE) => set({ CYCLE })}
        />
        <FilterSelect
          name="LEVEL"
          value={values.LEVEL}
          options={LEVEL_IDS.map((level) => ({ value: String(level), label: t('applications.levelN', { level }) }))}
          onChange={(LEVEL) => set({ LEVEL })}
        />
        <FilterSelect
          name="REGIME"
          value={values.REGIME}
          options={REGIMES.map((regime) => ({ value: regime, label: t(`applications.regimes.${regime}`) }))}
          onChange={(REGIME) => set({ REGIME })}
        />
        <FilterSelect
          name="DEPARTMENT"
          value={values.DEPARTMENT}
          options={(data?.departments ?? []).map((department) => ({ value: String(department.id), label: localName(department, language) }))}
          onChange={(DEPARTMENT) => set({ DEPARTMENT })}
        />
        <FilterSelect
          name="BRANCH"
          value={values.BRANCH}
          options={branches.map((branch) => ({ value: String(branch.id), label: `${branch.ABBREVIATION} – ${localName(branch, language)}` }))}
          onChange={(BRANCH) => set({ BRANCH })}
        />
        <FilterSelect
          name="CLASS"
          value={values.CLASS}
          disabled={!values.BRANCH || !classes.data}
          options={(classes.data ?? []).map((item) => ({ value: String(item.id), label: item.CODE }))}
          onChange={(CLASS) => set({ CLASS })}
        />
        <Button
          variant="text"
          onClick={() => {
            setValues(NO_FILTERS);
            setPage(1);
            setResets((n) => n + 1);
          }}
          sx={{ mt: '2px' }}
        >
          {t('applications.filters.reset')}
        </Button>
      </FilterBar>
      {!values.BRANCH ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1, mb: 2 }}>
          {t('applications.filters.classHint')}
        </Typography>
      ) : null}
      {catalogue.isError || classes.isError ? (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {t(errorKey(catalogue.error ?? classes.error))}
        </Alert>
      ) : null}
      <LoadStatus error={query.error} loading={query.isPending && query.fetchStatus !== 'idle'} />
      {query.isSuccess ? (
        <Paper variant="outlined">
          {query.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
          {none ? (
            <Typography role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
              {t('applications.noResults')}
            </Typography>
          ) : (
            <Rows rows={rows} draft={draft} onAdd={onAdd} disabled={disabled} />
          )}
          {!inClass && subjectPage.data && subjectPage.data.total > 0 ? (
            <ListPagination total={subjectPage.data.total} pageCount={subjectPage.data.count} page={page} pageSize={SUBJECTS_PAGE_SIZE} onPage={setPage} />
          ) : null}
        </Paper>
      ) : null}
    </Box>
  );
}
