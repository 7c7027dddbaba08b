import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraErrorKey, closeCamera, grabFrame, openCamera, photoFile } from './camera';

type Stage = 'starting' | 'live' | 'capturing' | 'captured' | 'failed';

const frame = { width: '100%', maxHeight: { xs: '50vh', sm: 420 }, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.900' } as const;

/**
 * Takes a photo with the device's camera: a live picture, a capture shown as a preview, then
 * retake or use it. The camera stops when the dialog closes.
 */
export default function CameraDialog({ name, onUse, onClose }: { name: string; onUse: (file: File) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [stage, setStage] = useState<Stage>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);

  useEffect(() => {
    let cancelled = false;
    openCamera().then(
      async (stream) => {
        if (cancelled) {
          closeCamera(stream);
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          // autoPlay and muted let it start anyway where play() is refused
          await video.play().catch(() => undefined);
        }
        if (!cancelled) setStage('live');
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(cameraErrorKey(error));
        setStage('failed');
      },
    );
    return () => {
      cancelled = true;
      closeCamera(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  const capture = () => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas) return;
    setProblem(null);
    setStage('capturing');
    grabFrame(video, canvas).then(
      (blob) => {
        setPhoto(blob);
        setStage('captured');
      },
      () => {
        setProblem('identification.camera.captureFailed');
        setStage('live');
      },
    );
  };

  const retake = () => {
    setPhoto(null);
    setStage('live');
  };

  const captured = stage === 'captured' && photo !== null;
  const live = stage === 'starting' || stage === 'live' || stage === 'capturing';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-describedby={textId}>
      <DialogTitle>{t('identification.camera.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t(captured ? 'identification.camera.checkText' : 'identification.camera.text')}
        </DialogContentText>
        {stage === 'starting' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={32} aria-label={t('identification.camera.starting')} />
          </Box>
        ) : null}
        <Box
          component="video"
          ref={videoRef}
          autoPlay
          muted
          playsInline
          aria-label={t('identification.camera.live')}
          sx={{ ...frame, display: live && stage !== 'starting' ? 'block' : 'none' }}
        />
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-label={t('identification.camera.preview')}
          sx={{ ...frame, display: captured ? 'block' : 'none', height: 'auto' }}
        />
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t(problem)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {captured ? (
          <>
            <Button startIcon={<ReplayOutlined />} onClick={retake}>
              {t('identification.camera.retake')}
            </Button>
            <Button variant="contained" onClick={() => onUse(photoFile(photo))}>
              {t('identification.camera.use')}
            </Button>
          </>
        ) : stage !== 'failed' ? (
          <Button variant="contained" startIcon={<CameraAltOutlined />} onClick={capture} disabled={stage !== 'live'}>
            {t('identification.camera.capture')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
