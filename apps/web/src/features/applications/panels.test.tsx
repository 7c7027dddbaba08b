import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from './applications-fixtures';
import { LimitsTable, Section, ApplicationSessionHeading } from './panels';

describe('choice page panels', () => {
  it('name a section by its heading', () => {
    render(
      <Section id="s" title="Summary">
        <p>Body</p>
      </Section>,
    );
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('Body');
  });

  it('show the session and its dates', () => {
    render(<ApplicationSessionHeading session={session({ DESIGNATION: 'Semester 1', END_DATE: null })} heading="h2" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Semester 1' })).toBeInTheDocument();
    expect(screen.getByText(/^From \d\d\/\d\d\/\d{4}$/)).toBeInTheDocument();
  });

  it('lay the limits out by level group and shift', () => {
    render(
      <>
        <p id="limits">Limits</p>
        <LimitsTable labelledBy="limits" cell={(group, shift) => `${group}${shift}`} />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Limits' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: '45S' })).toBeInTheDocument();
  });
});
