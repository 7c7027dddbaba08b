import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const SENT = 'If a registration uses this address, we sent a link to open your file.';

async function ask(user: ReturnType<typeof renderApp>['user'], email: string) {
  const field = await screen.findByRole('textbox', { name: /^E-mail address/ });
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Send me a link' }));
}

describe('Asking for a link to one’s candidate file', () => {
  it('answers the same whatever the server says: known, unknown, refused or failing', async () => {
    for (const answer of [{ body: { message: 'sent' } }, error(429, 'TOO_MANY_REQUESTS'), error(500, 'INTERNAL')] satisfies FakeAnswer[]) {
      const api = fakeApi({ 'POST /api/candidate/auth-email': answer });
      const { user, unmount } = renderApp('/candidate/link');
      await ask(user, ' Amina@Example.cm ');
      expect(await screen.findByText(SENT)).toBeInTheDocument();
      expect(screen.getByText('The link can be used once, within 24 hours. A new link replaces the previous ones.')).toBeInTheDocument();
      expect(api.to('POST', '/api/candidate/auth-email')[0]!.body).toEqual({ email: 'amina@example.cm' });
      unmount();
    }
  });

  it('checks the address before sending, and says when the request could not leave the device', async () => {
    const answers: FakeAnswer[] = [{ networkError: true }, { body: { message: 'sent' } }];
    const api = fakeApi({ 'POST /api/candidate/auth-email': () => answers.shift()! });
    const { user } = renderApp('/candidate/link');
    await ask(user, 'not-an-address');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.to('POST', '/api/candidate/auth-email')).toEqual([]);

    await ask(user, 'amina@example.cm');
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection fail. please try again');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-mail address/ })).toHaveValue('amina@example.cm');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send me a link' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    fakeApi({ 'POST /api/candidate/auth-email': { body: { message: 'sent' } } });
    const { user } = renderApp('/candidate/link');
    const field = await screen.findByRole('textbox', { name: /^Adresse e-mail/ });
    await user.type(field, 'amina@example.cm');
    await user.click(screen.getByRole('button', { name: "M'envoyer un lien" }));
    expect(await screen.findByText('Si une inscription utilise cette adresse, nous avons envoyé un lien pour ouvrir votre dossier.')).toBeInTheDocument();
  });
});
