import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/api';
import { PageLoader } from './page-loader';

/** The error of a load, or a loader while it is pending. */
export function LoadStatus({ error, loading }: { error: unknown; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t(errorKey(error))}
        </Alert>
      ) : null}
      {loading ? <PageLoader /> : null}
    </>
  );
}
