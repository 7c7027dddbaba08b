import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToDmy, sectionOfField } from '@portal/contract/rules';
import { LazySimpleDialog } from '../../../components/lazy';
import { errorKey, isApiError } from '../../../lib/api';
import { closeRegistration, patchRecord, registrationKeys } from '../registration-api';
import { useRegistration } from '../registration-context';

/** 'Registration completed' shows 1 s after the closure succeeded (the specification's delay). */
export const COMPLETED_DELAY_MS = 1000;

/** The mandatory fields, each named by its message ('Last employer missing') and linked to its step. */
function MissingList({ fields, label }: { fields: readonly string[]; label: string }) {
  const { t } = useTranslation();
  const { goTo } = useRegistration();
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
      {fields.map((field) => (
        <li key={field}>
          <Link component="button" type="button" onClick={() => goTo(sectionOfField(field) ?? 'closure')} sx={{ textAlign: 'left' }}>
            {t(`missing.${field}`, { defaultValue: field })}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/**
 * The closure: what is still missing, then "Close my registration" after a confirmation.
 * Closed, the data is locked; the next step is the photo and fingerprints at an
 * identification office.
 */
export default function ClosureStep() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { state, record, readOnly, unsaved, goTo, markClosed } = useRegistration();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ key: string; columns: string[] } | null>(null);
  const [closedNow, setClosedNow] = useState(false);
  const [completed, setCompleted] = useState(false);
  // One list of what is missing: the state's, and any column the server's refusal named besides.
  const failedColumns = failure?.columns ?? [];
  const missing = [...new Set([...(state?.missing ?? []), ...failedColumns])];

  const closing = useMutation({
    mutationFn: closeRegistration,
    onSuccess: async (answer) => {
      setFailure(null);
      setClosedNow(true);
      patchRecord(queryClient, { ACTIVED: true, CLOSED_AT: answer.CLOSED_AT });
      await queryClient.invalidateQueries({ queryKey: registrationKeys.state });
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 401) return;
      if (isApiError(error) && error.code === 'REGISTRATION_CLOSED') markClosed();
      const columns = isApiError(error) && error.code === 'CLOSURE_FAILED' ? error.columns : [];
      setFailure({ key: isApiError(error) && error.code === 'CLOSURE_FAILED' ? 'errors.CLOSURE_FAILED' : errorKey(error), columns });
      await queryClient.invalidateQueries({ queryKey: registrationKeys.state });
    },
  });

  useEffect(() => {
    if (!closedNow) return undefined;
    const timer = setTimeout(() => setCompleted(true), COMPLETED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [closedNow]);

  const closedAt = record.CLOSED_AT ?? state?.CLOSED_AT ?? null;

  return (
    <Stack spacing={2.5}>
      {readOnly ? (
        <Alert severity="success" role="status">
          <AlertTitle>{closedAt ? t('registration.closure.closedOn', { date: isoToDmy(closedAt) }) : t('registration.closure.closed')}</AlertTitle>
          {t('registration.closure.nextSteps')}
        </Alert>
      ) : (
        <>
          <Typography>{t('registration.closure.intro')}</Typography>
          {state || missing.length > 0 ? (
            missing.length > 0 ? (
              <Box>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('registration.remaining', { count: missing.length })}</Typography>
                <MissingList fields={missing} label={t('registration.closure.missingLabel')} />
              </Box>
            ) : (
              <Alert severity="success" role="status">
                {t('registration.complete')}
              </Alert>
            )
          ) : null}
          {unsaved.length > 0 ? (
            <Alert severity="warning" role="status">
              {t('registration.closure.unsaved')}{' '}
              {unsaved.map((step, index) => (
                <span key={step}>
                  {index > 0 ? ', ' : ''}
                  <Link component="button" type="button" onClick={() => goTo(step)} sx={{ verticalAlign: 'baseline' }}>
                    {t(`registration.steps.${step}`)}
                  </Link>
                </span>
              ))}
            </Alert>
          ) : null}
          {failure ? (
            <Alert severity="error" role="alert">
              <AlertTitle>{t(failure.key)}</AlertTitle>
              {failure.columns.length > 0 ? t('registration.closure.failedBecause') : null}
            </Alert>
          ) : null}
          <Box>
            <Button variant="contained" size="large" disabled={closing.isPending} onClick={() => setConfirming(true)}>
              {t('registration.closure.close')}
            </Button>
          </Box>
        </>
      )}
      {confirming ? (
        <Suspense fallback={null}>
          <LazySimpleDialog
            open
            title={t('registration.closure.confirmTitle')}
            text={t('registration.closure.confirmText')}
            onClose={() => setConfirming(false)}
            actions={
              <>
                <Button onClick={() => setConfirming(false)} autoFocus>
                  {t('common.cancel')}
                </Button>
                <Button
                  variant="contained"
                  onClick={() => {
                    setConfirming(false);
                    closing.mutate();
                  }}
                >
                  {t('registration.closure.close')}
                </Button>
              </>
            }
          />
        </Suspense>
      ) : null}
      {completed ? (
        <Suspense fallback={null}>
          <LazySimpleDialog
            open
            title={t('registration.closure.completed')}
            text={t('registration.closure.nextSteps')}
            onClose={() => setCompleted(false)}
            actions={
              <Button variant="contained" onClick={() => setCompleted(false)} autoFocus>
                {t('common.ok')}
              </Button>
            }
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
