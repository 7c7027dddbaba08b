import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorKey } from '../lib/api';
import { Page } from './page';
import { PageLoader } from './page-loader';

interface RecordPageProps {
  title: string;
  /** the list this record was opened from; the list's query string comes back in the navigation state (`from`) */
  list: string;
  backLabel: string;
  /** the id in the address is a positive integer */
  valid: boolean;
  query: { isPending: boolean; isError: boolean; error: unknown };
  children: ReactNode;
}

/**
 * A back-office record opened from a list (a dossier, an identification): the way back to the
 * list with its filters, "not found" for a malformed id, the load error, a loader, then the record.
 */
export function RecordPage({ title, list, backLabel, valid, query, children }: RecordPageProps) {
  const { t } = useTranslation();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return (
    <Page title={title} maxWidth="lg">
      <Button component={RouterLink} to={`${list}${typeof from === 'string' ? from : ''}`} startIcon={<ArrowBack />} size="small" sx={{ mb: 2 }}>
        {backLabel}
      </Button>
      {!valid ? (
        <Alert severity="error" role="alert">
          {t('errors.NOT_FOUND')}
        </Alert>
      ) : null}
      {query.isError ? (
        <Alert severity="error" role="alert">
          {t(errorKey(query.error))}
        </Alert>
      ) : null}
      {valid && query.isPending ? <PageLoader /> : null}
      {children}
    </Page>
  );
}
