import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PersonRecord } from '@portal/contract';
import { can, isBackOffice, lastSessionDayOf, isoToDmy, SELF_SERVICE_PERMISSIONS, type Permission } from '@portal/contract/rules';
import { usePageTitle } from '../../components/page';
import { useSession } from '../../lib/session';
import { useOpenApplicationSession } from './home-api';
import { sessionName } from '../../lib/names';
import { NAV_ENTRIES, type NavEntry } from '../../lib/navigation';

/**
 * A page the signed-in person can use today: the menu's entries (shown when the person holds
 * their permission, as the menu and the routes ask), then contact and settings, open to all.
 */
type Offer = Pick<NavEntry, 'key' | 'label' | 'path' | 'icon'> & { permission?: Permission };

const OFFERS: readonly Offer[] = [
  ...NAV_ENTRIES,
  { key: 'contact', label: 'home.cards.contact.title', path: '/contact', icon: ForumOutlined },
  { key: 'settings', label: 'home.cards.settings.title', path: '/settings', icon: SettingsOutlined },
];

/** The permissions of the menu's office pages: every entry but what one does for oneself. */
const OFFICE_WORK: readonly Permission[] = NAV_ENTRIES.map((entry) => entry.permission).filter(
  (permission) => !(SELF_SERVICE_PERMISSIONS as readonly Permission[]).includes(permission),
);

/** The state of the person's registration, in words. */
const registrationText = (t: TFunction, person: PersonRecord) => (person.ACTIVED ? t('home.cards.registration.closed') : t('home.cards.registration.open'));

/** Whether and when the person can choose subjects: the steps before (registration, identification), then the open session. */
function SubjectsText({ person }: { person: PersonRecord }) {
  const { t, i18n } = useTranslation();
  const ready = person.ACTIVED && person.IDENTIFIED && person.STATUS !== null;
  const session = useOpenApplicationSession(ready);
  if (!person.ACTIVED || person.STATUS === null) return <>{t('home.cards.subjects.afterRegistration')}</>;
  if (!person.IDENTIFIED) return <>{t('home.cards.subjects.afterIdentification')}</>;
  if (session.isPending) return <>{t('home.cards.subjects.text')}</>;
  if (session.isError || !session.data) return <>{t('home.cards.subjects.noSession')}</>;
  const name = sessionName(session.data, i18n.language);
  return session.data.END_DATE ? (
    <>{t('home.cards.subjects.openUntil', { name, date: isoToDmy(lastSessionDayOf(session.data.END_DATE)) })}</>
  ) : (
    <>{t('home.cards.subjects.open', { name })}</>
  );
}

function OfferCard({ offer, person }: { offer: Offer; person: PersonRecord }) {
  const { t } = useTranslation();
  const Icon = offer.icon;
  // a card a student and an employee both have may say it their way (`text_student`, else `text`)
  const text =
    offer.key === 'registration' ? (
      registrationText(t, person)
    ) : offer.key === 'subjects' ? (
      <SubjectsText person={person} />
    ) : (
      t(`home.cards.${offer.key}.text`, { context: person.KIND === 'STUDENT' ? 'student' : undefined })
    );
  return (
    <Paper variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={offer.path}
        sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'flex-start', height: '100%' }}
      >
        <Icon color="primary" aria-hidden />
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t(offer.label)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {text}
          </Typography>
        </Box>
      </CardActionArea>
    </Paper>
  );
}

/** What the signed-in person can do today: a card per page they may use, nothing about what is not built. */
function SignedInHome({ person }: { person: PersonRecord }) {
  const { t } = useTranslation();
  const offers = OFFERS.filter((offer) => !offer.permission || can(person, offer.permission));
  const noOfficeWork = isBackOffice(person) && !OFFICE_WORK.some((permission) => can(person, permission));
  return (
    <>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('home.yourPages')}
      </Typography>
      {noOfficeWork ? (
        <Alert severity="info" icon={<InfoOutlined />} sx={{ mb: 2 }}>
          {t('home.noOfficeWork')}
        </Alert>
      ) : null}
      <Box component="ul" aria-label={t('home.yourPages')} sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {offers.map((offer) => (
          <OfferCard key={offer.key} offer={offer} person={person} />
        ))}
      </Box>
    </>
  );
}

/** What the portal offers, for someone not signed in: what works today, by who uses it. */
const AUDIENCES = [
  { key: 'staff', icon: AssignmentIndOutlined },
  { key: 'students', icon: BadgeOutlined },
  { key: 'offices', icon: FolderSharedOutlined },
  { key: 'support', icon: ForumOutlined },
] as const;

function SignedOutHome() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('home.offersTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {AUDIENCES.map(({ key, icon: Icon }) => (
          <Paper key={key} variant="outlined" sx={{ p: 2.5, display: 'flex', gap: 2 }}>
            <Icon color="primary" aria-hidden />
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t(`home.audiences.${key}.title`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`home.audiences.${key}.text`)}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Box>
      <Typography sx={{ mt: 4, color: 'text.secondary' }}>{t('home.firstTime')}</Typography>
    </>
  );
}

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
          <Typography sx={{ fontSize: { xs: '1.05rem', sm: '1.25rem' }, mb: user ? 0 : 4, maxWidth: 640 }}>
            {user ? t('home.leadSignedIn') : t('home.lead')}
          </Typography>
          {user ? null : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button component={RouterLink} to="/login" variant="contained" color="secondary" size="large">
                {t('home.signIn')}
              </Button>
              <Button component={RouterLink} to="/register" variant="outlined" size="large" sx={{ color: 'inherit', borderColor: 'currentColor' }}>
                {t('home.register')}
              </Button>
            </Stack>
          )}
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 4, sm: 6 } }}>
        {user ? <SignedInHome person={user} /> : <SignedOutHome />}
      </Container>
    </>
  );
}
