import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../lib/format';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TOKEN = '0123456789abcdef0123456789abcdef';
const PATH = `/api/public/requests/${TOKEN}`;

describe('verifying a printed request (public)', () => {
  it('shows the reference, the filing date and the current status to anyone, signed in or not', async () => {
    const api = fakeApi({ [`GET ${PATH}`]: { body: { REQUEST_ID: '0101@2024-000042', filedAt: '2024-01-15T08:00:00.000Z', REQUEST_STATUS: 'PROCESSING' } } });
    renderApp(`/verify/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a request' })).toBeInTheDocument();
    expect(await screen.findByText('This request is on record')).toBeInTheDocument();
    expect(screen.getByText('0101@2024-000042')).toBeInTheDocument();
    expect(screen.getByText(formatMoment('2024-01-15T08:00:00.000Z'))).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(api.to('GET', PATH)).toHaveLength(1);

    await changeLanguage('fr');
    expect(await screen.findByText('Cette requête est enregistrée')).toBeInTheDocument();
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByText('Statut actuel')).toBeInTheDocument();
  });

  it('says plainly when no request matches the code', async () => {
    fakeApi({ [`GET ${PATH}`]: error(404, 'NOT_FOUND') });
    renderApp(`/verify/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No request matches this verification code.');
  });

  it('asks nothing for a malformed code', async () => {
    const api = fakeApi();
    renderApp('/verify/not-a-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('No request matches this verification code.');
    expect(api.requests.filter((request) => request.path.startsWith('/api/public/'))).toHaveLength(0);
  });

  it('says when the server cannot answer, translated', async () => {
    fakeApi({ [`GET ${PATH}`]: error(503, 'SERVICE_UNAVAILABLE') });
    renderApp(`/verify/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('No request matches');
    expect(alert.textContent).not.toBe('');
  });
});
