import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSession } from '@portal/contract';
import { LEVEL_GROUP_KEYS, SHIFT_GROUPS, type LevelGroupKey, type ShiftGroup } from '@portal/contract/rules';
import { OfficeTable } from '../../components/office-table';
import { sessionFirstDay, sessionLastDay } from './choices';
import { sessionSpan } from './labels';
import { sessionName } from '../../lib/names';

/** A panel of the choice pages: an outlined section named by its heading. */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The session's name and its dates: "From 01/09/2023 to 30/09/2023". */
export function ApplicationSessionHeading({
  session,
  heading,
}: {
  session: Pick<ApplicationSession, 'DESIGNATION' | 'DESIGNATION_FR' | 'START_DATE' | 'END_DATE'>;
  heading: 'h2' | 'p';
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box>
      <Typography variant={heading === 'h2' ? 'h5' : 'h6'} component={heading}>
        {sessionName(session, i18n.language)}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{sessionSpan(t, sessionFirstDay(session.START_DATE), sessionLastDay(session.END_DATE))}</Typography>
    </Box>
  );
}

/** The limits per level group (rows) and shift (columns); `cell` gives each group and shift its cell's content (and `cellSx` its style). */
export function LimitsTable({
  labelledBy,
  nowrap,
  cell,
  cellSx,
}: {
  labelledBy: string;
  nowrap?: boolean;
  cell: (group: LevelGroupKey, shift: ShiftGroup) => ReactNode;
  cellSx?: (group: LevelGroupKey, shift: ShiftGroup) => SxProps<Theme> | undefined;
}) {
  const { t } = useTranslation();
  return (
    <OfficeTable
      bare
      plain
      noHover
      labelledBy={labelledBy}
      minWidth={null}
      rows={LEVEL_GROUP_KEYS}
      rowKey={(group) => group}
      empty=""
      columns={[
        {
          header: t('applications.summary.levels'),
          rowHeader: true,
          sx: nowrap ? { whiteSpace: 'nowrap' } : undefined,
          cell: (group) => t(`applications.groups.${group}`),
        },
        ...SHIFT_GROUPS.map((shift) => ({
          key: shift,
          header: t(`applications.shifts.${shift}`),
          rowSx: cellSx && ((group: LevelGroupKey) => cellSx(group, shift)),
          cell: (group: LevelGroupKey) => cell(group, shift),
        })),
      ]}
    />
  );
}
