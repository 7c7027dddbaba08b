import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../components/card';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey, isApiError } from '../../lib/api';
import { formatMoment } from '../../lib/format';
import { isVerificationToken, useRequestVerification } from './requests-api';
import { RequestStatusChip } from './status-chip';

/**
 * `/verify/:token`: what the QR code of a printed request opens, for anyone (no sign-in): the
 * reference, the filing date and the current status, nothing more (decision 32).
 */
export default function VerificationPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const wellFormed = isVerificationToken(token);
  const verification = useRequestVerification(token);
  const data = verification.data;
  const unknown =
    !wellFormed ||
    (isApiError(verification.error) && verification.error.status === 404) ||
    (isApiError(verification.error) && verification.error.status === 400);

  return (
    <Page title={t('requests.verify.title')} maxWidth="sm" intro={t('requests.verify.intro')}>
      {unknown ? (
        <Alert severity="warning" role="alert">
          {t('requests.verify.unknown')}
        </Alert>
      ) : verification.isError ? (
        <Alert severity="error" role="alert">
          {t(errorKey(verification.error))}
        </Alert>
      ) : null}
      {wellFormed && verification.isPending ? <PageLoader /> : null}
      {data ? (
        <Card>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <VerifiedOutlined color="success" aria-hidden />
            <Typography variant="h6" component="h2">
              {t('requests.verify.found')}
            </Typography>
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, rowGap: 1, columnGap: 2 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('requests.field.REQUEST_ID')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              {data.REQUEST_ID}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('requests.field.filedAt')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatMoment(data.filedAt)}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('requests.verify.status')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <RequestStatusChip status={data.REQUEST_STATUS} />
            </Box>
          </Box>
        </Card>
      ) : null}
    </Page>
  );
}
