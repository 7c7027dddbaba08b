import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';

function Form({ none }: { none?: boolean }) {
  const form = useForm({ defaultValues: { BLOOD_GROUP: '' } });
  return (
    <form>
      <SelectField
        control={form.control}
        name="BLOOD_GROUP"
        id="blood"
        label="Blood group"
        options={['A+', 'O-']}
        optionLabel={(value) => `Group ${value}`}
        none={none}
      />
      <output>{form.watch('BLOOD_GROUP')}</output>
    </form>
  );
}

describe('select field', () => {
  it('offers "Not specified" first when the field may stay empty, then each value in words', async () => {
    const user = userEvent.setup();
    render(<Form none />);
    await user.click(screen.getByRole('combobox', { name: 'Blood group' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Not specified', 'Group A+', 'Group O-']);
    await user.click(screen.getByRole('option', { name: 'Group O-' }));
    expect(screen.getByRole('status')).toHaveTextContent('O-');
  });

  it('offers the values alone otherwise', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('combobox', { name: 'Blood group' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Group A+', 'Group O-']);
  });
});
