import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

/** The error of a form dialog (a translation key), under its fields; nothing when there is none. */
export function FormDialogError({ messageKey }: { messageKey: string | null }) {
  const { t } = useTranslation();
  return messageKey ? (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {t(messageKey)}
    </Alert>
  ) : null;
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
