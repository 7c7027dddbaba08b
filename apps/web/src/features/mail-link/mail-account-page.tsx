import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MailLinkConfirmation, MailLinkRequest, type MailLink, type MailLinkCodeSent } from '@portal/contract';
import { SIGN_CODE_LENGTH } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormError } from '../../components/form-error';
import { StackedForm, SubmitButton } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { AppLink } from '../../components/router-link';
import { errorKey, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { applyFieldErrors, useFormSubmit } from '../../lib/form';
import { formatSeconds } from '../../lib/format';
import { LIMITS } from '../../lib/limits';
import { useCountdown } from '../../lib/use-countdown';
import { messageWithWait } from '../../lib/wait-message';
import { confirmMailLink, mailLinkKey, requestMailLinkCode, unlinkMailAccount, useMailLink } from './mail-link-api';

const AddressForm = MailLinkRequest.pick({ GMAIL_ACCOUNT: true });
type AddressInput = z.input<typeof AddressForm>;
type AddressOutput = z.output<typeof AddressForm>;
const CodeForm = MailLinkConfirmation.pick({ CODE: true });
type CodeInput = z.input<typeof CodeForm>;
type CodeOutput = z.output<typeof CodeForm>;

/** Codes after which the code in hand is spent: a new one must be asked. */
const NEW_CODE_NEEDED = new Set(['MAIL_LINK_CODE_EXPIRED', 'MAIL_LINK_CODE_ATTEMPTS_EXCEEDED']);

/** The linked address: which, how it was proven and when; change it or unlink it. */
function LinkedAddress({ link, onChange }: { link: MailLink; onChange: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [unlinking, setUnlinking] = useState(false);
  return (
    <Card>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('mailLink.linkedTitle')}
      </Typography>
      <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{link.GMAIL_ACCOUNT}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t(`mailLink.provider.${link.PROVIDER}`, { date: formatDateTime(link.LINKED_AT) })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={onChange}>
          {t('mailLink.change')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setUnlinking(true)}>
          {t('mailLink.unlink')}
        </Button>
      </Stack>
      {unlinking ? (
        <ConfirmDialog
          title={t('mailLink.unlinkTitle')}
          text={t('mailLink.unlinkText', { email: link.GMAIL_ACCOUNT })}
          confirmLabel={t('mailLink.unlink')}
          danger
          action={unlinkMailAccount}
          onDone={async () => {
            setUnlinking(false);
            queryClient.setQueryData(mailLinkKey, null);
            notify('mailLink.unlinked', 'success');
          }}
          onClose={() => setUnlinking(false)}
        />
      ) : null}
    </Card>
  );
}

/** Step 1: the address; a code is mailed to it. An address linked to someone else is refused here. */
function AddressStep({ onSent, onCancel, initial }: { onSent: (sent: MailLinkCodeSent) => void; onCancel: (() => void) | null; initial: string }) {
  const { t } = useTranslation();
  const wait = useCountdown(0);
  const form = useForm<AddressInput, unknown, AddressOutput>({ resolver: zodResolver(AddressForm), defaultValues: { GMAIL_ACCOUNT: initial } });
  const { submit, messageKey, setMessageKey } = useFormSubmit(
    form,
    (values) => send.mutate(values),
    (errors) => (errors.GMAIL_ACCOUNT ? null : 'errors.VALIDATION_FAILED'),
  );
  const send = useMutation({
    mutationFn: requestMailLinkCode,
    onSuccess: onSent,
    onError: (error) => {
      if (isApiError(error) && error.status === 429 && error.retryAfter) wait.start(error.retryAfter);
      // a field's message goes under it; the rest (the address in use, a limit) over the button
      if (!applyFieldErrors(error, form.setError, ['GMAIL_ACCOUNT'])) setMessageKey(errorKey(error));
    },
  });
  return (
    <Card>
      <StackedForm label={t('mailLink.addressForm')} onSubmit={submit}>
        <Typography>{t('mailLink.addressHelp')}</Typography>
        <FormTextField
          control={form.control}
          name="GMAIL_ACCOUNT"
          id="mail-link-address"
          label={t('mailLink.address')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          fullWidth
        />
        <FormError message={messageKey ? messageWithWait(t, messageKey, wait.remaining) : null} />
        <SubmitButton disabled={send.isPending || wait.running}>{t('mailLink.send')}</SubmitButton>
        {onCancel ? (
          <Button variant="text" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </StackedForm>
    </Card>
  );
}

/** Step 2: the code mailed to the address links it; a new code once a minute; another address. */
function CodeStep({
  sent,
  onResent,
  onLinked,
  onOtherAddress,
}: {
  sent: MailLinkCodeSent;
  onResent: (sent: MailLinkCodeSent) => void;
  onLinked: (link: MailLink) => void;
  onOtherAddress: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const resend = useCountdown(sent.resendAfter);
  const [spent, setSpent] = useState(false);
  const form = useForm<CodeInput, unknown, CodeOutput>({ resolver: zodResolver(CodeForm), defaultValues: { CODE: '' } });
  const { submit, messageKey, setMessageKey } = useFormSubmit(
    form,
    (values) => confirm.mutate(values),
    (errors) => (errors.CODE ? null : 'errors.VALIDATION_FAILED'),
  );
  const confirm = useMutation({
    mutationFn: confirmMailLink,
    onSuccess: onLinked,
    onError: (error) => {
      setSpent(isApiError(error) && NEW_CODE_NEEDED.has(error.code));
      if (isApiError(error) && error.code === 'CODE_INCORRECT') {
        // said once, under the field it concerns
        setMessageKey(null);
        form.setError('CODE', { type: 'server', message: 'errors.CODE_INCORRECT' }, { shouldFocus: true });
      } else {
        setMessageKey(errorKey(error));
      }
    },
  });
  const again = useMutation({
    mutationFn: () => requestMailLinkCode({ GMAIL_ACCOUNT: sent.GMAIL_ACCOUNT }),
    onSuccess: (next) => {
      resend.start(next.resendAfter);
      setSpent(false);
      setMessageKey(null);
      form.reset({ CODE: '' });
      onResent(next);
      notify('mailLink.resent', 'success');
    },
    onError: (error) => {
      if (isApiError(error) && error.retryAfter) resend.start(error.retryAfter);
      setMessageKey(errorKey(error));
    },
  });
  return (
    <Card>
      <StackedForm label={t('mailLink.codeForm')} onSubmit={submit}>
        <Typography sx={{ wordBreak: 'break-word' }}>
          {t('mailLink.codeSent', { ...LIMITS, email: sent.GMAIL_ACCOUNT, count: Math.round(sent.expiresIn / 60) })}
        </Typography>
        <FormTextField
          control={form.control}
          name="CODE"
          id="mail-link-code"
          label={t('mailLink.code')}
          autoComplete="one-time-code"
          required
          fullWidth
          autoFocus
          disabled={spent}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: SIGN_CODE_LENGTH, pattern: '[0-9]*', style: { letterSpacing: '0.4em', fontSize: '1.4rem' } },
          }}
        />
        <FormError message={messageKey ? messageWithWait(t, messageKey, again.isError ? resend.remaining : 0) : null} />
        <SubmitButton disabled={confirm.isPending || spent}>{t('mailLink.confirm')}</SubmitButton>
        <Button variant="outlined" onClick={() => again.mutate()} disabled={resend.running || again.isPending}>
          {resend.running ? t('mailLink.resendIn', { time: formatSeconds(resend.remaining) }) : t('mailLink.resend')}
        </Button>
        <Button variant="text" onClick={onOtherAddress}>
          {t('mailLink.otherAddress')}
        </Button>
      </StackedForm>
    </Card>
  );
}

type Step = { name: 'view' } | { name: 'address'; initial: string } | { name: 'code'; sent: MailLinkCodeSent };

/**
 * Linking a mail account (issue 13, decision 40), reached from the profile: the linked address, or
 * the address to link, then the code mailed to it. Everything one column, as easy on a phone.
 */
export default function MailAccountPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const link = useMailLink();
  const [step, setStep] = useState<Step>({ name: 'view' });

  const linked = (next: MailLink) => {
    queryClient.setQueryData(mailLinkKey, next);
    setStep({ name: 'view' });
    notify('mailLink.linkedNotice', 'success', { email: next.GMAIL_ACCOUNT });
  };
  const current = link.data ?? null;
  // without a linked address, the page opens on the address form
  const shown: Step = step.name === 'view' && link.isSuccess && !current ? { name: 'address', initial: '' } : step;

  return (
    <Page title={t('mailLink.title')} maxWidth="sm" intro={t('mailLink.intro')}>
      <LoadStatus error={link.error} loading={link.isPending} />
      {link.isSuccess ? (
        <Box>
          {shown.name === 'view' && current ? <LinkedAddress link={current} onChange={() => setStep({ name: 'address', initial: '' })} /> : null}
          {shown.name === 'address' ? (
            <>
              {current ? null : <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('mailLink.none')}</Typography>}
              <AddressStep
                key="address"
                initial={shown.initial}
                onSent={(sent) => setStep({ name: 'code', sent })}
                onCancel={current ? () => setStep({ name: 'view' }) : null}
              />
            </>
          ) : null}
          {shown.name === 'code' ? (
            <CodeStep
              sent={shown.sent}
              onResent={(sent) => setStep({ name: 'code', sent })}
              onLinked={linked}
              onOtherAddress={() => setStep({ name: 'address', initial: shown.sent.GMAIL_ACCOUNT })}
            />
          ) : null}
        </Box>
      ) : null}
      <Typography sx={{ mt: 3 }}>
        <AppLink to="/profile">{t('mailLink.backToProfile')}</AppLink>
      </Typography>
    </Page>
  );
}
