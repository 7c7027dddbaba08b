import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ReportRow, RequestReport } from '@portal/contract';
import { REQUEST_REPORT_FORMATS, REQUEST_REPORT_REGIMES } from '@portal/contract/rules';
import { FilterSelect, ListPage } from '../../components/list-page';
import { OfficeTable } from '../../components/office-table';
import { DayFilter } from '../../components/day-filter';
import { formatDay, formatMoment } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { isRequestsAdmin, reportExportUrl, reportFiltersFrom, useReport, useRequestConfig, useRequestKinds } from './office-api';
import { audienceOptions, AuthorCell, categoryOptions, unitOptions } from './office-parts';
import { decisionLabel, labelled, statusOptions } from './request-labels';
import { RequestStatusChip } from './status-chip';

/** A count by something: a small table named by its heading. */
function Counts({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('requestsOffice.report.none')}
        </Typography>
      ) : (
        <OfficeTable
          bare
          headless
          noHover
          label={title}
          minWidth={null}
          rows={rows}
          rowKey={(row) => row.label}
          empty=""
          columns={[
            { header: 'label', sx: { pl: 0 }, cell: (row) => row.label },
            { header: 'count', align: 'right', sx: { pr: 0, fontWeight: 600 }, cell: (row) => row.count },
          ]}
        />
      )}
    </Paper>
  );
}

function Summary({ report }: { report: RequestReport }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {t('requestsOffice.report.total', { count: report.total })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Counts
          title={t('requestsOffice.report.byStatus')}
          rows={report.byStatus.map((item) => ({ label: t(`requests.status.${item.key}`), count: item.count }))}
        />
        <Counts
          title={t('requestsOffice.report.byCategory')}
          rows={report.byCategory.map((item) => ({ label: labelled(item.key, language), count: item.count }))}
        />
        <Counts
          title={t('requestsOffice.report.byUnit')}
          rows={report.byUnit.map((item) => ({ label: item.key ? labelled(item.key, language) : t('requestsOffice.report.withLecturer'), count: item.count }))}
        />
        <Counts
          title={t('requestsOffice.report.byRegime')}
          rows={report.byRegime.map((item) => ({
            label: item.key ? t(`requestsOffice.report.regime.${item.key}`) : t('requestsOffice.report.noClass'),
            count: item.count,
          }))}
        />
      </Box>
    </Box>
  );
}

function ReportTable({ rows, fetching, pager }: { rows: ReportRow[]; fetching: boolean; pager: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <OfficeTable
      label={t('requestsOffice.report.rows')}
      rows={rows}
      rowKey={(row) => row.id}
      empty={t('requestsOffice.report.empty')}
      fetching={fetching}
      footer={pager}
      columns={[
        {
          header: t('requestsOffice.report.columns.reference'),
          headerAlign: 'left',
          sx: { whiteSpace: 'nowrap' },
          cell: (row) => (
            <Link component={RouterLink} to={`/office/requests/${row.id}`} sx={{ fontWeight: 600 }}>
              {row.REQUEST_ID}
            </Link>
          ),
        },
        { header: t('requestsOffice.report.columns.filedAt'), sx: { whiteSpace: 'nowrap' }, cell: (row) => formatDay(row.filedAt) },
        { header: t('requestsOffice.report.columns.lecturer'), cell: (row) => <AuthorCell author={row.author} audience={row.audience} /> },
        { header: t('requestsOffice.report.columns.category'), cell: (row) => `${labelled(row.category, language)} · ${labelled(row.subcategory, language)}` },
        {
          header: t('requestsOffice.report.columns.class'),
          cell: (row) => (row.className ? `${row.className}${row.regime ? ` (${t(`requestsOffice.report.regime.${row.regime}`)})` : ''}` : '—'),
        },
        { header: t('requestsOffice.report.columns.status'), cell: (row) => <RequestStatusChip status={row.REQUEST_STATUS} /> },
        {
          header: t('requestsOffice.report.columns.unit'),
          cell: (row) =>
            row.unit ? labelled(row.unit, language) : t(row.audience === 'STUDENT' ? 'requests.detail.withStudent' : 'requests.detail.withLecturer'),
        },
        {
          header: t('requestsOffice.report.columns.lastDecision'),
          cell: (row) => (row.lastDecision ? `${decisionLabel(row.lastDecision, language)} (${formatMoment(row.lastDecision.at)})` : '—'),
        },
      ]}
    />
  );
}

/** The requests filed in a period, by unit, category, status, regime and who filed them (staff or students): the counts, the rows, and their CSV and Excel exports. */
export default function OfficeReportPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const admin = isRequestsAdmin(user);
  const { filters, update } = useUrlFilters(reportFiltersFrom);
  const report = useReport(filters);
  const kinds = useRequestKinds(admin);
  const config = useRequestConfig(admin);
  const everything = t('requestsOffice.report.filters.all');
  const select = (name: 'unit' | 'category' | 'status' | 'regime' | 'audience', options: { value: string; label: string }[], all = everything) => (
    <FilterSelect
      id={`requests-report-${name}`}
      label={t(`requestsOffice.report.filters.${name}`)}
      all={all}
      displayEmpty
      value={String(filters[name])}
      options={options}
      onChange={(value) => update({ [name]: value })}
      sx={{ flex: '1 1 170px' }}
    />
  );

  return (
    <ListPage
      title={t('requestsOffice.report.title')}
      intro={t(admin ? 'requestsOffice.report.introAdmin' : 'requestsOffice.report.intro')}
      filtersLabel={t('requestsOffice.report.filtersLabel')}
      filters={
        <>
          <DayFilter id="requests-report-from" label={t('requestsOffice.report.filters.from')} value={filters.from} onChange={(from) => update({ from })} />
          <DayFilter
            id="requests-report-to"
            label={t('requestsOffice.report.filters.to')}
            value={filters.to}
            min={filters.from}
            onChange={(to) => update({ to })}
          />
          {admin ? select('unit', unitOptions(config.data?.units ?? [], i18n.language), t('requestsOffice.report.filters.allUnits')) : null}
          {select('category', categoryOptions(kinds, i18n.language))}
          {select('status', statusOptions(t))}
          {select(
            'regime',
            REQUEST_REPORT_REGIMES.map((regime) => ({ value: regime, label: t(`requestsOffice.report.regime.${regime}`) })),
          )}
          {select('audience', audienceOptions(t))}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: '1 1 100%' }}>
            {REQUEST_REPORT_FORMATS.map((format) => (
              <Button key={format} component="a" href={reportExportUrl(filters, format)} download variant="outlined" startIcon={<DownloadOutlined />}>
                {t(`requestsOffice.report.export.${format}`)}
              </Button>
            ))}
          </Box>
        </>
      }
      query={report}
      paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
    >
      {(data, pager) => (
        <>
          <Summary report={data} />
          <ReportTable rows={data.rows} fetching={report.isFetching} pager={pager} />
        </>
      )}
    </ListPage>
  );
}
