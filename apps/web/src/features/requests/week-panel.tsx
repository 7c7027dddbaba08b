import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RequestRow } from '@portal/contract';
import { isoToDmy, isoWeekOf, LESSON_SLOTS, minutesOf, type LessonSlot } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api';
import { useWeekRequests } from './requests-api';

/** The colour of the slot the request claims: the NotValidated colour of the reference timetable. */
export const CLAIMED_SLOT_COLOR = 'rgb(235, 85, 59)';

const DAY_MS = 86_400_000;

/** The seven days (`YYYY-MM-DD`), Monday to Sunday, of the week of a day. */
export function weekDays(day: string): string[] {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = date.getTime() - ((date.getUTCDay() || 7) - 1) * DAY_MS;
  return Array.from({ length: 7 }, (_, index) => new Date(monday + index * DAY_MS).toISOString().slice(0, 10));
}

/** Whether a slot lies within a time range (`HH:MM` to `HH:MM`). */
const within = (slot: LessonSlot, start: string | null, end: string | null): boolean =>
  start !== null && end !== null && minutesOf(slot.start) >= minutesOf(start) && minutesOf(slot.end) <= minutesOf(end);

interface Props {
  /** the problem date, `YYYY-MM-DD`, or null while none is typed */
  day: string | null;
  start: string;
  end: string;
}

/**
 * The week of the problem date beside the filing form: Monday to Sunday by the six time slots,
 * the slot this request claims in colour, and the lecturer's other requests of that ISO week in
 * theirs. Planned teaching is not drawn yet: there is no timetable in the portal (issue 12).
 */
export function WeekPanel({ day, start, end }: Props) {
  const { t, i18n } = useTranslation();
  const week = day ? isoWeekOf(day) : null;
  const requests = useWeekRequests(week);
  const days = day ? weekDays(day) : [];
  const rows = requests.data?.rows ?? [];
  const weekday = new Intl.DateTimeFormat(i18n.language.startsWith('fr') ? 'fr-FR' : 'en-GB', { weekday: 'short', timeZone: 'UTC' });
  const othersIn = (date: string, slot: LessonSlot): RequestRow[] => rows.filter((row) => row.REQUEST_PBLM_DATE === date && within(slot, row.REQUEST_PBLM_HOUR_START, row.REQUEST_PBLM_HOUR_END));
  const withoutSlot = rows.filter((row) => !row.REQUEST_PBLM_HOUR_START);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="request-week-title" sx={{ p: 2 }}>
      <Typography id="request-week-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {week ? t('requests.week.title', { week, date: isoToDmy(days[0]), end: isoToDmy(days[6]) }) : t('requests.week.heading')}
      </Typography>
      {!day ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('requests.week.chooseDate')}
        </Typography>
      ) : (
        <>
          {requests.isFetching ? <LinearProgress aria-label={t('common.loading')} sx={{ my: 1 }} /> : <Box sx={{ height: 4, my: 1 }} />}
          {requests.isError ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {t(errorKey(requests.error))}
            </Alert>
          ) : null}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="request-week-title" sx={{ tableLayout: 'fixed', minWidth: 420, '& td, & th': { px: 0.5, py: 0.5, fontSize: '0.75rem', borderRight: 1, borderColor: 'divider' } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 64 }}>{t('requests.week.slot')}</TableCell>
                  {days.map((date) => (
                    <TableCell key={date} align="center" sx={{ fontWeight: date === day ? 700 : 400 }}>
                      <Box component="span" sx={{ display: 'block', textTransform: 'capitalize' }}>
                        {weekday.format(new Date(`${date}T00:00:00Z`))}
                      </Box>
                      {isoToDmy(date).slice(0, 5)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {LESSON_SLOTS.map((slot) => (
                  <TableRow key={slot.start}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {`${slot.start}–${slot.end}`}
                    </TableCell>
                    {days.map((date) => {
                      const claimed = date === day && within(slot, start || null, end || null);
                      const others = othersIn(date, slot);
                      return (
                        <TableCell
                          key={date}
                          align="center"
                          data-claimed={claimed ? 'true' : undefined}
                          sx={claimed ? { bgcolor: CLAIMED_SLOT_COLOR, color: '#fff', fontWeight: 700 } : others.length > 0 ? { bgcolor: 'action.selected' } : undefined}
                        >
                          {claimed ? t('requests.week.thisRequest') : null}
                          {others.map((row) => (
                            <Box key={row.id} component="span" title={row.REQUEST_OBJECT} sx={{ display: 'block', wordBreak: 'break-all' }}>
                              {row.REQUEST_ID}
                            </Box>
                          ))}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, typography: 'caption' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box aria-hidden sx={{ width: 12, height: 12, bgcolor: CLAIMED_SLOT_COLOR, borderRadius: 0.5 }} />
              {t('requests.week.legendClaimed')}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box aria-hidden sx={{ width: 12, height: 12, bgcolor: 'action.selected', border: 1, borderColor: 'divider', borderRadius: 0.5 }} />
              {t('requests.week.legendOthers')}
            </Box>
          </Box>
          {withoutSlot.length > 0 ? (
            <Typography variant="caption" component="p" sx={{ mt: 1 }}>
              {t('requests.week.withoutSlot', { value: withoutSlot.map((row) => `${row.REQUEST_ID} (${isoToDmy(row.REQUEST_PBLM_DATE)})`).join(', ') })}
            </Typography>
          ) : null}
        </>
      )}
      <Typography variant="caption" component="p" sx={{ mt: 1.5, color: 'text.secondary' }}>
        {t('requests.week.timetableNote')}
      </Typography>
    </Paper>
  );
}
