import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, type FieldError, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PaymentNetworkInput, type PaymentNetwork } from '@portal/contract';
import { V } from '@portal/contract/rules';
import { CheckboxField } from '../../components/checkbox-field';
import { useDialogForm } from '../../components/dialog-form';
import { FieldRow } from '../../components/form-parts';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { messageKey } from '../../lib/form';
import { amountOf, ratePercent, rateBpOf } from './fee-steps';
import { paymentKeys, saveNetwork } from './payments-api';

/** One fee step as typed: up to an amount (blank for the last), a fixed part in FCFA and a rate in percent. */
interface StepValues {
  upTo: string;
  fixed: string;
  rate: string;
}

interface Values {
  code: string;
  name: string;
  minAmount: string;
  maxAmount: string;
  /** comma-separated digits */
  prefixes: string;
  feeSchedule: StepValues[];
  color: string;
  ussdCode: string;
  active: boolean;
  position: string;
}

type Output = z.output<typeof PaymentNetworkInput>;

/** The typed values as the API's body: amounts and the position as numbers, the rate in hundredths of a percent, the prefixes as a list. */
export const toNetworkInput = (values: Values) => ({
  code: values.code,
  name: values.name,
  minAmount: amountOf(values.minAmount, undefined),
  maxAmount: amountOf(values.maxAmount, undefined),
  prefixes: values.prefixes
    .split(/[,;\s]+/)
    .map((prefix) => prefix.trim())
    .filter(Boolean),
  feeSchedule: values.feeSchedule.map((step) => ({ upTo: amountOf(step.upTo, null), fixed: amountOf(step.fixed, 0), rateBp: rateBpOf(step.rate) })),
  color: values.color.trim(),
  ussdCode: values.ussdCode.trim(),
  active: values.active,
  position: amountOf(values.position, 0),
});

const validate = zodResolver(PaymentNetworkInput as never) as unknown as Resolver<FieldValues, unknown, Output>;

/**
 * Checks with the contract's PaymentNetworkInput: a blank required field reads "This field is
 * required", a wrong prefix marks the prefixes field, a step's rate its typed percentage.
 */
const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
  const result = await validate(toNetworkInput(values) as FieldValues, context, options as never);
  const errors = result.errors as Record<string, unknown>;
  for (const name of ['code', 'name', 'minAmount', 'maxAmount'] as const) {
    const error = errors[name] as FieldError | undefined;
    if (error && values[name].trim() === '') error.message = V.required;
  }
  if (Array.isArray(errors.prefixes)) errors.prefixes = { type: 'invalid', message: V.invalid };
  const steps = errors.feeSchedule as (Record<string, FieldError | undefined> | undefined)[] | undefined;
  if (Array.isArray(steps)) {
    for (const step of steps) {
      if (step?.rateBp) {
        step.rate = step.rateBp;
        delete step.rateBp;
      }
    }
  }
  return result as never;
};

const BLANK_STEP: StepValues = { upTo: '', fixed: '', rate: '' };

function toValues(network: PaymentNetwork | null, language: string): Values {
  return {
    code: network?.code ?? '',
    name: network?.name ?? '',
    minAmount: network ? String(network.minAmount) : '',
    maxAmount: network ? String(network.maxAmount) : '',
    prefixes: network?.prefixes.join(', ') ?? '',
    feeSchedule: network
      ? network.feeSchedule.map((step) => ({
          upTo: step.upTo === null ? '' : String(step.upTo),
          fixed: String(step.fixed),
          rate: ratePercent(step.rateBp, language),
        }))
      : [BLANK_STEP],
    color: network?.color ?? '',
    ussdCode: network?.ussdCode ?? '',
    active: network?.active ?? true,
    position: network ? String(network.position) : '0',
  };
}

const KNOWN: Path<Values>[] = ['code', 'name', 'minAmount', 'maxAmount', 'prefixes', 'color', 'ussdCode', 'position'];
const numeric = { htmlInput: { inputMode: 'numeric' as const } };
const fcfa = { ...numeric, input: { endAdornment: <InputAdornment position="end">FCFA</InputAdornment> } };

/** Creates or changes a network: its code (fixed once created), name, limits, phone prefixes, fee steps, colour, USSD code, order and whether candidates see it. */
export default function NetworkDialog({ network, onClose }: { network: PaymentNetwork | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { form, dialog } = useDialogForm({
    defaultValues: toValues(network, i18n.language),
    resolver,
    fields: KNOWN,
    save: (body: Output) => saveNetwork(network?.code ?? null, body),
    invalidate: paymentKeys.networks,
    done: network ? 'payments.networks.saved' : 'payments.networks.created',
    onSaved: onClose,
  });
  const { control } = form;
  const steps = useFieldArray({ control, name: 'feeSchedule' });
  const scheduleError = form.formState.errors.feeSchedule;
  const scheduleMessage = scheduleError?.root?.message ?? scheduleError?.message;

  return (
    <FormDialog
      title={network ? t('payments.networks.editTitle', { name: network.name }) : t('payments.networks.add')}
      {...dialog}
      submitLabel={t(network ? 'payments.networks.save' : 'payments.networks.create')}
      onClose={onClose}
      maxWidth="md"
      phoneFullScreen
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FieldRow>
          <FormTextField
            control={control}
            name="code"
            id="network-code"
            label={t('payments.networks.fields.code')}
            helperText={t('payments.networks.fields.codeHelp')}
            required
            disabled={network !== null}
            fullWidth
          />
          <FormTextField control={control} name="name" id="network-name" label={t('payments.networks.fields.name')} required fullWidth />
        </FieldRow>
        <FieldRow>
          <FormTextField
            control={control}
            name="minAmount"
            id="network-min"
            label={t('payments.networks.fields.minAmount')}
            required
            fullWidth
            slotProps={fcfa}
          />
          <FormTextField
            control={control}
            name="maxAmount"
            id="network-max"
            label={t('payments.networks.fields.maxAmount')}
            required
            fullWidth
            slotProps={fcfa}
          />
        </FieldRow>
        <FormTextField
          control={control}
          name="prefixes"
          id="network-prefixes"
          label={t('payments.networks.fields.prefixes')}
          helperText={t('payments.networks.fields.prefixesHelp')}
          fullWidth
        />
        <Box component="fieldset" sx={{ border: 1, borderColor: scheduleMessage ? 'error.main' : 'divider', borderRadius: 1, p: 2, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {t('payments.networks.fields.feeSchedule')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('payments.networks.fields.feeScheduleHelp')}
          </Typography>
          <Stack spacing={2}>
            {steps.fields.map((step, index) => (
              <Box
                key={step.id}
                role="group"
                aria-label={t('payments.networks.fields.step', { number: index + 1 })}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr auto' }, gap: 1, alignItems: 'start' }}
              >
                <FormTextField
                  control={control}
                  name={`feeSchedule.${index}.upTo`}
                  id={`network-step-${index}-upto`}
                  label={t('payments.networks.fields.upTo')}
                  helperText={t('payments.networks.fields.upToHelp')}
                  fullWidth
                  slotProps={fcfa}
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                />
                <FormTextField
                  control={control}
                  name={`feeSchedule.${index}.fixed`}
                  id={`network-step-${index}-fixed`}
                  label={t('payments.networks.fields.fixed')}
                  fullWidth
                  slotProps={fcfa}
                />
                <FormTextField
                  control={control}
                  name={`feeSchedule.${index}.rate`}
                  id={`network-step-${index}-rate`}
                  label={t('payments.networks.fields.rate')}
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
                />
                <IconButton
                  onClick={() => steps.remove(index)}
                  disabled={steps.fields.length === 1}
                  aria-label={t('payments.networks.fields.removeStep', { number: index + 1 })}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlined />
                </IconButton>
              </Box>
            ))}
          </Stack>
          <Button size="small" startIcon={<AddOutlined />} onClick={() => steps.append(BLANK_STEP)} disabled={steps.fields.length >= 20} sx={{ mt: 1 }}>
            {t('payments.networks.fields.addStep')}
          </Button>
          {scheduleMessage ? (
            <FormHelperText error role="alert">
              {t(messageKey(scheduleMessage))}
            </FormHelperText>
          ) : null}
        </Box>
        <FieldRow>
          <FormTextField
            control={control}
            name="color"
            id="network-color"
            label={t('payments.networks.fields.color')}
            helperText={t('payments.networks.fields.colorHelp')}
            fullWidth
          />
          <FormTextField
            control={control}
            name="ussdCode"
            id="network-ussd"
            label={t('payments.networks.fields.ussdCode')}
            helperText={t('payments.networks.fields.ussdHelp')}
            fullWidth
          />
        </FieldRow>
        <FieldRow>
          <FormTextField
            control={control}
            name="position"
            id="network-position"
            label={t('payments.networks.fields.position')}
            helperText={t('payments.networks.fields.positionHelp')}
            fullWidth
            slotProps={numeric}
          />
          <CheckboxField control={control} name="active" label={t('payments.networks.fields.active')} />
        </FieldRow>
      </Stack>
    </FormDialog>
  );
}
