import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHONE_CODE, PAY_MODES, PayModeSection, type PersonRecord } from '@portal/contract';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { useBanks, usePaymentModes } from '../registration-api';
import { FieldRow, SectionForm, useSectionForm } from '../section-form';
import { dmy, text } from '../values';

type PayMode = (typeof PAY_MODES)[number];
const OWNER = ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE'] as const;
const MODE_FIELDS = {
  CASH: ['CASHIER_CODE'],
  BANK_TRANSFER: ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', ...OWNER],
  MOBILE_TRANSFER: ['PAY_CODE', 'PAY_PHONE', ...OWNER],
  BANK_CHECK: [...OWNER],
  PREPAID_CARD: ['CARD_NUM', ...OWNER],
} as const satisfies Record<PayMode, readonly string[]>;
const ALL_FIELDS = ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', 'PAY_CODE', 'PAY_PHONE', 'CARD_NUM', 'CASHIER_CODE', ...OWNER] as const;

const isPayMode = (value: unknown): value is PayMode => typeof value === 'string' && (PAY_MODES as readonly string[]).includes(value);

/** Whether a mode asks for a field. */
export function modeShows(mode: unknown, field: string): boolean {
  return isPayMode(mode) && (MODE_FIELDS[mode] as readonly string[]).includes(field);
}

const defaults = (record: PersonRecord) => ({
  PAYMODE: text(record.PAYMODE),
  BANK_CODE: text(record.BANK_CODE),
  BRANCH_CODE: text(record.BRANCH_CODE),
  ACCOUNT_NUM: text(record.ACCOUNT_NUM),
  RIB_KEY: text(record.RIB_KEY),
  PAY_CODE: record.PAY_CODE ?? DEFAULT_PHONE_CODE,
  PAY_PHONE: text(record.PAY_PHONE),
  CARD_NUM: text(record.CARD_NUM),
  ACCOUNT_LASTNAME: text(record.ACCOUNT_LASTNAME),
  ACCOUNT_FIRSTNAME: text(record.ACCOUNT_FIRSTNAME),
  ACCOUNT_BIRTHDATE: dmy(record.ACCOUNT_BIRTHDATE),
  CASHIER_CODE: text(record.CASHIER_CODE),
});

/**
 * How the salary is paid. Each mode shows only its own fields: a bank account (CEMAC
 * RIB: bank, branch, 11-character account, 2-digit key; microfinance institutions are
 * refused), a Cameroonian mobile number, a prepaid card, or a cashier code for cash.
 */
export default function PayModeStep() {
  const { t } = useTranslation();
  const modes = usePaymentModes();
  const banks = useBanks();
  const section = useSectionForm({
    section: 'pay-mode',
    schema: PayModeSection,
    defaults,
    // the fields of the other modes are cleared, so that nothing hidden is kept
    toBody: (values) => {
      const body: Record<string, unknown> = { ...values };
      for (const field of ALL_FIELDS) if (!modeShows(values.PAYMODE, field)) body[field] = null;
      if (values.PAYMODE === 'MOBILE_TRANSFER') body.PAY_CODE = DEFAULT_PHONE_CODE;
      return body;
    },
  });
  const { control, readOnly } = section;
  const mode = useWatch({ control, name: 'PAYMODE' });
  const bankCode = useWatch({ control, name: 'BANK_CODE' });
  const shows = (field: string) => modeShows(mode, field);
  const modeList = modes.data?.length ? modes.data.map((item) => ({ code: item.ABBREV, name: item.DESIGNATION })) : PAY_MODES.map((code) => ({ code, name: code }));
  const bankList = banks.data ?? [];
  const unknownBank = typeof bankCode === 'string' && bankCode !== '' && !bankList.some((bank) => bank.code === bankCode);
  const upper = { htmlInput: { autoCapitalize: 'characters' } } as const;

  return (
    <SectionForm label={t('registration.steps.pay-mode')} {...section}>
      <FormTextField control={control} name="PAYMODE" id="paymode-mode" label={t('registration.fields.PAYMODE')} select required disabled={readOnly} fullWidth>
        {modeList.map((item) => (
          <MenuItem key={item.code} value={item.code}>
            {t(`registration.payMode.${item.code}`, { defaultValue: item.name })}
          </MenuItem>
        ))}
      </FormTextField>
      {shows('BANK_CODE') ? (
        <>
          <FormTextField control={control} name="BANK_CODE" id="paymode-bank" label={t('registration.fields.BANK_CODE')} select required disabled={readOnly} fullWidth>
            {unknownBank ? <MenuItem value={String(bankCode)}>{String(bankCode)}</MenuItem> : null}
            {bankList.map((bank) => (
              <MenuItem key={bank.code} value={bank.code} disabled={bank.microfinance}>
                <ListItemText
                  primary={`${bank.code} · ${bank.name}`}
                  secondary={bank.microfinance ? t('errors.MICROFINANCE_REFUSED') : undefined}
                  sx={{ my: 0 }}
                />
              </MenuItem>
            ))}
          </FormTextField>
          <FieldRow>
            <FormTextField
              control={control}
              name="BRANCH_CODE"
              id="paymode-branch"
              label={t('registration.fields.BRANCH_CODE')}
              helperText={t('registration.help.branchCode')}
              required
              disabled={readOnly}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            />
            <FormTextField
              control={control}
              name="ACCOUNT_NUM"
              id="paymode-account"
              label={t('registration.fields.ACCOUNT_NUM')}
              helperText={t('registration.help.accountNumber')}
              required
              disabled={readOnly}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 11, autoCapitalize: 'characters' } }}
            />
          </FieldRow>
          <FieldRow>
            <FormTextField
              control={control}
              name="RIB_KEY"
              id="paymode-key"
              label={t('registration.fields.RIB_KEY')}
              helperText={t('registration.help.ribKey')}
              required
              disabled={readOnly}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
            <span />
          </FieldRow>
        </>
      ) : null}
      {shows('PAY_PHONE') ? (
        <FormTextField
          control={control}
          name="PAY_PHONE"
          id="paymode-phone"
          label={t('registration.fields.PAY_PHONE')}
          helperText={t('registration.help.mobile')}
          type="tel"
          required
          disabled={readOnly}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 15 }, input: { startAdornment: <InputAdornment position="start">{DEFAULT_PHONE_CODE}</InputAdornment> } }}
        />
      ) : null}
      {shows('CARD_NUM') ? (
        <FormTextField
          control={control}
          name="CARD_NUM"
          id="paymode-card"
          label={t('registration.fields.CARD_NUM')}
          required
          disabled={readOnly}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 19 } }}
        />
      ) : null}
      {shows('ACCOUNT_LASTNAME') ? (
        <>
          <FieldRow>
            <FormTextField control={control} name="ACCOUNT_LASTNAME" id="paymode-lastname" label={t('registration.fields.ACCOUNT_LASTNAME')} required disabled={readOnly} fullWidth slotProps={upper} />
            <FormTextField control={control} name="ACCOUNT_FIRSTNAME" id="paymode-firstname" label={t('registration.fields.ACCOUNT_FIRSTNAME')} required disabled={readOnly} fullWidth />
          </FieldRow>
          <FieldRow>
            <DateField
              control={control}
              name="ACCOUNT_BIRTHDATE"
              id="paymode-birthdate"
              label={t('registration.fields.ACCOUNT_BIRTHDATE')}
              required={mode === 'PREPAID_CARD'}
              disabled={readOnly}
              fullWidth
            />
            <span />
          </FieldRow>
        </>
      ) : null}
      {shows('CASHIER_CODE') ? (
        <FormTextField control={control} name="CASHIER_CODE" id="paymode-cashier" label={t('registration.fields.CASHIER_CODE')} disabled={readOnly} fullWidth />
      ) : null}
    </SectionForm>
  );
}
