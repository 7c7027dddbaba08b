import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MailLink } from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const PATH = '/api/students/gmail-account';
const LINK: MailLink = { GMAIL_ACCOUNT: 'amina.perso@gmail.example', PROVIDER: 'CODE', LINKED_AT: '2026-11-20T12:30:00.000Z' };
const sent = (address: string, resendAfter = 60) => ({ body: { message: 'Mail send successfully', GMAIL_ACCOUNT: address, expiresIn: 900, resendAfter } });

function mailApi(handlers: Record<string, FakeHandler> = {}) {
  return fakeApi({ [`GET ${PATH}`]: { body: null }, ...handlers });
}

const open = () => renderApp('/profile/mail-account', { user: DEMO_PEOPLE.student() });

describe('the mail account page', () => {
  it('links an address: the address, the code mailed to it, then the linked address with how and when', async () => {
    const api = mailApi({
      [`POST ${PATH}`]: sent('amina.perso@gmail.example'),
      [`POST ${PATH}/confirm`]: { body: LINK },
    });
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail account' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Mail address/), ' Amina.Perso@GMail.example ');
    expect(screen.getByText('No mail account is linked to your portal account yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByText('A 6-digit code has been sent to amina.perso@gmail.example. It is valid for 15 minutes.')).toBeInTheDocument();
    expect(api.to('POST', PATH)[0]?.body).toEqual({ GMAIL_ACCOUNT: 'amina.perso@gmail.example' });
    // a new code waits a minute
    expect(screen.getByRole('button', { name: /^Send a new code \(1:00|0:59\)$/ })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Code received by e-mail/), '123456');
    await user.click(screen.getByRole('button', { name: 'Link this address' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Linked address' })).toBeInTheDocument();
    expect(api.to('POST', `${PATH}/confirm`)[0]?.body).toEqual({ CODE: '123456' });
    expect(screen.getByText('amina.perso@gmail.example')).toBeInTheDocument();
    expect(screen.getByText(/^Confirmed with a code sent to it, on .* 20\/11\/2026 \d\d:30$/)).toBeInTheDocument();
    expect(await screen.findByText('amina.perso@gmail.example is now linked to your account !')).toBeInTheDocument();
  });

  it('checks the address and the code before sending them', async () => {
    const api = mailApi({ [`POST ${PATH}`]: sent('a@gmail.example') });
    const { user } = open();
    await user.type(await screen.findByLabelText(/^Mail address/), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.to('POST', PATH)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Mail address/));
    await user.type(screen.getByLabelText(/^Mail address/), 'a@gmail.example');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText(/^Code received by e-mail/), '12');
    await user.click(screen.getByRole('button', { name: 'Link this address' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(api.to('POST', `${PATH}/confirm`)).toHaveLength(0);
  });

  it('says an address linked to someone else is in use, in the words of the specification, in English and French', async () => {
    mailApi({ [`POST ${PATH}`]: error(409, 'MAIL_ACCOUNT_IN_USE') });
    const view = open();
    await view.user.type(await screen.findByLabelText(/^Mail address/), 'taken@gmail.example');
    await view.user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gmail account already in use; unable to link to the academy with a mail account');
    expect(screen.queryByLabelText(/^Code received by e-mail/)).not.toBeInTheDocument();
    view.unmount();

    await changeLanguage('fr');
    mailApi({ [`POST ${PATH}`]: error(409, 'MAIL_ACCOUNT_IN_USE') });
    const { user } = renderApp('/profile/mail-account', { user: DEMO_PEOPLE.student({ LANGUAGE: 'fr' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compte de messagerie' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Adresse de messagerie/), 'taken@gmail.example');
    await user.click(screen.getByRole('button', { name: "M'envoyer un code" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Compte Gmail déjà utilisé\s; impossible de le lier à l'académie/);
  });

  it('puts a wrong code under its field; an expired one asks for a new code, which the page sends again', async () => {
    let confirms = 0;
    const api = mailApi({
      [`POST ${PATH}`]: sent('a@gmail.example', 0),
      [`POST ${PATH}/confirm`]: () =>
        ++confirms === 1 ? error(400, 'CODE_INCORRECT', { fields: { CODE: 'validation.codeIncorrect' } }) : error(400, 'MAIL_LINK_CODE_EXPIRED'),
    });
    const { user } = open();
    await user.type(await screen.findByLabelText(/^Mail address/), 'a@gmail.example');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText(/^Code received by e-mail/);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Link this address' }));
    expect(await screen.findByText('The code you entered is incorrect')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Link this address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired or was replaced by a newer one; ask for a new code');
    expect(screen.getByRole('button', { name: 'Link this address' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.to('POST', PATH)).toHaveLength(2));
    expect(api.to('POST', PATH)[1]?.body).toEqual({ GMAIL_ACCOUNT: 'a@gmail.example' });
    expect(await screen.findByText('A new code has been sent !')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Link this address' })).toBeEnabled());
    expect(screen.getByLabelText(/^Code received by e-mail/)).toHaveValue('');
  });

  it('says when a new code is asked too soon, with the time left', async () => {
    let asks = 0;
    mailApi({ [`POST ${PATH}`]: () => (++asks === 1 ? sent('a@gmail.example', 0) : error(429, 'RESEND_TOO_SOON', { retryAfter: 42 })) });
    const { user } = open();
    await user.type(await screen.findByLabelText(/^Mail address/), 'a@gmail.example');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^You asked a moment ago\. Try again in 4[12]\ss\.$/);
    expect(screen.getByRole('button', { name: /^Send a new code \(4[12]\ss\)$/ })).toBeDisabled();
  });

  it('goes back from the code to another address, keeping the one typed', async () => {
    mailApi({ [`POST ${PATH}`]: sent('a@gmail.example') });
    const { user } = open();
    await user.type(await screen.findByLabelText(/^Mail address/), 'a@gmail.example');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.click(await screen.findByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText(/^Mail address/)).toHaveValue('a@gmail.example');
  });

  it('shows the linked address, and unlinks it after asking', async () => {
    const api = mailApi({ [`GET ${PATH}`]: { body: LINK }, [`DELETE ${PATH}`]: { status: 204 } });
    const { user } = open();
    expect(await screen.findByText('amina.perso@gmail.example')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Mail address/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this address?' });
    expect(dialog).toHaveTextContent('amina.perso@gmail.example will no longer be linked to your portal account.');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(api.to('DELETE', PATH)).toHaveLength(1));
    expect(await screen.findByText('The address is no longer linked !')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Mail address/)).toBeInTheDocument();
  });

  it('links another address in place of the linked one, or cancels', async () => {
    mailApi({ [`GET ${PATH}`]: { body: LINK } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Link another address' }));
    expect(screen.getByLabelText(/^Mail address/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('amina.perso@gmail.example')).toBeInTheDocument();
  });

  it('is reached from the profile page', async () => {
    const student = DEMO_PEOPLE.student();
    mailApi({ [`GET /api/students/${student.id}`]: { body: student } });
    const { user, location } = renderApp('/profile', { user: student });
    await user.click(await screen.findByRole('link', { name: 'Link a mail account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail account' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile/mail-account');
  });
});
