import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClosedChip } from './closed-chip';

describe('closed chip', () => {
  it('says whether a registration is closed or open, in the words given', () => {
    const { rerender } = render(<ClosedChip closed closedLabel="Closed" openLabel="In progress" />);
    expect(screen.getByText('Closed')).toBeInTheDocument();
    rerender(<ClosedChip closed={false} closedLabel="Closed" openLabel="In progress" />);
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.queryByText('Closed')).not.toBeInTheDocument();
  });
});
