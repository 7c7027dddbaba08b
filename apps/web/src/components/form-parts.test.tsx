import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FormError } from './form-error';
import { StackedForm, SubmitButton } from './form-parts';

describe('form parts', () => {
  it('make a named form whose submit button sends it, and can be turned off', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <StackedForm label="Contact" onSubmit={onSubmit}>
        <SubmitButton disabled={false}>Send</SubmitButton>
      </StackedForm>,
    );
    const form = screen.getByRole('form', { name: 'Contact' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <StackedForm label="Contact" onSubmit={onSubmit}>
        <SubmitButton disabled>Send</SubmitButton>
      </StackedForm>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('announce an error, with its way out as a link, and nothing without a message', () => {
    const { rerender } = render(
      <MemoryRouter>
        <FormError message="An account already exists" link={{ to: '/login', label: 'Sign in' }} />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('An account already exists');
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    rerender(
      <MemoryRouter>
        <FormError message={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
