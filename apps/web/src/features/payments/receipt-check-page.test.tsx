import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { RECEIPT } from './payments-fixtures';

const PATH = '/api/receipts/R26-000042';
const fact = (label: string) => screen.getByText(label).nextElementSibling;

describe('the public check of a receipt', () => {
  it('says a genuine receipt is genuine: the candidate, the entrance, the amount and the day', async () => {
    fakeApi({ [`GET ${PATH}`]: { body: RECEIPT } });
    renderApp('/receipts/R26-000042?k=9f2c4d1e');
    expect(await screen.findByText('This receipt is genuine')).toBeInTheDocument();
    expect(fact('Candidate number')).toHaveTextContent('C26000042');
    expect(fact('Candidate')).toHaveTextContent('Brice Ngono');
    expect(fact('Entrance')).toHaveTextContent('Engineering entrance 2026');
    expect(fact('Amount paid')).toHaveTextContent('25.000 FCFA');
    expect(fact('Paid on')).toHaveTextContent('02/03/2026');
    // the key of the QR code goes along
    expect(queriesTo(PATH).map((query) => query.get('k'))).toEqual(['9f2c4d1e']);
  });

  it('cannot verify a receipt the server does not vouch for, and shows nothing of it', async () => {
    fakeApi({
      [`GET ${PATH}`]: { body: { ...RECEIPT, valid: false, candidateNumber: null, candidateName: null, entrance: null, amount: null, paidAt: null } },
    });
    renderApp('/receipts/R26-000042?k=wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('This receipt could not be verified');
    expect(screen.queryByText('Brice Ngono')).not.toBeInTheDocument();
    expect(screen.queryByText('This receipt is genuine')).not.toBeInTheDocument();
  });

  it('cannot verify an unknown receipt number either, in French too', async () => {
    await changeLanguage('fr');
    fakeApi({ [`GET /api/receipts/NOPE`]: error(404, 'NOT_FOUND') });
    renderApp('/receipts/NOPE');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Ce reçu n’a pas pu être vérifié'));
    expect(queriesTo('/api/receipts/NOPE').map((query) => query.get('k'))).toEqual(['']);
  });
});
