// An entrance's candidates counted per speciality (their first choice) and per day of
// registration, with how many paid: two small tables, no chart to load.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeEntrance } from '@portal/contract';
import { isoToDmy } from '@portal/contract/rules';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { useEntranceCounts } from './admissions-api';
import { specialityName } from './labels';

function CountTable({
  label,
  first,
  rows,
  total,
}: {
  label: string;
  first: string[];
  rows: { key: string; cells: string[]; total: number; paid: number }[];
  total: { total: number; paid: number };
}) {
  const { t } = useTranslation();
  return (
    <OfficeTable
      label={label}
      minWidth={null}
      noHover
      rows={rows}
      rowKey={(row) => row.key}
      empty={t('admissions.counts.empty')}
      columns={[
        ...first.map((header, i) => ({ header, cell: (row: (typeof rows)[number]) => row.cells[i] })),
        { header: t('admissions.counts.columns.total'), align: 'right', cell: (row) => row.total },
        { header: t('admissions.counts.columns.paid'), align: 'right', cell: (row) => row.paid },
      ]}
      summary={[
        { content: t('admissions.counts.all'), span: first.length },
        { content: total.total, align: 'right' },
        { content: total.paid, align: 'right' },
      ]}
    />
  );
}

function Half({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ flex: '1 1 340px', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const sum = (rows: { total: number; paid: number }[]) =>
  rows.reduce((acc, row) => ({ total: acc.total + row.total, paid: acc.paid + row.paid }), { total: 0, paid: 0 });

export function EntranceCountsSection({ entrance, onClose }: { entrance: OfficeEntrance; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const counts = useEntranceCounts(entrance.Entrance_ID);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('admissions.counts.title', { name: entrance.Entrance_Name })}
        </Typography>
        <Button size="small" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Box>
      <LoadStatus error={counts.error} loading={counts.isPending} />
      {counts.data ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
          <Half title={t('admissions.counts.perSpeciality')}>
            <CountTable
              label={t('admissions.counts.perSpeciality')}
              first={[t('admissions.counts.columns.speciality'), t('admissions.counts.columns.cycle')]}
              rows={counts.data.perSpeciality.map((row) => ({
                key: String(row.SPECIALITY_ID),
                cells: [specialityName(row, i18n.language), row.CYCLE_NAME],
                total: row.total,
                paid: row.paid,
              }))}
              total={sum(counts.data.perSpeciality)}
            />
          </Half>
          <Half title={t('admissions.counts.perDay')}>
            <CountTable
              label={t('admissions.counts.perDay')}
              first={[t('admissions.counts.columns.day')]}
              rows={counts.data.perDay.map((row) => ({ key: row.day, cells: [isoToDmy(row.day)], total: row.total, paid: row.paid }))}
              total={sum(counts.data.perDay)}
            />
          </Half>
        </Box>
      ) : null}
    </Box>
  );
}
