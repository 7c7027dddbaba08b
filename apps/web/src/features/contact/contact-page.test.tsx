import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('contact page', () => {
  it('shows the person read-only and refuses an empty object or message', async () => {
    const api = fakeApi();
    const { user } = renderApp('/contact', { user: person() });
    expect(await screen.findByLabelText('Name')).toHaveValue('Amina Nkoulou');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Matricule')).toHaveValue('ST2024001');
    expect(screen.getByLabelText('Phone')).toHaveValue('+237 690000000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Make sure to fill the object and message content')).toBeInTheDocument();
    expect(api.to('POST', '/api/students/contact-us')).toHaveLength(0);
  });

  it('sends the chosen object and the message, then confirms', async () => {
    const api = fakeApi({ 'POST /api/students/contact-us': { status: 201, body: { id: 3, message: 'sent' } } });
    const { user } = renderApp('/contact', { user: person() });
    await user.click(await screen.findByRole('combobox', { name: /Object/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Timetable does not appear' }));
    await user.type(screen.getByLabelText(/^Message/), 'My timetable is empty this week.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mail send successfully !')).toBeInTheDocument();
    expect(api.to('POST', '/api/students/contact-us')[0]?.body).toEqual({
      OBJECT: 'TIMETABLE_MISSING',
      MESSAGE: 'My timetable is empty this week.',
    });
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
  });

  it('takes the object a page chose for the person (a request form missing a subject), and ignores an unknown one', async () => {
    const api = fakeApi({ 'POST /api/students/contact-us': { status: 201, body: { id: 4, message: 'sent' } } });
    const { user, unmount } = renderApp('/contact?object=SUBJECT_ABSENT', { user: person() });
    expect(await screen.findByRole('combobox', { name: /Object/ })).toHaveTextContent('Subject absent for request');
    await user.type(screen.getByLabelText(/^Message/), 'Networks is missing for GL2/S.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mail send successfully !')).toBeInTheDocument();
    expect(api.to('POST', '/api/students/contact-us')[0]?.body).toEqual({ OBJECT: 'SUBJECT_ABSENT', MESSAGE: 'Networks is missing for GL2/S.' });
    unmount();
    renderApp('/contact?object=EVERYTHING', { user: person() });
    expect(await screen.findByRole('combobox', { name: /Object/ })).not.toHaveTextContent(/\w/);
  });

  it('shows the server refusal', async () => {
    fakeApi({ 'POST /api/students/contact-us': error(400, 'CONTACT_INCOMPLETE', { fields: { MESSAGE: 'validation.required' } }) });
    const { user } = renderApp('/contact', { user: person() });
    await user.click(await screen.findByRole('combobox', { name: /Object/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Other' }));
    await user.type(screen.getByLabelText(/^Message/), ' x ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Make sure to fill the object and message content')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('says how long to wait past the hourly limit of messages', async () => {
    fakeApi({ 'POST /api/students/contact-us': error(429, 'MAIL_RATE_LIMITED', { retryAfter: 1500 }) });
    const { user } = renderApp('/contact', { user: person() });
    await user.click(await screen.findByRole('combobox', { name: /Object/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Other' }));
    await user.type(screen.getByLabelText(/^Message/), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many e-mails were asked for\. Try again in 25:00\.$/);
  });

  it('needs a signed-in person', async () => {
    fakeApi();
    const { location } = renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });
});
