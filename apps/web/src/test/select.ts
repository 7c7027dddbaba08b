import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens a MUI select and answers its listbox. A select waiting for its options is disabled and
 * ignores a click, so the click waits until it takes them (a slow machine answers the options late).
 */
export async function openSelect(user: UserEvent, combobox: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(combobox).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(combobox);
  return screen.findByRole('listbox');
}

/** Picks an option of a MUI select: opens its combobox, then clicks the option in the listbox. */
export async function choose(user: UserEvent, combobox: HTMLElement, option: string | RegExp) {
  await user.click(within(await openSelect(user, combobox)).getByRole('option', { name: option }));
}
