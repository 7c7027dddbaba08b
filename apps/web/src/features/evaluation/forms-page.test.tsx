import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, formSummary, PATHS, questionForm } from './evaluation-fixtures';

const USED = formSummary({
  id: 32,
  name: 'Short evaluation',
  nameFr: 'Évaluation courte',
  sections: 1,
  questions: 4,
  sessions: 2,
  inUse: true,
  updatedAt: '2024-11-02T09:00:00.000Z',
});

describe('the question forms', () => {
  it('lists the forms with their counts, whether a started session uses them, and what can be done with each', async () => {
    fakeApi({ [`GET ${PATHS.forms}`]: { body: { forms: [formSummary(), USED] } } });
    renderApp('/academic/evaluation/forms', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Question forms' });
    const [, free, used] = within(table).getAllByRole('row');
    expect(
      within(free!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Teaching evaluation', '2', '3', '0', '10/01/2025', 'OpenDuplicateDelete']);
    expect(
      within(used!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Short evaluationIn use', '1', '4', '2', '02/11/2024', 'OpenDuplicateDelete']);
    expect(within(free!).getByRole('link', { name: 'Open Teaching evaluation' })).toHaveAttribute('href', '/academic/evaluation/forms/31');
    // a form a session uses is kept
    expect(within(used!).getByRole('button', { name: 'Delete Short evaluation' })).toBeDisabled();
    expect(within(free!).getByRole('button', { name: 'Delete Teaching evaluation' })).toBeEnabled();
  });

  it('duplicates a form and opens the copy', async () => {
    const api = fakeApi({
      [`GET ${PATHS.forms}`]: { body: { forms: [formSummary()] } },
      [`POST ${PATHS.duplicate(31)}`]: { status: 201, body: questionForm({ id: 41, name: 'Teaching evaluation (copy)' }) },
      [`GET ${PATHS.form(41)}`]: { body: questionForm({ id: 41, name: 'Teaching evaluation (copy)' }) },
    });
    const { user, location } = renderApp('/academic/evaluation/forms', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Duplicate Teaching evaluation' }));
    await waitFor(() => expect(api.to('POST', PATHS.duplicate(31))).toHaveLength(1));
    await waitFor(() => expect(location().pathname).toBe('/academic/evaluation/forms/41'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teaching evaluation (copy)' })).toBeInTheDocument();
  });

  it('deletes a form after asking, and says why the server refused one a session took meanwhile', async () => {
    const api = fakeApi({
      [`GET ${PATHS.forms}`]: { body: { forms: [formSummary()] } },
      [`DELETE ${PATHS.form(31)}`]: error(409, 'IN_USE'),
    });
    const { user } = renderApp('/academic/evaluation/forms', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Delete Teaching evaluation' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete the form “Teaching evaluation”?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent('This element is in use and cannot be deleted');

    api.set(`DELETE ${PATHS.form(31)}`, { status: 204 });
    api.set(`GET ${PATHS.forms}`, { body: { forms: [] } });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE', PATHS.form(31))).toHaveLength(2));
    expect(await screen.findByText('No question form yet.')).toBeInTheDocument();
  });

  it('is not found for a lecturer', async () => {
    const api = fakeApi();
    renderApp('/academic/evaluation/forms', { user: { ...academicUser(), KIND: 'STAFF', ROLES: [] } });
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
    expect(api.to('GET', PATHS.forms)).toHaveLength(0);
  });
});
