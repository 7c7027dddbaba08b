import { render, screen, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
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

  it('names the document in the same commit as the heading, not after it', async () => {
    // a page reached by navigation renders in a transition, whose passive effects React runs later:
    // the title read when the heading appears must already be the new page's
    const container = document.body.appendChild(document.createElement('div'));
    document.title = 'The previous page';
    let titleWithHeading: string | undefined;
    const observer = new MutationObserver(() => {
      if (titleWithHeading === undefined && container.querySelector('h1')) titleWithHeading = document.title;
    });
    observer.observe(container, { childList: true, subtree: true });
    const root = createRoot(container);
    startTransition(() => root.render(<Page title="Requests">{null}</Page>));
    await waitFor(() => expect(titleWithHeading).toBeDefined());
    observer.disconnect();
    root.unmount();
    container.remove();
    expect(titleWithHeading).toMatch(/^Requests · /);
  });
});
