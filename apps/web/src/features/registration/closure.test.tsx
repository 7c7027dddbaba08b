import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { error } from '../../test/fake-api';
import { preloadPages, renderApp } from '../../test/render-app';
import { registrationState, STAFF, stepButton, wizardApi } from './registration-fixtures';

describe('registration wizard: the closure', () => {
  it('lists what is missing, each linked to its step', async () => {
    wizardApi(STAFF, registrationState({ 'last-job': { missing: ['LASTEMPLOYER'] }, 'pay-mode': { missing: ['ACCOUNT_DATA'] } }));
    const { user } = renderApp('/registration');
    await user.click(await screen.findByRole('tab', { name: /Closure/ }));
    const list = await screen.findByRole('list', { name: 'Mandatory information missing' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Last employer missing', 'Account data missing']);
    await user.click(within(list).getByRole('button', { name: 'Account data missing' }));
    expect(stepButton('Payment mode')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('form', { name: 'Payment mode' })).toBeVisible();
  });

  it('warns about steps with unsaved changes before closing', async () => {
    wizardApi();
    const { user } = renderApp('/registration');
    const form = await screen.findByRole('form', { name: 'Category' });
    await user.click(within(form).getByRole('radio', { name: 'Internship' }));
    await user.click(screen.getByRole('tab', { name: /Closure/ }));
    const warning = await screen.findByText(/Some steps have changes that are not saved/);
    await user.click(within(warning).getByRole('button', { name: 'Category' }));
    expect(stepButton('Category')).toHaveAttribute('aria-selected', 'true');
  });

  it('lists each missing column once when the server refuses the closure', async () => {
    const api = wizardApi(STAFF, registrationState({ 'last-job': { missing: ['LASTEMPLOYER'] } }), {
      'POST /api/students/close-sign': error(400, 'CLOSURE_FAILED', { message: 'Closure failure', columns: ['LASTEMPLOYER', 'CV_LINK', 'NIU'] }),
    });
    const { user } = renderApp('/registration');
    await user.click(await screen.findByRole('tab', { name: /Closure/ }));
    await user.click(await screen.findByRole('button', { name: 'Close my registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close my registration' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to('POST', '/api/students/close-sign')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Close my registration' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close my registration' })).getByRole('button', { name: 'Close my registration' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Closure failure');
    expect(alert).toHaveTextContent('Complete the mandatory information listed above, then close again.');
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument();
    // one list, each item once: the state's (Last employer) and those the server named besides
    expect(screen.getAllByRole('list')).toHaveLength(1);
    const named = screen.getByRole('list', { name: 'Mandatory information missing' });
    expect(
      within(named)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Last employer missing', 'CV document missing', 'NIU missing (or confirm that you have none)']);
    expect(screen.getAllByText('Last employer missing')).toHaveLength(1);
    await user.click(within(named).getByRole('button', { name: 'CV document missing' }));
    expect(stepButton('Documents')).toHaveAttribute('aria-selected', 'true');
  });

  it('says "Registration completed" 1 s after the closure, with the next steps, and locks the wizard', async () => {
    await preloadPages();
    // The clock moves only when the test moves it (the waits below move it too, 50 ms a step):
    // the time since the closure is read from it, never from the machine's own clock.
    vi.useFakeTimers();
    let state = registrationState();
    let closedAt = Number.NaN;
    const api = wizardApi(STAFF, state, {
      'GET /api/students/registration': () => ({ body: state }),
      'POST /api/students/close-sign': () => {
        closedAt = Date.now();
        state = registrationState({}, { ACTIVED: true, CLOSED_AT: '2024-03-01T10:00:00.000Z' });
        return { body: { ACTIVED: true, message: 'Registration completed', CLOSED_AT: '2024-03-01T10:00:00.000Z' } };
      },
    });
    const { user } = renderApp('/registration', { fakeTimers: true });
    await user.click(await screen.findByRole('tab', { name: /Closure/ }));
    await user.click(await screen.findByRole('button', { name: 'Close my registration' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close my registration' })).getByRole('button', { name: 'Close my registration' }));
    await waitFor(() => expect(api.to('POST', '/api/students/close-sign')).toHaveLength(1));
    expect(await screen.findByText('Your registration is closed: changes now go through the human resources service.')).toBeInTheDocument();

    // 900 ms after the server answered (the delay starts once the answer is shown, not before)
    const sinceClosure = Date.now() - closedAt;
    expect(sinceClosure).toBeLessThan(900);
    act(() => vi.advanceTimersByTime(900 - sinceClosure));
    expect(screen.queryByRole('dialog', { name: 'Registration completed' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    const done = await screen.findByRole('dialog', { name: 'Registration completed' });
    expect(done).toHaveTextContent('go to an identification office to have your photo and fingerprints taken');
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    expect(screen.getByText('Your registration was closed on 01/03/2024.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close my registration' })).not.toBeInTheDocument();
    expect(stepButton('Closure')).toHaveTextContent('Registration closed');
    await user.click(stepButton('Category'));
    expect(within(await screen.findByRole('form', { name: 'Category' })).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
