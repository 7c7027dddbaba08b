// The public registration for an entrance exam (issue 14): an anonymous candidate, often on a cheap
// phone over a slow connection, chooses an open entrance, fills the sections, chooses their files
// and sends. What is typed is kept on the device as it is typed (decision 46), so that a failed
// send, a reload or a dropped connection loses nothing. The answer is the same for every address
// (decision 65): the mail's code, typed on the next step, opens the file; the draft goes then, and
// the files are sent. The sections and the schema's check are chunks of their own, loaded after the
// entrances.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CandidateCreateValues, CandidateFile, Entrance } from '@portal/contract';
import { CANDIDATE_DOCUMENT_KINDS, formatFcfa } from '@portal/contract/rules';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { ActionAlert } from '../../components/action-alert';
import { errorKey } from '../../lib/api';
import { useDraftWriter } from '../../lib/device-draft';
import { candidateKeys, useEntrances } from './candidates-api';
import { type ChosenFiles } from './register-documents';
import { RegisterConfirm } from './register-confirm';
import { EntranceChoice } from './register-entrances';
import {
  BLANK_CANDIDATE,
  clearDraft,
  cyclesOf,
  DRAFT_DELAY_MS,
  readDraft,
  specialitiesOf,
  writeDraft,
  type CandidateDraft,
  type CandidateFormValues,
} from './register-form';
import { useOpenSections } from './register-open-sections';
import { FILE_PATH, Registered, useChosenFilesUpload } from './register-outcome';
import { ProblemAlert, useRegisterSubmit } from './register-submit';

const loadSections = () => import('./register-sections');
const loadSchema = () => import('./register-schema');
const CandidateSections = lazy(loadSections);

/** Sent, the mail's code awaited: the address it went to, and how long the code lasts. */
interface Awaiting {
  email: string;
  expiresIn: number;
}

function useLanguage(): 'en' | 'fr' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? 'fr' : 'en';
}

/** The entrance's fee and choice summary above the sections, so the candidate sees what they register for. */
function EntranceSummary({ entrance }: { entrance: Entrance }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('candidates.register.summary', { name: entrance.Entrance_Name, value: formatFcfa(entrance.Entrance_Registration_Amount) })}
    </Typography>
  );
}

/** The entrances being read, their failure with a retry, or none open. */
function EntrancesStatus({ entrances, openCount }: { entrances: ReturnType<typeof useEntrances>; openCount: number }) {
  const { t } = useTranslation();
  return (
    <>
      {entrances.isPending ? <LinearProgress aria-label={t('candidates.entrance.loading')} /> : null}
      {entrances.isError ? (
        <ActionAlert severity="error" role="alert" actionLabel={t('common.retry')} onAction={() => void entrances.refetch()}>
          {t(errorKey(entrances.error))}
        </ActionAlert>
      ) : null}
      {entrances.isSuccess && openCount === 0 ? (
        <Alert severity="info" role="status">
          {t('candidates.entrance.noneOpen')}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The form, from the draft if there is one, checked by the contract's schema (loaded with its first
 * use) for the entrance chosen then; an entrance of the draft that closed since is not offered any more.
 */
function useCandidateForm(draft: CandidateDraft | null, entrances: ReturnType<typeof useEntrances>, language: 'en' | 'fr') {
  const openEntrances = useMemo(() => (entrances.data ?? []).filter((entrance) => entrance.OPEN), [entrances.data]);
  const context = useRef<{ entrance: Entrance | undefined; language: 'en' | 'fr' }>({ entrance: undefined, language });
  const resolver = useCallback<Resolver<CandidateFormValues, unknown, CandidateCreateValues>>(async (values, resolverContext, options) => {
    const { candidateResolver } = await loadSchema();
    return candidateResolver(context.current.entrance, context.current.language)(values, resolverContext, options);
  }, []);
  const form = useForm<CandidateFormValues, unknown, CandidateCreateValues>({ defaultValues: draft?.values ?? BLANK_CANDIDATE, resolver });
  const entranceId = useWatch({ control: form.control, name: 'ENTRANCE_ID' });
  const entrance = openEntrances.find((item) => String(item.Entrance_ID) === entranceId);
  useEffect(() => {
    context.current = { entrance, language };
  }, [entrance, language]);

  useEffect(() => {
    if (entrances.data && entranceId && !openEntrances.some((item) => String(item.Entrance_ID) === entranceId)) form.setValue('ENTRANCE_ID', '');
  }, [entrances.data, openEntrances, entranceId, form]);

  /** A new entrance: what the sections chose for another one (a cycle, its specialities) is cleared. */
  const onEntranceChosen = (chosen: Entrance) => {
    const cycle = form.getValues('CYCLE');
    if (cycle && !cyclesOf(chosen).some((item) => item.CYCLE_NAME === cycle)) form.setValue('CYCLE', '');
    const offered = specialitiesOf(chosen, form.getValues('CYCLE')).map((item) => String(item.SPECIALITY_ID));
    for (const name of ['FORMATION_FIRST_CHOICE', 'FORMATION_SECOND_CHOICE'] as const) {
      if (form.getValues(name) && !offered.includes(form.getValues(name))) form.setValue(name, '');
    }
  };

  return { form, openEntrances, entrance, onEntranceChosen };
}

export default function CandidateRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const entrances = useEntrances();
  const [draft] = useState(readDraft);
  const [restored, setRestored] = useState(draft !== null);
  const { form, openEntrances, entrance, onEntranceChosen } = useCandidateForm(draft, entrances, language);

  // The sections' code and the schema load while the entrances are read.
  useEffect(() => {
    loadSections().catch(() => undefined);
    loadSchema().catch(() => undefined);
  }, []);

  // The draft: written as the candidate types (a pause, a hidden tab, leaving the page), never once the code is confirmed.
  const keepDraft = useRef(true);
  useDraftWriter(form, writeDraft, { delayMs: DRAFT_DELAY_MS, blank: BLANK_CANDIDATE, keep: keepDraft });

  const { open, toggle, goNext, openFor, reset: resetSections } = useOpenSections();
  const [files, setFiles] = useState<ChosenFiles>({});
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  /** the candidate number, once the code opened the file and the chosen files are on their way */
  const [registered, setRegistered] = useState<string | null>(null);
  const { uploads, start: startUploads, retry } = useChosenFilesUpload();
  const { submit, problem, setProblem, sending } = useRegisterSubmit({
    form,
    entrance,
    language,
    openFor,
    refetchEntrances: () => void entrances.refetch(),
    onAccepted: (email, expiresIn) => setAwaiting({ email, expiresIn }),
  });

  const startAgain = () => {
    form.reset(BLANK_CANDIDATE);
    clearDraft();
    setFiles({});
    setProblem(null);
    setRestored(false);
    resetSections();
  };

  /** The code opened the file: the draft goes, the file is known, the chosen files are sent. */
  const confirmed = (file: CandidateFile) => {
    keepDraft.current = false;
    clearDraft();
    queryClient.setQueryData(candidateKeys.me, file);
    const kinds = CANDIDATE_DOCUMENT_KINDS.filter((kind) => files[kind]);
    if (kinds.length === 0) {
      navigate(FILE_PATH, { replace: true });
      return;
    }
    setAwaiting(null);
    setRegistered(file.CANDIDATE_NUMBER);
    startUploads(kinds, files);
  };

  const retryUpload = (kind: (typeof CANDIDATE_DOCUMENT_KINDS)[number]) => retry(kind, files);

  return (
    <Page title={t('candidates.register.title')} maxWidth="sm" intro={t('candidates.register.intro')}>
      {registered ? <Registered number={registered} uploads={uploads} onRetry={retryUpload} /> : null}
      {awaiting && !registered ? (
        <RegisterConfirm email={awaiting.email} expiresIn={awaiting.expiresIn} onConfirmed={confirmed} onBack={() => setAwaiting(null)} />
      ) : null}
      {registered || awaiting ? null : (
        <Stack spacing={2}>
          <Typography variant="body2">
            {t('candidates.register.haveFile')} <AppLink to="/candidate/link">{t('candidates.register.askLink')}</AppLink>
          </Typography>
          {restored ? (
            <ActionAlert severity="info" role="status" actionLabel={t('candidates.register.startAgain')} onAction={startAgain}>
              {t('candidates.register.restored')}
            </ActionAlert>
          ) : null}
          <Box component="form" noValidate onSubmit={submit} aria-label={t('candidates.register.formLabel')}>
            <Stack spacing={2}>
              <EntrancesStatus entrances={entrances} openCount={openEntrances.length} />
              {openEntrances.length > 0 ? (
                <EntranceChoice control={form.control} entrances={openEntrances} disabled={sending} onChosen={onEntranceChosen} />
              ) : null}
              {entrance ? (
                <>
                  <EntranceSummary entrance={entrance} />
                  <Suspense fallback={<LinearProgress aria-label={t('candidates.register.loadingForm')} />}>
                    <CandidateSections
                      form={form}
                      entrance={entrance}
                      open={open}
                      onToggle={toggle}
                      onNext={goNext}
                      files={files}
                      onFiles={setFiles}
                      disabled={sending}
                    />
                  </Suspense>
                </>
              ) : null}
              {/* outside the entrance's part: an entrance closed meanwhile is no longer listed, its message stays */}
              <ProblemAlert problem={problem} />
              {entrance ? (
                <>
                  <Button type="submit" variant="contained" size="large" disabled={sending}>
                    {t(sending ? 'candidates.register.sending' : 'candidates.register.submit')}
                  </Button>
                  {sending ? <LinearProgress aria-label={t('candidates.register.sending')} /> : null}
                </>
              ) : null}
            </Stack>
          </Box>
        </Stack>
      )}
    </Page>
  );
}
