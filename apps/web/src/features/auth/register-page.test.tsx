import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { maskDmy } from '../../components/date-field';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const found = { MATRICULE: 'ST2024001', FIRSTNAME: 'Amina', LASTNAME: 'Nkoulou', EMAIL: 'a***@univ.example.cm', KIND: 'STUDENT' };

describe('register page', () => {
  it('types the birthdate as dd/mm/yyyy', () => {
    expect(maskDmy('03071990')).toBe('03/07/1990');
    expect(maskDmy('03/0')).toBe('03/0');
    expect(maskDmy('12/')).toBe('12');
    expect(maskDmy('ab12cd')).toBe('12');
  });

  it('asks students for a real birthdate before calling the server', async () => {
    const api = fakeApi();
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.type(screen.getByLabelText(/Matricule/), 'st2024001');
    await user.type(screen.getByLabelText(/Birthdate/), '31022004');
    expect(screen.getByLabelText(/Birthdate/)).toHaveValue('31/02/2004');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a real date as dd/mm/yyyy')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')).toHaveLength(0);
  });

  it('finds a student, shows the masked e-mail, sends the link and goes to /emailing-sent', async () => {
    const api = fakeApi({
      'POST /api/auth/student/sign-up': { status: 201, body: found },
      'POST /api/auth/student/email-verification': { body: { message: 'sent', EMAIL: 'a***@univ.example.cm' } },
    });
    const { user, location } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.type(screen.getByLabelText(/Matricule/), 'st2024001');
    await user.type(screen.getByLabelText(/Birthdate/), '03/07/2003');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Amina Nkoulou')).toBeInTheDocument();
    expect(screen.getByText('a***@univ.example.cm')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')[0]?.body).toEqual({ matricule: 'ST2024001', birthdate: '2003-07-03' });

    await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(location().pathname).toBe('/emailing-sent');
    expect(api.to('POST', '/api/auth/student/email-verification')[0]?.body).toEqual({ matricule: 'ST2024001', birthdate: '2003-07-03' });
    expect(screen.getByText(/a\*\*\*@univ\.example\.cm/)).toBeInTheDocument();
    expect(screen.getByText(/Open it within 24 hours/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'development mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('sends staff without a birthdate and explains an existing account', async () => {
    const api = fakeApi({ 'POST /api/auth/student/sign-up': error(409, 'ACCOUNT_EXISTS') });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'p00042');
    expect(screen.queryByLabelText(/Birthdate/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Conflict error: an account already exists for this entry or identifier')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')[0]?.body).toEqual({ matricule: 'P00042' });
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
  });

  it('switches to the student form when the server wants a birthdate', async () => {
    fakeApi({ 'POST /api/auth/student/sign-up': error(400, 'BIRTHDATE_REQUIRED', { fields: { birthdate: 'validation.required' } }) });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'ST2024001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Students must give their birthdate');
    expect(screen.getByRole('radio', { name: 'Student' })).toBeChecked();
    expect(screen.getByLabelText(/Birthdate/)).toBeInTheDocument();
  });

  it('says when the matricule is unknown', async () => {
    fakeApi({ 'POST /api/auth/student/sign-up': error(404, 'UNKNOWN_MATRICULE') });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'XX0001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No person with this matricule was found in the registry')).toBeInTheDocument();
  });

  it('refuses a matricule of the wrong length before calling the server', async () => {
    const api = fakeApi();
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Matricule/), 'X1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The matricule has 6 to 12 letters and digits')).toBeInTheDocument();
    expect(api.to('POST', '/api/auth/student/sign-up')).toHaveLength(0);
  });
});
