import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identification } from '@portal/contract';
import { FileButton, UploadProgress, useLocalPreview } from '../../components/file-upload';
import { useNotify } from '../../components/notify';
import { cameraAvailable } from './camera';
import { applyAnswer, removePhoto, uploadPhoto } from './identification-api';
import { checkPhoto, MAX_PHOTO_MB, PHOTO_ACCEPT } from './files';
import { useChangeError } from './upload-parts';

export const loadCameraDialog = () => import('./camera-dialog');
const CameraDialog = lazy(loadCameraDialog);

/** The person's ID photo: shown, taken with the camera or sent as a file, removed. */
export function PhotoCard({ identification, readOnly }: { identification: Identification; readOnly: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const headingId = useId();
  const id = identification.PERSON_ID;
  const name = `${identification.LASTNAME} ${identification.FIRSTNAME}`;
  const url = identification.PHOTO_LINK;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  // the photo just sent, shown from memory: a replaced photo may keep its address, and the browser its old picture
  const [localPreview, showLocal] = useLocalPreview();
  const changeError = useChangeError(id);
  const hasCamera = cameraAvailable();

  const onError = (error: unknown) => {
    setProgress(null);
    setProblem(changeError(error));
  };

  const sending = useMutation({
    mutationFn: (file: File) => uploadPhoto(id, file, setProgress),
    meta: { backdrop: false },
    onSuccess: async (answer, file) => {
      setProgress(null);
      setImageFailed(false);
      showLocal(file);
      await applyAnswer(queryClient, id, answer);
      notify('identification.photo.saved', 'success');
    },
    onError,
  });

  const removing = useMutation({
    mutationFn: () => removePhoto(id),
    onSuccess: async (answer) => {
      showLocal(null);
      await applyAnswer(queryClient, id, answer);
      notify('identification.photo.removed', 'success');
    },
    onError,
  });

  const send = (file: File) => {
    setProblem(null);
    const refused = checkPhoto(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    sending.mutate(file);
  };

  const busy = sending.isPending || removing.isPending;
  const shown = url ? (localPreview ?? url) : null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('identification.photo.title')}
        </Typography>
        <Chip size="small" color={url ? 'success' : 'default'} label={t(url ? 'identification.photo.present' : 'identification.photo.absent')} />
      </Box>
      <Box
        sx={{
          width: 180,
          height: 220,
          maxWidth: '100%',
          alignSelf: { xs: 'center', sm: 'flex-start' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {shown && !imageFailed ? (
          <Box
            component="img"
            src={shown}
            alt={t('identification.photo.alt', { name })}
            onError={() => setImageFailed(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary', p: 1 }}>
            <PersonOutlined sx={{ fontSize: 64 }} aria-hidden />
            <Typography variant="body2">{t(url ? 'identification.photo.unavailable' : 'identification.photo.none')}</Typography>
          </Box>
        )}
      </Box>
      {progress !== null ? <UploadProgress percent={progress} label={t('identification.photo.progress')} /> : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {t(problem, { maxMb: MAX_PHOTO_MB })}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {hasCamera ? (
              <Button
                variant="contained"
                size="small"
                startIcon={<AddAPhotoOutlined />}
                disabled={busy}
                onClick={() => {
                  setProblem(null);
                  setCamera(true);
                }}
              >
                {t('identification.photo.take')}
              </Button>
            ) : null}
            <FileButton
              label={t('identification.photo.upload')}
              inputLabel={t('identification.photo.uploadLabel')}
              accept={PHOTO_ACCEPT}
              disabled={busy}
              variant={hasCamera ? 'outlined' : 'contained'}
              onFile={send}
            />
            {url ? (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                disabled={busy}
                onClick={() => removing.mutate()}
                aria-label={t('identification.photo.removeLabel')}
              >
                {t('identification.remove')}
              </Button>
            ) : null}
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(hasCamera ? 'identification.photo.help' : 'identification.photo.helpNoCamera', { maxMb: MAX_PHOTO_MB })}
          </Typography>
        </>
      )}
      <Suspense fallback={null}>
        {camera ? (
          <CameraDialog
            name={name}
            onClose={() => setCamera(false)}
            onUse={(file) => {
              setCamera(false);
              send(file);
            }}
          />
        ) : null}
      </Suspense>
    </Paper>
  );
}
