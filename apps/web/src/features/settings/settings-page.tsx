import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { can } from '@portal/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { errorKey } from '../../lib/api';
import { isLanguage, LANGUAGES } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useLanguage } from './settings-api';
import { WeeklyMailSwitch } from './weekly-mail-switch';

export default function SettingsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { user } = useSession();
  const { language, setLanguage } = useLanguage();
  const [saving, setSaving] = useState(false);

  const choose = async (value: string) => {
    if (!isLanguage(value) || value === language) return;
    setSaving(true);
    try {
      await setLanguage(value);
      notify('notify.saved', 'success');
    } catch (error) {
      notify(errorKey(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t('settings.title')} maxWidth="sm">
      <Card>
        <FormControl disabled={saving}>
          <FormLabel id="settings-language-label">{t('settings.language')}</FormLabel>
          <RadioGroup aria-labelledby="settings-language-label" name="language" value={language} onChange={(event) => void choose(event.target.value)}>
            {LANGUAGES.map((lng) => (
              <FormControlLabel key={lng} value={lng} control={<Radio />} label={t(`language.${lng}`)} lang={lng} />
            ))}
          </RadioGroup>
        </FormControl>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {user ? t('settings.savedWithAccount') : t('settings.savedInBrowser')}
        </Typography>
      </Card>
      {can(user, 'timetable.own') ? (
        <Box sx={{ mt: 2 }}>
          <Card>
            <WeeklyMailSwitch />
          </Card>
        </Box>
      ) : null}
    </Page>
  );
}
