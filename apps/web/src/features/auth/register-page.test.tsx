import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { maskDmy } from '../../components/date-field';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('register page', () => {
  it('types the birthdate as dd/mm/yyyy', () => {
    expect(maskDmy('03071990')).toBe('03/07/1990');
    expect(maskDmy('03/0')).toBe('03/0');
    expect(maskDmy('12/')).toBe('12');
    expect(maskDmy('ab12cd')).toBe('12');
  });

  it('offers sign-up to staff and students only: office accounts are created by the administrator (decision 29)', async () => {
    fakeApi();
    renderApp('/register');
    const kinds = (await screen.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent);
    expect(kinds).toEqual(['Staff', 'Student']);
  });

  it('asks students for a real birthdate before calling the server', async () => {
    const api = fakeApi();
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.type(screen.getByLabelText(/Matricule/), 'st2024001');
    await user.type(screen.getByLabelText(/Birthdate/), '31022004');
    expect(screen.getByLabelText(/Birthdate/)).toHaveValue('31/02/2004');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByText('Enter a real date as dd/mm/yyyy')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')).toHaveLength(0);
  });

  it('sends a student with the birthdate and goes to /emailing-sent, which says what may have been sent', async () => {
    const api = fakeApi({ 'POST /api/auth/student/sign-up': { status: 201, body: { message: 'Mail send successfully', resendAfter: 60 } } });
    const { user, location } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.type(screen.getByLabelText(/Matricule/), 'st2024001');
    expect(screen.getByText(/If this matricule and birthdate match our records, we send a confirmation link/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Birthdate/), '03/07/2003');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(location().pathname).toBe('/emailing-sent');
    expect(api.to('POST', '/api/auth/student/sign-up')[0]?.body).toEqual({ matricule: 'ST2024001', birthdate: '2003-07-03' });
    expect(
      screen.getByText('If this matricule and birthdate match our records, we have sent a confirmation link to the e-mail address on file.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Check the matricule and the birthdate/)).toBeInTheDocument();
    expect(screen.queryByText(/unknown|not found|no person/i)).not.toBeInTheDocument();
    expect(screen.getByText(/If you already have an account, the e-mail says so/)).toBeInTheDocument();
    expect(screen.getByText(/Open it within 24 hours/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'development mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('sends staff without a birthdate', async () => {
    const api = fakeApi({ 'POST /api/auth/student/sign-up': { status: 201, body: { message: 'Mail send successfully', resendAfter: 60 } } });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'p00042');
    expect(screen.queryByLabelText(/Birthdate/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')[0]?.body).toEqual({ matricule: 'P00042' });
    expect(screen.getByText('If this matricule matches our records, we have sent a confirmation link to the e-mail address on file.')).toBeInTheDocument();
    expect(screen.queryByText(/birthdate/)).not.toBeInTheDocument();
  });

  it('says how long to wait when links were asked for too often', async () => {
    fakeApi({ 'POST /api/auth/student/sign-up': error(429, 'RESEND_TOO_SOON', { retryAfter: 45 }) });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'P00042');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^You asked a moment ago\. Try again in 45\ss\.$/);
    expect(screen.getByRole('button', { name: 'Send the confirmation link' })).toBeDisabled();
  });

  it('refuses a matricule of the wrong length before calling the server', async () => {
    const api = fakeApi();
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'X1');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByText('The matricule has 6 to 12 letters and digits')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')).toHaveLength(0);
  });
});
