import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { RequestStats } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** A month (`YYYY-MM`) named in the reader's language: `Jan` on the axis, `Jan 2026` in the tooltip, `January 2026` read out. */
function monthName(month: string, language: string, style: 'axis' | 'tooltip' | 'spoken'): string {
  const [year, number] = month.split('-').map(Number);
  const format = new Intl.DateTimeFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', {
    month: style === 'spoken' ? 'long' : 'short',
    ...(style === 'axis' ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)));
}

/**
 * The requests filed in each of the last twelve months, as bars (its own chunk: the charts
 * library is loaded only here). The same figures are read out as a list for screen readers.
 */
export default function RequestsChart({ monthly }: { monthly: RequestStats['monthly'] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.language;
  const months = monthly.map((item) => item.month);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box aria-hidden sx={{ height: 200 }}>
        <BarChart
          height={200}
          hideLegend
          skipAnimation
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
          xAxis={[
            {
              scaleType: 'band',
              data: months,
              valueFormatter: (month: string, context) => monthName(month, language, context.location === 'tooltip' ? 'tooltip' : 'axis'),
            },
          ]}
          yAxis={[{ tickMinStep: 1, width: 32 }]}
          series={[{ data: monthly.map((item) => item.count), label: t('requests.list.chartSeries'), color: theme.palette.primary.main }]}
        />
      </Box>
      <Box component="figcaption" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {t('requests.list.chartCaption')}
      </Box>
      <Box
        component="ul"
        sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', m: 0, p: 0 }}
      >
        {monthly.map((item) => (
          <li key={item.month}>{t('common.labelValue', { label: monthName(item.month, language, 'spoken'), value: item.count })}</li>
        ))}
      </Box>
    </Box>
  );
}
