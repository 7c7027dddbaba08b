import Button from '@mui/material/Button';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadPages } from '../test/render-app';
import { NotifyProvider, SNACKBAR_AUTO_HIDE_MS, useNotify } from './notify';

function Trigger() {
  const notify = useNotify();
  return <Button onClick={() => notify('contact.sent', 'success')}>notify</Button>;
}

describe('snackbar', () => {
  beforeAll(preloadPages);

  it('shows the translated message followed by " !" with the severity asked, and hides after 6000 ms', async () => {
    vi.useFakeTimers();
    render(
      <NotifyProvider>
        <Trigger />
      </NotifyProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Mail send successfully !');
    expect(alert.className).toContain('Success');

    act(() => vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 100));
    expect(screen.getByText('Mail send successfully !')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(100));
    // the exit transition runs, then the snackbar is gone
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Mail send successfully !')).not.toBeInTheDocument();
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(6000);
  });
});
