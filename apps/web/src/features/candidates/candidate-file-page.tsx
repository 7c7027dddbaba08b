import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CandidateFile } from '@portal/contract';
import { formatFcfa, isoToDmy } from '@portal/contract/rules';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { Fact, FactList } from '../../components/fact-list';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { errorKey, isApiError } from '../../lib/api';
import { candidateKeys, signOutCandidate, useCandidateFile } from './candidates-api';
import { CandidateDocuments } from './candidate-file-documents';
import { DecisionCard } from './candidate-file-decision';
import { PaymentPanel } from './candidate-file-payment';
import { PaidPanel } from './candidate-file-receipt';

// What was registered (its sections, countries and regions) loads after the page's first view.
const CandidateSummary = lazy(() => import('./candidate-file-summary'));

/** Where a candidate goes whose file is not open in this browser: the page that mails a link to it. */
const LINK_PAGE = '/candidate/link';

/** Who and what for: the candidate number (what to quote), the name, the entrance, its fee and deadline, and closing the file here. */
function Header({ file }: { file: CandidateFile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: signOutCandidate,
    onSuccess: () => {
      navigate(LINK_PAGE, { replace: true });
      queryClient.removeQueries({ queryKey: candidateKeys.me });
      notify('candidateFile.signedOut', 'success');
    },
  });
  return (
    <Card>
      <Typography variant="overline" component="p" color="text.secondary">
        {t('candidateFile.number')}
      </Typography>
      <Typography
        component="p"
        sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 700, letterSpacing: '0.04em', lineHeight: 1.2 }}
        aria-label={t('candidateFile.numberLabel', { number: file.CANDIDATE_NUMBER })}
      >
        {file.CANDIDATE_NUMBER}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {`${file.FIRSTNAME} ${file.LASTNAME}`}
      </Typography>
      <FactList sx={{ '& dd': { overflowWrap: 'anywhere' } }}>
        <Fact label={t('candidateFile.entrance')}>{file.ENTRANCE_NAME}</Fact>
        <Fact label={t('candidateFile.school')}>{`${file.ENTRANCE_SCHOOL} · ${file.ENTRANCE_YEAR}`}</Fact>
        <Fact label={t('candidateFile.fee')}>{formatFcfa(file.ENTRANCE_AMOUNT)}</Fact>
        <Fact label={t('candidateFile.deadline')}>{isoToDmy(file.ENTRANCE_REGISTRATION_LIMIT)}</Fact>
        <Fact label={t('candidateFile.examDate')}>{isoToDmy(file.ENTRANCE_EVALUATION_BEGIN)}</Fact>
      </FactList>
      <Box sx={{ mt: 2 }}>
        <Button variant="text" startIcon={<LogoutOutlined />} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('candidateFile.signOut')}
        </Button>
        {signOut.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {t(errorKey(signOut.error))}
          </Alert>
        ) : null}
      </Box>
    </Card>
  );
}

/**
 * `/candidate/file`: the candidate's own file, opened from the mailed link (a cookie of its own,
 * no account): the decision once there is one, the fee to pay or its receipt, the documents to
 * give, and what was registered. Without an open file (401), to the page that mails the link.
 */
export default function CandidateFilePage() {
  const { t } = useTranslation();
  const file = useCandidateFile();
  const navigate = useNavigate();
  const notify = useNotify();
  const closed = isApiError(file.error) && file.error.status === 401;

  useEffect(() => {
    if (!closed) return;
    notify('candidateFile.openFromLink', 'warning');
    navigate(LINK_PAGE, { replace: true });
  }, [closed, navigate, notify]);

  const data = file.data;
  return (
    <Page title={t('candidateFile.title')} maxWidth="sm">
      <LoadStatus error={closed ? null : file.error} loading={file.isPending} />
      {file.isError && !closed ? (
        <Button variant="outlined" onClick={() => void file.refetch()}>
          {t('common.retry')}
        </Button>
      ) : null}
      {data ? (
        <Stack spacing={3}>
          <Header file={data} />
          {data.decision ? <DecisionCard decision={data.decision} /> : null}
          <Card>
            <Typography variant="h5" component="h2" gutterBottom>
              {t('candidateFile.payment.title')}
            </Typography>
            {data.HAS_PAID ? <PaidPanel paidAt={data.paidAt} payments={data.payments} /> : <PaymentPanel file={data} />}
          </Card>
          <CandidateDocuments documents={data.documents} />
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <CandidateSummary file={data} />
          </Suspense>
        </Stack>
      ) : null}
    </Page>
  );
}
