import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CandidateFile, CandidatePayment, FeesAnswer, PaymentNetwork } from '@portal/contract';
import { CAMEROON_PHONE_CODE, formatFcfa, nationalDigits, phoneOnNetwork } from '@portal/contract/rules';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from '../../components/fact-list';
import { FormError } from '../../components/form-error';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { ActionAlert } from '../../components/action-alert';
import { errorKey, isApiError } from '../../lib/api';
import { candidateKeys, fetchCandidateFile } from './candidates-api';
import { checkFees, isSettled, sandboxPhoneUrl, startPayment, usePaymentNetworks, usePaymentPolling, usePaymentSettings } from './candidate-payments-api';
import { PaymentHistory } from './candidate-file-receipt';

/** Where the payment stands on the page: being prepared, waiting for the payer's approval, paid (the file is read again), or failed. */
type Stage =
  | { kind: 'form' }
  | { kind: 'waiting'; paymentId: string; network: string; phone: string | null }
  | { kind: 'confirming' }
  | { kind: 'failed'; payment: CandidatePayment };

/** The 9 national digits of a Cameroonian number as typed (with or without its +237), or null when it is not one. */
function cameroonMobile(typed: string): string | null {
  const digits = nationalDigits(typed).replace(/^\+?237(?=\d{9}$)/, '');
  return /^6\d{8}$/.test(digits) ? digits : null;
}

/** A network's colour as a small round swatch. */
function Swatch({ color }: { color: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: 14,
        height: 14,
        borderRadius: '50%',
        bgcolor: color ?? 'grey.400',
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}

/** The fee of the entrance's amount on the chosen network: the amount, the operator's fee, the total, and what the network carries. */
function FeesView({ fees }: { fees: FeesAnswer }) {
  const { t } = useTranslation();
  return (
    <Box role="region" aria-label={t('candidateFile.payment.feesLabel')} sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <FactList>
        <Fact label={t('candidateFile.payment.amount')}>{formatFcfa(fees.amount)}</Fact>
        <Fact label={t('candidateFile.payment.fee')}>{formatFcfa(fees.fee)}</Fact>
        <Fact label={t('candidateFile.payment.total')}>
          <Box component="span" sx={{ fontSize: '1.15rem' }}>
            {formatFcfa(fees.total)}
          </Box>
        </Fact>
      </FactList>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('candidateFile.payment.limits', { network: fees.networkName, min: formatFcfa(fees.minAmount), max: formatFcfa(fees.maxAmount) })}
      </Typography>
    </Box>
  );
}

interface FormProps {
  file: CandidateFile;
  networks: PaymentNetwork[];
  network: string;
  phone: string;
  onNetwork: (code: string) => void;
  onPhone: (phone: string) => void;
  onStarted: (payment: CandidatePayment, phone: string) => void;
  onPending: () => Promise<void>;
}

/** Choose a network, type the paying phone, check the fee, then pay. */
function PayForm({ file, networks, network, phone, onNetwork, onPhone, onStarted, onPending }: FormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [fees, setFees] = useState<FeesAnswer | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const chosen = networks.find((item) => item.code === network) ?? null;

  const feeCheck = useMutation({
    mutationFn: () => checkFees({ network, amount: file.ENTRANCE_AMOUNT }),
    onMutate: () => setMessage(null),
    onSuccess: (answer) => setFees(answer),
    onError: (error) => {
      setFees(null);
      setMessage(errorKey(error));
    },
  });

  const pay = useMutation({
    mutationFn: (international: string) => startPayment({ network, phone: international }),
    onSuccess: (payment, international) => onStarted(payment, international),
    onError: async (error) => {
      if (!isApiError(error)) return setMessage(errorKey(error));
      if (error.status === 401) return queryClient.invalidateQueries({ queryKey: candidateKeys.me });
      if (error.code === 'PHONE_NOT_ON_NETWORK') return setPhoneError('errors.PHONE_NOT_ON_NETWORK');
      if (error.fields.phone) return setPhoneError(error.fields.phone);
      if (error.code === 'PAYMENT_PENDING') {
        notify('errors.PAYMENT_PENDING', 'info');
        return onPending();
      }
      if (error.code === 'ALREADY_PAID') {
        notify('errors.ALREADY_PAID', 'info');
        return queryClient.invalidateQueries({ queryKey: candidateKeys.me });
      }
      return setMessage(errorKey(error));
    },
  });

  const choose = (code: string) => {
    onNetwork(code);
    setFees(null);
    setPhoneError(null);
    setMessage(null);
  };

  const submit = () => {
    setMessage(null);
    const digits = cameroonMobile(phone);
    if (!digits) return setPhoneError(phone.trim() === '' ? 'validation.required' : 'validation.phone');
    if (chosen && !phoneOnNetwork(digits, chosen.prefixes)) return setPhoneError('errors.PHONE_NOT_ON_NETWORK');
    setPhoneError(null);
    pay.mutate(`${CAMEROON_PHONE_CODE}${digits}`);
  };

  if (networks.length === 0) return <Alert severity="info">{t('candidateFile.payment.noNetwork')}</Alert>;

  return (
    <Stack
      spacing={2.5}
      component="form"
      noValidate
      aria-label={t('candidateFile.payment.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Box>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {t('candidateFile.payment.network')}
        </Typography>
        <RadioGroup aria-labelledby={headingId} name="network" value={network} onChange={(event) => choose(event.target.value)}>
          {networks.map((item) => (
            <FormControlLabel
              key={item.code}
              value={item.code}
              control={<Radio />}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Swatch color={item.color} />
                  {item.name}
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </Box>
      <TextField
        id="candidate-pay-phone"
        label={t('candidateFile.payment.phone')}
        value={phone}
        onChange={(event) => {
          onPhone(event.target.value);
          setPhoneError(null);
        }}
        error={phoneError !== null}
        helperText={phoneError ? t(phoneError) : t('candidateFile.payment.phoneHelp')}
        type="tel"
        autoComplete="tel-national"
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'tel', maxLength: 16 },
          input: { startAdornment: <InputAdornment position="start">{CAMEROON_PHONE_CODE}</InputAdornment> },
        }}
      />
      <Box>
        <Button variant="outlined" disabled={network === '' || feeCheck.isPending} onClick={() => feeCheck.mutate()}>
          {t('candidateFile.payment.checkFee')}
        </Button>
      </Box>
      {fees && fees.network === network ? (
        <>
          <FeesView fees={fees} />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={pay.isPending}>
              {t('candidateFile.payment.pay', { total: formatFcfa(fees.total) })}
            </Button>
          </Box>
        </>
      ) : null}
      <FormError message={message ? t(message) : null} />
    </Stack>
  );
}

/** Waiting for the payer's approval on the phone: asked about every few seconds until it is paid or failed. */
function Waiting({
  paymentId,
  network,
  phone,
  onSettled,
}: {
  paymentId: string;
  network: PaymentNetwork | undefined;
  phone: string | null;
  onSettled: (payment: CandidatePayment) => void;
}) {
  const { t } = useTranslation();
  const poll = usePaymentPolling(paymentId);
  const settings = usePaymentSettings();
  const queryClient = useQueryClient();
  const payment = poll.data;
  const closed = isApiError(poll.error) && poll.error.status === 401;
  useEffect(() => {
    if (payment && isSettled(payment.status)) onSettled(payment);
  }, [payment, onSettled]);
  // the file closed meanwhile (its session is over): reading it again sends the page to the mailed link
  useEffect(() => {
    if (closed) void queryClient.invalidateQueries({ queryKey: candidateKeys.me });
  }, [closed, queryClient]);

  return (
    <Stack spacing={2}>
      <Alert severity="info" icon={<CircularProgress size={22} aria-label={t('candidateFile.payment.waitingLabel')} />} role="status">
        <AlertTitle>{t('candidateFile.payment.approve')}</AlertTitle>
        {payment ? t('candidateFile.payment.approveText', { total: formatFcfa(payment.total), phone: payment.accountNumber }) : null}
        {network?.ussdCode ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('candidateFile.payment.ussd', { code: network.ussdCode })}
          </Typography>
        ) : null}
      </Alert>
      {poll.error ? <LoadStatus error={poll.error} loading={false} /> : null}
      {settings.data?.sandbox ? (
        <Box>
          <Button variant="outlined" color="secondary" href={sandboxPhoneUrl(phone)} target="_blank" rel="noopener" startIcon={<OpenInNewOutlined />}>
            {t('candidateFile.payment.sandbox')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

/** The fee is not paid yet: the form, the wait for the phone's approval, a failure with a way to try again, and the payments before. */
export function PaymentPanel({ file }: { file: CandidateFile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const networks = usePaymentNetworks();
  const [stage, setStage] = useState<Stage>(() => {
    const pending = file.payments.find((payment) => payment.status === 'PENDING');
    return pending ? { kind: 'waiting', paymentId: pending.id, network: pending.network, phone: null } : { kind: 'form' };
  });
  const [network, setNetwork] = useState('');
  const [phone, setPhone] = useState('');

  const onSettled = useCallback(
    (payment: CandidatePayment) => {
      if (payment.status === 'PAID') {
        setStage({ kind: 'confirming' });
        notify('candidateFile.payment.paidNow', 'success');
      } else {
        setStage({ kind: 'failed', payment });
      }
      void queryClient.invalidateQueries({ queryKey: candidateKeys.me });
    },
    [notify, queryClient],
  );

  /** A payment is already waiting (PAYMENT_PENDING): find it in the file read again, and wait for it. */
  const resumePending = useCallback(async () => {
    const fresh = await queryClient.fetchQuery({ queryKey: candidateKeys.me, queryFn: ({ signal }) => fetchCandidateFile(signal), staleTime: 0 });
    const pending = fresh.payments.find((payment) => payment.status === 'PENDING');
    if (pending) setStage({ kind: 'waiting', paymentId: pending.id, network: pending.network, phone: null });
  }, [queryClient]);

  const networkOf = (code: string) => networks.data?.find((item) => item.code === code);
  const past = file.payments.filter((payment) => payment.status !== 'PENDING');

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('candidateFile.payment.intro', { amount: formatFcfa(file.ENTRANCE_AMOUNT) })}
      </Typography>
      {stage.kind === 'form' ? (
        <>
          <LoadStatus error={networks.error} loading={networks.isPending} />
          {networks.data ? (
            <PayForm
              file={file}
              networks={networks.data}
              network={network}
              phone={phone}
              onNetwork={setNetwork}
              onPhone={setPhone}
              onStarted={(payment, international) => setStage({ kind: 'waiting', paymentId: payment.id, network: payment.network, phone: international })}
              onPending={resumePending}
            />
          ) : null}
        </>
      ) : null}
      {stage.kind === 'waiting' ? <Waiting paymentId={stage.paymentId} network={networkOf(stage.network)} phone={stage.phone} onSettled={onSettled} /> : null}
      {stage.kind === 'confirming' ? (
        <Alert severity="success" role="status">
          {t('candidateFile.payment.confirming')}
        </Alert>
      ) : null}
      {stage.kind === 'failed' ? (
        <ActionAlert severity="error" role="alert" actionLabel={t('candidateFile.payment.tryAgain')} onAction={() => setStage({ kind: 'form' })}>
          <AlertTitle>{t(stage.payment.status === 'EXPIRED' ? 'candidateFile.payment.expired' : 'candidateFile.payment.failed')}</AlertTitle>
          {t('candidateFile.payment.failedText')}
          {stage.payment.statusMessage ? (
            <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {t('candidateFile.payment.providerSaid', { text: stage.payment.statusMessage })}
            </Typography>
          ) : null}
        </ActionAlert>
      ) : null}
      <PaymentHistory payments={past} />
    </>
  );
}
