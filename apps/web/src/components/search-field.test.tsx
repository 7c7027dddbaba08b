import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field';

// The clock moves only when the test moves it: a slow machine between two keys is no pause in the typing.
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const setUp = () => {
  vi.useFakeTimers();
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
};

describe('search field', () => {
  it('searches once after a pause in the typing, with the text trimmed', async () => {
    const onSearch = vi.fn();
    const user = setUp();
    render(<SearchField label="Search" onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' PER0003 ');
    expect(onSearch).not.toHaveBeenCalled();
    advance(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    advance(1);
    expect(onSearch.mock.calls).toEqual([['PER0003']]);
    advance(SEARCH_DEBOUNCE_MS * 10);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches at once when the box is left, and not again later (a click on a result is not undone)', async () => {
    const onSearch = vi.fn();
    const user = setUp();
    render(
      <>
        <SearchField label="Search" onSearch={onSearch} />
        <button type="button">Result</button>
      </>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Bello');
    expect(onSearch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Result' }));
    expect(onSearch.mock.calls).toEqual([['Bello']]);
    advance(SEARCH_DEBOUNCE_MS + 100);
    expect(onSearch).toHaveBeenCalledTimes(1);
    // Leaving the box with nothing waiting searches nothing.
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.tab();
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
