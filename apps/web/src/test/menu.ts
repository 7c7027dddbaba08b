import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * A link of the main menu: in the app bar when the person's menu fits the screen, otherwise in the
 * drawer the menu button opens (opened here). The test screen is 1024 px wide: a lecturer's seven
 * entries open as a drawer there, an office's few fit the bar.
 */
export async function mainMenuLink(user: UserEvent, name: string): Promise<HTMLElement> {
  await waitFor(() =>
    expect(screen.queryByRole('navigation', { name: 'Main menu' }) ?? screen.queryByRole('button', { name: 'Open the menu' })).not.toBeNull(),
  );
  if (!screen.queryByRole('navigation', { name: 'Main menu' })) await user.click(screen.getByRole('button', { name: 'Open the menu' }));
  const nav = (await screen.findAllByRole('navigation', { name: 'Main menu' }))[0]!;
  return within(nav).getByRole('link', { name });
}
