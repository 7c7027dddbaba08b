import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../features/settings/language-switch';
import { PageLoader } from '../components/page-loader';
import { AppLink } from '../components/router-link';
import { useOpenWhatsNew } from '../features/whats-new/whats-new';
import { useMeta, useSession } from '../lib/session';
import { ErrorBoundary } from './overlays/error-screen';
import { LazySignedInMenus } from './overlays/lazy';

const MAIN_ID = 'main-content';

function Footer() {
  const { t } = useTranslation();
  const meta = useMeta();
  const { user } = useSession();
  const openWhatsNew = useOpenWhatsNew();
  const supportEmail = meta.data?.supportEmail;

  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2, px: 2, mt: 'auto' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: { xs: 1, md: 3 },
          alignItems: { xs: 'flex-start', md: 'center' },
          justifyContent: 'space-between',
          maxWidth: 1200,
          mx: 'auto',
        }}
      >
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
          {meta.data ? (
            <>
              <Typography variant="body2">{t('footer.academicYear', { year: meta.data.academicYear })}</Typography>
              <Typography variant="body2">{t('footer.version', { version: meta.data.version })}</Typography>
            </>
          ) : null}
        </Box>
        <Box component="nav" aria-label={t('footer.label')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <AppLink to="/privacy" variant="body2">
            {t('footer.privacy')}
          </AppLink>
          <AppLink to="/terms" variant="body2">
            {t('footer.terms')}
          </AppLink>
          {user ? (
            <AppLink to="/contact" variant="body2">
              {t('footer.contact')}
            </AppLink>
          ) : supportEmail ? (
            <Link href={`mailto:${supportEmail}`} variant="body2">
              {t('footer.contact')}
            </Link>
          ) : null}
          <Link component="button" type="button" variant="body2" onClick={openWhatsNew}>
            {t('footer.whatsNew')}
          </Link>
        </Box>
      </Box>
    </Box>
  );
}

/** App bar (portal name, navigation, language, user menu), the page, and the footer. */
export function Layout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: { xs: 56, sm: 64 },
          px: { xs: 1.5, sm: 3 },
        }}
      >
        <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0, mr: 2 }}>
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32, flexShrink: 0 }} />
          <Typography variant="h6" component="span" noWrap sx={{ fontSize: { xs: '1rem', sm: '1.25rem' } }}>
            {t('app.name')}
          </Typography>
        </Box>
        {user ? (
          <Suspense fallback={null}>
            <LazySignedInMenus user={user} part="navigation" />
          </Suspense>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSwitch />
        {user ? (
          <Suspense fallback={null}>
            <LazySignedInMenus user={user} part="account" />
          </Suspense>
        ) : (
          <Button component={RouterLink} to="/login" color="inherit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {t('nav.signIn')}
          </Button>
        )}
      </Box>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {/* a page that fails shows the error screen inside the layout; moving to another page resets it */}
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
    </Box>
  );
}
