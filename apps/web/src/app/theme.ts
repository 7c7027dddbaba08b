import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, frFR } from '@mui/material/locale';
import type { Language } from '@portal/contract';

const FOCUS = '#1565c0';

/**
 * The portal's theme: university green, system fonts (nothing to download), visible focus, and no
 * motion for a person whose system asks for less (menus, dialogs, tabs and ripples appear at once).
 */
export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: '#0b5d3b', contrastText: '#ffffff' },
        secondary: { main: '#9a6700', contrastText: '#ffffff' },
        background: { default: '#f5f7f6', paper: '#ffffff' },
      },
      shape: { borderRadius: 8 },
      motion: { reducedMotion: 'system' },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [role="tab"]:focus-visible, [role="menuitem"]:focus-visible': {
              outline: `3px solid ${FOCUS}`,
              outlineOffset: 2,
            },
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { variant: 'outlined' } },
      },
    },
    language === 'fr' ? frFR : enUS,
  );
}
