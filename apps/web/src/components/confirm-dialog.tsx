import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/api';

interface Props<T> {
  title: string;
  text: string;
  confirmLabel: string;
  /** red button: the action cannot be undone */
  danger?: boolean;
  /** a choice that goes with the action (a checkbox), under the text */
  children?: ReactNode;
  /** how a refusal reads when its code alone says too little (a conflict naming the other lesson); null: the code's message */
  describeError?: (error: unknown) => ReactNode | null;
  /** a wider dialog, for a longer text or choice */
  wide?: boolean;
  /** the action; its refusal is shown in the dialog, which stays open */
  action: () => Promise<T>;
  /** the action's answer; a promise returned here keeps the dialog busy until it settles */
  onDone: (answer: T) => void | Promise<void>;
  /** a refusal: after showing it, let the page reload what it shows */
  onError?: (error: unknown) => void;
  onClose: () => void;
}

/** Asks before an action (delete, close, reopen, cancel a batch) and shows why the server refused it. */
export function ConfirmDialog<T>({ title, text, confirmLabel, danger, children, describeError, wide, action, onDone, onError, onClose }: Props<T>) {
  const { t } = useTranslation();
  const textId = useId();
  const mutation = useMutation({ mutationFn: action, onSuccess: onDone, onError });
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-describedby={textId} fullWidth maxWidth={wide ? 'sm' : 'xs'}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {children}
        {mutation.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {describeError?.(mutation.error) ?? t(errorKey(mutation.error))}
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
