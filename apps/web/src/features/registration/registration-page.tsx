import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonRecord } from '@portal/contract';
import { Card } from '../../components/card';
import { LeaveGuard } from '../../components/leave-guard';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey } from '../../lib/api';
import { useDirtySections } from '../../lib/use-dirty-sections';
import { useOwnRecord, useRegistrationState } from './registration-api';
import { RegistrationContext, type RegistrationContextValue } from './registration-context';
import { RegistrationStepper, stepStateOf, type StepState } from './registration-stepper';
import { prefetchSteps, STEP_COMPONENTS, STEP_IDS, type StepId } from './steps';

const PREFETCH_DELAY_MS = 1500;

function StepPanel({ step, active, focusOnShow }: { step: StepId; active: boolean; focusOnShow: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const Component = STEP_COMPONENTS[step];
  useEffect(() => {
    if (active && focusOnShow) heading.current?.focus();
  }, [active, focusOnShow]);
  return (
    <Box component="section" role="tabpanel" id={`step-panel-${step}`} aria-labelledby={`step-tab-${step}`} hidden={!active}>
      <Typography ref={heading} id={`step-${step}-title`} variant="h5" component="h2" tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
        {t(`registration.steps.${step}`)}
      </Typography>
      <Suspense fallback={<PageLoader />}>
        <Component />
      </Suspense>
    </Box>
  );
}

function Wizard({ record }: { record: PersonRecord }) {
  const { t } = useTranslation();
  const stateQuery = useRegistrationState();
  const state = stateQuery.data;
  const [active, setActive] = useState<StepId>(STEP_IDS[0]!);
  const [visited, setVisited] = useState<StepId[]>([STEP_IDS[0]!]);
  const [moved, setMoved] = useState(false);
  const [dirty, reportDirty] = useDirtySections<StepId>();
  const [closedByServer, setClosedByServer] = useState(false);
  const readOnly = record.ACTIVED || state?.ACTIVED === true || closedByServer;

  useEffect(() => {
    const timer = setTimeout(prefetchSteps, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const goTo = useCallback((step: StepId) => {
    setActive(step);
    setMoved(true);
    setVisited((list) => (list.includes(step) ? list : [...list, step]));
  }, []);
  const markClosed = useCallback(() => setClosedByServer(true), []);

  const anyDirty = dirty.size > 0;

  const states = useMemo(
    () => Object.fromEntries(STEP_IDS.map((step) => [step, stepStateOf(step, dirty.has(step), state, readOnly)])) as Record<StepId, StepState>,
    [dirty, state, readOnly],
  );

  const unsaved = useMemo(() => STEP_IDS.filter((step) => dirty.has(step)), [dirty]);
  const context = useMemo<RegistrationContextValue>(
    () => ({ record, state, readOnly, unsaved, goTo, reportDirty, markClosed }),
    [record, state, readOnly, unsaved, goTo, reportDirty, markClosed],
  );

  const remaining = state?.missing.length ?? null;

  return (
    <RegistrationContext.Provider value={context}>
      <Stack spacing={3}>
        {readOnly ? (
          <Alert severity="info" role="status">
            {t('registration.closedBanner')}
          </Alert>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('registration.intro')}</Typography>
        )}
        {stateQuery.isError ? (
          <Alert severity="warning" role="alert">
            {t(errorKey(stateQuery.error))}
          </Alert>
        ) : null}
        <RegistrationStepper steps={STEP_IDS} active={active} states={states} onSelect={goTo} />
        {remaining !== null && !readOnly ? (
          <Typography role="status" sx={{ fontWeight: 600, color: remaining > 0 ? 'text.primary' : 'success.main' }}>
            {remaining > 0 ? (
              <>
                {t('registration.remaining', { count: remaining })}{' '}
                <Link component="button" type="button" onClick={() => goTo('closure')} sx={{ verticalAlign: 'baseline' }}>
                  {t('registration.seeMissing')}
                </Link>
              </>
            ) : (
              t('registration.complete')
            )}
          </Typography>
        ) : null}
        <Card>
          {visited.map((step) => (
            <StepPanel key={step} step={step} active={step === active} focusOnShow={moved} />
          ))}
        </Card>
      </Stack>
      <LeaveGuard when={anyDirty && !readOnly} text={t('registration.leave.text')} />
    </RegistrationContext.Provider>
  );
}

/** The staff's HR registration: a step per section, saved one by one, then the closure. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const record = useOwnRecord();
  return (
    <Page title={t('registration.title')} maxWidth="lg">
      {record.data ? (
        <Wizard record={record.data} />
      ) : record.isError ? (
        <Alert severity="error" role="alert">
          {t(errorKey(record.error))}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}
