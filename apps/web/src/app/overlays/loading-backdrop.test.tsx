import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { error, fakeApi, type FakeAnswer } from '../../test/fake-api';
import { preloadPages, renderApp } from '../../test/render-app';

describe('loading backdrop', () => {
  beforeAll(preloadPages);

  it('covers the page while a mutation runs and closes 500 ms after it ends', async () => {
    vi.useFakeTimers();
    let release: (answer: FakeAnswer) => void = () => undefined;
    fakeApi({ 'POST /api/auth/students/': () => new Promise<FakeAnswer>((resolve) => (release = resolve)) });
    const { user } = renderApp('/login', { fakeTimers: true });
    await user.type(await screen.findByLabelText(/Matricule or username/), 'ST2024001');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

    await act(async () => {
      release(error(400, 'INVALID_CREDENTIALS'));
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(screen.getByText('Matricule or password incorrect')).toBeInTheDocument();
    // TanStack Query tells its observers on the next tick
    act(() => vi.advanceTimersByTime(0));
    act(() => vi.advanceTimersByTime(450));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
