import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Picks an option of a MUI select: opens its combobox, then clicks the option in the listbox. */
export async function choose(user: UserEvent, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}
