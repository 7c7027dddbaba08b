import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './settings-api';
import { LANGUAGES } from '../../lib/i18n';

/** EN / FR, on every page: two toggle buttons (aria-pressed) in a labelled group. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Box role="group" aria-label={t('language.label')} sx={{ display: 'flex', gap: 0.5, bgcolor: 'background.paper', borderRadius: 1, p: '3px' }}>
      {LANGUAGES.map((lng) => {
        const active = lng === language;
        return (
          <Button
            key={lng}
            lang={lng}
            size="small"
            variant={active ? 'contained' : 'text'}
            aria-pressed={active}
            aria-label={t(`language.${lng}`)}
            onClick={() => {
              if (!active) setLanguage(lng).catch(() => undefined);
            }}
            sx={{ minWidth: 40, px: 1, py: 0.25, fontWeight: 700 }}
          >
            {lng.toUpperCase()}
          </Button>
        );
      })}
    </Box>
  );
}
