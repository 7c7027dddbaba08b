import AddOutlined from '@mui/icons-material/AddOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonDecision, PlannedLesson } from '@portal/contract';
import { addDays, isLessonEditable, isoToDmy, LESSON_STATUSES } from '@portal/contract/rules';
import { useChoice } from '../../../components/choice-table';
import { OfficeTable } from '../../../components/office-table';
import { LessonStatusChip, lessonStatusKey } from '../../../components/lesson-status';
import { FilterBar, FilterSelect, ListPager } from '../../../components/list-page';
import { LoadStatus } from '../../../components/load-status';
import { useNotify } from '../../../components/notify';
import { Page } from '../../../components/page';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../../lib/url-filters';
import { ActionDialog } from './action-dialog';
import { dayLabel, partLabel, placeLabel, subjectLabel, timeRange } from './labels';
import {
  decideLessons,
  deleteLesson,
  lecturerLabel,
  planningFiltersFrom,
  planningKeys,
  thisWeek,
  useClasses,
  useLessons,
  useWeekLecturers,
} from './planning-api';

// The forms (with the contract's schemas and Zod) load when first opened.
const LessonDialog = lazy(() => import('./lesson-dialog'));
const ImportDialog = lazy(() => import('./import-dialog'));
const BillDialog = lazy(() => import('./billing-dialogs').then((module) => ({ default: module.BillDialog })));
const BillingPeriodsDialog = lazy(() => import('./billing-dialogs').then((module) => ({ default: module.BillingPeriodsDialog })));

type Open =
  | { kind: 'lesson'; lesson: PlannedLesson | null }
  | { kind: 'delete'; lesson: PlannedLesson }
  | { kind: 'decide'; decision: LessonDecision; scope: 'selection' | 'week' }
  | { kind: 'bill' }
  | { kind: 'periods' }
  | { kind: 'import' };

/** A lesson in a few words, for the names of its checkbox and buttons: `INF101, Mon 23/11/2026 08:00–09:50`. */
const lessonName = (lesson: PlannedLesson, language: string) =>
  `${lesson.subject.code}, ${dayLabel(lesson.date, language)} ${timeRange(lesson.begin, lesson.end)}`;

/** A billed lesson is final: it is neither decided on again nor billed twice. */
const selectable = (lesson: PlannedLesson) => lesson.status !== 'ValidatedAndBilled';

function WeekNavigation({ week, onWeek }: { week: string; onWeek: (week: string) => void }) {
  const { t } = useTranslation();
  const current = thisWeek();
  return (
    <Box role="group" aria-label={t('planning.week.label')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: '1 1 100%', flexWrap: 'wrap' }}>
      <IconButton aria-label={t('planning.week.previous')} onClick={() => onWeek(addDays(week, -7))}>
        <ChevronLeft />
      </IconButton>
      <Typography component="p" sx={{ fontWeight: 600, minWidth: 220, textAlign: 'center' }} aria-live="polite">
        {t('planning.week.range', { from: isoToDmy(week), to: isoToDmy(addDays(week, 6)) })}
      </Typography>
      <IconButton aria-label={t('planning.week.next')} onClick={() => onWeek(addDays(week, 7))}>
        <ChevronRight />
      </IconButton>
      <Button size="small" onClick={() => onWeek(current)} disabled={week === current}>
        {t('planning.week.this')}
      </Button>
    </Box>
  );
}

function LessonsTable({
  rows,
  fetching,
  chosen,
  onChosen,
  onOpen,
  footer,
}: {
  rows: PlannedLesson[];
  fetching: boolean;
  chosen: number[];
  onChosen: (ids: number[]) => void;
  onOpen: (open: Open) => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <OfficeTable
      label={t('planning.table.label')}
      minWidth={1000}
      rows={rows}
      rowKey={(lesson) => lesson.id}
      empty={t('planning.table.empty')}
      fetching={fetching}
      footer={footer}
      rowProps={(lesson) => ({ selected: chosen.includes(lesson.id) })}
      choice={{
        chosen,
        onChosen,
        id: (lesson) => lesson.id,
        choosable: selectable,
        label: (lesson) => t('planning.table.choose', { name: lessonName(lesson, language) }),
        allLabel: t('planning.table.chooseAll'),
      }}
      columns={[
        { header: t('planning.columns.date'), sx: { whiteSpace: 'nowrap' }, cell: (lesson) => dayLabel(lesson.date, language) },
        { header: t('planning.columns.time'), sx: { whiteSpace: 'nowrap' }, cell: (lesson) => timeRange(lesson.begin, lesson.end) },
        { header: t('planning.columns.class'), sx: { whiteSpace: 'nowrap' }, cell: (lesson) => lesson.class.code },
        { header: t('planning.columns.subject'), sx: { minWidth: 180 }, cell: (lesson) => subjectLabel(lesson.subject, language) },
        { header: t('planning.columns.part'), sx: { whiteSpace: 'nowrap' }, cell: (lesson) => partLabel(t, lesson.part) },
        {
          header: t('planning.columns.lecturer'),
          sx: { minWidth: 150 },
          cell: (lesson) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>{`${lesson.lecturer.LASTNAME} ${lesson.lecturer.FIRSTNAME}`}</Box>
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                {lesson.lecturer.MATRICULE}
              </Typography>
            </>
          ),
        },
        { header: t('planning.columns.place'), cell: (lesson) => placeLabel(lesson) || '—' },
        {
          header: t('planning.columns.status'),
          cell: (lesson) => (
            <>
              <LessonStatusChip status={lesson.status} />
              {lesson.billingPeriod ? (
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {lesson.billingPeriod.name}
                </Typography>
              ) : null}
            </>
          ),
        },
        {
          header: t('planning.columns.actions'),
          align: 'right',
          sx: { whiteSpace: 'nowrap' },
          cell: (lesson) => {
            const name = lessonName(lesson, language);
            return isLessonEditable(lesson.status) ? (
              <>
                <Button size="small" onClick={() => onOpen({ kind: 'lesson', lesson })} aria-label={t('planning.table.edit', { name })}>
                  {t('planning.actions.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => onOpen({ kind: 'delete', lesson })} aria-label={t('planning.table.delete', { name })}>
                  {t('planning.actions.delete')}
                </Button>
              </>
            ) : null;
          },
        },
      ]}
    />
  );
}

/**
 * The academic office's week: its lessons by class, lecturer and status, planned one by one or
 * imported, validated or refused (a selection or the whole week) and billed into a billing period.
 */
export default function PlanningPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { filters, update } = useUrlFilters(planningFiltersFrom);
  const list = useLessons(filters);
  const classes = useClasses();
  const lecturers = useWeekLecturers(filters.week);
  // the lessons chosen, kept for one set of filters: another week, class, page... chooses afresh
  const [chosen, setChosen] = useChoice(JSON.stringify(filters));
  const [open, setOpen] = useState<Open | null>(null);
  /** the deletion takes the following pending lessons of the series too */
  const [series, setSeries] = useState(false);
  const close = () => {
    setOpen(null);
    setSeries(false);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: planningKeys.all });

  const classOptions = [...(classes.data ?? [])].sort((a, b) => a.CODE.localeCompare(b.CODE)).map((item) => ({ value: String(item.id), label: item.CODE }));
  const lecturerOptions = (lecturers.data ?? []).map((lecturer) => ({ value: String(lecturer.id), label: lecturerLabel(lecturer) }));
  if (filters.lecturerId !== '' && !lecturerOptions.some((option) => option.value === String(filters.lecturerId))) {
    lecturerOptions.push({ value: String(filters.lecturerId), label: t('planning.filters.otherLecturer') });
  }
  const chosenClass = classOptions.find((option) => option.value === String(filters.classId))?.label;
  const chosenLecturer = lecturerOptions.find((option) => option.value === String(filters.lecturerId))?.label;
  const scope = [
    chosenClass ? t('planning.week.scopeClass', { name: chosenClass }) : null,
    chosenLecturer ? t('planning.week.scopeLecturer', { name: chosenLecturer }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  const decision = open?.kind === 'decide' ? open : null;
  const decisionText = () => {
    if (!decision) return '';
    if (decision.scope === 'selection') return t(`planning.selection.${decision.decision}Text`, { count: chosen.length });
    const text = t(`planning.week.${decision.decision}Text`, { from: isoToDmy(filters.week), to: isoToDmy(addDays(filters.week, 6)) });
    return scope ? `${text} ${t('planning.week.only', { text: scope })}` : text;
  };

  return (
    <Page title={t('planning.title')} maxWidth="lg" intro={t('planning.intro')}>
      <FilterBar label={t('planning.filters.label')}>
        <WeekNavigation week={filters.week} onWeek={(week) => update({ week })} />
        <FilterSelect
          id="planning-class"
          label={t('planning.filters.class')}
          all={t('planning.filters.allClasses')}
          displayEmpty
          value={classOptions.some((option) => option.value === String(filters.classId)) ? String(filters.classId) : ''}
          options={classOptions}
          onChange={(classId) => update({ classId })}
          sx={{ flex: '1 1 160px' }}
        />
        <FilterSelect
          id="planning-lecturer"
          label={t('planning.filters.lecturer')}
          all={t('planning.filters.allLecturers')}
          displayEmpty
          value={String(filters.lecturerId)}
          options={lecturerOptions}
          onChange={(lecturerId) => update({ lecturerId })}
          sx={{ flex: '2 1 240px' }}
        />
        <FilterSelect
          id="planning-status"
          label={t('planning.filters.status')}
          all={t('planning.filters.allStatuses')}
          displayEmpty
          value={filters.status}
          options={LESSON_STATUSES.map((status) => ({ value: status, label: t(lessonStatusKey(status)) }))}
          onChange={(status) => update({ status })}
          sx={{ flex: '1 1 200px' }}
        />
      </FilterBar>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setOpen({ kind: 'lesson', lesson: null })}>
          {t('planning.actions.plan')}
        </Button>
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setOpen({ kind: 'import' })}>
          {t('planning.actions.import')}
        </Button>
        <Button variant="outlined" startIcon={<ReceiptLongOutlined />} onClick={() => setOpen({ kind: 'periods' })}>
          {t('planning.actions.periods')}
        </Button>
        <Box sx={{ flex: '1 1 auto' }} />
        <Button variant="outlined" color="success" onClick={() => setOpen({ kind: 'decide', decision: 'VALIDATE', scope: 'week' })}>
          {t('planning.week.VALIDATE')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setOpen({ kind: 'decide', decision: 'REFUSE', scope: 'week' })}>
          {t('planning.week.REFUSE')}
        </Button>
      </Box>

      <Paper
        variant="outlined"
        role="group"
        aria-label={t('planning.selection.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, mb: 2 }}
      >
        <Typography sx={{ flex: '1 1 200px' }} aria-live="polite">
          {chosen.length > 0 ? t('planning.selection.count', { count: chosen.length }) : t('planning.selection.none')}
        </Typography>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={chosen.length === 0}
          onClick={() => setOpen({ kind: 'decide', decision: 'VALIDATE', scope: 'selection' })}
        >
          {t('planning.selection.VALIDATE')}
        </Button>
        <Button
          size="small"
          variant="contained"
          color="error"
          disabled={chosen.length === 0}
          onClick={() => setOpen({ kind: 'decide', decision: 'REFUSE', scope: 'selection' })}
        >
          {t('planning.selection.REFUSE')}
        </Button>
        <Button size="small" variant="outlined" disabled={chosen.length === 0} onClick={() => setOpen({ kind: 'bill' })}>
          {t('planning.selection.bill')}
        </Button>
      </Paper>

      <LoadStatus error={list.error} loading={list.isPending} />
      {list.data ? (
        <LessonsTable
          rows={list.data.rows}
          fetching={list.isFetching}
          chosen={chosen}
          onChosen={setChosen}
          onOpen={setOpen}
          footer={<ListPager data={list.data} paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }} />}
        />
      ) : null}

      <Suspense fallback={null}>
        {open?.kind === 'lesson' ? (
          <LessonDialog lesson={open.lesson} classes={classes.data ?? []} classId={filters.classId} date={filters.week} onClose={close} />
        ) : null}
        {open?.kind === 'import' ? <ImportDialog onClose={close} /> : null}
        {open?.kind === 'periods' ? <BillingPeriodsDialog onClose={close} /> : null}
        {open?.kind === 'bill' ? (
          <BillDialog
            lessonIds={chosen}
            onDone={() => {
              setChosen([]);
              close();
            }}
            onClose={close}
          />
        ) : null}
      </Suspense>
      {open?.kind === 'delete' ? (
        <ActionDialog
          title={t('planning.delete.title')}
          text={t('planning.delete.text', {
            name: `${subjectLabel(open.lesson.subject, language)}, ${open.lesson.class.code}, ${dayLabel(open.lesson.date, language)} ${timeRange(open.lesson.begin, open.lesson.end)}`,
          })}
          confirmLabel={t('planning.actions.delete')}
          danger
          action={() => deleteLesson(open.lesson.id, series)}
          onDone={async (answer) => {
            notify('planning.notify.deleted', 'success', { count: answer?.changed ?? 1 });
            setChosen(chosen.filter((id) => id !== open.lesson.id));
            close();
            await refresh();
          }}
          onError={() => void refresh()}
          onClose={close}
        >
          {open.lesson.seriesId ? (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={series} onChange={(event) => setSeries(event.target.checked)} />}
              label={t('planning.delete.series')}
            />
          ) : null}
        </ActionDialog>
      ) : null}
      {decision ? (
        <ActionDialog
          title={t(decision.scope === 'week' ? `planning.week.${decision.decision}` : `planning.selection.${decision.decision}Title`)}
          text={decisionText()}
          confirmLabel={t(`planning.decisions.${decision.decision}`)}
          danger={decision.decision === 'REFUSE'}
          action={() =>
            decideLessons(
              decision.scope === 'selection'
                ? { DECISION: decision.decision, LESSON_IDS: chosen }
                : {
                    DECISION: decision.decision,
                    WEEK_OF: filters.week,
                    CLASS_ID: filters.classId === '' ? undefined : filters.classId,
                    LECTURER_ID: filters.lecturerId === '' ? undefined : filters.lecturerId,
                  },
            )
          }
          onDone={async (answer) => {
            notify(`planning.notify.${decision.decision}`, 'success', { count: answer.changed });
            setChosen([]);
            close();
            await refresh();
          }}
          onError={() => void refresh()}
          onClose={close}
        />
      ) : null}
    </Page>
  );
}
