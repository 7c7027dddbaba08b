import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { TextFieldProps } from '@mui/material/TextField';
import { Fragment, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PayModeSection, type PersonRecord } from '@portal/contract';
import { keepPayModeFields, PAY_FIXED_VALUES, PAY_MODES, payFieldRequired, payFieldUse, type PayField } from '@portal/contract/rules';
import { DateField } from '../../../components/date-field';
import { FormTextField } from '../../../components/form-text-field';
import { useBanks, usePaymentModes } from '../registration-api';
import { FieldRow } from '../../../components/form-parts';
import { SectionForm, useSectionForm } from '../section-form';
import { dmy, text } from '../values';

/** The fields a person types, as the form lays them out: full width, two side by side, or one at half width. */
type TypedField = Exclude<PayField, keyof typeof PAY_FIXED_VALUES>;
const ROWS: readonly { fields: readonly TypedField[]; layout: 'full' | 'pair' | 'half' }[] = [
  { fields: ['BANK_CODE'], layout: 'full' },
  { fields: ['BRANCH_CODE', 'ACCOUNT_NUM'], layout: 'pair' },
  { fields: ['RIB_KEY'], layout: 'half' },
  { fields: ['PAY_PHONE'], layout: 'full' },
  { fields: ['CARD_NUM'], layout: 'full' },
  { fields: ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'], layout: 'pair' },
  { fields: ['ACCOUNT_BIRTHDATE'], layout: 'half' },
  { fields: ['CASHIER_CODE'], layout: 'full' },
];

const defaults = (record: PersonRecord) => ({
  PAYMODE: text(record.PAYMODE),
  BANK_CODE: text(record.BANK_CODE),
  BRANCH_CODE: text(record.BRANCH_CODE),
  ACCOUNT_NUM: text(record.ACCOUNT_NUM),
  RIB_KEY: text(record.RIB_KEY),
  PAY_CODE: text(record.PAY_CODE),
  PAY_PHONE: text(record.PAY_PHONE),
  CARD_NUM: text(record.CARD_NUM),
  ACCOUNT_LASTNAME: text(record.ACCOUNT_LASTNAME),
  ACCOUNT_FIRSTNAME: text(record.ACCOUNT_FIRSTNAME),
  ACCOUNT_BIRTHDATE: dmy(record.ACCOUNT_BIRTHDATE),
  CASHIER_CODE: text(record.CASHIER_CODE),
});

/**
 * How the salary is paid. Each mode shows exactly the fields it keeps (the contract's
 * PAY_MODE_FIELDS, decision 0020) and marks those it requires: a bank account (CEMAC RIB:
 * bank, branch, 11-character account, 2-digit key; microfinance institutions are refused),
 * a Cameroonian mobile number, a prepaid card, or a cashier code for cash; and the owner.
 */
export default function PayModeStep() {
  const { t } = useTranslation();
  const modes = usePaymentModes();
  const banks = useBanks();
  const section = useSectionForm({
    section: 'pay-mode',
    schema: PayModeSection,
    defaults,
    // the mode's fields only: the others are sent as null, so that nothing hidden is kept
    toBody: (values) => keepPayModeFields(values),
  });
  const { control, readOnly } = section;
  const mode = useWatch({ control, name: 'PAYMODE' });
  const bankCode = useWatch({ control, name: 'BANK_CODE' });
  const shows = (field: TypedField) => payFieldUse(mode, field) !== null;
  const required = (field: TypedField) => payFieldRequired(mode, field);
  const modeList = modes.data?.length
    ? modes.data.map((item) => ({ code: item.ABBREV, name: item.DESIGNATION }))
    : PAY_MODES.map((code) => ({ code, name: code }));
  const bankList = banks.data ?? [];
  const unknownBank = typeof bankCode === 'string' && bankCode !== '' && !bankList.some((bank) => bank.code === bankCode);
  const upper = { htmlInput: { autoCapitalize: 'characters' } } as const;

  /** A text box of the mode: labelled by its field, required when the mode requires it. */
  const box = (
    field: Exclude<TypedField, 'BANK_CODE' | 'ACCOUNT_BIRTHDATE'>,
    id: string,
    props: Pick<TextFieldProps, 'helperText' | 'type' | 'slotProps'> = {},
  ) => (
    <FormTextField
      control={control}
      name={field}
      id={`paymode-${id}`}
      label={t(`registration.fields.${field}`)}
      required={required(field)}
      disabled={readOnly}
      fullWidth
      {...props}
    />
  );
  const inputs: Record<TypedField, ReactNode> = {
    BANK_CODE: (
      <FormTextField
        control={control}
        name="BANK_CODE"
        id="paymode-bank"
        label={t('registration.fields.BANK_CODE')}
        select
        required={required('BANK_CODE')}
        disabled={readOnly}
        fullWidth
      >
        {unknownBank ? <MenuItem value={String(bankCode)}>{String(bankCode)}</MenuItem> : null}
        {bankList.map((bank) => (
          <MenuItem key={bank.code} value={bank.code} disabled={bank.microfinance}>
            <ListItemText primary={`${bank.code} · ${bank.name}`} secondary={bank.microfinance ? t('errors.MICROFINANCE_REFUSED') : undefined} sx={{ my: 0 }} />
          </MenuItem>
        ))}
      </FormTextField>
    ),
    BRANCH_CODE: box('BRANCH_CODE', 'branch', {
      helperText: t('registration.help.branchCode'),
      slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 5 } },
    }),
    ACCOUNT_NUM: box('ACCOUNT_NUM', 'account', {
      helperText: t('registration.help.accountNumber'),
      slotProps: { htmlInput: { maxLength: 11, autoCapitalize: 'characters' } },
    }),
    RIB_KEY: box('RIB_KEY', 'key', { helperText: t('registration.help.ribKey'), slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 2 } } }),
    PAY_PHONE: box('PAY_PHONE', 'phone', {
      helperText: t('registration.help.mobile'),
      type: 'tel',
      slotProps: {
        htmlInput: { inputMode: 'tel', maxLength: 15 },
        input: { startAdornment: <InputAdornment position="start">{PAY_FIXED_VALUES.PAY_CODE}</InputAdornment> },
      },
    }),
    CARD_NUM: box('CARD_NUM', 'card', { slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 19 } } }),
    ACCOUNT_LASTNAME: box('ACCOUNT_LASTNAME', 'lastname', { slotProps: upper }),
    ACCOUNT_FIRSTNAME: box('ACCOUNT_FIRSTNAME', 'firstname'),
    ACCOUNT_BIRTHDATE: (
      <DateField
        control={control}
        name="ACCOUNT_BIRTHDATE"
        id="paymode-birthdate"
        label={t('registration.fields.ACCOUNT_BIRTHDATE')}
        required={required('ACCOUNT_BIRTHDATE')}
        disabled={readOnly}
        fullWidth
      />
    ),
    CASHIER_CODE: box('CASHIER_CODE', 'cashier'),
  };

  return (
    <SectionForm label={t('registration.steps.pay-mode')} {...section}>
      <FormTextField control={control} name="PAYMODE" id="paymode-mode" label={t('registration.fields.PAYMODE')} select required disabled={readOnly} fullWidth>
        {modeList.map((item) => (
          <MenuItem key={item.code} value={item.code}>
            {t(`registration.payMode.${item.code}`, { defaultValue: item.name })}
          </MenuItem>
        ))}
      </FormTextField>
      {ROWS.map(({ fields, layout }) => {
        const shown = fields.filter(shows);
        if (shown.length === 0) return null;
        if (layout === 'full')
          return (
            <Fragment key={fields[0]}>
              {shown.map((field) => (
                <Fragment key={field}>{inputs[field]}</Fragment>
              ))}
            </Fragment>
          );
        return (
          <FieldRow key={fields[0]}>
            {shown.map((field) => (
              <Fragment key={field}>{inputs[field]}</Fragment>
            ))}
            {shown.length === 1 ? <span /> : null}
          </FieldRow>
        );
      })}
    </SectionForm>
  );
}
