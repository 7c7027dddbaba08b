import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { FilterSelect, ListPage, type Paged } from './list-page';

type Data = Paged<{ id: number; name: string }>;

function renderList(query: { data: Data | undefined; isPending?: boolean; isFetching?: boolean; error?: unknown }, update = vi.fn()) {
  render(
    <ListPage
      title="People"
      intro="Find a person."
      filtersLabel="Filters"
      filters={<input aria-label="Search" />}
      query={{ isPending: false, isFetching: false, error: null, ...query }}
      paging={{ page: 1, pageSize: 10, pageSizes: [10, 25], update }}
      table={{
        columns: [{ header: 'Name', cell: (row) => row.name }],
        rowKey: (row) => row.id,
        empty: 'Nobody matches.',
      }}
    />,
  );
  return update;
}

describe('list page', () => {
  it('shows the title, its sentence, the filter bar and the rows in a table named by the title, with its pages', async () => {
    const update = renderList({ data: { rows: [{ id: 1, name: 'Bello Anna' }], total: 12, count: 2 } });
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('Find a person.')).toBeInTheDocument();
    expect(within(screen.getByRole('search', { name: 'Filters' })).getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'People' })).getByRole('cell', { name: 'Bello Anna' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /next page/i }));
    expect(update).toHaveBeenCalledWith({ page: 2 });
  });

  it('says when nothing matches', () => {
    renderList({ data: { rows: [], total: 0, count: 0 } });
    expect(screen.getByRole('cell', { name: 'Nobody matches.' })).toBeInTheDocument();
  });

  it('shows the load error, and a loader while the first page loads', () => {
    renderList({ data: undefined, error: new ApiError(403, { code: 'FORBIDDEN', message: 'no' }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Action denied');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a loader while the first page loads', () => {
    renderList({ data: undefined, isPending: true });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });
});

describe('filter select', () => {
  it('offers a choice that lifts the filter, and answers the value chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<FilterSelect id="state" label="State" all="All" value="" options={[{ value: 'yes', label: 'Complete' }]} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All', 'Complete']);
    await user.click(options[1]!);
    expect(onChange).toHaveBeenCalledWith('yes');
  });
});
