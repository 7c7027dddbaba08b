import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, CLASSES, evaluationSession, formSummary, PATHS } from './evaluation-fixtures';
import { choose } from '../../test/select';

const UPCOMING = evaluationSession({
  id: 6,
  name: 'Semester 2 evaluation',
  nameFr: 'Évaluation du semestre 2',
  startDate: '2025-06-02',
  endDate: '2025-06-20',
  state: 'UPCOMING',
  classes: [
    { id: 61, code: 'GL1A' },
    { id: 62, code: 'GL2A' },
  ],
  targets: 8,
  participations: 0,
});

function routes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${PATHS.sessions}`]: { body: { sessions: [UPCOMING, evaluationSession()] } },
    [`GET ${PATHS.forms}`]: { body: { forms: [formSummary(), formSummary({ id: 32, name: 'Short evaluation', nameFr: 'Évaluation courte' })] } },
    [`GET ${PATHS.classes}`]: { body: CLASSES },
    [`POST ${PATHS.sessions}`]: { status: 201, body: evaluationSession({ id: 7 }) },
    [`PATCH ${PATHS.session(5)}`]: { body: evaluationSession() },
    ...overrides,
  };
}

type User = ReturnType<typeof renderApp>['user'];
const dialog = () => screen.getByRole('dialog');
const box = (name: string) => within(dialog()).getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

async function chooseClass(user: User, code: string) {
  await choose(user, within(dialog()).getByRole('combobox', { name: /^Classes/ }), code);
  await user.keyboard('{Escape}');
}

describe('evaluation sessions', () => {
  it('lists the sessions with their form, days, state, classes and counts', async () => {
    fakeApi(routes());
    renderApp('/academic/evaluation/sessions', { user: academicUser() });
    const table = await screen.findByRole('table', { name: 'Evaluation sessions' });
    const [, upcoming, open] = within(table).getAllByRole('row');
    expect(
      within(upcoming!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Semester 2 evaluation', 'Teaching evaluation', '02/06/2025', '20/06/2025', 'Not started', 'GL1A, GL2A', '8', '0', 'ChangeResults']);
    expect(
      within(open!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Semester 1 evaluation', 'Teaching evaluation', '13/01/2025', '31/01/2025', 'Open', 'GL1A', '4', '7', 'ChangeResults']);
    expect(within(open!).getByRole('link', { name: 'Results of Semester 1 evaluation' })).toHaveAttribute('href', '/academic/evaluation/sessions/5');
  });

  it('creates a session: checked with the contract schema, days typed dd/mm/yyyy sent as yyyy-mm-dd, classes chosen from the catalogue', async () => {
    const api = fakeApi(routes({ [`GET ${PATHS.sessions}`]: { body: { sessions: [] } } }));
    const { user } = renderApp('/academic/evaluation/sessions', { user: academicUser() });
    expect(await screen.findByText('No evaluation session yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New evaluation session' }));
    await screen.findByRole('dialog', { name: 'New evaluation session' });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findAllByText('This field is required')).toHaveLength(6);

    await user.type(box('Name (English)'), 'Semester 1 evaluation');
    await user.type(box('Name (French)'), 'Évaluation du semestre 1');
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: /^Question form/ }), 'Short evaluation');
    await user.type(box('First day'), '31012025');
    expect(box('First day')).toHaveValue('31/01/2025');
    await user.type(box('Last day'), '13012025');
    await chooseClass(user, 'GL1A');
    await chooseClass(user, 'RT1B');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('The end date is before the start date')).toBeInTheDocument();
    expect(api.to('POST', PATHS.sessions)).toHaveLength(0);

    await user.clear(box('First day'));
    await user.type(box('First day'), '13/01/2025');
    await user.clear(box('Last day'));
    await user.type(box('Last day'), '31/01/2025');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST', PATHS.sessions)).toHaveLength(1));
    expect(api.to('POST', PATHS.sessions)[0]!.body).toEqual({
      name: 'Semester 1 evaluation',
      nameFr: 'Évaluation du semestre 1',
      formId: 32,
      startDate: '2025-01-13',
      endDate: '2025-01-31',
      classIds: [61, 63],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Evaluation session created !')).toBeInTheDocument();
  });

  it('changes a started session: its form and first day stay, classes are only added, and only what changed is sent', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/academic/evaluation/sessions', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Change Semester 1 evaluation' }));
    await screen.findByRole('dialog', { name: 'Change the evaluation session' });
    expect(box('First day')).toBeDisabled();
    expect(within(dialog()).getByRole('combobox', { name: /^Question form/ })).toBeDisabled();
    expect(within(dialog()).getByText('The session has started: classes can be added, not removed.')).toBeInTheDocument();
    // the class it covers cannot be removed
    const chip = within(dialog()).getByText('GL1A').closest('.MuiChip-root')!;
    expect(chip.querySelector('.MuiChip-deleteIcon')).toBeNull();
    await user.click(within(dialog()).getByRole('combobox', { name: /^Classes/ }));
    await user.keyboard('{Backspace}{Escape}');
    expect(within(dialog()).getByText('GL1A')).toBeInTheDocument();

    await chooseClass(user, 'GL2A');
    await user.clear(box('Last day'));
    await user.type(box('Last day'), '07/02/2025');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', PATHS.session(5))).toHaveLength(1));
    expect(api.to('PATCH', PATHS.session(5))[0]!.body).toEqual({ endDate: '2025-02-07', classIds: [61, 62] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog, translated", async () => {
    fakeApi(routes({ [`PATCH ${PATHS.session(5)}`]: error(409, 'EVALUATION_STARTED') }));
    const { user } = renderApp('/academic/evaluation/sessions', { user: academicUser() });
    await user.click(await screen.findByRole('button', { name: 'Change Semester 1 evaluation' }));
    await screen.findByRole('dialog');
    await user.clear(box('Name (English)'));
    await user.type(box('Name (English)'), 'Semester 1');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This evaluation session has started: its form and its start date can no longer be changed, and classes can only be added',
    );
  });
});
