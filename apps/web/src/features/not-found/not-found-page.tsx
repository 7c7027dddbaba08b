import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')} maxWidth="sm">
      <Typography sx={{ mb: 3 }}>{t('notFound.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Page>
  );
}
