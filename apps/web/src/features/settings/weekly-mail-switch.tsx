import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useQueryClient } from '@tanstack/react-query';
import { WEEKLY_PLANNING_MAIL_SETTING } from '@portal/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify';
import { errorKey } from '../../lib/api';
import { queryKeys } from '../../lib/session';
import { saveSettings, useSettings } from './settings-api';

/**
 * The weekly planning mail (issue 12): every Saturday, the coming week's lessons by e-mail. On
 * unless the setting says `false`; for whoever has a timetable of their own.
 */
export function WeeklyMailSwitch() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useSettings(true);
  const [saving, setSaving] = useState(false);
  const on = settings.data?.[WEEKLY_PLANNING_MAIL_SETTING] !== false;

  const change = async (value: boolean) => {
    setSaving(true);
    try {
      queryClient.setQueryData(queryKeys.settings, await saveSettings({ [WEEKLY_PLANNING_MAIL_SETTING]: value }));
      notify('notify.saved', 'success');
    } catch (error) {
      notify(errorKey(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={settings.isPending || saving}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'settings-weekly-mail-help' } }}
          />
        }
        label={t('settings.weeklyMail')}
      />
      <FormHelperText id="settings-weekly-mail-help" sx={{ mx: 0 }}>
        {settings.isError ? t(errorKey(settings.error)) : t('settings.weeklyMailHelp')}
      </FormHelperText>
    </>
  );
}
