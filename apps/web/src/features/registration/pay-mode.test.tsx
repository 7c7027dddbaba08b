import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { choose, openSelect } from '../../test/select';
import { openStep, registrationState, staff, STAFF, wizardApi } from './registration-fixtures';

const textboxes = (form: HTMLElement) =>
  within(form)
    .queryAllByRole('textbox')
    .map((box) => box.getAttribute('name'));

/** Decision 0020, written out: the fields each mode keeps, and the required ones (PAY_CODE is +237, not typed). */
const OWNER = ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE'];
const MODES = [
  { mode: 'CASH', label: 'Cash', kept: ['CASHIER_CODE'], required: [] },
  {
    mode: 'BANK_TRANSFER',
    label: 'Bank transfer',
    kept: ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', ...OWNER],
    required: ['BANK_CODE', 'BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'],
  },
  {
    mode: 'MOBILE_TRANSFER',
    label: 'Mobile transfer',
    kept: ['PAY_CODE', 'PAY_PHONE', ...OWNER],
    required: ['PAY_PHONE', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'],
  },
  { mode: 'BANK_CHECK', label: 'Bank check', kept: OWNER, required: ['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME'] },
  { mode: 'PREPAID_CARD', label: 'Prepaid card', kept: ['CARD_NUM', ...OWNER], required: ['CARD_NUM', ...OWNER] },
] as const;
const PAY_FIELDS = [
  'BANK_CODE',
  'BRANCH_CODE',
  'ACCOUNT_NUM',
  'RIB_KEY',
  'PAY_CODE',
  'PAY_PHONE',
  'CARD_NUM',
  'ACCOUNT_LASTNAME',
  'ACCOUNT_FIRSTNAME',
  'ACCOUNT_BIRTHDATE',
  'CASHIER_CODE',
];
/** A record with every payment field filled with a valid value (the RIB is that of bank 20041). */
const FILLED = {
  BANK_CODE: '20041',
  BRANCH_CODE: '01005',
  ACCOUNT_NUM: '0500013M026',
  RIB_KEY: '06',
  PAY_CODE: '+237',
  PAY_PHONE: '699123456',
  CARD_NUM: '4111111111111111',
  ACCOUNT_LASTNAME: 'Mbarga',
  ACCOUNT_FIRSTNAME: 'Paul',
  ACCOUNT_BIRTHDATE: '1980-05-12',
  CASHIER_CODE: 'C-12',
};

/** The fields the form holds (text boxes, dates and the bank's select), but the mode itself. */
const fieldsOf = (form: HTMLElement) => [...form.querySelectorAll<HTMLInputElement>('input[name]')].filter((input) => input.name !== 'PAYMODE');

describe('registration wizard: the payment mode', () => {
  it("shows exactly each mode's fields and marks the required ones", async () => {
    wizardApi();
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Payment mode');
    for (const { mode, label, kept, required } of MODES) {
      await choose(user, within(form).getByRole('combobox', { name: /Payment mode/ }), label);
      const fields = fieldsOf(form);
      expect(fields.map((input) => input.name).sort(), mode).toEqual(kept.filter((field) => field !== 'PAY_CODE').sort());
      expect(
        fields
          .filter((input) => input.required)
          .map((input) => input.name)
          .sort(),
        mode,
      ).toEqual([...required].sort());
      expect(within(form).queryByText('+237') !== null, mode).toBe(kept.some((field) => field === 'PAY_CODE'));
    }
  });

  it("sends exactly the mode's fields, and every other one as null", async () => {
    const api = wizardApi(staff(FILLED), registrationState(), {
      // the fake server answers every field still filled, so that each save starts from a full form
      'PATCH /api/students/update/pay-mode': (request) => ({ body: staff({ ...FILLED, PAYMODE: (request.body as { PAYMODE: string }).PAYMODE }) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Payment mode');
    for (const [index, { mode, label, kept }] of MODES.entries()) {
      await choose(user, within(form).getByRole('combobox', { name: /Payment mode/ }), label);
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.to('PATCH', '/api/students/update/pay-mode')).toHaveLength(index + 1));
      const expected = Object.fromEntries(
        PAY_FIELDS.map((field) => [field, (kept as readonly string[]).includes(field) ? FILLED[field as keyof typeof FILLED] : null]),
      );
      expect(api.to('PATCH', '/api/students/update/pay-mode')[index]?.body, mode).toEqual({ PAYMODE: mode, ...expected });
    }
  });

  it('shows only the fields of the chosen mode', async () => {
    wizardApi();
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Payment mode');
    expect(textboxes(form)).toEqual([]);
    const mode = within(form).getByRole('combobox', { name: /Payment mode/ });

    await choose(user, mode, 'Cash');
    expect(textboxes(form)).toEqual(['CASHIER_CODE']);

    await choose(user, mode, 'Bank transfer');
    expect(within(form).getByRole('combobox', { name: /Bank/ })).toBeInTheDocument();
    expect(textboxes(form)).toEqual(['BRANCH_CODE', 'ACCOUNT_NUM', 'RIB_KEY', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE']);

    await choose(user, mode, 'Mobile transfer');
    expect(within(form).queryByRole('combobox', { name: /^Bank/ })).not.toBeInTheDocument();
    expect(textboxes(form)).toEqual(['PAY_PHONE', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE']);

    await choose(user, mode, 'Bank check');
    expect(textboxes(form)).toEqual(['ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE']);

    await choose(user, mode, 'Prepaid card');
    expect(textboxes(form)).toEqual(['CARD_NUM', 'ACCOUNT_LASTNAME', 'ACCOUNT_FIRSTNAME', 'ACCOUNT_BIRTHDATE']);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This card number is not valid (16 digits)')).toBeInTheDocument();
    expect(within(form).getAllByText('This field is required')).toHaveLength(3);
  });

  it('checks the RIB key against the bank, branch and account, and sends only the transfer fields', async () => {
    const api = wizardApi(staff({ CASHIER_CODE: 'C-12', PAY_PHONE: '677123456' }), registrationState(), {
      'PATCH /api/students/update/pay-mode': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Payment mode');
    await choose(user, within(form).getByRole('combobox', { name: /Payment mode/ }), 'Bank transfer');
    await choose(user, within(form).getByRole('combobox', { name: /Bank/ }), /Banque Test du Cameroun/);
    await user.type(within(form).getByRole('textbox', { name: /Branch code/ }), '01005');
    await user.type(within(form).getByRole('textbox', { name: /Account number/ }), '0500013m026');
    await user.type(within(form).getByRole('textbox', { name: /RIB key/ }), '07');
    await user.type(within(form).getByRole('textbox', { name: /Account owner's last name/ }), 'Mbarga');
    await user.type(within(form).getByRole('textbox', { name: /Account owner's first names/ }), 'Paul');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The RIB key does not match the bank, branch and account number')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/students/update/pay-mode')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /RIB key/ }));
    await user.type(within(form).getByRole('textbox', { name: /RIB key/ }), '06');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/pay-mode')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/pay-mode')[0]?.body).toEqual({
      PAYMODE: 'BANK_TRANSFER',
      BANK_CODE: '20041',
      BRANCH_CODE: '01005',
      ACCOUNT_NUM: '0500013M026',
      RIB_KEY: '06',
      ACCOUNT_LASTNAME: 'Mbarga',
      ACCOUNT_FIRSTNAME: 'Paul',
      ACCOUNT_BIRTHDATE: null,
      PAY_CODE: null,
      PAY_PHONE: null,
      CARD_NUM: null,
      CASHIER_CODE: null,
    });
  });

  it('shows microfinance institutions without letting them be chosen, and the server refusal', async () => {
    wizardApi(staff({ PAYMODE: 'BANK_TRANSFER' }), registrationState(), {
      'PATCH /api/students/update/pay-mode': error(400, 'MICROFINANCE_REFUSED', { fields: { BANK_CODE: 'validation.microfinance' } }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Payment mode');
    const list = await openSelect(user, within(form).getByRole('combobox', { name: /Bank/ }));
    const micro = within(list).getByRole('option', { name: /Crédit Mutuel de Microfinance/ });
    expect(micro).toHaveAttribute('aria-disabled', 'true');
    expect(micro).toHaveTextContent('Microfinance accounts are not allowed');
    expect(within(list).getByRole('option', { name: /Afriland First Bank/ })).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(within(list).getByRole('option', { name: /Afriland First Bank/ }));

    await user.type(within(form).getByRole('textbox', { name: /Branch code/ }), '01005');
    await user.type(within(form).getByRole('textbox', { name: /Account number/ }), '0500013M026');
    // the key of bank 10005, branch 01005, account 0500013M026
    await user.type(within(form).getByRole('textbox', { name: /RIB key/ }), '34');
    await user.type(within(form).getByRole('textbox', { name: /Account owner's last name/ }), 'Mbarga');
    await user.type(within(form).getByRole('textbox', { name: /Account owner's first names/ }), 'Paul');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Microfinance accounts are not allowed');
    expect(within(form).getByRole('combobox', { name: /Bank/ })).toHaveTextContent('Afriland First Bank');
  });

  it('asks a Cameroonian mobile number for mobile transfers', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/pay-mode': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Payment mode');
    await choose(user, within(form).getByRole('combobox', { name: /Payment mode/ }), 'Mobile transfer');
    await user.type(within(form).getByRole('textbox', { name: /Mobile money number/ }), '222231234');
    await user.type(within(form).getByRole('textbox', { name: /Account owner's last name/ }), 'Mbarga');
    await user.type(within(form).getByRole('textbox', { name: /Account owner's first names/ }), 'Paul');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a Cameroonian mobile number: 9 digits starting with 6')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Mobile money number/ }));
    await user.type(within(form).getByRole('textbox', { name: /Mobile money number/ }), '699 12 34 56');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/pay-mode')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/pay-mode')[0]?.body).toMatchObject({
      PAYMODE: 'MOBILE_TRANSFER',
      PAY_CODE: '+237',
      PAY_PHONE: '699 12 34 56',
      BANK_CODE: null,
    });
  });
});
