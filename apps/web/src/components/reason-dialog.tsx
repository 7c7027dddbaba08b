import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReopenBody } from '@portal/contract';
import { useNotify } from './notify';
import { errorKey, isApiError } from '../lib/api';
import { applyFieldErrors } from '../lib/form';
import { FormDialogActions, FormDialogError } from './form-dialog';
import { FormTextField } from './form-text-field';

type ReasonInput = z.input<typeof ReopenBody>;

interface ReasonDialogProps<T> {
  title: string;
  text: string;
  /** the id of the reason field */
  fieldId: string;
  label: string;
  helperText: string;
  confirmLabel: string;
  /** sends the reason (the contract's `ReopenBody`) */
  send: (reason: string) => Promise<T>;
  /** after success, before the notice and the closing: refresh what changed */
  onSent: (answer: T) => Promise<void>;
  /** the notice shown on success (a translation key) */
  doneKey: string;
  /** also show the general message when the server's refusal names the reason field */
  alertOnFieldError?: boolean;
  onClose: () => void;
}

/** A dialog that asks for a reason (the contract's `ReopenBody`: its `Reason` rule) before an action kept in the audit trail. */
export function ReasonDialog<T>({
  title,
  text,
  fieldId,
  label,
  helperText,
  confirmLabel,
  send,
  onSent,
  doneKey,
  alertOnFieldError = false,
  onClose,
}: ReasonDialogProps<T>) {
  const notify = useNotify();
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const form = useForm<ReasonInput, unknown, ReopenBody>({ resolver: zodResolver(ReopenBody), defaultValues: { reason: '' } });
  const mutation = useMutation({
    mutationFn: (body: ReopenBody) => send(body.reason),
    onSuccess: async (answer) => {
      await onSent(answer);
      notify(doneKey, 'success');
      onClose();
    },
    onError: (error) => {
      if (applyFieldErrors(error, form.setError, ['reason']) && !alertOnFieldError) return;
      // a refusal that names no field of the form (`_`: the state does not allow it)
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
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <FormTextField
            control={form.control}
            name="reason"
            id={fieldId}
            label={label}
            helperText={helperText}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
          />
          <FormDialogError messageKey={messageKey} />
        </DialogContent>
        <FormDialogActions pending={mutation.isPending} onCancel={onClose} submitLabel={confirmLabel} />
      </Box>
    </Dialog>
  );
}
