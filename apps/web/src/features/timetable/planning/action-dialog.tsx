import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey, isApiError } from '../../../lib/api';
import { conflictText } from './labels';

interface Props<T> {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** a choice that goes with the action (a checkbox) */
  children?: ReactNode;
  action: () => Promise<T>;
  onDone: (answer: T) => void | Promise<void>;
  /** a refusal, shown in the dialog: let the page read the lessons again */
  onError?: () => void;
  onClose: () => void;
}

/**
 * Asks before acting on lessons (a decision, a deletion) and shows why the server refused: a
 * conflict names the other lesson (validating a refused lesson whose slot was taken since).
 */
export function ActionDialog<T>({ title, text, confirmLabel, danger, children, action, onDone, onError, onClose }: Props<T>) {
  const { t } = useTranslation();
  const textId = useId();
  const mutation = useMutation({ mutationFn: action, onSuccess: onDone, onError });
  const conflict = isApiError(mutation.error) ? mutation.error.conflict : undefined;
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-describedby={textId} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {children}
        {mutation.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {conflict ? <AlertTitle>{t('planning.conflict.title')}</AlertTitle> : null}
            {conflict ? conflictText(t, conflict) : t(errorKey(mutation.error))}
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
