import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useFormSubmit } from './form';

function useContact(send: (values: { OBJECT: string }) => void) {
  const form = useForm({ defaultValues: { OBJECT: '' } });
  form.register('OBJECT', { required: 'validation.required' });
  return { form, ...useFormSubmit(form, send, (errors) => (errors.OBJECT ? 'errors.CONTACT_INCOMPLETE' : null)) };
}

describe('form submit', () => {
  it('says why a form does not pass its checks, and clears the message when the values go', async () => {
    const send = vi.fn();
    const { result } = renderHook(() => useContact(send));
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.messageKey).toBe('errors.CONTACT_INCOMPLETE');
    act(() => result.current.form.setValue('OBJECT', 'Payslip'));
    await act(() => result.current.submit());
    expect(send).toHaveBeenCalledWith({ OBJECT: 'Payslip' });
    expect(result.current.messageKey).toBeNull();
    act(() => result.current.setMessageKey('errors.INTERNAL'));
    expect(result.current.messageKey).toBe('errors.INTERNAL');
  });
});
