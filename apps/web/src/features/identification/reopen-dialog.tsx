import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Reason, ReopenBody } from '@portal/contract';
import { useNotify } from '../../app/overlays/notify';
import { FormTextField } from '../../components/form-text-field';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { applyAnswer, reopenIdentification } from './identification-api';

type ReopenInput = z.input<typeof ReopenBody>;
type ReopenOutput = z.output<typeof ReopenBody>;

/** The shortest reason the contract accepts (read from its schema). */
const REASON_MIN: number = Reason.minLength ?? 1;

/** Reopens a complete identification so that the photo or fingerprints can change; the reason goes to the audit trail. */
export default function ReopenDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const form = useForm<ReopenInput, unknown, ReopenOutput>({ resolver: zodResolver(ReopenBody), defaultValues: { reason: '' } });
  const mutation = useMutation({
    mutationFn: (body: ReopenOutput) => reopenIdentification(id, body.reason),
    onSuccess: async (answer) => {
      await applyAnswer(queryClient, id, answer);
      notify('identification.reopen.done', 'success');
      onClose();
    },
    onError: (error) => {
      if (applyFieldErrors(error, form.setError, ['reason'])) return;
      const general = isApiError(error) ? error.fields._ : undefined;
      setMessageKey(general ?? errorKey(error));
    },
  });
  const submit = form.handleSubmit((values) => {
    setMessageKey(null);
    mutation.mutate(values);
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('identification.reopen.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('identification.reopen.text')}</DialogContentText>
          <FormTextField
            control={form.control}
            name="reason"
            id="identification-reopen-reason"
            label={t('identification.reopen.reason')}
            helperText={t('identification.reopen.reasonHelp', { min: REASON_MIN })}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
          />
          {messageKey ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t(messageKey)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('identification.reopen.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
