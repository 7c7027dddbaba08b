import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OfficeEntrance } from '@portal/contract';
import { formatFcfa, isoToDmy, universityDayOf } from '@portal/contract/rules';
import { ClosedChip } from '../../components/closed-chip';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { OfficeTable } from '../../components/office-table';
import { Page } from '../../components/page';
import { admissionsKeys, setEntranceClosed, useCatalogue, useOfficeEntrances } from './admissions-api';
import { EntranceCountsSection } from './entrance-counts';
import { examDays } from './labels';

// The form (with the contract's schema and Zod) loads when it is first opened.
const EntranceDialog = lazy(() => import('./entrance-dialog'));

type Open = { kind: 'edit'; entrance: OfficeEntrance | null } | { kind: 'closing'; entrance: OfficeEntrance };

/**
 * `/admissions/entrances`: the entrance exams, created and changed in a dialog (their fee, days and
 * the specialities offered per cycle), closed or reopened by hand, each with its candidates counted
 * per speciality and per day.
 */
export default function EntrancesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const entrances = useOfficeEntrances();
  const [open, setOpen] = useState<Open | null>(null);
  // the catalogue's cycles and branches, which the form chooses in, load as it opens
  const catalogue = useCatalogue(open?.kind === 'edit');
  const [countsOf, setCountsOf] = useState<number | null>(null);
  const close = () => setOpen(null);
  const edit = (entrance: OfficeEntrance | null) => {
    if (catalogue.isError) void catalogue.refetch();
    setOpen({ kind: 'edit', entrance });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: admissionsKeys.all });
  const counted = entrances.data?.find((entrance) => entrance.Entrance_ID === countsOf) ?? null;

  return (
    <Page
      title={t('admissions.entrances.title')}
      maxWidth="lg"
      intro={t('admissions.entrances.intro')}
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => edit(null)}>
          {t('admissions.entrances.add')}
        </Button>
      }
    >
      <LoadStatus error={entrances.error} loading={entrances.isPending} />
      {open?.kind === 'edit' ? <LoadStatus error={catalogue.error} loading={false} /> : null}
      {entrances.data ? (
        <OfficeTable
          label={t('admissions.entrances.title')}
          minWidth={1000}
          rows={entrances.data}
          rowKey={(entrance) => entrance.Entrance_ID}
          empty={t('admissions.entrances.empty')}
          rowProps={(entrance) => ({ selected: entrance.Entrance_ID === countsOf })}
          columns={[
            { header: t('admissions.entrances.columns.name'), sx: { minWidth: 180, fontWeight: 600 }, cell: (entrance) => entrance.Entrance_Name },
            { header: t('admissions.entrances.columns.year'), sx: { whiteSpace: 'nowrap' }, cell: (entrance) => entrance.Year_Name },
            { header: t('admissions.entrances.columns.school'), sx: { minWidth: 140 }, cell: (entrance) => entrance.School_Name },
            {
              header: t('admissions.entrances.columns.fee'),
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              cell: (entrance) => formatFcfa(entrance.Entrance_Registration_Amount),
            },
            {
              header: t('admissions.entrances.columns.deadline'),
              sx: { whiteSpace: 'nowrap' },
              cell: (entrance) => isoToDmy(entrance.Entrance_Registration_Limit_Date),
            },
            {
              header: t('admissions.entrances.columns.exams'),
              sx: { whiteSpace: 'nowrap' },
              cell: (entrance) => examDays(entrance.Entrance_Evaluation_Begin_Date, entrance.Entrance_Evaluation_End_Date),
            },
            {
              header: t('admissions.entrances.columns.state'),
              cell: (entrance) => (
                <ClosedChip closed={!entrance.OPEN} closedLabel={t('admissions.entrances.state.closed')} openLabel={t('admissions.entrances.state.open')} />
              ),
            },
            { header: t('admissions.entrances.columns.candidates'), align: 'right', cell: (entrance) => entrance.candidates },
            { header: t('admissions.entrances.columns.paid'), align: 'right', cell: (entrance) => entrance.paid },
            {
              header: t('admissions.entrances.columns.actions'),
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              cell: (entrance) => {
                const name = entrance.Entrance_Name;
                return (
                  <>
                    <Button size="small" onClick={() => edit(entrance)} aria-label={t('admissions.entrances.editFor', { name })}>
                      {t('admissions.entrances.edit')}
                    </Button>
                    <Button size="small" onClick={() => setCountsOf(entrance.Entrance_ID)} aria-label={t('admissions.entrances.countsFor', { name })}>
                      {t('admissions.entrances.counts')}
                    </Button>
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/admissions/candidates?entrance=${entrance.Entrance_ID}`}
                      aria-label={t('admissions.entrances.candidatesFor', { name })}
                    >
                      {t('admissions.entrances.candidates')}
                    </Button>
                    {entrance.closedAt || entrance.OPEN ? (
                      <Button
                        size="small"
                        color={entrance.closedAt ? 'primary' : 'error'}
                        onClick={() => setOpen({ kind: 'closing', entrance })}
                        aria-label={t(entrance.closedAt ? 'admissions.entrances.reopenFor' : 'admissions.entrances.closeFor', { name })}
                      >
                        {t(entrance.closedAt ? 'admissions.entrances.reopen' : 'admissions.entrances.close')}
                      </Button>
                    ) : null}
                  </>
                );
              },
            },
          ]}
        />
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('admissions.entrances.automatic')}
      </Typography>

      {counted ? (
        <Box sx={{ mt: 4 }}>
          <EntranceCountsSection entrance={counted} onClose={() => setCountsOf(null)} />
        </Box>
      ) : null}

      {open?.kind === 'edit' && catalogue.data ? (
        <Suspense fallback={null}>
          <EntranceDialog entrance={open.entrance} catalogue={catalogue.data} onClose={close} />
        </Suspense>
      ) : null}
      {open?.kind === 'closing' ? (
        <ConfirmDialog
          title={t(open.entrance.closedAt ? 'admissions.entrances.closing.reopenTitle' : 'admissions.entrances.closing.closeTitle')}
          text={t(
            open.entrance.closedAt
              ? open.entrance.Entrance_Registration_Limit_Date < universityDayOf(new Date())
                ? 'admissions.entrances.closing.reopenPastText'
                : 'admissions.entrances.closing.reopenText'
              : 'admissions.entrances.closing.closeText',
            {
              name: open.entrance.Entrance_Name,
              date: isoToDmy(open.entrance.Entrance_Registration_Limit_Date),
            },
          )}
          confirmLabel={t(open.entrance.closedAt ? 'admissions.entrances.reopen' : 'admissions.entrances.close')}
          danger={!open.entrance.closedAt}
          action={() => setEntranceClosed(open.entrance.Entrance_ID, !open.entrance.closedAt)}
          onDone={async () => {
            notify(open.entrance.closedAt ? 'admissions.entrances.notify.reopened' : 'admissions.entrances.notify.closed', 'success', {
              name: open.entrance.Entrance_Name,
            });
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
