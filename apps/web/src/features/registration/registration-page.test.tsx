import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { mainMenuLink } from '../../test/menu';
import { choose } from '../../test/select';
import { openStep, registrationState, staff, STAFF, stepButton, wizardApi } from './registration-fixtures';

describe('registration wizard: the stepper', () => {
  it('shows each step as saved, missing mandatory data or unsaved after typing, and opens any step', async () => {
    const state = registrationState({
      status: { savedAt: '2024-01-10T09:00:00.000Z' },
      personal: { savedAt: '2024-01-10T09:00:00.000Z' },
      address: { savedAt: null, missing: ['LIVING_TOWN', 'PRECINCT'] },
      'last-job': { savedAt: '2024-01-10T09:00:00.000Z', missing: ['LASTEMPLOYER'] },
    });
    wizardApi(STAFF, state);
    const { user } = renderApp('/registration');

    expect(await screen.findByRole('heading', { name: 'My registration', level: 1 })).toBeInTheDocument();
    const steps = await screen.findByRole('navigation', { name: 'Registration steps' });
    expect(within(steps).getAllByRole('tab')).toHaveLength(14);
    await waitFor(() => expect(stepButton('Category')).toHaveTextContent('Saved'));
    expect(stepButton('Category')).toHaveAttribute('aria-selected', 'true');
    expect(stepButton('Address and contacts')).toHaveTextContent('Mandatory information missing');
    // saved once, but a mandatory field is still empty: missing wins
    expect(stepButton('Last job')).toHaveTextContent('Mandatory information missing');
    expect(stepButton('Family')).toHaveTextContent('Not saved yet');
    expect(stepButton('Closure')).toHaveTextContent('Not ready to close');
    expect(screen.getByText(/Mandatory information still missing: 3/)).toBeInTheDocument();

    // any step, in any order
    const form = await openStep(user, 'Emergency contacts');
    expect(stepButton('Emergency contacts')).toHaveAttribute('aria-selected', 'true');
    expect(stepButton('Category')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('heading', { name: 'Emergency contacts', level: 2 })).toHaveFocus();

    await user.type(within(form).getByRole('textbox', { name: /Emergency contact 1: name/ }), 'Marie Ngo');
    expect(stepButton('Emergency contacts')).toHaveTextContent('Unsaved changes');
    // typing it back to what was saved is no change
    await user.clear(within(form).getByRole('textbox', { name: /Emergency contact 1: name/ }));
    expect(stepButton('Emergency contacts')).toHaveTextContent('Not saved yet');
    await user.type(within(form).getByRole('textbox', { name: /Emergency contact 1: name/ }), 'Marie');

    // moving away keeps what was typed, and the step stays marked
    await openStep(user, 'Personal information');
    expect(stepButton('Emergency contacts')).toHaveTextContent('Unsaved changes');
    const again = await openStep(user, 'Emergency contacts');
    expect(within(again).getByRole('textbox', { name: /Emergency contact 1: name/ })).toHaveValue('Marie');
  });

  it('saves a step: dates typed dd/mm/yyyy go as YYYY-MM-DD, the step is saved and the record refreshed', async () => {
    let state = registrationState({ 'last-job': { missing: ['LASTJOB', 'LASTEMPLOYER', 'LASTJOBSTART', 'LASTJOBEND'] } });
    const api = wizardApi(STAFF, state, {
      'PATCH /api/students/update/last-job': (request) => {
        state = registrationState({ 'last-job': { savedAt: '2024-02-01T10:00:00.000Z' } });
        return { body: staff({ ...(request.body as object), LASTJOBSTILL: false }) };
      },
      'GET /api/students/registration': () => ({ body: state }),
    });
    const { user, queryClient } = renderApp('/registration');
    const form = await openStep(user, 'Last job');
    expect(stepButton('Last job')).toHaveTextContent('Mandatory information missing');
    await user.type(within(form).getByRole('textbox', { name: /Title of the last job/ }), 'Lecturer');
    await user.type(within(form).getByRole('textbox', { name: /Last employer/ }), 'Université de Douala');
    await user.type(within(form).getByRole('textbox', { name: /Begin date/ }), '01092015');
    await user.type(within(form).getByRole('textbox', { name: /End date/ }), '31072020');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successly saved !')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/students/update/last-job')[0]?.body).toEqual({
      LASTJOB: 'Lecturer',
      LASTEMPLOYER: 'Université de Douala',
      LASTJOBSTART: '2015-09-01',
      LASTJOBEND: '2020-07-31',
      LASTJOBSTILL: false,
    });
    await waitFor(() => expect(stepButton('Last job')).toHaveTextContent('Saved'));
    expect(within(form).getByRole('textbox', { name: /Begin date/ })).toHaveValue('01/09/2015');
    expect(queryClient.getQueryData<{ LASTEMPLOYER: string }>(['session'])?.LASTEMPLOYER).toBe('Université de Douala');
  });

  it('keeps what was typed when a save fails, with the server field message and the code message', async () => {
    wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/personal': error(400, 'VALIDATION_FAILED', { fields: { BIRTHPLACE: 'validation.tooLong' } }),
      'PATCH /api/students/update/emergency': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Personal information');
    expect(within(form).getByRole('textbox', { name: 'Matricule' })).toHaveValue('VAC0002');
    expect(within(form).getByRole('textbox', { name: 'Matricule' })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly');
    await user.clear(within(form).getByRole('textbox', { name: /Birthplace/ }));
    await user.type(within(form).getByRole('textbox', { name: /Birthplace/ }), 'Ebolowa');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Fill correctly the blanks to continue');
    expect(within(form).getByText('This value is too long')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Birthplace/ })).toHaveValue('Ebolowa');
    expect(stepButton('Personal information')).toHaveTextContent('Unsaved changes');

    const emergency = await openStep(user, 'Emergency contacts');
    await user.type(within(emergency).getByRole('textbox', { name: /Emergency contact 1: name/ }), 'Marie Ngo');
    await user.click(within(emergency).getByRole('button', { name: 'Save' }));
    expect(await within(emergency).findByRole('alert')).toHaveTextContent('An error has occured during saving');
    expect(within(emergency).getByRole('textbox', { name: /Emergency contact 1: name/ })).toHaveValue('Marie Ngo');
  });

  it('asks before leaving the page with unsaved changes', async () => {
    wizardApi(STAFF, registrationState(), { 'GET /api/students/7': { body: STAFF } });
    const { user, location } = renderApp('/registration');
    const form = await openStep(user, 'Emergency contacts');
    await user.type(within(form).getByRole('textbox', { name: /Emergency contact 1: name/ }), 'Marie');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(await mainMenuLink(user, 'My profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    expect(location().pathname).toBe('/registration');
    expect(within(form).getByRole('textbox', { name: /Emergency contact 1: name/ })).toHaveValue('Marie');

    await user.click(await mainMenuLink(user, 'My profile'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location().pathname).toBe('/profile'));
  });

  it('is read-only once the registration is closed', async () => {
    const closed = staff({ ACTIVED: true, CLOSED_AT: '2024-03-01T10:00:00.000Z', CV_LINK: '/api/files/cv1', LASTJOB: 'Lecturer' });
    wizardApi(closed, registrationState({}, { ACTIVED: true, CLOSED_AT: '2024-03-01T10:00:00.000Z' }));
    const { user } = renderApp('/registration');
    expect(await screen.findByText('Your registration is closed: changes now go through the human resources service.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Category' });
    for (const radio of within(form).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    const job = await openStep(user, 'Last job');
    expect(within(job).getByRole('textbox', { name: /Title of the last job/ })).toBeDisabled();
    expect(within(job).getByRole('textbox', { name: /Title of the last job/ })).toHaveValue('Lecturer');
    expect(within(job).getByRole('checkbox', { name: 'I still hold this job' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(stepButton('Documents'));
    const cv = await screen.findByRole('group', { name: 'CV (PDF)' });
    expect(within(cv).getByRole('link', { name: 'View: CV (PDF)' })).toHaveAttribute('href', '/api/files/cv1');
    expect(within(cv).queryByLabelText(/Replace the file/)).not.toBeInTheDocument();
    expect(within(cv).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(stepButton('Closure'));
    expect(await screen.findByText('Your registration was closed on 01/03/2024.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close my registration' })).not.toBeInTheDocument();
  });

  it('turns read-only when the server says the registration was closed meanwhile', async () => {
    wizardApi(STAFF, registrationState(), { 'PATCH /api/students/update/status': error(403, 'REGISTRATION_CLOSED') });
    const { user } = renderApp('/registration');
    const form = await screen.findByRole('form', { name: 'Category' });
    await user.click(within(form).getByRole('radio', { name: 'Permanent (full-time)' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your registration is closed: changes go through the human resources service');
    expect(screen.getByText('Your registration is closed: changes now go through the human resources service.')).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Permanent (full-time)' })).toBeDisabled();
  });

  it('is for the staff: the menu shows it to them, students go to their profile', async () => {
    wizardApi(person(), registrationState(), { 'GET /api/students/7': { body: person() } });
    const { location } = renderApp('/registration');
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'My registration' })).not.toBeInTheDocument();
  });

  it('offers a Registration menu entry to the staff', async () => {
    wizardApi(STAFF);
    const { user } = renderApp('/registration');
    expect(await mainMenuLink(user, 'My registration')).toHaveAttribute('href', '/registration');
  });
});

describe('registration wizard: a select of the status step', () => {
  it('saves the category', async () => {
    const api = wizardApi(staff({ STATUS: null }), registrationState({ status: { missing: ['STATUS'] } }), {
      'PATCH /api/students/update/status': { body: staff({ STATUS: 'PERMANENT' }) },
    });
    const { user } = renderApp('/registration');
    const form = await screen.findByRole('form', { name: 'Category' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/students/update/status')).toHaveLength(0);
    await user.click(within(form).getByRole('radio', { name: 'Internship' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/status')[0]?.body).toEqual({ STATUS: 'STAGIAIRE' }));
  });

  it('chooses a country in the current language and keeps its English name', async () => {
    const api = wizardApi(staff({ COUNTRY: null, BIRTHPLACE: 'Kribi' }), registrationState(), {
      'PATCH /api/students/update/personal': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Personal information');
    const country = within(form).getByRole('combobox', { name: /Country or nationality/ });
    await waitFor(() => expect(country).toHaveValue('Cameroon'));
    await user.clear(country);
    await user.type(country, 'Cha');
    await user.click(await screen.findByRole('option', { name: 'Chad' }));
    await choose(user, within(form).getByRole('combobox', { name: /Region of origin/ }), 'Far North');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/personal')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/personal')[0]?.body).toMatchObject({
      COUNTRY: 'Chad',
      REGION_ORIGIN: 'Far North',
      BIRTHDATE: '1980-05-12',
      BIRTHPLACE: 'Kribi',
    });
  });
});

describe('registration wizard: on a phone and in French', () => {
  it('names the current step on one line that opens the list of steps', async () => {
    (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({ width: 375, height: 800 });
    try {
      wizardApi(STAFF, registrationState({ status: { savedAt: '2024-01-10T09:00:00.000Z' } }));
      const { user } = renderApp('/registration');
      const toggle = await screen.findByRole('button', { name: 'Step 1 of 14: Category' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.click(await screen.findByRole('tab', { name: /Family/ }));
      expect(await screen.findByRole('button', { name: 'Step 5 of 14: Family' })).toHaveAttribute('aria-expanded', 'false');
      expect(await screen.findByRole('form', { name: 'Family' })).toBeInTheDocument();
    } finally {
      (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({
        width: 1024,
        height: 768,
      });
    }
  });

  it('speaks French, country names included', async () => {
    const record = staff({ LANGUAGE: 'fr' });
    wizardApi(record);
    await changeLanguage('fr');
    const { user } = renderApp('/registration');
    expect(await screen.findByRole('heading', { name: 'Mon inscription', level: 1 })).toBeInTheDocument();
    const form = await openStep(user, 'Informations personnelles');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Pays ou nationalité/ })).toHaveValue('Cameroun'));
    await openStep(user, 'Adresse et contacts');
    const address = screen.getByRole('form', { name: 'Adresse et contacts' });
    await user.click(within(address).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(address).findByRole('alert')).toHaveTextContent('Renseignez votre ville de résidence et votre quartier pour continuer');
  });
});
