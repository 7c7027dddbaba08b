import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, useId, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function describe(error: unknown): string {
  if (error instanceof Error) return [`${error.name}: ${error.message}`, error.stack ?? ''].filter(Boolean).join('\n');
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** 'Something went wrong.', the error details on demand, and a Reload Page button. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();

  return (
    <Box
      role="alert"
      sx={{
        maxWidth: 900,
        my: 6,
        mx: { xs: 2, md: 'auto' },
        p: { xs: 2, sm: 4 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errorScreen.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('errorScreen.text')}</Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mb: 2 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errorScreen.reload')}
        </Button>
        <Button aria-expanded={showDetails} aria-controls={detailsId} onClick={() => setShowDetails((v) => !v)}>
          {showDetails ? t('errorScreen.hideDetails') : t('errorScreen.showDetails')}
        </Button>
      </Box>
      <Box id={detailsId} hidden={!showDetails}>
        {showDetails ? (
          <Typography
            component="pre"
            data-testid="error-details"
            sx={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontSize: 13,
              bgcolor: 'grey.100',
              p: 2,
              borderRadius: 1,
              overflow: 'auto',
              maxHeight: 320,
              m: 0,
            }}
          >
            {describe(error)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

/** Catches render errors (a page, a chunk that fails to load, a provider) and shows the error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
