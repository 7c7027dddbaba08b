// The whole frame of a form dialog, a module of its own: the dialogs that only take its parts
// (FormDialogError, FormDialogActions) do not load it (the HR dialogs are at their budget).
import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { FormDialogActions, FormDialogError } from './form-dialog';
import { phoneFullScreenSx } from './phone-full-screen';

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
  /** full screen below the small breakpoint, by CSS (no media-query hook to load) */
  phoneFullScreen?: boolean;
  children: ReactNode;
}

/** A small dialog's paper on a phone's whole screen (a `maxWidth="sm"` dialog is 600 px wide). */
const PHONE_FULL_SCREEN = phoneFullScreenSx(600);

/** A dialog that is a form: its title, its fields, the refusal under them, Cancel and the submit button. */
export function FormDialog({
  title,
  pending,
  message,
  submitLabel,
  onSubmit,
  onClose,
  maxWidth = 'sm',
  fullScreen,
  phoneFullScreen,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      {...(phoneFullScreen ? { sx: PHONE_FULL_SCREEN } : {})}
    >
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
