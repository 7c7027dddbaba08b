import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useController, useForm, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DecisionBody, RejectionBody, SignatureBody, type RequestDetail } from '@portal/contract';
import { dmyToIso, UNIVERSITY_UTC_OFFSET, universityMoment, V } from '@portal/contract/rules';
import { DateField } from '../../components/date-field';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { useNotify } from '../../components/notify';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors, messageKey } from '../../lib/form';
import { applyRequest, decideRequest, rejectRequest, signRequest } from './office-api';
import { bodyResolver } from './office-form';
import { labelled, decisionLabel } from './request-labels';

/** The codes that say the request moved on in the meantime: the page shows it as it now stands. */
const CHANGED = ['REQUEST_CHANGED', 'REQUEST_ALREADY_SIGNED'];

interface ActionProps {
  request: RequestDetail;
  /** the request moved on meanwhile (a 409): the page says so (the error code) and reloads it */
  onChanged: (code: string) => void;
  onClose: () => void;
}

/**
 * Sends an action on the request: on success the page shows the answer (the request as it now
 * stands), with a notice; a request that moved on meanwhile closes the dialog and reloads the
 * page; any other refusal stays in the dialog, on its fields when it names them.
 */
function useRequestAction<B>(
  { request, onChanged, onClose }: ActionProps,
  send: (id: number, body: B) => Promise<RequestDetail>,
  doneKey: string,
  onFields: (error: unknown) => boolean,
) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: B) => send(request.id, body),
    onSuccess: async (answer) => {
      await applyRequest(queryClient, answer);
      notify(doneKey, 'success');
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && CHANGED.includes(error.code)) {
        onChanged(error.code);
        onClose();
        return;
      }
      onFields(error);
      setMessage(errorKey(error));
    },
  });
  const run = (body: B) => {
    setMessage(null);
    mutation.mutate(body);
  };
  return { run, pending: mutation.isPending, message };
}

function ActionDialog({
  text,
  children,
  ...dialog
}: {
  title: string;
  text: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  message: string | null;
  children: ReactNode;
}) {
  return (
    <FormDialog {...dialog}>
      <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
      {children}
    </FormDialog>
  );
}

// ---------------------------------------------------------------- the signature

/** Digits typed as an hour become `HH:MM`: `0930` → `09:30`. */
export function maskTime(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

interface SignatureValues {
  day: string;
  time: string;
}

/** The day and hour typed (university time) as the instant the API takes, or the field errors. */
function signatureResolver(filedAt: string): Resolver<SignatureValues, unknown, SignatureBody> {
  return (values) => {
    const errors: FieldErrors<SignatureValues> = {};
    const day = dmyToIso(values.day);
    if (!day) errors.day = { type: 'validate', message: values.day.trim() ? V.date : V.required };
    if (!TIME.test(values.time)) errors.time = { type: 'validate', message: values.time.trim() ? V.invalid : V.required };
    if (day && TIME.test(values.time)) {
      const signedAt = `${day}T${values.time}:00${UNIVERSITY_UTC_OFFSET}`;
      const instant = new Date(signedAt).getTime();
      // to the minute: a signature typed in the minute of the filing is not before it
      const filed = Math.floor(new Date(filedAt).getTime() / 60_000) * 60_000;
      const parsed = SignatureBody.safeParse({ SIGNED_AT: signedAt });
      if (instant > Date.now() || instant < filed) errors.day = { type: 'validate', message: V.signatureDate };
      else if (!parsed.success) errors.day = { type: 'validate', message: V.invalid };
      else return { values: parsed.data, errors: {} };
    }
    return { values: {}, errors };
  };
}

/** Records when the lecturer signed the printed request at the first unit: day and hour (now by default), not in the future nor before the filing. */
export function SignatureDialog(props: ActionProps) {
  const { t } = useTranslation();
  const form = useForm<SignatureValues, unknown, SignatureBody>({
    defaultValues: universityMoment(new Date()),
    resolver: signatureResolver(props.request.filedAt),
  });
  const action = useRequestAction(props, signRequest, 'requestsOffice.sign.done', (error) =>
    applyFieldErrors(error, form.setError, ['day'], { SIGNED_AT: 'day' }),
  );
  const time = useController({ name: 'time', control: form.control });
  const timeMessage = time.fieldState.error?.message;
  return (
    <ActionDialog
      title={t('requestsOffice.sign.title', { reference: props.request.REQUEST_ID })}
      text={t('requestsOffice.sign.text')}
      pending={action.pending}
      onClose={props.onClose}
      onSubmit={() => void form.handleSubmit(action.run)()}
      submitLabel={t('requestsOffice.sign.confirm')}
      message={action.message}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField control={form.control} name="day" id="requests-sign-day" label={t('requestsOffice.sign.day')} required fullWidth autoFocus />
        <TextField
          id="requests-sign-time"
          label={t('requestsOffice.sign.time')}
          required
          fullWidth
          name={time.field.name}
          value={time.field.value}
          inputRef={time.field.ref}
          onBlur={time.field.onBlur}
          onChange={(event) => time.field.onChange(maskTime(event.target.value))}
          error={Boolean(timeMessage)}
          helperText={timeMessage ? t(messageKey(timeMessage)) : t('requestsOffice.sign.timeHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 5 } }}
        />
      </Stack>
    </ActionDialog>
  );
}

// ---------------------------------------------------------------- rejection

/** The first unit rejects the request with a reason; it goes back to the lecturer, who reads the reason. */
export function RejectionDialog(props: ActionProps) {
  const { t } = useTranslation();
  const form = useForm<{ REASON: string }, unknown, RejectionBody>({
    defaultValues: { REASON: '' },
    resolver: bodyResolver(RejectionBody, (values: { REASON: string }) => values),
  });
  const action = useRequestAction(props, rejectRequest, 'requestsOffice.reject.done', (error) => applyFieldErrors(error, form.setError, ['REASON']));
  return (
    <ActionDialog
      title={t('requestsOffice.reject.title', { reference: props.request.REQUEST_ID })}
      text={t('requestsOffice.reject.text')}
      pending={action.pending}
      onClose={props.onClose}
      onSubmit={() => void form.handleSubmit(action.run)()}
      submitLabel={t('requestsOffice.reject.confirm')}
      message={action.message}
    >
      <FormTextField
        control={form.control}
        name="REASON"
        id="requests-reject-reason"
        label={t('requestsOffice.reject.reason')}
        helperText={t('requestsOffice.reject.reasonHelp')}
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
      />
    </ActionDialog>
  );
}

// ---------------------------------------------------------------- decision

interface DecisionValues {
  DECISION_ID: string;
  COMMENT: string;
}

/** One of the decisions the unit may take (in the reader's language, with where the request goes and its status), and the comment the lecturer reads as the deliberation. */
export function DecisionDialog(props: ActionProps) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const language = i18n.language;
  const options = props.request.actions.decisions;
  const form = useForm<DecisionValues, unknown, DecisionBody>({
    defaultValues: { DECISION_ID: options.length === 1 ? String(options[0]!.id) : '', COMMENT: '' },
    resolver: bodyResolver(DecisionBody, (values: DecisionValues) => ({
      DECISION_ID: values.DECISION_ID === '' ? undefined : Number(values.DECISION_ID),
      COMMENT: values.COMMENT,
    })),
  });
  const action = useRequestAction(props, decideRequest, 'requestsOffice.decide.done', (error) =>
    applyFieldErrors(error, form.setError, ['DECISION_ID', 'COMMENT'] as Path<DecisionValues>[]),
  );
  const choice = useController({ name: 'DECISION_ID', control: form.control });
  const choiceError = choice.fieldState.error;
  return (
    <ActionDialog
      title={t('requestsOffice.decide.title', { reference: props.request.REQUEST_ID })}
      text={t('requestsOffice.decide.text')}
      pending={action.pending}
      onClose={props.onClose}
      onSubmit={() => void form.handleSubmit(action.run)()}
      submitLabel={t('requestsOffice.decide.confirm')}
      message={action.message}
    >
      <FormControl error={Boolean(choiceError)} required fullWidth sx={{ mb: 2 }}>
        <FormLabel id={labelId}>{t('requestsOffice.decide.decision')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          name={choice.field.name}
          value={choice.field.value}
          onChange={(event) => choice.field.onChange(event.target.value)}
          onBlur={choice.field.onBlur}
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.id}
              value={String(option.id)}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box sx={{ pt: 0.75 }}>
                  <Typography variant="body1" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {decisionLabel(option, language)}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {` ${option.forwardUnit ? t('requestsOffice.decide.forward', { unit: labelled(option.forwardUnit, language) }) : t('requestsOffice.decide.back')} · ${t('requestsOffice.decide.status', { status: t(`requests.status.${option.status}`) })}`}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {choiceError ? <FormHelperText>{t('validation.required')}</FormHelperText> : null}
      </FormControl>
      <FormTextField
        control={form.control}
        name="COMMENT"
        id="requests-decide-comment"
        label={t('requestsOffice.decide.comment')}
        helperText={t('requestsOffice.decide.commentHelp')}
        required
        fullWidth
        multiline
        minRows={3}
      />
    </ActionDialog>
  );
}
