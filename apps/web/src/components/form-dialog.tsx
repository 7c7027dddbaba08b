import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
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
