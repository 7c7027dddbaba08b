import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { FEW, lecturerUser, review } from './reviews-fixtures';

const LATER = review({
  targetId: 801,
  session: {
    id: 8,
    name: 'Semester 2 evaluation',
    nameFr: 'Évaluation du semestre 2',
    startDate: '2025-06-02',
    endDate: '2025-06-20',
    state: 'OPEN',
    open: true,
  },
  subject: { id: 14, code: 'INF201', name: 'Databases', nameFr: 'Bases de données' },
});

describe("a lecturer's reviews", () => {
  it('shows exactly what /reviews answers, by session: the results from five answers on, the threshold message below', async () => {
    const api = fakeApi({ 'GET /api/reviews': { body: { reviews: [LATER, review(), FEW], threshold: 5 } } });
    renderApp('/reviews', { user: lecturerUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Semester 1 evaluation' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Semester 2 evaluation', 'Semester 1 evaluation']);
    const first = screen.getByRole('region', { name: 'Semester 1 evaluation' });
    expect(within(first).getByText('From 13/01/2025 to 31/01/2025: ended.')).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['INF101 · Algorithms, class GL1A', 'INF101 · Algorithms, class GL2A']);

    const shown = within(first).getByRole('article', { name: 'INF101 · Algorithms, class GL1A' });
    // their own page: no lecturer's name on the cards
    expect(within(shown).getByText('Class GL1A')).toBeInTheDocument();
    expect(within(shown).queryByText(/Mbarga/)).not.toBeInTheDocument();
    expect(within(shown).getByText('Average 4.2 out of 5 · 5 answered')).toBeInTheDocument();
    expect(within(shown).getByText('Clear and patient')).toBeInTheDocument();
    const few = within(first).getByRole('article', { name: 'INF101 · Algorithms, class GL2A' });
    expect(within(few).getByText('0 answers')).toBeInTheDocument();
    expect(within(few).getByText('4 answers not shown to protect anonymity: answers are added in groups of at least 5.')).toBeInTheDocument();
    expect(within(few).getByText('Not enough answers to show results: they are shown from 5 answers on.')).toBeInTheDocument();
    expect(within(few).queryByText(/Average/)).not.toBeInTheDocument();

    const open = screen.getByRole('region', { name: 'Semester 2 evaluation' });
    expect(within(open).getByText('Open from 02/06/2025 to 20/06/2025: results may still change.')).toBeInTheDocument();
    // only the lecturer's own list is asked for
    expect(
      api.requests
        .filter((request) => request.path.startsWith('/api/') && !['/api/meta', '/api/auth/session'].includes(request.path))
        .map((request) => request.path),
    ).toEqual(['/api/reviews']);
  });

  it('says when there is nothing yet, and reads in French', async () => {
    fakeApi({ 'GET /api/reviews': { body: { reviews: [], threshold: 5 } } });
    await changeLanguage('fr');
    renderApp('/reviews', { user: lecturerUser({ LANGUAGE: 'fr' }) });
    expect(await screen.findByText('Aucune évaluation de votre enseignement pour le moment.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Avis des étudiants' })).toBeInTheDocument();
  });

  it('is not offered to a student', async () => {
    const api = fakeApi();
    const { location } = renderApp('/reviews', { user: lecturerUser({ KIND: 'STUDENT', STATUS: null }) });
    await screen.findByRole('heading', { level: 1 });
    expect(location().pathname).toBe('/profile');
    expect(api.to('GET', '/api/reviews')).toHaveLength(0);
  });
});
