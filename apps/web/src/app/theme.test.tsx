import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from '../lib/session';

/** The system's answer to "prefers reduced motion", as a browser's media query gives it. */
function preferReducedMotion(reduce: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (query !== '(prefers-reduced-motion: reduce)') return real(query);
    const list = real(query);
    Object.defineProperty(list, 'matches', { value: reduce });
    return list;
  });
}

function DialogThatCloses() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} aria-label="A dialog">
      <Button onClick={() => setOpen(false)}>Close</Button>
    </Dialog>
  );
}

function renderInTheme() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <DialogThatCloses />
    </AppProviders>,
  );
}

/** Renders a dialog in the app's theme for a person with this preference, closes it, and lets 1 ms pass. */
function closeDialog(reduceMotion: boolean) {
  vi.useFakeTimers();
  preferReducedMotion(reduceMotion);
  renderInTheme();
  act(() => screen.getByRole('button', { name: 'Close' }).click());
  act(() => vi.advanceTimersByTime(1));
}

describe('the theme and the motion a person asked for', () => {
  it('closes a dialog at once for a person whose system asks for less motion', () => {
    closeDialog(true);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('fades a dialog out for everybody else', () => {
    closeDialog(false);
    // still there, leaving: the fade has not run its course yet
    expect(screen.getByRole('dialog', { hidden: true })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});
