import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { LeaveGuard } from './leave-guard';

function Editor({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/elsewhere')}>
        Go
      </button>
      <LeaveGuard when={dirty} text="Your changes will be lost." />
    </>
  );
}

function renderAt(dirty: boolean) {
  render(
    <MemoryRouter initialEntries={['/edit']}>
      <Routes>
        <Route path="/edit" element={<Editor dirty={dirty} />} />
        <Route path="/elsewhere" element={<p>Elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('leave guard', () => {
  it('asks before leaving a page with unsaved changes: staying is focused, leaving goes on', async () => {
    const user = renderAt(true);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAccessibleDescription('Your changes will be lost.');
    const stay = within(dialog).getByRole('button', { name: 'Stay on the page' });
    await waitFor(() => expect(stay).toHaveFocus());
    await user.click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('lets a page without changes go at once', async () => {
    const user = renderAt(false);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
