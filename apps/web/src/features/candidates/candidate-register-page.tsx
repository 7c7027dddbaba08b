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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CandidateCreate, CandidateCreateValues, CandidateFile, CandidateRegistrationAccepted, Entrance } from '@portal/contract';
import { CANDIDATE_DOCUMENT_KINDS, formatFcfa, missingCandidateFields, type CandidateDocumentKind } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { FormError } from '../../components/form-error';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { errorKey, isApiError } from '../../lib/api';
import { messageWithWait } from '../../lib/wait-message';
import { candidateKeys, createCandidate, uploadCandidateDocument, useEntrances } from './candidates-api';
import { CandidateUploads, type ChosenFiles, type UploadState } from './register-documents';
import { RegisterConfirm } from './register-confirm';
import { EntranceChoice } from './register-entrances';
import {
  BLANK_CANDIDATE,
  CANDIDATE_SECTIONS,
  candidateBody,
  clearDraft,
  cyclesOf,
  DRAFT_DELAY_MS,
  formFieldOf,
  readDraft,
  sectionOf,
  specialitiesOf,
  writeDraft,
  type CandidateFormValues,
  type CandidateSection,
} from './register-form';

const loadSections = () => import('./register-sections');
const loadSchema = () => import('./register-schema');
const CandidateSections = lazy(loadSections);

/** Where the candidate's own file opens (the cookie set by the confirmed code opens it). */
const FILE_PATH = '/candidate/file';

/** The message over the send button: a translation key, the missing fields' labels, and a second sentence. */
interface Problem {
  key: string;
  fields?: readonly string[];
  then?: string;
  /** the server's wait before a new try (SERVER_BUSY's or REGISTRATION_RATE_LIMITED's Retry-After), in seconds */
  wait?: number;
}

/** Sent, the mail's code awaited: the address it went to, and how long the code lasts. */
interface Awaiting {
  email: string;
  expiresIn: number;
}

function useLanguage(): 'en' | 'fr' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? 'fr' : 'en';
}

/** The alert of a refused send: "N required field(s) missing: ...", or the message of its key, and what to do next. */
function ProblemAlert({ problem }: { problem: Problem | null }) {
  const { t } = useTranslation();
  if (!problem) return <FormError message={null} />;
  const labels = problem.fields?.map((field) => t(`candidates.fields.${field}`, { defaultValue: field }));
  const text = labels ? t(problem.key, { count: labels.length, fields: labels.join(', ') }) : t(problem.key);
  const then = problem.then ? (problem.wait ? messageWithWait(t, problem.then, problem.wait) : t(problem.then)) : null;
  return <FormError message={then ? `${text} ${then}` : text} />;
}

/** After the code: registered; the chosen files are on their way (or some failed: send again, or later from the file). */
function Registered({ number, uploads, onRetry }: { number: string; uploads: Partial<Record<CandidateDocumentKind, UploadState>>; onRetry: (kind: CandidateDocumentKind) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failed = Object.values(uploads).some((state) => state?.status === 'failed');
  return (
    <Card>
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('candidates.register.created', { number })}
        </Alert>
        <Typography>{t(failed ? 'candidates.documents.someFailed' : 'candidates.documents.sending')}</Typography>
        <CandidateUploads uploads={uploads} onRetry={onRetry} />
        <Box>
          <Button variant={failed ? 'contained' : 'outlined'} onClick={() => navigate(FILE_PATH, { replace: true })}>
            {t('candidates.register.openFile')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
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

export default function CandidateRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const entrances = useEntrances();
  const [draft] = useState(readDraft);
  const [restored, setRestored] = useState(draft !== null);
  const openEntrances = useMemo(() => (entrances.data ?? []).filter((entrance) => entrance.OPEN), [entrances.data]);

  // The check runs the contract's schema, loaded with its first use, for the entrance chosen then.
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

  // An entrance of the draft that closed since is not offered any more.
  useEffect(() => {
    if (entrances.data && entranceId && !openEntrances.some((item) => String(item.Entrance_ID) === entranceId)) form.setValue('ENTRANCE_ID', '');
  }, [entrances.data, openEntrances, entranceId, form]);

  // The sections' code and the schema load while the entrances are read.
  useEffect(() => {
    loadSections().catch(() => undefined);
    loadSchema().catch(() => undefined);
  }, []);

  // The draft: written as the candidate types (a pause, a hidden tab, leaving the page), never once the code is confirmed.
  const keepDraft = useRef(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: CandidateFormValues | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (pending && keepDraft.current) writeDraft(pending);
      pending = null;
    };
    const subscription = form.watch((values) => {
      pending = { ...BLANK_CANDIDATE, ...(values as Partial<CandidateFormValues>) };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, DRAFT_DELAY_MS);
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    };
  }, [form]);

  const [open, setOpen] = useState<ReadonlySet<CandidateSection>>(() => new Set<CandidateSection>(['identity']));
  const toggle = useCallback((section: CandidateSection) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });
  }, []);
  const goNext = useCallback((section: CandidateSection) => {
    const following = CANDIDATE_SECTIONS[CANDIDATE_SECTIONS.indexOf(section) + 1];
    setOpen(new Set(following ? [following] : []));
    if (following) requestAnimationFrame(() => document.getElementById(`candidate-section-${following}-header`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  }, []);
  /** Opens the first section that holds one of these fields (of a refused send): one at a time on a phone; the others' headers say what they lack. */
  const openFor = useCallback((paths: readonly string[]) => {
    const named = new Set(paths.map(sectionOf));
    const first = CANDIDATE_SECTIONS.find((section) => named.has(section));
    if (first) {
      setOpen((current) => new Set([...current, first]));
      requestAnimationFrame(() => document.getElementById(`candidate-section-${first}-header`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
    }
  }, []);

  const [files, setFiles] = useState<ChosenFiles>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  /** the candidate number, once the code opened the file and the chosen files are on their way */
  const [registered, setRegistered] = useState<string | null>(null);
  const [uploads, setUploads] = useState<Partial<Record<CandidateDocumentKind, UploadState>>>({});
  const failedUploads = useRef(new Set<CandidateDocumentKind>());
  const uploadsAbort = useRef<AbortController | null>(null);
  useEffect(() => () => uploadsAbort.current?.abort(), []);

  /** Sends chosen files one after the other; once every one has gone, the file opens. */
  const sendFiles = async (kinds: readonly CandidateDocumentKind[], chosen: ChosenFiles) => {
    uploadsAbort.current ??= new AbortController();
    const { signal } = uploadsAbort.current;
    for (const kind of kinds) {
      const file = chosen[kind];
      if (!file) continue;
      setUploads((current) => ({ ...current, [kind]: { status: 'sending', percent: 0 } }));
      try {
        await uploadCandidateDocument(kind, file, (percent) => setUploads((current) => ({ ...current, [kind]: { status: 'sending', percent } })), signal);
        failedUploads.current.delete(kind);
        setUploads((current) => ({ ...current, [kind]: { status: 'done' } }));
      } catch (error) {
        if (signal.aborted) return;
        failedUploads.current.add(kind);
        setUploads((current) => ({ ...current, [kind]: { status: 'failed', messageKey: errorKey(error) } }));
      }
    }
    if (failedUploads.current.size === 0) {
      await queryClient.invalidateQueries({ queryKey: candidateKeys.me });
      navigate(FILE_PATH, { replace: true });
    }
  };

  /** Puts the server's field messages on their fields; answers the fields it named. */
  const applyServerFields = (fields: Record<string, string>): string[] => {
    const named: string[] = [];
    for (const [path, key] of Object.entries(fields)) {
      const field = formFieldOf(path);
      if (!field) continue;
      form.setError(field, { type: 'server', message: key });
      named.push(field);
    }
    openFor(named);
    return named;
  };

  const mutation = useMutation({
    mutationFn: (body: CandidateCreate) => createCandidate(body),
    // the same answer for every address: the draft and the chosen files stay until the code is confirmed
    onSuccess: (accepted: CandidateRegistrationAccepted, body) => {
      setProblem(null);
      setAwaiting({ email: body.EMAIL, expiresIn: accepted.codeExpiresIn });
    },
    onError: (error) => {
      if (!isApiError(error)) {
        setProblem({ key: 'errors.CANDIDATE_CREATE_FAILED', then: 'candidates.register.kept' });
        return;
      }
      switch (error.code) {
        case 'CANDIDATE_FIELDS_MISSING':
          if (error.columns.length === 0) break;
          setProblem({ key: 'errors.CANDIDATE_FIELDS_MISSING', fields: error.columns });
          openFor(error.columns);
          return;
        case 'VALIDATION_FAILED':
          applyServerFields(error.fields);
          setProblem({ key: 'errors.VALIDATION_FAILED' });
          return;
        case 'ENTRANCE_CLOSED':
          setProblem({ key: 'errors.ENTRANCE_CLOSED', then: 'candidates.register.kept' });
          void entrances.refetch();
          return;
        case 'SPECIALITY_NOT_OFFERED':
          applyServerFields(error.fields);
          setProblem({ key: 'errors.SPECIALITY_NOT_OFFERED' });
          openFor(['CYCLE']);
          void entrances.refetch();
          return;
        case 'SERVER_BUSY':
        case 'REGISTRATION_RATE_LIMITED':
          // the crowd's wait, or this connection's, as the server says it (Retry-After, decisions 45 and 65)
          setProblem({ key: 'errors.CANDIDATE_CREATE_FAILED', then: `errors.${error.code}`, ...(error.retryAfter ? { wait: error.retryAfter } : {}) });
          return;
        default:
          break;
      }
      setProblem({ key: 'errors.CANDIDATE_CREATE_FAILED', then: 'candidates.register.kept' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setProblem(null);
    // the required fields first, all at once, as the server would answer them
    const missing = missingCandidateFields(candidateBody(form.getValues(), entrance, language) as Record<string, unknown>);
    if (missing.length > 0) {
      setProblem({ key: 'errors.CANDIDATE_FIELDS_MISSING', fields: missing });
      openFor(missing);
      void form.trigger();
      return;
    }
    void form.handleSubmit(
      (values) => mutation.mutate(values as CandidateCreate),
      (errors) => {
        setProblem({ key: 'errors.VALIDATION_FAILED' });
        openFor(Object.keys(errors));
      },
    )();
  };

  const startAgain = () => {
    form.reset(BLANK_CANDIDATE);
    clearDraft();
    setFiles({});
    setProblem(null);
    setRestored(false);
    setOpen(new Set<CandidateSection>(['identity']));
  };

  /** A new entrance: what the sections chose for another one (a cycle, its specialities) is cleared. */
  const onEntranceChosen = (chosen: Entrance) => {
    const cycle = form.getValues('CYCLE');
    if (cycle && !cyclesOf(chosen).some((item) => item.CYCLE_NAME === cycle)) form.setValue('CYCLE', '');
    const offered = specialitiesOf(chosen, form.getValues('CYCLE')).map((item) => String(item.SPECIALITY_ID));
    for (const name of ['FORMATION_FIRST_CHOICE', 'FORMATION_SECOND_CHOICE'] as const) {
      if (form.getValues(name) && !offered.includes(form.getValues(name))) form.setValue(name, '');
    }
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
    setUploads(Object.fromEntries(kinds.map((kind) => [kind, { status: 'waiting' }])));
    void sendFiles(kinds, files);
  };

  const retryUpload = (kind: CandidateDocumentKind) => void sendFiles([kind], files);

  return (
    <Page title={t('candidates.register.title')} maxWidth="sm" intro={t('candidates.register.intro')}>
      {registered ? <Registered number={registered} uploads={uploads} onRetry={retryUpload} /> : null}
      {awaiting && !registered ? <RegisterConfirm email={awaiting.email} expiresIn={awaiting.expiresIn} onConfirmed={confirmed} onBack={() => setAwaiting(null)} /> : null}
      {registered || awaiting ? null : (
        <Stack spacing={2}>
          <Typography variant="body2">
            {t('candidates.register.haveFile')} <AppLink to="/candidate/link">{t('candidates.register.askLink')}</AppLink>
          </Typography>
          {restored ? (
            <Alert
              severity="info"
              role="status"
              action={
                <Button color="inherit" size="small" onClick={startAgain}>
                  {t('candidates.register.startAgain')}
                </Button>
              }
            >
              {t('candidates.register.restored')}
            </Alert>
          ) : null}
          <Box component="form" noValidate onSubmit={submit} aria-label={t('candidates.register.formLabel')}>
            <Stack spacing={2}>
              {entrances.isPending ? <LinearProgress aria-label={t('candidates.entrance.loading')} /> : null}
              {entrances.isError ? (
                <Alert
                  severity="error"
                  role="alert"
                  action={
                    <Button color="inherit" size="small" onClick={() => void entrances.refetch()}>
                      {t('common.retry')}
                    </Button>
                  }
                >
                  {t(errorKey(entrances.error))}
                </Alert>
              ) : null}
              {entrances.isSuccess && openEntrances.length === 0 ? (
                <Alert severity="info" role="status">
                  {t('candidates.entrance.noneOpen')}
                </Alert>
              ) : null}
              {openEntrances.length > 0 ? <EntranceChoice control={form.control} entrances={openEntrances} disabled={mutation.isPending} onChosen={onEntranceChosen} /> : null}
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
                      disabled={mutation.isPending}
                    />
                  </Suspense>
                </>
              ) : null}
              {/* outside the entrance's part: an entrance closed meanwhile is no longer listed, its message stays */}
              <ProblemAlert problem={problem} />
              {entrance ? (
                <>
                  <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
                    {t(mutation.isPending ? 'candidates.register.sending' : 'candidates.register.submit')}
                  </Button>
                  {mutation.isPending ? <LinearProgress aria-label={t('candidates.register.sending')} /> : null}
                </>
              ) : null}
            </Stack>
          </Box>
        </Stack>
      )}
    </Page>
  );
}
