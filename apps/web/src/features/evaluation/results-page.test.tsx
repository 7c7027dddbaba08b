import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, evaluationResults, PATHS } from './evaluation-fixtures';
import { choose } from '../../test/select';

const card = (name: string) => screen.getByRole('article', { name });

async function pick(user: ReturnType<typeof renderApp>['user'], combobox: string, option: string) {
  await choose(user, screen.getByRole('combobox', { name: combobox }), option);
}

describe("an evaluation session's results", () => {
  it('shows a target from the threshold on (averages, distributions, comments) and below it only the threshold message', async () => {
    fakeApi({ [`GET ${PATHS.results(5)}`]: { body: evaluationResults() } });
    renderApp('/academic/evaluation/sessions/5', { user: academicUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Results: Semester 1 evaluation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '2 subjects and lecturers' })).toBeInTheDocument();

    const shown = card('INF101 · Algorithms, class GL1A');
    expect(within(shown).getByText('Mbarga Jean-Pierre · Class GL1A')).toBeInTheDocument();
    expect(within(shown).getByText('6 answers')).toBeInTheDocument();
    const choice = within(shown).getByRole('region', { name: 'The lecturer explains clearly' });
    expect(within(choice).getByText('Average 3 out of 4 · 6 answered')).toBeInTheDocument();
    expect(
      within(within(choice).getByRole('list', { name: 'Answers to “The lecturer explains clearly”' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Agree4 chose it (67%)', 'Disagree2 chose it (33%)']);
    const scale = within(shown).getByRole('region', { name: 'Overall quality' });
    expect(within(scale).getByText('Average 3.8 out of 5 · 6 answered')).toBeInTheDocument();
    expect(within(scale).getAllByRole('listitem')).toHaveLength(5);
    const comments = within(shown).getByRole('list', { name: 'Comments on “What would you change?”' });
    expect(
      within(comments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['More exercises, please', 'Nothing']);
    expect(within(shown).queryByText(/Not enough answers/)).not.toBeInTheDocument();

    const hidden = card('MAT101 · Calculus, class GL2A');
    expect(within(hidden).getByText('0 answers')).toBeInTheDocument();
    expect(within(hidden).getByText('Not enough answers to show results: they are shown from 5 answers on.')).toBeInTheDocument();
    expect(within(hidden).getByText('4 answers not shown to protect anonymity: answers are added in groups of at least 5.')).toBeInTheDocument();
    expect(within(hidden).queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows the participation of each class', async () => {
    fakeApi({ [`GET ${PATHS.results(5)}`]: { body: evaluationResults() } });
    renderApp('/academic/evaluation/sessions/5', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Participation per class' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([[], ['GL1A', '6 of 8 (75%)', '10 of 16 (63%)'], ['GL2A', '4 of 10 (40%)', '4 of 20 (20%)']]);
  });

  it('narrows the results by class and lecturer, kept in the URL, and exports the same as CSV or Excel', async () => {
    fakeApi({ [`GET ${PATHS.results(5)}`]: { body: evaluationResults() } });
    const { user, location } = renderApp('/academic/evaluation/sessions/5', { user: academicUser() });
    await screen.findByRole('article', { name: 'INF101 · Algorithms, class GL1A' });
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute('href', '/api/evaluation-sessions/5/results/export?format=csv');

    await pick(user, 'Lecturer', 'Ngono Marie');
    expect(location().search).toBe('?lecturerId=2');
    expect(screen.queryByRole('article', { name: 'INF101 · Algorithms, class GL1A' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'MAT101 · Calculus, class GL2A' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export as Excel' })).toHaveAttribute('href', '/api/evaluation-sessions/5/results/export?format=xlsx&lecturerId=2');

    await pick(user, 'Class', 'GL1A');
    expect(new URLSearchParams(location().search).get('classId')).toBe('61');
    expect(screen.getByText('Nothing to show for these filters.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Participation per class' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('reads the filters from the URL it is opened with', async () => {
    fakeApi({ [`GET ${PATHS.results(5)}`]: { body: evaluationResults() } });
    renderApp('/academic/evaluation/sessions/5?classId=61', { user: academicUser() });
    expect(await screen.findByRole('article', { name: 'INF101 · Algorithms, class GL1A' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'MAT101 · Calculus, class GL2A' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1 subject and lecturer' })).toBeInTheDocument();
  });
});
