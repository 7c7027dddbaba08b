import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/api';

interface Props<T> {
  title: string;
  text: string;
  confirmLabel: string;
  /** red button: the action cannot be undone */
  danger?: boolean;
  /** the action; its refusal is shown in the dialog, which stays open */
  action: () => Promise<T>;
  /** the action's answer; a promise returned here keeps the dialog busy until it settles */
  onDone: (answer: T) => void | Promise<void>;
  /** a refusal: after showing it, let the page reload what it shows */
  onError?: (error: unknown) => void;
  onClose: () => void;
}

/** Asks before an action (delete, close, reopen, cancel a batch) and shows why the server refused it. */
export function ConfirmDialog<T>({ title, text, confirmLabel, danger, action, onDone, onError, onClose }: Props<T>) {
  const { t } = useTranslation();
  const textId = useId();
  const mutation = useMutation({ mutationFn: action, onSuccess: onDone, onError });
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {mutation.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t(errorKey(mutation.error))}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
