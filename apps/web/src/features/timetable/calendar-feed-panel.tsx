import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedState } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { errorKey } from '../../lib/api';
import { calendarFeedKey, createCalendarFeed, turnOffCalendarFeed, useCalendarFeedState } from './timetable-api';
import { dateLocaleOf } from './week';

/** The address just made, shown once: copy it into a calendar now, it is not shown again. */
function FreshAddress({ feed }: { feed: CalendarFeed }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      notify('schedule.feed.copied', 'success');
    } catch {
      notify('schedule.feed.copyFailed', 'error');
    }
  };
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('schedule.feed.shownOnce')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          label={t('schedule.feed.address')}
          value={feed.url}
          size="small"
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          sx={{ flex: '1 1 320px', bgcolor: 'background.paper' }}
        />
        <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {t('schedule.feed.copy')}
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * One's timetable in a phone's calendar: a secret address (a calendar feed) to subscribe to. It
 * is shown once, when made or renewed; renewing replaces it, turning off ends it.
 */
export function CalendarFeedPanel() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const state = useCalendarFeedState();
  const [fresh, setFresh] = useState<CalendarFeed | null>(null);
  const [asking, setAsking] = useState<'renew' | 'off' | null>(null);

  const made = (feed: CalendarFeed) => {
    setFresh(feed);
    queryClient.setQueryData<CalendarFeedState>(calendarFeedKey, { active: true, createdAt: feed.createdAt });
  };
  const create = useMutation({ mutationFn: createCalendarFeed, onSuccess: made });
  const since = state.data?.createdAt
    ? new Intl.DateTimeFormat(dateLocaleOf(i18n.language), { dateStyle: 'long' }).format(new Date(state.data.createdAt))
    : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="schedule-feed-title" sx={{ p: { xs: 2, sm: 3 }, mt: 4 }}>
      <Typography id="schedule-feed-title" variant="h6" component="h2" gutterBottom>
        {t('schedule.feed.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('schedule.feed.intro')}
      </Typography>
      {state.isPending ? <CircularProgress size={24} aria-label={t('common.loading')} /> : null}
      {state.isError ? (
        <Alert severity="error" role="alert">
          {t(errorKey(state.error))}
        </Alert>
      ) : null}
      {state.data ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {fresh ? <FreshAddress feed={fresh} /> : null}
          {state.data.active ? (
            <>
              {fresh ? null : <Typography variant="body2">{since ? t('schedule.feed.activeSince', { date: since }) : t('schedule.feed.active')}</Typography>}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button variant="outlined" onClick={() => setAsking('renew')}>
                  {t('schedule.feed.renew')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setAsking('off')}>
                  {t('schedule.feed.turnOff')}
                </Button>
              </Box>
            </>
          ) : (
            <Box>
              <Typography variant="body2" sx={{ mb: 1.5 }}>
                {t('schedule.feed.none')}
              </Typography>
              <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate()}>
                {t('schedule.feed.create')}
              </Button>
              {create.isError ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {t(errorKey(create.error))}
                </Alert>
              ) : null}
            </Box>
          )}
        </Box>
      ) : null}
      {asking === 'renew' ? (
        <ConfirmDialog
          title={t('schedule.feed.renewTitle')}
          text={t('schedule.feed.renewText')}
          confirmLabel={t('schedule.feed.renew')}
          action={createCalendarFeed}
          onDone={(feed) => {
            made(feed);
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'off' ? (
        <ConfirmDialog
          title={t('schedule.feed.turnOffTitle')}
          text={t('schedule.feed.turnOffText')}
          confirmLabel={t('schedule.feed.turnOff')}
          danger
          action={turnOffCalendarFeed}
          onDone={() => {
            setFresh(null);
            queryClient.setQueryData<CalendarFeedState>(calendarFeedKey, { active: false, createdAt: null });
            setAsking(null);
            notify('schedule.feed.turnedOff', 'success');
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Paper>
  );
}
