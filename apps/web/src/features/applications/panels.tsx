import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSession } from '@portal/contract';
import { LEVEL_GROUP_KEYS, SHIFT_GROUPS, type LevelGroupKey, type ShiftGroup } from '@portal/contract/rules';
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
export function ApplicationSessionHeading({ session, heading }: { session: Pick<ApplicationSession, 'DESIGNATION' | 'DESIGNATION_FR' | 'START_DATE' | 'END_DATE'>; heading: 'h2' | 'p' }) {
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

/** The limits per level group (rows) and shift (columns); `cell` gives each group and shift its cell. */
export function LimitsTable({ labelledBy, nowrap, cell }: { labelledBy: string; nowrap?: boolean; cell: (group: LevelGroupKey, shift: ShiftGroup) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          <TableCell>{t('applications.summary.levels')}</TableCell>
          {SHIFT_GROUPS.map((shift) => (
            <TableCell key={shift}>{t(`applications.shifts.${shift}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {LEVEL_GROUP_KEYS.map((group) => (
          <TableRow key={group}>
            <TableCell component="th" scope="row" sx={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
              {t(`applications.groups.${group}`)}
            </TableCell>
            {SHIFT_GROUPS.map((shift) => cell(group, shift))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
