import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { COLLECTION } from './payments-fixtures';

const SANDBOX = { 'GET /api/payments/settings': { body: { provider: 'sandbox', sandbox: true } } };
const COLLECTIONS = '/api/sandbox/collections';

describe('the sandbox phone', () => {
  it('says plainly it is a test phone, lists what waits on the number given, and approves a collection', async () => {
    let answered = false;
    const api = fakeApi({
      ...SANDBOX,
      [`GET ${COLLECTIONS}`]: () => ({ body: answered ? [] : [COLLECTION] }),
      [`POST ${COLLECTIONS}/SBX-7F3K2Q9A/approve`]: () => {
        answered = true;
        return { body: { ...COLLECTION, status: 'SUCCESSFUL' } };
      },
    });
    const { user } = renderApp('/sandbox/phone?phone=%2B237670000012');
    expect(await screen.findByText('A test phone')).toBeInTheDocument();
    expect(screen.getByText(/It does not exist in production, and nothing real is paid here/)).toBeInTheDocument();
    const request = await screen.findByRole('listitem', { name: 'Request of 25.250 FCFA, SBX-7F3K2Q9A' });
    expect(within(request).getByText('Registration fee C26000042')).toBeInTheDocument();
    expect(queriesTo(COLLECTIONS)[0]!.get('phone')).toBe('+237670000012');
    await user.click(within(request).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to('POST', `${COLLECTIONS}/SBX-7F3K2Q9A/approve`)).toHaveLength(1));
    expect(await screen.findByText('Payment approved !')).toBeInTheDocument();
    expect(await screen.findByText('No request is waiting on this phone. A new one shows here by itself.')).toBeInTheDocument();
    expect(api.to('POST', `${COLLECTIONS}/SBX-7F3K2Q9A/refuse`)).toHaveLength(0);
  });

  it('refuses a collection for a number typed on the page', async () => {
    const api = fakeApi({
      ...SANDBOX,
      [`GET ${COLLECTIONS}`]: { body: [COLLECTION] },
      [`POST ${COLLECTIONS}/SBX-7F3K2Q9A/refuse`]: { body: { ...COLLECTION, status: 'FAILED' } },
    });
    const { user, location } = renderApp('/sandbox/phone');
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '670 00 00 12');
    await user.click(screen.getByRole('button', { name: 'Show its requests' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('phone')).toBe('+237670000012'));
    const request = await screen.findByRole('listitem', { name: 'Request of 25.250 FCFA, SBX-7F3K2Q9A' });
    await user.click(within(request).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.to('POST', `${COLLECTIONS}/SBX-7F3K2Q9A/refuse`)).toHaveLength(1));
    expect(await screen.findByText('Payment refused !')).toBeInTheDocument();
  });

  it('does not exist when payments do not run on the sandbox', async () => {
    const api = fakeApi({ 'GET /api/payments/settings': { body: { provider: 'acme', sandbox: false } }, [`GET ${COLLECTIONS}`]: { body: [COLLECTION] } });
    renderApp('/sandbox/phone?phone=%2B237670000012');
    expect(await screen.findByText('Payments do not run on the sandbox here: this test phone does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(api.to('GET', COLLECTIONS)).toHaveLength(0);
  });
});
