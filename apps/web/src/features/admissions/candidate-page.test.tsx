import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { CANDIDATES_PATH, candidateFile, DECISIONS_PATH, HND_SWE, officeHandlers, officeUser, studentUser } from './admissions-fixtures';
import { choose, openSelect } from '../../test/select';

const PAGE = '/admissions/candidates/901';
const FILE_PATH = `${CANDIDATES_PATH}/901`;
const section = (name: string) => screen.findByRole('region', { name });
const facts = (region: HTMLElement) => {
  const terms = within(region)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(region)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

describe("a candidate's file (the admissions office)", () => {
  it('shows what the candidate gave, grouped, the payments and each document with its link', async () => {
    fakeApi(officeHandlers());
    renderApp(PAGE, { user: officeUser(), state: { from: '?paid=true' } });
    expect(await screen.findByRole('heading', { name: 'Abena Sandrine', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the candidates' })).toHaveAttribute('href', '/admissions/candidates?paid=true');
    expect(facts(screen.getByRole('region', { name: 'The registration' }))).toMatchObject({
      'Candidate number': 'C27000001',
      'Entrance exam': 'Entrance exam, first session · 2026-2027 · School of Computer Science',
      'Registration fee': '25.000 FCFA',
      Fee: 'Paid',
      Documents: 'Complete',
      Decision: 'No decision',
    });
    expect(facts(await section('Identity'))).toMatchObject({
      'Date of birth': '12/03/2007',
      Gender: 'Female',
      'Region of origin': 'Centre',
      Department: 'Mfoundi',
      'First language': 'French',
    });
    expect(facts(await section('Diploma held'))).toMatchObject({
      Diploma: 'Baccalauréat C',
      Mark: '14.5 / 20',
      Honours: 'Good',
      'Last year': 'At secondary school',
      'Rank last year': '—',
    });
    expect(facts(await section('Formation asked for'))).toMatchObject({
      'First choice': 'Computer systems management (Higher technician certificate)',
      'Second choice': 'Software engineering (Higher national diploma)',
    });
    expect(facts(await section('Disability and sports'))).toMatchObject({ Disability: 'No', 'Practises a sport': 'Yes', 'Main sport': 'Football' });

    const payments = within(await section('Payments')).getByRole('table', { name: 'Payments' });
    expect(within(payments).getAllByRole('row')[1]!.textContent).toContain('MTN Mobile Money677***45625.000 FCFA250 FCFAPaidR26-000042');

    const documents = await section('Documents');
    const diploma = within(documents).getByRole('listitem', { name: 'Diploma' });
    expect(within(diploma).getByRole('link', { name: 'Diploma: view' })).toHaveAttribute('href', '/api/admissions/candidates/901/documents/DIPLOMA');
    expect(within(diploma).getByText('To check')).toBeInTheDocument();
  });

  it('marks a document checked', async () => {
    const api = fakeApi(officeHandlers({ [`POST ${FILE_PATH}/documents/PHOTO/check`]: { body: { ...candidateFile().documents[0], status: 'CHECKED' } } }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    const documents = await section('Documents');
    const reads = api.to('GET', FILE_PATH).length;
    await user.click(within(documents).getByRole('button', { name: '4x4 photo: mark checked' }));
    await waitFor(() => expect(api.to('POST', `${FILE_PATH}/documents/PHOTO/check`)).toHaveLength(1));
    expect(await screen.findByText('Document marked checked: 4x4 photo !')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET', FILE_PATH).length).toBeGreaterThan(reads));
  });

  it('asks for a replacement with a reason, which is mailed', async () => {
    const replaced = { ...candidateFile().documents[1]!, status: 'REPLACE_REQUESTED' as const, note: 'The scan is unreadable' };
    const api = fakeApi(officeHandlers({ [`POST ${FILE_PATH}/documents/BIRTH_CERTIFICATE/replace`]: { body: replaced } }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    const documents = await section('Documents');
    await user.click(within(documents).getByRole('button', { name: 'Birth certificate: ask for a replacement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a new document: Birth certificate' });
    // a reason of a few words at least
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Ask and mail' }));
    expect(await within(dialog).findByText('Give a reason of a few words')).toBeInTheDocument();
    expect(api.to('POST', `${FILE_PATH}/documents/BIRTH_CERTIFICATE/replace`)).toHaveLength(0);
    // the candidate's file as it reads once the document is to be replaced
    api.set(`GET ${FILE_PATH}`, {
      body: candidateFile({ documents: [candidateFile().documents[0]!, replaced, candidateFile().documents[2]!], documentsComplete: false }),
    });
    await user.clear(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'The scan is unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Ask and mail' }));
    await waitFor(() =>
      expect(api.to('POST', `${FILE_PATH}/documents/BIRTH_CERTIFICATE/replace`).map((r) => r.body)).toEqual([{ REASON: 'The scan is unreadable' }]),
    );
    expect(await screen.findByText('The candidate was asked for a new document !')).toBeInTheDocument();
    const certificate = within(await section('Documents')).getByRole('listitem', { name: 'Birth certificate' });
    expect(await within(certificate).findByText('Replacement asked: The scan is unreadable')).toBeInTheDocument();
    expect(facts(screen.getByRole('region', { name: 'The registration' })).Documents).toBe('Incomplete');
  });

  it("sets the decision for one of the candidate's choices", async () => {
    const api = fakeApi(officeHandlers({ [`POST ${DECISIONS_PATH}`]: { body: { recorded: 1, mailed: 1, unchanged: 0 } } }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    const decision = await section('Decision');
    expect(within(decision).getByText('No decision yet.')).toBeInTheDocument();
    // a decision must be chosen
    await user.click(within(decision).getByRole('button', { name: 'Record the decision' }));
    expect(await within(decision).findByRole('alert')).toHaveTextContent('This field is required');
    await choose(user, within(decision).getByRole('combobox', { name: 'Decision' }), 'Waiting list');
    const options = within(
      await openSelect(user, within(decision).getByRole('combobox', { name: "Speciality (one of the candidate's choices)" })),
    ).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Computer systems management (Higher technician certificate)',
      'Software engineering (Higher national diploma)',
    ]);
    await user.click(options[1]!);
    api.set(`GET ${FILE_PATH}`, {
      body: candidateFile({
        decision: {
          DECISION: 'WAITING_LIST',
          SPECIALITY_ID: HND_SWE.SPECIALITY_ID,
          SPECIALITY_DESCRIPTION: 'Software engineering',
          SPECIALITY_DESCRIPTION_FR: 'Génie logiciel',
          decidedAt: '2026-07-25T10:00:00.000Z',
        },
      }),
    });
    await user.click(within(decision).getByRole('button', { name: 'Record the decision' }));
    await waitFor(() =>
      expect(api.to('POST', DECISIONS_PATH).map((r) => r.body)).toEqual([
        { decisions: [{ CANDIDATE_NUMBER: 'C27000001', DECISION: 'WAITING_LIST', SPECIALITY_ID: 403 }] },
      ]),
    );
    expect(await screen.findByText('Decision recorded and mailed to the candidate !')).toBeInTheDocument();
    expect(await within(await section('Decision')).findByText(/^Waiting list in Software engineering, decided on 25\/07\/2026/)).toBeInTheDocument();
  });

  it('shows why a decision was refused', async () => {
    fakeApi(officeHandlers({ [`POST ${DECISIONS_PATH}`]: error(400, 'DECISION_IMPORT_INVALID', { fields: { 'line 1': 'validation.invalid' } }) }));
    const { user } = renderApp(PAGE, { user: officeUser() });
    const decision = await section('Decision');
    await choose(user, within(decision).getByRole('combobox', { name: 'Decision' }), 'Admitted');
    await user.click(within(decision).getByRole('button', { name: 'Record the decision' }));
    expect(await within(decision).findByRole('alert')).toHaveTextContent('The decision was not recorded: This value is not valid');
  });

  it('reads in French', async () => {
    fakeApi(officeHandlers());
    renderApp(PAGE, { user: officeUser() });
    await section('Documents');
    await act(() => changeLanguage('fr'));
    expect(await screen.findByRole('region', { name: 'Pièces' })).toBeInTheDocument();
    expect(facts(screen.getByRole('region', { name: "L'inscription" }))).toMatchObject({
      'Numéro de candidat': 'C27000001',
      Frais: 'Payé',
      Pièces: 'Complètes',
      Décision: 'Sans décision',
    });
    expect(facts(screen.getByRole('region', { name: 'Formation demandée' }))).toMatchObject({
      'Premier choix': 'Gestion des systèmes informatiques (Higher technician certificate)',
    });
    expect(
      within(screen.getByRole('region', { name: 'Pièces' })).getByRole('button', { name: 'Acte de naissance\u00a0: demander un remplacement' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux candidats' })).toBeInTheDocument();
  });

  it('says not found for a malformed id, without asking', async () => {
    const api = fakeApi(officeHandlers());
    renderApp('/admissions/candidates/abc', { user: officeUser() });
    expect(await screen.findByText('No element to show')).toBeInTheDocument();
    expect(api.to('GET', `${CANDIDATES_PATH}/abc`)).toHaveLength(0);
  });

  it('is the not-found page for a student, who sends no request', async () => {
    const api = fakeApi(officeHandlers());
    renderApp(PAGE, { user: studentUser() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', FILE_PATH)).toHaveLength(0);
  });
});
