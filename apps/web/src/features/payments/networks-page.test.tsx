import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { AMOUNT_ALERT, CAMTEL, MTN } from './payments-fixtures';

type User = ReturnType<typeof renderApp>['user'];
const PAGE = '/admin/payment-networks';
const ALL = '/api/payment-networks/all';
/** The page lists the refused callbacks too: none unless a test says otherwise. */
const NO_ALERTS = { 'GET /api/payments/alerts': { body: [] } };
const table = () => screen.findByRole('table', { name: 'Payment networks' });
const rowOf = (tableElement: HTMLElement, text: string) => within(tableElement).getByText(text).closest('tr') as HTMLElement;

/** Types into a field of the dialog, replacing what it held. */
async function fill(user: User, scope: HTMLElement, name: RegExp, text: string) {
  const field = within(scope).getByRole('textbox', { name });
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe('the payment networks (administrators)', () => {
  it('lists every network: its limits, prefixes, fee steps and whether it is offered', async () => {
    fakeApi({ ...NO_ALERTS, [`GET ${ALL}`]: { body: [MTN, CAMTEL] } });
    renderApp(PAGE, { user: DEMO_PEOPLE.admin() });
    const list = await table();
    const mtn = rowOf(list, 'MTN Mobile Money');
    expect(mtn).toHaveTextContent('100 FCFA to 1.000.000 FCFA');
    expect(mtn).toHaveTextContent('67, 650, 68');
    expect(within(mtn).getByText('Up to 50.000 FCFA: 100 FCFA + 0 %')).toBeInTheDocument();
    expect(within(mtn).getByText('Above: 0 FCFA + 1.5 %')).toBeInTheDocument();
    expect(within(mtn).getByText('Active')).toBeInTheDocument();
    const camtel = rowOf(list, 'Camtel Money');
    expect(camtel).toHaveTextContent('Any number');
    expect(within(camtel).getByText('Inactive')).toBeInTheDocument();
  });

  it('refuses a fee schedule the contract refuses (a step without an upper amount before the last), then creates the network', async () => {
    const api = fakeApi({
      ...NO_ALERTS,
      [`GET ${ALL}`]: { body: [MTN] },
      'POST /api/payment-networks': (request) => ({ status: 201, body: { ...MTN, ...(request.body as object) } }),
    });
    const { user } = renderApp(PAGE, { user: DEMO_PEOPLE.admin() });
    await table();
    await user.click(screen.getByRole('button', { name: 'New network' }));
    const dialog = await screen.findByRole('dialog', { name: 'New network' });
    await fill(user, dialog, /^Code/, 'NEXTTEL_PAY');
    await fill(user, dialog, /^Name/, 'Nexttel Possa');
    await fill(user, dialog, /^Smallest amount/, '500');
    await fill(user, dialog, /^Largest amount/, '200000');
    await fill(user, dialog, /^Phone prefixes/, '66, 685');
    const first = within(dialog).getByRole('group', { name: 'Step 1' });
    await fill(user, first, /^Fixed part/, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add a step' }));
    const second = within(dialog).getByRole('group', { name: 'Step 2' });
    await fill(user, second, /^Up to/, '50000');
    await fill(user, second, /^Rate/, '1,5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Give fee steps in increasing order, the last one without an upper amount')).toBeInTheDocument();
    expect(api.to('POST', '/api/payment-networks')).toHaveLength(0);
    // the first step up to 50.000 FCFA, the second above
    await fill(user, first, /^Up to/, '50000');
    await fill(user, second, /^Up to/, '');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(api.to('POST', '/api/payment-networks').map((r) => r.body)).toEqual([
        {
          code: 'NEXTTEL_PAY',
          name: 'Nexttel Possa',
          minAmount: 500,
          maxAmount: 200000,
          prefixes: ['66', '685'],
          feeSchedule: [
            { upTo: 50000, fixed: 100, rateBp: 0 },
            { upTo: null, fixed: 0, rateBp: 150 },
          ],
          color: null,
          ussdCode: null,
          active: true,
          position: 0,
        },
      ]),
    );
    expect(await screen.findByText('Network created !')).toBeInTheDocument();
  });

  it('refuses a largest amount below the smallest, and prefixes that are not digits', async () => {
    const api = fakeApi({ ...NO_ALERTS, [`GET ${ALL}`]: { body: [] } });
    const { user } = renderApp(PAGE, { user: DEMO_PEOPLE.admin() });
    await table();
    await user.click(screen.getByRole('button', { name: 'New network' }));
    const dialog = await screen.findByRole('dialog', { name: 'New network' });
    await fill(user, dialog, /^Code/, 'ORANGE');
    await fill(user, dialog, /^Name/, 'Orange Money');
    await fill(user, dialog, /^Smallest amount/, '1000');
    await fill(user, dialog, /^Largest amount/, '500');
    await fill(user, dialog, /^Phone prefixes/, '69, 6x5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The largest amount cannot be below the smallest')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Phone prefixes/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST', '/api/payment-networks')).toHaveLength(0);
  });

  it('changes a network under its code, and shows what the server refuses', async () => {
    const api = fakeApi({
      ...NO_ALERTS,
      [`GET ${ALL}`]: { body: [MTN] },
      'PUT /api/payment-networks/MTN_MOMO': error(400, 'VALIDATION_FAILED', { fields: { name: 'validation.tooLong' } }),
    });
    const { user } = renderApp(PAGE, { user: DEMO_PEOPLE.admin() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit MTN Mobile Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit MTN Mobile Money' });
    expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toBeDisabled();
    expect(within(within(dialog).getByRole('group', { name: 'Step 2' })).getByRole('textbox', { name: /^Rate/ })).toHaveValue('1.5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Offered to candidates' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.to('PUT', '/api/payment-networks/MTN_MOMO').map((r) => (r.body as { active: boolean; feeSchedule: unknown }).active)).toEqual([false]),
    );
    expect(api.to('PUT', '/api/payment-networks/MTN_MOMO')[0]!.body).toMatchObject({ code: 'MTN_MOMO', feeSchedule: MTN.feeSchedule });
    expect(await within(dialog).findByText('This value is too long')).toBeInTheDocument();
  });

  it('lists the callbacks refused for disagreeing with their payment: which order, what differed, where the payment stands', async () => {
    fakeApi({
      [`GET ${ALL}`]: { body: [MTN] },
      'GET /api/payments/alerts': {
        body: [
          AMOUNT_ALERT,
          {
            ...AMOUNT_ALERT,
            id: 43,
            orderNumber: 'PAY-20260302-0000000001',
            candidateNumber: null,
            status: 'PAID',
            mismatches: ['currency', 'reference'],
            expected: { ...AMOUNT_ALERT.expected, reference: null },
            reported: { amount: 25_375, currency: 'EUR', reference: 'SBX-FORGED' },
          },
        ],
      },
    });
    renderApp(PAGE, { user: DEMO_PEOPLE.admin() });
    const alerts = await screen.findByRole('table', { name: 'Refused payment notifications' });
    const amount = rowOf(alerts, 'PAY-20260302-8F3K2Q9A11');
    expect(amount).toHaveTextContent('C26000042');
    expect(amount).toHaveTextContent('Amount: expected 25.375 FCFA, received 1 FCFA');
    expect(within(amount).getByText('Waiting for approval')).toBeInTheDocument();
    const other = rowOf(alerts, 'PAY-20260302-0000000001');
    expect(other).toHaveTextContent('Currency: expected XAF, received EUR');
    expect(other).toHaveTextContent('Provider reference: expected not known yet, received SBX-FORGED');
    expect(within(other).getByText('Paid')).toBeInTheDocument();
  });

  it('says when no callback was refused', async () => {
    fakeApi({ ...NO_ALERTS, [`GET ${ALL}`]: { body: [MTN] } });
    renderApp(PAGE, { user: DEMO_PEOPLE.admin() });
    const alerts = await screen.findByRole('table', { name: 'Refused payment notifications' });
    expect(await within(alerts).findByText('No notification has been refused.')).toBeInTheDocument();
  });

  it('is not found for an admissions officer, who sends no request', async () => {
    const api = fakeApi({ ...NO_ALERTS, [`GET ${ALL}`]: { body: [MTN] } });
    renderApp(PAGE, { user: DEMO_PEOPLE.admissions() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', ALL)).toHaveLength(0);
  });
});
