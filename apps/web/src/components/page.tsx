import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the document title: "<page> · <portal name>", in the same commit as the page's heading (a
 * layout effect), so that the tab, a screen reader and a test never read the previous page's title
 * beside the new heading.
 */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const portal = t('app.name');
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${portal}` : portal;
  }, [title, portal]);
}

interface PageProps {
  title: string;
  /** visible heading; defaults to the title */
  heading?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** the sentence under the heading */
  intro?: ReactNode;
  /** the page's main action (adding one), beside the sentence, under it on a phone */
  action?: ReactNode;
  children: ReactNode;
}

/** A page: its heading (the one h1), the sentence under it and its main action, and content, centred. */
export function Page({ title, heading, maxWidth = 'md', intro, action, children }: PageProps) {
  usePageTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        {heading ?? title}
      </Typography>
      {action ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
          <Typography sx={{ color: 'text.secondary', flex: '1 1 320px' }}>{intro}</Typography>
          {action}
        </Box>
      ) : intro ? (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{intro}</Typography>
      ) : null}
      {children}
    </Container>
  );
}
