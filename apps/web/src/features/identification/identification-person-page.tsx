import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Fact, FactList } from '../../components/fact-list';
import { RecordPage } from '../../components/record-page';
import type { Identification } from '@portal/contract';
import { MIN_FINGERS_FOR_COMPLETION } from '@portal/contract/rules';
import { useNotify } from '../../components/notify';
import { FingerprintsCard } from './fingerprints-card';
import { applyAnswer, completeIdentification, useIdentification } from './identification-api';
import { formatMoment } from '../../lib/format';
import { PhotoCard } from './photo-card';
import { RegistrationChip } from './registration-chip';
import { useChangeError } from './upload-parts';

// The reopening dialog (and the contract's schema it validates with) loads on first use, or once the page shows.
const loadReopenDialog = () => import('./reopen-dialog');
const ReopenDialog = lazy(loadReopenDialog);

/** Who the person is and where their registration stands. */
function Header({ identification }: { identification: Identification }) {
  const { t } = useTranslation();
  const complete = identification.COMPLETED_AT !== null;
  return (
    <Paper component="section" variant="outlined" aria-label={t('identification.person.summary')} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <FactList>
        <Fact label={t('identification.person.matricule')}>{identification.MATRICULE}</Fact>
        <Fact label={t('identification.person.category')}>
          {identification.STATUS ? t(`person.status.${identification.STATUS}`) : t('identification.person.noCategory')}
        </Fact>
        <Fact label={t('identification.person.registration')}>
          <RegistrationChip closed={identification.ACTIVED} />
        </Fact>
        <Fact label={t('identification.person.identification')}>
          <Chip
            size="small"
            color={complete ? 'success' : 'warning'}
            variant={complete ? 'filled' : 'outlined'}
            label={t(complete ? 'identification.state.complete' : 'identification.state.inProgress')}
          />
        </Fact>
      </FactList>
    </Paper>
  );
}

/** What still blocks the completion, as translated sentences (none: it can be completed). */
function blockers(identification: Identification, t: TFunction): string[] {
  const out: string[] = [];
  if (!identification.PHOTO_LINK) out.push(t('identification.complete.needPhoto'));
  if (identification.FINGERS.length < MIN_FINGERS_FOR_COMPLETION) {
    out.push(t('identification.complete.needFingers', { min: MIN_FINGERS_FOR_COMPLETION, count: identification.FINGERS.length }));
  }
  return out;
}

/** Marks the identification complete (after a confirmation), or shows who completed it and offers to reopen it. */
function Completion({ identification, onReopen }: { identification: Identification; onReopen: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reasonsId = useId();
  const id = identification.PERSON_ID;
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const changeError = useChangeError(id);
  const completing = useMutation({
    mutationFn: () => completeIdentification(id),
    onSuccess: async (answer) => {
      setConfirming(false);
      await applyAnswer(queryClient, id, answer);
      notify('identification.complete.done', 'success');
    },
    onError: (error) => {
      setConfirming(false);
      setProblem(changeError(error));
    },
  });

  if (identification.COMPLETED_AT) {
    return (
      <Alert
        severity="success"
        component="section"
        role="region"
        aria-label={t('identification.complete.title')}
        action={
          <Button color="inherit" variant="outlined" size="small" startIcon={<LockOpenOutlined />} onClick={onReopen}>
            {t('identification.reopen.button')}
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' } } }}
      >
        <Typography variant="subtitle2" component="h2">
          {t('identification.complete.completedTitle')}
        </Typography>
        <Typography variant="body2">
          {identification.COMPLETED_BY
            ? t('identification.complete.completedBy', { time: formatMoment(identification.COMPLETED_AT), name: identification.COMPLETED_BY })
            : t('identification.complete.completedAt', { time: formatMoment(identification.COMPLETED_AT) })}
        </Typography>
        <Typography variant="body2">{t('identification.complete.readOnly')}</Typography>
      </Alert>
    );
  }

  const reasons = blockers(identification, t);
  const name = `${identification.LASTNAME} ${identification.FIRSTNAME}`;
  return (
    <Paper component="section" variant="outlined" aria-label={t('identification.complete.title')} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 280px' }}>
          <Typography variant="h6" component="h2">
            {t('identification.complete.title')}
          </Typography>
          {reasons.length > 0 ? (
            <Box component="ul" id={reasonsId} sx={{ m: 0, pl: 2, color: 'text.secondary', typography: 'body2' }}>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          ) : (
            <Typography id={reasonsId} variant="body2" sx={{ color: 'text.secondary' }}>
              {t('identification.complete.ready')}
            </Typography>
          )}
        </Box>
        <Button
          variant="contained"
          startIcon={<TaskAltOutlined />}
          disabled={reasons.length > 0 || completing.isPending}
          aria-describedby={reasonsId}
          onClick={() => {
            setProblem(null);
            setConfirming(true);
          }}
        >
          {t('identification.complete.button')}
        </Button>
      </Box>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(problem)}
        </Alert>
      ) : null}
      <Dialog open={confirming} onClose={completing.isPending ? undefined : () => setConfirming(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('identification.complete.confirmTitle', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('identification.complete.confirmText', { count: identification.FINGERS.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={completing.isPending} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => completing.mutate()} disabled={completing.isPending}>
            {t('identification.complete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function IdentificationView({ identification, onReopen }: { identification: Identification; onReopen: () => void }) {
  const { t } = useTranslation();
  const readOnly = identification.COMPLETED_AT !== null;
  return (
    <Stack spacing={2.5}>
      <Header identification={identification} />
      {identification.ACTIVED ? null : (
        <Alert severity="info" role="note">
          {t('identification.person.registrationNote')}
        </Alert>
      )}
      <Completion identification={identification} onReopen={onReopen} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(240px, 1fr) minmax(0, 2.5fr)' }, gap: 2.5, alignItems: 'start' }}>
        <PhotoCard identification={identification} readOnly={readOnly} />
        <FingerprintsCard identification={identification} readOnly={readOnly} />
      </Box>
    </Stack>
  );
}

/** One person's identification: photo, ten fingerprints, completion. */
export default function IdentificationPersonPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useIdentification(valid ? id : 0);
  const [reopening, setReopening] = useState(false);
  const data = query.data;
  const complete = Boolean(data?.COMPLETED_AT);
  useEffect(() => {
    if (complete) loadReopenDialog().catch(() => undefined);
  }, [complete]);

  const name = data ? `${data.LASTNAME} ${data.FIRSTNAME}` : '';

  return (
    <RecordPage title={name || t('identification.person.title')} list="/identification" backLabel={t('identification.person.back')} valid={valid} query={query}>
      {data ? <IdentificationView identification={data} onReopen={() => setReopening(true)} /> : null}
      <Suspense fallback={null}>{reopening && data ? <ReopenDialog id={id} name={name} onClose={() => setReopening(false)} /> : null}</Suspense>
    </RecordPage>
  );
}
