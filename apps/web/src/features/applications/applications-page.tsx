import LockOutlined from '@mui/icons-material/LockOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { Application, ApplicationSession, Choice, PersonRecord, SubjectRow } from '@portal/contract';
import { AFFECTATION, type ChoiceCategory } from '@portal/contract/rules';
import { LazySimpleDialog } from '../../components/lazy';
import { useNotify } from '../../components/notify';
import { LeaveGuard } from '../../components/leave-guard';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { errorKey, isApiError } from '../../lib/api';
import { addChoice, dayOf, fromServer, isDirty, toSaveBody, type DraftChoice } from './choices';
import { ChoicesList, ChoicesSummary } from './choices-panel';
import { clearChoices, closeApplication, applicationsKeys, limitOf, saveChoices, useChoices, useCurrentApplication } from './applications-api';
import { ChoiceGate, CheckApplicationSessionButton } from './gate';
import { limitText, slotName } from './labels';
import { Section, ApplicationSessionHeading } from './panels';

// The subject browser (filters, selects, paging) is its own chunk: the list and the summary show first.
const SubjectBrowser = lazy(() => import('./subject-browser'));

type Confirm = 'clear' | 'close' | null;

/** A refusal of the server, translated, with the limit it names. */
function ServerError({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = limitText(t, limitOf(error));
  return (
    <Alert severity="error" role="alert" onClose={onClose} closeText={t('common.close')}>
      {t(errorKey(error))}
      {detail ? (
        <Box component="span" sx={{ display: 'block' }}>
          {detail}
        </Box>
      ) : null}
    </Alert>
  );
}

function ChoicesInApplicationSession({
  session,
  application,
  person,
  saved,
}: {
  session: ApplicationSession;
  application: Application;
  person: PersonRecord;
  saved: Choice[];
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftChoice[]>(() => fromServer(saved));
  const [seen, setSeen] = useState(saved);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // A new list from the server (after a save, an emptying, a reload) replaces the one being edited.
  if (saved !== seen) {
    setSeen(saved);
    setDraft(fromServer(saved));
  }
  const closed = application.CLOSED;
  const dirty = !closed && isDirty(draft, saved);

  const onFailure = useCallback(
    (error: unknown) => {
      setFailure(error);
      if (!isApiError(error)) return;
      if (error.code === 'SESSION_CLOSED') void queryClient.invalidateQueries({ queryKey: applicationsKeys.application });
      if (error.code === 'NO_ACTIVE_SESSION') void queryClient.invalidateQueries({ queryKey: applicationsKeys.session });
    },
    [queryClient],
  );
  const storeChoices = (choices: Choice[]) => queryClient.setQueryData(applicationsKeys.choices(application.id), choices);

  const save = useMutation({
    mutationFn: () => saveChoices(application.id, toSaveBody(draft)),
    onSuccess: (choices) => {
      setFailure(null);
      storeChoices(choices);
      notify('notify.saved', 'success');
    },
    onError: onFailure,
  });
  const clear = useMutation({
    mutationFn: () => clearChoices(application.id),
    onSuccess: (choices) => {
      setFailure(null);
      storeChoices(choices);
      notify('applications.cleared', 'success');
    },
    onError: onFailure,
  });
  const close = useMutation({
    mutationFn: async () => {
      if (dirty) storeChoices(await saveChoices(application.id, toSaveBody(draft)));
      return closeApplication(application.id);
    },
    onSuccess: (closedApplication) => {
      setFailure(null);
      queryClient.setQueryData(applicationsKeys.application, closedApplication);
      void queryClient.invalidateQueries({ queryKey: applicationsKeys.choices(application.id) });
      notify('applications.closedNotice', 'success');
    },
    onError: onFailure,
  });
  const busy = save.isPending || clear.isPending || close.isPending;

  const add = (subject: SubjectRow, category: ChoiceCategory) => {
    const result = addChoice(draft, subject, category, application.SubjectConstraint, application.TOTAL_HOURS);
    const { breach } = result;
    if (breach) {
      // the same rule as the server's, at once: "Max number of subjects reached for this level (Levels 1-2, day classes: at most 3) !"
      notify(
        `applications.refused.${breach.code}`,
        'error',
        breach.code === 'SUBJECT_LIMIT_REACHED'
          ? { name: slotName(t, breach.group, breach.shift), count: breach.limit }
          : { number: breach.hours, total: breach.allowed },
      );
      return;
    }
    setDraft(result.draft);
  };
  const remove = (choice: DraftChoice) =>
    setDraft((list) => list.filter((item) => !(item.Subject.SUBJECT_ID === choice.Subject.SUBJECT_ID && item.CATEGORY === choice.CATEGORY)));

  const recheck = () => {
    void queryClient.invalidateQueries({ queryKey: applicationsKeys.session });
    void queryClient.invalidateQueries({ queryKey: applicationsKeys.application });
  };
  const confirmedCount = draft.filter((choice) => choice.AFFECTATION === AFFECTATION.CONFIRMED).length;

  return (
    <Stack spacing={3}>
      <ApplicationSessionHeading session={session} heading="p" />

      {closed ? (
        <Alert severity="info" role="status" icon={<LockOutlined />}>
          <AlertTitle>{t('errors.SESSION_CLOSED')}</AlertTitle>
          <Typography sx={{ mb: 1.5 }}>{t('applications.closedText', { date: dayOf(application.CLOSED_AT) })}</Typography>
          <CheckApplicationSessionButton onCheck={recheck} busy={false} />
        </Alert>
      ) : null}

      {failure ? <ServerError error={failure} onClose={() => setFailure(null)} /> : null}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(280px, 2fr)' }, alignItems: 'start' }}>
        <Section id="courses-choices-title" title={t('applications.choices.title')}>
          {dirty ? (
            <Alert severity="warning" role="status" sx={{ mb: 2 }}>
              {t('applications.choices.unsaved')}
            </Alert>
          ) : null}
          <ChoicesList choices={draft} readOnly={closed} onRemove={remove} />
          {closed ? null : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
              <Button variant="contained" startIcon={<SaveOutlined />} onClick={() => save.mutate()} disabled={!dirty || busy}>
                {t('applications.actions.save')}
              </Button>
              <Button variant="outlined" onClick={() => setConfirm('clear')} disabled={busy || draft.length === confirmedCount}>
                {t('applications.actions.clear')}
              </Button>
              <Button variant="outlined" color="error" startIcon={<LockOutlined />} onClick={() => setConfirm('close')} disabled={busy}>
                {t('applications.actions.close')}
              </Button>
            </Box>
          )}
        </Section>
        <ChoicesSummary choices={draft} allowedHours={application.TOTAL_HOURS} limits={application.SubjectConstraint} hasNiu={Boolean(person.NIU)} />
      </Box>

      {closed ? null : (
        <Suspense fallback={<PageLoader />}>
          <SubjectBrowser draft={draft} onAdd={add} disabled={busy} />
        </Suspense>
      )}

      {confirm ? (
        <Suspense fallback={null}>
          <LazySimpleDialog
            open
            title={t(`applications.confirm.${confirm}.title`)}
            text={
              confirm === 'close' && dirty
                ? `${t('applications.confirm.close.text')} ${t('applications.confirm.close.unsaved')}`
                : t(`applications.confirm.${confirm}.text`)
            }
            onClose={() => setConfirm(null)}
            actions={
              <>
                <Button onClick={() => setConfirm(null)} autoFocus>
                  {t('common.cancel')}
                </Button>
                <Button
                  variant="contained"
                  color={confirm === 'close' ? 'error' : 'primary'}
                  onClick={() => {
                    setConfirm(null);
                    if (confirm === 'clear') clear.mutate();
                    else close.mutate();
                  }}
                >
                  {t(`applications.confirm.${confirm}.confirm`)}
                </Button>
              </>
            }
          />
        </Suspense>
      ) : null}

      <LeaveGuard when={dirty} text={t('applications.leave.text')} />
    </Stack>
  );
}

function ChoicesLoader({ session, application, person }: { session: ApplicationSession; application: Application; person: PersonRecord }) {
  const { t } = useTranslation();
  const choices = useChoices(application.id);
  if (choices.isPending) return <PageLoader />;
  if (choices.isError) {
    return (
      <Alert severity="error" role="alert">
        {t(errorKey(choices.error))}
      </Alert>
    );
  }
  return <ChoicesInApplicationSession session={session} application={application} person={person} saved={choices.data} />;
}

/** The person's application in the open session; without one (or with one of another session) the rules page. */
function ApplicationGate({ session, person }: { session: ApplicationSession; person: PersonRecord }) {
  const { t } = useTranslation();
  const application = useCurrentApplication(true);
  if (application.isPending) return <PageLoader />;
  if (application.isError) {
    return (
      <Alert severity="error" role="alert">
        {t(errorKey(application.error))}
      </Alert>
    );
  }
  if (!application.data || application.data.SESSION_APPLICATION_ID !== session.id) {
    // the application is missing or belongs to another session: the person starts from the rules
    return <Navigate to="/courses/help" replace />;
  }
  return <ChoicesLoader session={session} application={application.data} person={person} />;
}

/** The choice session: subjects by cycle, level, regime and class; the list, its rules, saving and closing. */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('applications.title')} maxWidth="lg">
      <ChoiceGate>{(session, person) => <ApplicationGate session={session} person={person} />}</ChoiceGate>
    </Page>
  );
}
