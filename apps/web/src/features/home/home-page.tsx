import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../components/page';
import { useSession } from '../../lib/session';

const OFFERS = [
  { key: 'profile', icon: BadgeOutlined },
  { key: 'choices', icon: AssignmentOutlined },
  { key: 'timetable', icon: EventNoteOutlined },
  { key: 'contact', icon: ForumOutlined },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('home.title'));

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, sm: 8 } }}>
        <Container maxWidth="md">
          <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '1.9rem', sm: '3rem' }, fontWeight: 700 }}>
            {user ? t('home.welcomeBack', { name: user.FIRSTNAME }) : t('home.welcome')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', sm: '1.25rem' }, mb: 4, maxWidth: 640 }}>{t('home.lead')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {user ? (
              <Button component={RouterLink} to="/profile" variant="contained" color="secondary" size="large">
                {t('home.toProfile')}
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to="/login" variant="contained" color="secondary" size="large">
                  {t('home.signIn')}
                </Button>
                <Button
                  component={RouterLink}
                  to="/register"
                  variant="outlined"
                  size="large"
                  sx={{ color: 'inherit', borderColor: 'currentColor' }}
                >
                  {t('home.register')}
                </Button>
              </>
            )}
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 4, sm: 6 } }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('home.offersTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {OFFERS.map(({ key, icon: Icon }) => (
            <Paper key={key} variant="outlined" sx={{ p: 2.5, display: 'flex', gap: 2 }}>
              <Icon color="primary" aria-hidden />
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t(`home.offers.${key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`home.offers.${key}.text`)}
                </Typography>
              </Box>
            </Paper>
          ))}
        </Box>
        <Typography sx={{ mt: 4, color: 'text.secondary' }}>{t('home.firstTime')}</Typography>
      </Container>
    </>
  );
}
