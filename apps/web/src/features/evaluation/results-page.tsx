import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EVALUATION_EXPORT_FORMATS, isoToDmy } from '@portal/contract/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { lecturerName, ParticipationTable, TargetResults } from '../../components/evaluation-results';
import { FilterBar, FilterSelect } from '../../components/list-page';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { inLanguage } from '../../lib/names';
import { positiveParam, useUrlFilters } from '../../lib/url-filters';
import { resultsExportUrl, useEvaluationResults } from './evaluation-api';
import { STATE_COLORS } from './evaluation-labels';

interface Filters {
  classId: number | '';
  lecturerId: number | '';
}

/** The filters of the results, from the URL: a class and a lecturer, each optional. */
function resultsFiltersFrom(params: URLSearchParams): Filters {
  const classId = positiveParam(params.get('classId'), 0);
  const lecturerId = positiveParam(params.get('lecturerId'), 0);
  return { classId: classId > 0 ? classId : '', lecturerId: lecturerId > 0 ? lecturerId : '' };
}

/**
 * `/academic/evaluation/sessions/{id}`: a session's results per (lecturer, subject, class),
 * narrowed by class and lecturer (kept in the URL): the answers counted, "not enough answers"
 * below the threshold, else the averages, distributions and comments; each class's
 * participation; the same rows exported as CSV or Excel.
 */
export default function ResultsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const id = Number(useParams().id);
  const { filters, update } = useUrlFilters(resultsFiltersFrom);
  const results = useEvaluationResults(id);
  const data = results.data;
  const lecturers = useMemo(() => {
    const seen = new Map<number, string>();
    for (const target of data?.targets ?? []) seen.set(target.lecturer.id, lecturerName(target.lecturer));
    return [...seen.entries()].map(([value, label]) => ({ value: String(value), label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [data]);
  const shown = (data?.targets ?? []).filter(
    (target) => (filters.classId === '' || target.class.id === filters.classId) && (filters.lecturerId === '' || target.lecturer.id === filters.lecturerId),
  );
  const participation = (data?.participation ?? []).filter((row) => filters.classId === '' || row.class.id === filters.classId);
  const title = data ? t('evaluation.results.titleOf', { name: inLanguage(language, data.session.name, data.session.nameFr) }) : t('evaluation.results.title');

  return (
    <Page title={title} heading={title} maxWidth="lg">
      <Button component={RouterLink} to="/academic/evaluation/sessions" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        {t('evaluation.results.back')}
      </Button>
      <LoadStatus error={results.error} loading={results.isPending} />
      {data ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Chip size="small" color={STATE_COLORS[data.session.state]} label={t(`evaluation.states.${data.session.state}`)} />
            <Typography sx={{ color: 'text.secondary' }}>
              {t('evaluation.results.period', { from: isoToDmy(data.session.startDate), to: isoToDmy(data.session.endDate) })}
              {' · '}
              {inLanguage(language, data.session.form.name, data.session.form.nameFr)}
            </Typography>
          </Box>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('evaluation.results.intro', { count: data.threshold })}</Typography>
          <FilterBar label={t('evaluation.results.filters')}>
            <FilterSelect
              id="evaluation-results-class"
              label={t('evaluation.results.class')}
              all={t('evaluation.results.allClasses')}
              displayEmpty
              value={String(filters.classId)}
              options={data.session.classes.map((item) => ({ value: String(item.id), label: item.code }))}
              onChange={(value) => update({ classId: value })}
              sx={{ flex: '1 1 180px' }}
            />
            <FilterSelect
              id="evaluation-results-lecturer"
              label={t('evaluation.results.lecturer')}
              all={t('evaluation.results.allLecturers')}
              displayEmpty
              value={String(filters.lecturerId)}
              options={lecturers}
              onChange={(value) => update({ lecturerId: value })}
              sx={{ flex: '1 1 220px' }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: '1 1 100%' }}>
              {EVALUATION_EXPORT_FORMATS.map((format) => (
                <Button key={format} component="a" href={resultsExportUrl(id, format, filters)} download variant="outlined" startIcon={<DownloadOutlined />}>
                  {t(`evaluation.results.export.${format}`)}
                </Button>
              ))}
            </Box>
          </FilterBar>
          <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
            {t('evaluation.results.participationTitle')}
          </Typography>
          <ParticipationTable rows={participation} label={t('evaluation.results.participationTitle')} />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('evaluation.results.targetsTitle', { count: shown.length })}
          </Typography>
          <TargetResults results={shown} form={data.form} threshold={data.threshold} empty={t('evaluation.results.none')} />
        </>
      ) : null}
    </Page>
  );
}
