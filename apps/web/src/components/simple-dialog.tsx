import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface SimpleDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** the buttons; put `autoFocus` on the safe one */
  actions: ReactNode;
  /** Escape and backdrop clicks; without it the dialog needs an explicit answer */
  onClose?: () => void;
  /** above other dialogs (the session-expired dialog) */
  raised?: boolean;
}

/** A title, a sentence and buttons: the session, inactivity and log-out dialogs. */
export default function SimpleDialog({ open, title, text, actions, onClose, raised }: SimpleDialogProps) {
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-describedby={textId} sx={raised ? { zIndex: (theme) => theme.zIndex.modal + 2 } : undefined}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
