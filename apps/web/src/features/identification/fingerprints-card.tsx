import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FingerprintInfo, Identification } from '@portal/contract';
import { FINGERS, type Finger } from '@portal/contract/rules';
import { FileButton, UploadProgress } from '../../components/file-upload';
import { useNotify } from '../../components/notify';
import { applyAnswer, fingerFileUrl, removeFingerprint, uploadFingerprint } from './identification-api';
import { checkFingerprint, FINGERPRINT_ACCEPT, MAX_FINGERPRINT_MB } from './files';
import { formatMoment } from '../../lib/format';
import { sizeParts } from './labels';
import { useChangeError } from './upload-parts';

/** The ten fingers by hand, thumb to little finger (the contract's FINGERS, in its order). */
export const HANDS = [
  { hand: 'right', fingers: FINGERS.filter((finger) => finger.startsWith('R_')) },
  { hand: 'left', fingers: FINGERS.filter((finger) => finger.startsWith('L_')) },
] as const;

/** `12.5 KB`, `1,2 Mo`: the number in the page's language, the unit translated. */
function useSize() {
  const { t, i18n } = useTranslation();
  return (bytes: number) => {
    const { unit, value } = sizeParts(bytes, i18n.language || 'en');
    return t(`identification.size.${unit}`, { number: value });
  };
}

function FingerSlot({ id, finger, info, readOnly }: { id: number; finger: Finger; info: FingerprintInfo | undefined; readOnly: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const size = useSize();
  const labelId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const changeError = useChangeError(id);
  const name = t(`identification.fingers.${finger}`);

  const onError = (error: unknown) => {
    setProgress(null);
    setProblem(changeError(error));
  };

  const sending = useMutation({
    mutationFn: (file: File) => uploadFingerprint(id, finger, file, setProgress),
    meta: { backdrop: false },
    onSuccess: async (answer) => {
      setProgress(null);
      await applyAnswer(queryClient, id, answer);
      notify('identification.fingerprints.saved', 'success', { name });
    },
    onError,
  });

  const removing = useMutation({
    mutationFn: () => removeFingerprint(id, finger),
    onSuccess: async (answer) => {
      await applyAnswer(queryClient, id, answer);
      notify('identification.fingerprints.removed', 'success', { name });
    },
    onError,
  });

  const send = (file: File) => {
    setProblem(null);
    const refused = checkFingerprint(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    sending.mutate(file);
  };

  const busy = sending.isPending || removing.isPending;

  return (
    <Box component="li">
      <Box
        role="group"
        aria-labelledby={labelId}
        sx={{ border: 1, borderColor: info ? 'success.light' : 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={labelId} sx={{ fontWeight: 600, flex: '1 1 auto' }}>
            {name}
          </Typography>
          <Chip
            size="small"
            color={info ? 'success' : 'default'}
            variant={info ? 'filled' : 'outlined'}
            label={t(info ? 'identification.fingerprints.registered' : 'identification.fingerprints.empty')}
          />
        </Box>
        {info ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[t(`identification.formats.${info.FORMAT}`), size(info.SIZE), formatMoment(info.CAPTURED_AT)].filter(Boolean).join(' · ')}
          </Typography>
        ) : null}
        {progress !== null ? <UploadProgress percent={progress} label={t('identification.fingerprints.progress', { name })} /> : null}
        {problem ? (
          <Alert severity="error" role="alert">
            {t(problem, { maxMb: MAX_FINGERPRINT_MB })}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {readOnly ? null : (
            <FileButton
              label={t(info ? 'identification.replace' : 'identification.upload')}
              inputLabel={t(info ? 'identification.fingerprints.replaceLabel' : 'identification.fingerprints.uploadLabel', { name })}
              accept={FINGERPRINT_ACCEPT}
              disabled={busy}
              variant={info ? 'outlined' : 'contained'}
              onFile={send}
            />
          )}
          {info ? (
            <Button
              component="a"
              href={info.LINK || fingerFileUrl(id, finger)}
              download
              size="small"
              startIcon={<DownloadOutlined />}
              aria-label={t('identification.fingerprints.downloadLabel', { name })}
            >
              {t('identification.download')}
            </Button>
          ) : null}
          {info && !readOnly ? (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlined />}
              disabled={busy}
              onClick={() => removing.mutate()}
              aria-label={t('identification.fingerprints.removeLabel', { name })}
            >
              {t('identification.remove')}
            </Button>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}

/** The ten fingers as two hands: each slot registered (format, size, date) or empty, with its own upload. */
export function FingerprintsCard({ identification, readOnly }: { identification: Identification; readOnly: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const byFinger = new Map(identification.FINGERS.map((info) => [info.FINGER, info]));
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('identification.fingerprints.title')}
        </Typography>
        <Chip size="small" label={t('identification.fingerprints.count', { count: identification.FINGERS.length })} />
      </Box>
      {readOnly ? null : (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('identification.fingerprints.help', { maxMb: MAX_FINGERPRINT_MB })}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {HANDS.map(({ hand, fingers }) => (
          <Box key={hand} role="group" aria-labelledby={`${headingId}-${hand}`}>
            <Typography id={`${headingId}-${hand}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {t(`identification.hands.${hand}`)}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {fingers.map((finger) => (
                <FingerSlot key={finger} id={identification.PERSON_ID} finger={finger} info={byFinger.get(finger)} readOnly={readOnly} />
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
