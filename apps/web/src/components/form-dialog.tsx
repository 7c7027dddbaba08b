import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';

/** The error of a form dialog (a translation key), under its fields; nothing when there is none. */
export function FormDialogError({ messageKey }: { messageKey: string | null }) {
  const { t } = useTranslation();
  return <FormError message={messageKey ? t(messageKey) : null} sx={{ mt: 2 }} />;
}

/** Cancel and the submit button of a form dialog, both off while the request is on its way. */
export function FormDialogActions({ pending, onCancel, submitLabel }: { pending: boolean; onCancel: () => void; submitLabel: string }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

interface FormDialogProps {
  title: string;
  /** the request is on its way: the dialog does not close and its buttons are off */
  pending: boolean;
  /** the refusal to show under the fields (a translation key) */
  message: string | null;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  children: ReactNode;
}

/** A dialog that is a form: its title, its fields, the refusal under them, Cancel and the submit button. */
export function FormDialog({ title, pending, message, submitLabel, onSubmit, onClose, maxWidth = 'sm', fullScreen, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          <FormDialogError messageKey={message} />
        </DialogContent>
        <FormDialogActions pending={pending} onCancel={onClose} submitLabel={submitLabel} />
      </Box>
    </Dialog>
  );
}
