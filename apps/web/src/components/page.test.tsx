import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';
import { Page } from './page';

describe('page', () => {
  it('has one heading, names the document, shows its sentence and content in a card', () => {
    render(
      <Page title="Contact" intro="Write to the university.">
        <Card>
          <p>The form</p>
        </Card>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Contact · /);
    expect(screen.getByText('Write to the university.')).toBeInTheDocument();
    expect(screen.getByText('The form')).toBeInTheDocument();
  });

  it('shows no sentence when it has none', () => {
    const { container } = render(<Page title="Settings">{null}</Page>);
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
