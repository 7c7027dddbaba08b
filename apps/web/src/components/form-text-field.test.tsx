import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AmountField } from './amount-field';
import { DateField } from './date-field';
import { FormTextField } from './form-text-field';

function Form({ failing }: { failing?: boolean }) {
  const form = useForm({ defaultValues: { name: '', day: '', amount: '' } });
  useEffect(() => {
    if (failing) form.setError('name', { type: 'server', message: 'validation.required' });
  }, [failing, form]);
  return (
    <form>
      <FormTextField control={form.control} name="name" id="name" label="Name" helperText="As on your ID" />
      <DateField control={form.control} name="day" id="day" label="Day" />
      <AmountField control={form.control} name="amount" id="amount" label="Amount" helperText="Monthly" />
    </form>
  );
}

describe('bound text fields', () => {
  it('show their helper text, or the translated message of an error', async () => {
    const { rerender } = render(<Form />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('As on your ID');
    rerender(<Form failing />);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('mask dates as dd/mm/yyyy and write amounts de-DE style while typing', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveAccessibleDescription('Format: dd/mm/yyyy');
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '12031999');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('12/03/1999');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveAccessibleDescription('Monthly');
    await user.type(amount, '150a000');
    expect(amount).toHaveValue('150000');
    expect(amount).toHaveAccessibleDescription('150.000 FCFA');
  });
});
