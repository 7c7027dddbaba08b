import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LESSON_HOURS_FORMATS } from '@portal/contract/rules';
import { FilterBar, FilterSelect } from '../../../components/list-page';
import { OfficeTable } from '../../../components/office-table';
import { LoadStatus } from '../../../components/load-status';
import { Page } from '../../../components/page';
import { useUrlFilters } from '../../../lib/url-filters';
import { DayFilter } from '../../../components/day-filter';
import { partLabel, subjectLabel } from './labels';
import { hoursExportUrl, hoursFiltersFrom, lecturerLabel, useClasses, useLessonHours, type LecturerOption } from './planning-api';

/** Hours as the reader writes numbers: `1.5` in English, `1,5` in French. */
const hoursFormat = (language: string) => new Intl.NumberFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 });

/** Planned, validated and billed hours per lecturer, subject and part against the subject's volume, with their exports. */
export default function HoursPage() {
  const { t, i18n } = useTranslation();
  const format = hoursFormat(i18n.language).format;
  const { filters, update } = useUrlFilters(hoursFiltersFrom);
  const hours = useLessonHours(filters);
  // The lecturer filter's choices: those of the period and class, whoever is chosen.
  const everyone = useLessonHours({ ...filters, lecturerId: '' });
  const classes = useClasses();
  const lecturers = new Map<number, LecturerOption>();
  for (const row of everyone.data?.rows ?? []) lecturers.set(row.lecturer.id, row.lecturer);
  const lecturerOptions = [...lecturers.values()]
    .sort((a, b) => `${a.LASTNAME} ${a.FIRSTNAME}`.localeCompare(`${b.LASTNAME} ${b.FIRSTNAME}`))
    .map((lecturer) => ({ value: String(lecturer.id), label: lecturerLabel(lecturer) }));
  if (filters.lecturerId !== '' && !lecturers.has(filters.lecturerId))
    lecturerOptions.push({ value: String(filters.lecturerId), label: t('planning.filters.otherLecturer') });
  const classOptions = [...(classes.data ?? [])].sort((a, b) => a.CODE.localeCompare(b.CODE)).map((item) => ({ value: String(item.id), label: item.CODE }));
  const rows = hours.data?.rows ?? [];
  const over = rows.filter((row) => row.planned > row.volume).length;

  return (
    <Page title={t('planning.hours.title')} maxWidth="lg" intro={t('planning.hours.intro')}>
      <FilterBar label={t('planning.hours.filters')}>
        <DayFilter id="planning-hours-from" label={t('planning.hours.from')} value={filters.from} optional onChange={(from) => update({ from })} />
        <DayFilter
          id="planning-hours-to"
          label={t('planning.hours.to')}
          value={filters.to}
          min={filters.from || undefined}
          optional
          onChange={(to) => update({ to })}
        />
        <FilterSelect
          id="planning-hours-lecturer"
          label={t('planning.filters.lecturer')}
          all={t('planning.filters.allLecturers')}
          displayEmpty
          value={String(filters.lecturerId)}
          options={lecturerOptions}
          onChange={(lecturerId) => update({ lecturerId })}
          sx={{ flex: '2 1 240px' }}
        />
        <FilterSelect
          id="planning-hours-class"
          label={t('planning.filters.class')}
          all={t('planning.filters.allClasses')}
          displayEmpty
          value={classOptions.some((option) => option.value === String(filters.classId)) ? String(filters.classId) : ''}
          options={classOptions}
          onChange={(classId) => update({ classId })}
          sx={{ flex: '1 1 160px' }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: '1 1 100%' }}>
          {LESSON_HOURS_FORMATS.map((format) => (
            <Button key={format} component="a" href={hoursExportUrl(filters, format)} download variant="outlined" startIcon={<DownloadOutlined />}>
              {t(`planning.hours.export.${format}`)}
            </Button>
          ))}
        </Box>
      </FilterBar>
      <LoadStatus error={hours.error} loading={hours.isPending} />
      {hours.data ? (
        <>
          {over > 0 ? (
            <Typography role="status" sx={{ mb: 1, color: 'error.dark', display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <WarningAmberOutlined fontSize="small" aria-hidden />
              {t('planning.hours.overCount', { count: over })}
            </Typography>
          ) : null}
          <OfficeTable
            label={t('planning.hours.title')}
            rows={rows}
            rowKey={(row) => `${row.lecturer.id}-${row.subject.id}-${row.part}`}
            empty={t('planning.hours.empty')}
            fetching={hours.isFetching}
            rowProps={(row) => (row.planned > row.volume ? { 'data-over': 'true', sx: { bgcolor: 'rgba(235, 85, 59, 0.08)' } } : {})}
            columns={[
              {
                header: t('planning.hours.columns.lecturer'),
                sx: { minWidth: 160 },
                cell: (row) => (
                  <>
                    <Box component="span" sx={{ display: 'block' }}>{`${row.lecturer.LASTNAME} ${row.lecturer.FIRSTNAME}`}</Box>
                    <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                      {row.lecturer.MATRICULE}
                    </Typography>
                  </>
                ),
              },
              { header: t('planning.hours.columns.subject'), sx: { minWidth: 180 }, cell: (row) => subjectLabel(row.subject, i18n.language) },
              { header: t('planning.hours.columns.class'), sx: { whiteSpace: 'nowrap' }, cell: (row) => row.class.code },
              { header: t('planning.hours.columns.part'), sx: { whiteSpace: 'nowrap' }, cell: (row) => partLabel(t, row.part) },
              { header: t('planning.hours.columns.volume'), align: 'right', headerAlign: 'left', cell: (row) => format(row.volume) },
              {
                header: t('planning.hours.columns.planned'),
                align: 'right',
                headerAlign: 'left',
                rowSx: (row) => (row.planned > row.volume ? { color: 'error.dark', fontWeight: 700 } : undefined),
                cell: (row) => {
                  const over = row.planned > row.volume;
                  return (
                    <>
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        {over ? <WarningAmberOutlined fontSize="small" aria-hidden /> : null}
                        {format(row.planned)}
                      </Box>
                      {over ? (
                        <Typography component="span" variant="caption" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                          {t('planning.hours.over', { value: format(Math.round((row.planned - row.volume) * 100) / 100) })}
                        </Typography>
                      ) : null}
                    </>
                  );
                },
              },
              { header: t('planning.hours.columns.validated'), align: 'right', headerAlign: 'left', cell: (row) => format(row.validated) },
              { header: t('planning.hours.columns.billed'), align: 'right', headerAlign: 'left', cell: (row) => format(row.billed) },
            ]}
          />
        </>
      ) : null}
    </Page>
  );
}
