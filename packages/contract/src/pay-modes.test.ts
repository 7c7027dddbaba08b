import { describe, expect, it } from 'vitest';
import {
  keepPayModeFields,
  missingFields,
  PAY_FIELDS,
  PAY_FIXED_VALUES,
  PAY_MODE_FIELDS,
  PAY_MODES,
  payFieldRequired,
  payFieldsOf,
  payFieldUse,
  PayModeSection,
  ProfileFields,
  blankSection,
  type ClosureSnapshot,
} from './index';

/** Decision 0020, written out: what each mode keeps, and which of those the person must give. */
const OWNER = ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE'];
const EXPECTED = {
  CASH: { kept: ['CASHIER_CODE'], required: [] },
  BANK_TRANSFER: {
    kept: ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', ...OWNER],
    required: ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'],
  },
  BANK_CHECK: { kept: OWNER, required: ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'] },
  MOBILE_TRANSFER: { kept: ['PAY_CODE', 'PAY_PHONE', ...OWNER], required: ['PAY_PHONE', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'] },
  PREPAID_CARD: { kept: ['CARD_NUM', ...OWNER], required: ['CARD_NUM', ...OWNER] },
} as const;

/** Every payment field filled with a valid value. */
const FILLED = {
  BANK_CODE: '20041',
  BRANCH_CODE: '01005',
  ACCOUNT_NUM: '0500013M026',
  RIB_KEY: '06',
  PAY_CODE: '+33',
  PAY_PHONE: '699123456',
  CARD_NUM: '4111111111111111',
  ACCOUNT_LASTNAME: 'Mbarga',
  ACCOUNT_FIRSTNAME: 'Paul',
  ACCOUNT_BIRTHDATE: '1980-01-02',
  CASHIER_CODE: 'C-12',
};

const issuePaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => (result.error?.issues ?? []).map((issue) => issue.path.join('.')).sort();

describe('the payment-mode fields', () => {
  it('keeps and requires the fields of decision 0020', () => {
    expect(Object.keys(PAY_MODE_FIELDS).sort()).toEqual([...PAY_MODES].sort());
    for (const mode of PAY_MODES) {
      expect(payFieldsOf(mode), mode).toEqual(EXPECTED[mode].kept);
      expect(
        PAY_FIELDS.filter((field) => payFieldRequired(mode, field)),
        mode,
      ).toEqual(EXPECTED[mode].required);
    }
    expect(payFieldsOf(null)).toEqual([]);
    expect(payFieldUse('MOBILE_TRANSFER', 'PAY_CODE')).toBe('fixed');
    expect(PAY_FIXED_VALUES.PAY_CODE).toBe('+237');
  });

  it('gives every field a mode sets itself its value', () => {
    for (const mode of PAY_MODES) {
      for (const field of payFieldsOf(mode).filter((f) => payFieldUse(mode, f) === 'fixed')) expect(PAY_FIXED_VALUES, `${mode} ${field}`).toHaveProperty(field);
    }
  });

  it("keeps only the mode's fields and clears the others", () => {
    for (const mode of PAY_MODES) {
      const kept = keepPayModeFields({ PAYMODE: mode, ...FILLED });
      const expected = Object.fromEntries(
        PAY_FIELDS.map((field) => [field, (EXPECTED[mode].kept as readonly string[]).includes(field) ? FILLED[field] : null]),
      );
      if (mode === 'MOBILE_TRANSFER') expected.PAY_CODE = '+237';
      expect(kept, mode).toEqual({ PAYMODE: mode, ...expected });
    }
    expect(Object.values(keepPayModeFields({ PAYMODE: null, ...FILLED })).filter((value) => value !== null)).toEqual([]);
  });

  it('asks the form for exactly the required fields of the mode', () => {
    for (const mode of PAY_MODES) {
      const nothing = PayModeSection.safeParse({ ...blankSection('pay-mode'), PAYMODE: mode });
      // the RIB key is checked once the account number is there
      expect(issuePaths(nothing), mode).toEqual(EXPECTED[mode].required.filter((field) => field !== 'RIB_KEY').sort());
      expect(PayModeSection.safeParse({ PAYMODE: mode, ...FILLED }).success, mode).toBe(true);
    }
    expect(issuePaths(PayModeSection.safeParse({ PAYMODE: 'BANK_TRANSFER', ...FILLED, RIB_KEY: '' }))).toEqual(['RIB_KEY']);
  });

  it('does not check the fields another mode keeps', () => {
    expect(
      PayModeSection.safeParse({
        ...blankSection('pay-mode'),
        PAYMODE: 'BANK_CHECK',
        ACCOUNT_LASTNAME: 'Mbarga',
        ACCOUNT_FIRSTNAME: 'Paul',
        BANK_CODE: 'x',
        CARD_NUM: '1',
      }).success,
    ).toBe(true);
  });

  it('asks closure for what the mode requires', () => {
    const blank = Object.fromEntries(Object.keys(ProfileFields.shape).map((key) => [key, null])) as unknown as ClosureSnapshot;
    const payMissing = (values: object) => missingFields({ ...blank, ...values }).filter((field) => field === 'ACCOUNT_NUM' || field === 'ACCOUNT_DATA');
    expect(payMissing({ PAYMODE: 'CASH' })).toEqual([]);
    expect(payMissing({ PAYMODE: 'BANK_TRANSFER' })).toEqual(['ACCOUNT_NUM', 'ACCOUNT_DATA']);
    expect(payMissing({ PAYMODE: 'BANK_CHECK' })).toEqual(['ACCOUNT_DATA']);
    expect(payMissing({ PAYMODE: 'BANK_CHECK', ACCOUNT_LASTNAME: 'Mbarga', ACCOUNT_FIRSTNAME: 'Paul' })).toEqual([]);
    expect(payMissing({ PAYMODE: 'PREPAID_CARD', ACCOUNT_LASTNAME: 'Mbarga', ACCOUNT_FIRSTNAME: 'Paul' })).toEqual(['ACCOUNT_DATA']);
    expect(payMissing({ PAYMODE: 'BANK_TRANSFER', ...FILLED })).toEqual([]);
  });
});
