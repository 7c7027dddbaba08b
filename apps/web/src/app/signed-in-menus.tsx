import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { PersonRecord } from '@portal/contract';
import { useOpenWhatsNew } from '../features/whats-new/whats-new';
import { navEntriesFor } from '../lib/navigation';
import { useConfirmLogout } from './overlays/logout';

function UserMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmLogout = useConfirmLogout();
  const openWhatsNew = useOpenWhatsNew();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (path: string) => () => {
    close();
    navigate(path);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('userMenu.open', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem onClick={go('/profile')}>{t('userMenu.profile')}</MenuItem>
        <MenuItem onClick={go('/contact')}>{t('userMenu.contact')}</MenuItem>
        <MenuItem onClick={go('/settings')}>{t('userMenu.settings')}</MenuItem>
        <MenuItem
          onClick={() => {
            close();
            openWhatsNew();
          }}
        >
          {t('userMenu.whatsNew')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            confirmLogout();
          }}
        >
          {t('userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * From which screen width the menu shows in the bar: the more entries a person has (an administrator
 * has every office's), the wider the screen they need; below it, the menu opens as a drawer.
 */
const inlineFrom = (entries: number): 'md' | 'lg' | 'xl' => (entries <= 5 ? 'md' : entries <= 7 ? 'lg' : 'xl');

function Navigation({ user }: { user: PersonRecord }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const entries = navEntriesFor(user);
  if (entries.length === 0) return null;
  const inline = inlineFrom(entries.length);

  return (
    <>
      <IconButton color="inherit" aria-label={t('nav.open')} onClick={() => setDrawerOpen(true)} sx={{ display: { [inline]: 'none' } }}>
        <MenuIcon />
      </IconButton>
      <Box component="nav" aria-label={t('nav.label')} sx={{ display: { xs: 'none', [inline]: 'flex' }, gap: 1 }}>
        {entries.map((entry) => (
          <Button
            key={entry.path}
            component={RouterLink}
            to={entry.path}
            color="inherit"
            aria-current={location.pathname === entry.path ? 'page' : undefined}
            sx={{ fontWeight: location.pathname === entry.path ? 700 : 400 }}
          >
            {t(entry.label)}
          </Button>
        ))}
      </Box>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box component="nav" aria-label={t('nav.label')} sx={{ width: 260 }}>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 2, pb: 1, color: 'text.secondary' }}>
            {`${user.FIRSTNAME} ${user.LASTNAME}`}
          </Typography>
          <List>
            {entries.map((entry) => (
              <ListItemButton
                key={entry.path}
                component={RouterLink}
                to={entry.path}
                selected={location.pathname === entry.path}
                onClick={() => setDrawerOpen(false)}
              >
                <ListItemIcon>
                  <entry.icon />
                </ListItemIcon>
                <ListItemText primary={t(entry.label)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </>
  );
}

/** What the app bar adds for a signed-in person: the navigation menu by role, and the user menu. */
export default function SignedInMenus({ user, part }: { user: PersonRecord; part: 'navigation' | 'account' }) {
  return part === 'navigation' ? <Navigation user={user} /> : <UserMenu name={`${user.FIRSTNAME} ${user.LASTNAME}`} />;
}
