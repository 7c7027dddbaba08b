import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { academicUser, formSummary, PATHS, questionForm } from './evaluation-fixtures';
import { choose } from '../../test/select';

const ACADEMIC = academicUser();

function routes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${PATHS.forms}`]: { body: { forms: [formSummary()] } },
    [`GET ${PATHS.form(31)}`]: { body: questionForm() },
    [`POST ${PATHS.forms}`]: (request) => ({ status: 201, body: questionForm({ id: 40, ...(request.body as object), content: questionForm().content }) }),
    [`PUT ${PATHS.form(31)}`]: { body: questionForm() },
    [`POST ${PATHS.duplicate(31)}`]: { status: 201, body: questionForm({ id: 41, name: 'Teaching evaluation (copy)', inUse: false, sessions: 0 }) },
    [`GET ${PATHS.form(41)}`]: { body: questionForm({ id: 41, name: 'Teaching evaluation (copy)' }) },
    [`GET ${PATHS.form(40)}`]: { body: questionForm({ id: 40 }) },
    ...overrides,
  };
}

type User = ReturnType<typeof renderApp>['user'];
const region = (name: string) => screen.getByRole('region', { name });
const box = (scope: HTMLElement, name: string) => within(scope).getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

/** Types a whole value at once (a paste): the editor is long, key by key would be slow. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function pickType(user: User, scope: HTMLElement, type: string) {
  await choose(user, within(scope).getByRole('combobox', { name: 'Type' }), type);
}

describe('the question form editor', () => {
  it('checks the form with the contract schema before sending it: blanks and bad marks', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/academic/evaluation/forms/new', { user: ACADEMIC });
    await screen.findByRole('heading', { level: 1, name: 'New question form' });
    // a new form starts with a section holding a required 1-5 scale question
    expect(within(region('Question 1.1')).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Scale from 1 to 5');
    expect(within(region('Question 1.1')).getByRole('switch', { name: 'Required' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save the form' }));
    expect(await screen.findByText('Fill correctly the blanks to continue')).toBeInTheDocument();
    // the names, the section's two titles and the question's two labels
    expect(screen.getAllByText('This field is required')).toHaveLength(6);

    // a choice question comes with two options to fill, each with a mark from 0 to 20
    const question = region('Question 1.1');
    await pickType(user, question, 'One choice among options');
    const [agree, disagree] = within(question).getAllByRole('group', { name: /^Option \d/ });
    await fill(user, box(agree!, 'Mark'), 'high');
    await fill(user, box(disagree!, 'Mark'), '25');
    await user.click(screen.getByRole('button', { name: 'Save the form' }));
    expect(await screen.findAllByText('This value is not valid')).toHaveLength(2);
    // two options at least: neither can be removed
    expect(within(question).getByRole('button', { name: 'Remove option 2' })).toBeDisabled();
    expect(api.to('POST', PATHS.forms)).toHaveLength(0);
  });

  it('saves a new form: its names, sections and questions in EN and FR, required or not, options with their marks', async () => {
    const api = fakeApi(routes());
    const { user, location } = renderApp('/academic/evaluation/forms/new', { user: ACADEMIC });
    await screen.findByRole('heading', { level: 1, name: 'New question form' });
    await fill(user, box(document.body, 'Name (English)'), 'End of semester');
    await fill(user, box(document.body, 'Name (French)'), 'Fin de semestre');
    await fill(user, box(region('Section 1'), 'Section title (English)'), 'Teaching');
    await fill(user, box(region('Section 1'), 'Section title (French)'), 'Enseignement');
    await fill(user, box(region('Question 1.1'), 'Question (English)'), 'Overall quality');
    await fill(user, box(region('Question 1.1'), 'Question (French)'), 'Qualité générale');

    await user.click(within(region('Section 1')).getByRole('button', { name: 'Add a question' }));
    const choice = region('Question 1.2');
    await pickType(user, choice, 'One choice among options');
    await fill(user, box(choice, 'Question (English)'), 'Clear explanations');
    await fill(user, box(choice, 'Question (French)'), 'Explications claires');
    const [agree, disagree] = within(choice).getAllByRole('group', { name: /^Option \d/ });
    await fill(user, box(agree!, 'Option (English)'), 'Agree');
    await fill(user, box(agree!, 'Option (French)'), 'D’accord');
    await fill(user, box(agree!, 'Mark'), '4');
    await fill(user, box(disagree!, 'Option (English)'), 'Disagree');
    await fill(user, box(disagree!, 'Option (French)'), 'Pas d’accord');
    await fill(user, box(disagree!, 'Mark'), '1,5');
    await user.click(within(choice).getByRole('switch', { name: 'Required' }));

    await user.click(screen.getByRole('button', { name: 'Save the form' }));
    await waitFor(() => expect(api.to('POST', PATHS.forms)).toHaveLength(1));
    expect(api.to('POST', PATHS.forms)[0]!.body).toEqual({
      name: 'End of semester',
      nameFr: 'Fin de semestre',
      content: {
        sections: [
          {
            label: 'Teaching',
            labelFr: 'Enseignement',
            questions: [
              { type: 'SCALE', label: 'Overall quality', labelFr: 'Qualité générale', required: true, options: [] },
              {
                type: 'CHOICE',
                label: 'Clear explanations',
                labelFr: 'Explications claires',
                required: false,
                options: [
                  { label: 'Agree', labelFr: 'D’accord', mark: 4 },
                  { label: 'Disagree', labelFr: 'Pas d’accord', mark: 1.5 },
                ],
              },
            ],
          },
        ],
      },
    });
    // saved: the new form opens, nothing left to lose
    await waitFor(() => expect(location().pathname).toBe('/academic/evaluation/forms/40'));
  });

  it('reorders sections and questions, adds an option, and keeps the existing keys in place', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/academic/evaluation/forms/31', { user: ACADEMIC });
    const choice = await screen.findByRole('region', { name: 'Question 1.1' });
    await user.click(within(choice).getByRole('button', { name: 'Add an option' }));
    const added = within(choice).getByRole('group', { name: 'Option 3' });
    await fill(user, box(added, 'Option (English)'), 'Partly');
    await fill(user, box(added, 'Option (French)'), 'En partie');
    await fill(user, box(added, 'Mark'), '2');

    // the comments section goes first, the scale question before the choice
    await user.click(screen.getByRole('button', { name: 'Move section 2 up' }));
    await user.click(within(region('Section 2')).getByRole('button', { name: 'Move question 2.2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save the form' }));
    await waitFor(() => expect(api.to('PUT', PATHS.form(31))).toHaveLength(1));
    const body = api.to('PUT', PATHS.form(31))[0]!.body as {
      content: { sections: { key?: string; questions: { key?: string; options: { key?: string; label: string }[] }[] }[] };
    };
    expect(body.content.sections.map((section) => section.key)).toEqual(['s2', 's1']);
    expect(body.content.sections[1]!.questions.map((question) => question.key)).toEqual(['q2', 'q1']);
    expect(body.content.sections[1]!.questions[1]!.options.map((option) => [option.key, option.label])).toEqual([
      ['o1', 'Agree'],
      ['o2', 'Disagree'],
      [undefined, 'Partly'],
    ]);
    expect(await screen.findByText('Form saved !')).toBeInTheDocument();
  });

  it('shows where the server refuses a list (a choice question with too few options)', async () => {
    const api = fakeApi(
      routes({ [`PUT ${PATHS.form(31)}`]: error(400, 'VALIDATION_FAILED', { fields: { 'content.sections.0.questions.0.options': 'validation.required' } }) }),
    );
    const { user } = renderApp('/academic/evaluation/forms/31', { user: ACADEMIC });
    const choice = await screen.findByRole('region', { name: 'Question 1.1' });
    await user.click(screen.getByRole('button', { name: 'Save the form' }));
    await waitFor(() => expect(api.to('PUT', PATHS.form(31))).toHaveLength(1));
    expect(await within(choice).findByText('A choice question needs at least two options.')).toBeInTheDocument();
    expect(screen.getByText('Fill correctly the blanks to continue')).toBeInTheDocument();
  });

  it('previews the form exactly as a student answers it: sections, required questions and Submit, nothing sent', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp('/academic/evaluation/forms/31', { user: ACADEMIC });
    const section = await screen.findByRole('region', { name: 'Section 1' });
    // what is typed and not saved shows too
    await user.clear(box(section, 'Section title (English)'));
    await fill(user, box(section, 'Section title (English)'), 'The teaching');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: Teaching evaluation' });
    expect(within(preview).getByText('Section 1 of 2')).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { level: 2, name: 'The teaching' })).toBeInTheDocument();
    const choice = within(preview).getByRole('group', { name: /explains clearly/ });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Agree', 'Disagree']);
    await user.click(within(preview).getByRole('button', { name: 'Next' }));
    expect(await within(preview).findByText('2 questions of this section need an answer.')).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'Agree' }));
    await user.click(within(within(preview).getByRole('group', { name: /Overall quality/ })).getByRole('radio', { name: '5 out of 5' }));
    await user.click(within(preview).getByRole('button', { name: 'Next' }));
    await user.click(await within(preview).findByRole('button', { name: 'Submit my evaluation' }));
    expect(await within(preview).findByText(/Every required question is answered/)).toBeInTheDocument();
    expect(api.to('POST', PATHS.submit)).toHaveLength(0);
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('explains a form a started session uses, frozen, and offers to duplicate it', async () => {
    const api = fakeApi(routes({ [`GET ${PATHS.form(31)}`]: { body: questionForm({ inUse: true, sessions: 1 }) } }));
    const { user, location } = renderApp('/academic/evaluation/forms/31', { user: ACADEMIC });
    expect(await screen.findByText(/An evaluation session that has started uses this form/)).toBeInTheDocument();
    expect(box(document.body, 'Name (English)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save the form' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Duplicate it' }));
    await waitFor(() => expect(api.to('POST', PATHS.duplicate(31))).toHaveLength(1));
    await waitFor(() => expect(location().pathname).toBe('/academic/evaluation/forms/41'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teaching evaluation (copy)' })).toBeInTheDocument();
    expect(box(document.body, 'Name (English)')).toBeEnabled();
  });

  it('says why a save is refused when a session started meanwhile (FORM_IN_USE), and saves the changes as a new form', async () => {
    const api = fakeApi(routes({ [`PUT ${PATHS.form(31)}`]: error(409, 'FORM_IN_USE') }));
    const { user, location } = renderApp('/academic/evaluation/forms/31', { user: ACADEMIC });
    const name = await screen.findByRole('textbox', { name: 'Name (English)' });
    await user.clear(name);
    await fill(user, name, 'Teaching evaluation v2');
    await user.click(screen.getByRole('button', { name: 'Save the form' }));
    expect(await screen.findByText('This form is used by an evaluation session that has started; duplicate it to change it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as a new form' }));
    await waitFor(() => expect(api.to('POST', PATHS.forms)).toHaveLength(1));
    expect(api.to('POST', PATHS.forms)[0]!.body).toMatchObject({ name: 'Teaching evaluation v2', nameFr: 'Évaluation des enseignements' });
    await waitFor(() => expect(location().pathname).toBe('/academic/evaluation/forms/40'));
  });

  it('asks before leaving with unsaved changes', async () => {
    fakeApi(routes({ 'GET /api/evaluation-sessions': { body: { sessions: [] } } }));
    const { user, location } = renderApp('/academic/evaluation/forms/31', { user: ACADEMIC });
    await fill(user, await screen.findByRole('textbox', { name: 'Name (English)' }), ' 2025');
    await user.click(screen.getByRole('link', { name: 'Back to the forms' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(ask).getByText('Your changes to this form are not saved and will be lost.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Stay on the page' }));
    expect(location().pathname).toBe('/academic/evaluation/forms/31');
    await user.click(screen.getByRole('link', { name: 'Back to the forms' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location().pathname).toBe('/academic/evaluation/forms'));
  });
});
