import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OfficeTable } from './office-table';

interface Row {
  id: number;
  name: string;
  seats: number;
}

const COLUMNS = [
  { header: 'Name', cell: (row: Row) => row.name },
  { header: 'Seats', align: 'right' as const, cell: (row: Row) => row.seats },
];

describe('office table', () => {
  it('shows the headings and a row per item, in a table named by its label', () => {
    render(<OfficeTable label="Offers" columns={COLUMNS} rows={[{ id: 1, name: 'Maths', seats: 30 }]} rowKey={(row) => row.id} empty="No offer." />);
    const table = screen.getByRole('table', { name: 'Offers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Seats']);
    expect(within(table).getByRole('cell', { name: 'Maths' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '30' })).toBeInTheDocument();
  });

  it('says when there are no rows, across every column, and leaves out a column given as false', () => {
    render(<OfficeTable label="Offers" columns={[...COLUMNS, false]} rows={[]} rowKey={(row: Row) => row.id} empty="No offer." />);
    expect(screen.getByRole('cell', { name: 'No offer.' })).toHaveAttribute('colspan', '2');
  });

  it('chooses rows one by one and all at once, never a row that may not be chosen', async () => {
    const onChosen = vi.fn();
    const user = userEvent.setup();
    const rows = [
      { id: 1, name: 'Maths', seats: 30 },
      { id: 2, name: 'Physics', seats: 0 },
    ];
    render(
      <OfficeTable
        label="Offers"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        empty="No offer."
        choice={{ chosen: [], onChosen, id: (row) => row.id, choosable: (row) => row.seats > 0, label: (row) => `Choose ${row.name}`, allLabel: 'Choose all' }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Choose Physics' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Maths' }));
    expect(onChosen).toHaveBeenLastCalledWith([1]);
    await user.click(screen.getByRole('checkbox', { name: 'Choose all' }));
    expect(onChosen).toHaveBeenLastCalledWith([1]);
  });

  it('shows a bar while a new page loads, and its footer', () => {
    render(<OfficeTable label="Offers" columns={COLUMNS} rows={[]} rowKey={(row: Row) => row.id} empty="No offer." fetching footer={<p>Page 1</p>} />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });
});
