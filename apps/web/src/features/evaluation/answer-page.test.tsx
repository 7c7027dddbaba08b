import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { answerDraftKey } from './answer-draft';
import { MY_EVALUATIONS, PATHS, questionForm, studentUser } from './evaluation-fixtures';

const STUDENT = studentUser();
const TARGET = 901;

function routes(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    [`GET ${PATHS.mine(STUDENT.id)}`]: { body: { items: MY_EVALUATIONS } },
    [`GET ${PATHS.form(31)}`]: { body: questionForm() },
    [`POST ${PATHS.submit}`]: { status: 201, body: { STUDENT_EVALUATION_SESSION: TARGET, done: true } },
    ...overrides,
  };
}

type User = ReturnType<typeof renderApp>['user'];
const submitted = (api: ReturnType<typeof fakeApi>) => api.to('POST', PATHS.submit);
const question = (name: RegExp) => screen.getByRole('group', { name });

/** Answers the first section: "Agree", then 4 on the scale, and goes on. */
async function answerFirstSection(user: User) {
  await user.click(within(question(/explains clearly/)).getByRole('radio', { name: 'Agree' }));
  await user.click(within(question(/Overall quality/)).getByRole('radio', { name: '4 out of 5' }));
}

describe("a student's evaluations", () => {
  it('lists, by session, what is open to evaluate, what is done, and the sessions not open yet or ended', async () => {
    fakeApi(routes());
    renderApp('/evaluation', { user: STUDENT });
    const open = await screen.findByRole('region', { name: 'Semester 1 evaluation' });
    expect(within(open).getByText('Open until 31/01/2025 included')).toBeInTheDocument();
    expect(within(open).getByText('1 of 2 done')).toBeInTheDocument();
    const algorithms = within(open).getByRole('listitem', { name: 'Algorithms, Mbarga Jean-Pierre' });
    expect(within(algorithms).getByRole('link', { name: 'Evaluate' })).toHaveAttribute('href', '/evaluation/901');
    const calculus = within(open).getByRole('listitem', { name: 'Calculus, Ngono Marie' });
    expect(within(calculus).getByText('Done')).toBeInTheDocument();
    expect(within(calculus).queryByRole('link')).not.toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: 'Semester 2 evaluation' });
    expect(within(upcoming).getByText('Not open yet: it opens on 02/06/2025')).toBeInTheDocument();
    expect(within(upcoming).queryByRole('link')).not.toBeInTheDocument();
    const ended = screen.getByRole('region', { name: 'Previous year evaluation' });
    expect(within(ended).getByText('Closed: it ended on 20/05/2024')).toBeInTheDocument();
    expect(within(ended).getByText('Closed')).toBeInTheDocument();
    // anonymity, and the threshold, said on the page
    expect(screen.getByText(/Your answers are anonymous/)).toHaveTextContent('only once at least 5 students have answered');
  });

  it('drops the drafts of evaluations done elsewhere or of ended sessions, and keeps the others', async () => {
    fakeApi(routes());
    const draft = JSON.stringify({ v: 1, answers: { q1: 'o1' }, step: 0, savedAt: '2025-01-14T10:00:00.000Z' });
    for (const target of [901, 902, 904]) localStorage.setItem(answerDraftKey(STUDENT.id, target), draft);
    renderApp('/evaluation', { user: STUDENT });
    const open = await screen.findByRole('region', { name: 'Semester 1 evaluation' });
    expect(within(within(open).getByRole('listitem', { name: 'Algorithms, Mbarga Jean-Pierre' })).getByRole('link', { name: 'Continue' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(answerDraftKey(STUDENT.id, 902))).toBeNull());
    expect(localStorage.getItem(answerDraftKey(STUDENT.id, 904))).toBeNull();
    expect(localStorage.getItem(answerDraftKey(STUDENT.id, 901))).toBe(draft);
  });

  it('asks section by section, marks required questions, shows progress and refuses to go on while a required one has no answer', async () => {
    const api = fakeApi(routes());
    const { user } = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    expect(await screen.findByRole('heading', { level: 1, name: 'Evaluate Algorithms' })).toBeInTheDocument();
    expect(await screen.findByText('Section 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Teaching' })).toBeInTheDocument();
    expect(screen.getByText('0 of 3 questions answered')).toBeInTheDocument();
    expect(question(/explains clearly/)).toHaveAccessibleName('1. The lecturer explains clearly required');
    expect(within(question(/Overall quality/)).getAllByRole('radio')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('2 questions of this section need an answer.')).toBeInTheDocument();
    expect(question(/explains clearly/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Answer this question to continue.')).toHaveLength(2);
    expect(screen.getByText('Section 1 of 2')).toBeInTheDocument();

    await answerFirstSection(user);
    expect(question(/explains clearly/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('2 of 3 questions answered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Section 2 of 2')).toBeInTheDocument();
    expect(question(/What would you change/)).toHaveAccessibleName('3. What would you change? (optional)');
    expect(submitted(api)).toHaveLength(0);
  });

  it('keeps the answers in this browser, never sent, so that leaving and coming back loses nothing', async () => {
    const api = fakeApi(routes());
    const { user, unmount } = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    await screen.findByText('Section 1 of 2');
    await answerFirstSection(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /What would you change/ }), 'More exercises');
    const stored = JSON.parse(localStorage.getItem(answerDraftKey(STUDENT.id, TARGET)) ?? 'null') as { answers: Record<string, unknown>; step: number };
    expect(stored.answers).toEqual({ q1: 'o1', q2: 4, q3: 'More exercises' });
    expect(stored.step).toBe(1);

    // back to the list: the item says Continue
    await user.click(screen.getByRole('link', { name: 'Back to my evaluations' }));
    const item = within(await screen.findByRole('region', { name: 'Semester 1 evaluation' })).getByRole('listitem', { name: 'Algorithms, Mbarga Jean-Pierre' });
    expect(within(item).getByRole('link', { name: 'Continue' })).toBeInTheDocument();
    unmount();

    // another visit (a reload, another day): the answers and the section are back
    const again = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    expect(await screen.findByText(/Your answers of .* are back/)).toBeInTheDocument();
    expect(await screen.findByText('Section 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /What would you change/ })).toHaveValue('More exercises');
    await again.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(within(question(/explains clearly/)).getByRole('radio', { name: 'Agree' })).toBeChecked();
    expect(within(question(/Overall quality/)).getByRole('radio', { name: '4 out of 5' })).toBeChecked();
    expect(submitted(api)).toHaveLength(0);
  });

  it('submits once: the answers by question key, then the draft is deleted and the list shows it done', async () => {
    const api = fakeApi(routes());
    const { user, location } = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    await screen.findByText('Section 1 of 2');
    await answerFirstSection(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /What would you change/ }), '  More exercises  ');
    await user.click(screen.getByRole('button', { name: 'Submit my evaluation' }));
    await waitFor(() => expect(submitted(api)).toHaveLength(1));
    expect(submitted(api)[0]!.body).toEqual({
      STUDENT_EVALUATION_SESSION: TARGET,
      EVALUATION_SESSION_ID: 5,
      input: [
        { id: 'q1', value: 'o1' },
        { id: 'q2', value: 4 },
        { id: 'q3', value: 'More exercises' },
      ],
    });
    await waitFor(() => expect(location().pathname).toBe('/evaluation'));
    expect(await screen.findByText('Thank you: your evaluation of Algorithms is sent.')).toBeInTheDocument();
    const item = within(screen.getByRole('region', { name: 'Semester 1 evaluation' })).getByRole('listitem', { name: 'Algorithms, Mbarga Jean-Pierre' });
    expect(within(item).getByText('Done')).toBeInTheDocument();
    expect(localStorage.getItem(answerDraftKey(STUDENT.id, TARGET))).toBeNull();
  });

  it('leaves an optional question out, and refuses to submit while a required one has no answer, going back to it', async () => {
    const api = fakeApi(routes());
    localStorage.setItem(answerDraftKey(STUDENT.id, TARGET), JSON.stringify({ v: 1, answers: { q1: 'o2' }, step: 1, savedAt: '2025-01-14T10:00:00.000Z' }));
    const { user } = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    expect(await screen.findByText('Section 2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit my evaluation' }));
    expect(await screen.findByText('Section 1 of 2')).toBeInTheDocument();
    expect(question(/Overall quality/)).toHaveAttribute('aria-invalid', 'true');
    expect(question(/explains clearly/)).not.toHaveAttribute('aria-invalid');
    expect(submitted(api)).toHaveLength(0);
    await user.click(within(question(/Overall quality/)).getByRole('radio', { name: '2 out of 5' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Submit my evaluation' }));
    await waitFor(() => expect(submitted(api)).toHaveLength(1));
    expect((submitted(api)[0]!.body as { input: unknown }).input).toEqual([
      { id: 'q1', value: 'o2' },
      { id: 'q2', value: 2 },
    ]);
  });

  it('says so when the lecturer was already evaluated (another device): the draft is dropped and the item done', async () => {
    fakeApi(routes({ [`POST ${PATHS.submit}`]: error(409, 'EVALUATION_ALREADY_ANSWERED') }));
    localStorage.setItem(
      answerDraftKey(STUDENT.id, TARGET),
      JSON.stringify({ v: 1, answers: { q1: 'o1', q2: 5 }, step: 1, savedAt: '2025-01-14T10:00:00.000Z' }),
    );
    const { user } = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    await user.click(await screen.findByRole('button', { name: 'Submit my evaluation' }));
    expect(await screen.findByText('You have already evaluated this lecturer for this subject. Thank you!')).toBeInTheDocument();
    expect(localStorage.getItem(answerDraftKey(STUDENT.id, TARGET))).toBeNull();
  });

  it('translates a closed session and highlights the questions the server refused, keeping the answers', async () => {
    const api = fakeApi(routes({ [`POST ${PATHS.submit}`]: error(409, 'EVALUATION_NOT_OPEN') }));
    localStorage.setItem(
      answerDraftKey(STUDENT.id, TARGET),
      JSON.stringify({ v: 1, answers: { q1: 'o1', q2: 5 }, step: 1, savedAt: '2025-01-14T10:00:00.000Z' }),
    );
    const { user } = renderApp(`/evaluation/${TARGET}`, { user: STUDENT });
    await user.click(await screen.findByRole('button', { name: 'Submit my evaluation' }));
    expect(await screen.findByText('This evaluation session is not open: it has not started yet or it has ended')).toBeInTheDocument();
    expect(localStorage.getItem(answerDraftKey(STUDENT.id, TARGET))).not.toBeNull();

    api.set(`POST ${PATHS.submit}`, error(400, 'EVALUATION_ANSWERS_INVALID', { fields: { q1: 'validation.invalid' } }));
    await user.click(screen.getByRole('button', { name: 'Submit my evaluation' }));
    expect(await screen.findByText('Section 1 of 2')).toBeInTheDocument();
    expect(question(/explains clearly/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Answer every required question with one of its answers')).toBeInTheDocument();
    expect(screen.getByText('1 question of this section needs an answer.')).toBeInTheDocument();
    expect(localStorage.getItem(answerDraftKey(STUDENT.id, TARGET))).not.toBeNull();
  });

  it('does not offer the form of an evaluation done, or of a session not open', async () => {
    const api = fakeApi(routes());
    const done = renderApp('/evaluation/902', { user: STUDENT });
    expect(await screen.findByText('You have already evaluated this lecturer for this subject. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    done.unmount();
    renderApp('/evaluation/903', { user: STUDENT });
    expect(await screen.findByText('Not open yet: it opens on 02/06/2025')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.to('GET', PATHS.form(31))).toHaveLength(0);
  });

  it('answers in French with the French labels', async () => {
    fakeApi(routes());
    await changeLanguage('fr');
    renderApp(`/evaluation/${TARGET}`, { user: { ...STUDENT, LANGUAGE: 'fr' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Enseignement' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'D’accord' })).toBeInTheDocument();
    expect(screen.getByText('Partie 1 sur 2')).toBeInTheDocument();
  });
});
