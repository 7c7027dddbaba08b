import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { choose, openSelect } from '../../test/select';
import { openStep, registrationState, staff, STAFF, wizardApi } from './registration-fixtures';

describe('registration wizard: the rules that live in the forms', () => {
  it('needs the living town and the precinct before saving the address', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/address': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Address and contacts');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Fill your living town and precinct to continue');
    expect(within(form).getAllByText('Fill your living town and precinct to continue')).toHaveLength(3);
    expect(api.to('PATCH', '/api/students/update/address')).toHaveLength(0);

    // the region lists its towns
    expect(within(form).getByRole('combobox', { name: /Living town/ })).toHaveAttribute('aria-disabled', 'true');
    await choose(user, within(form).getByRole('combobox', { name: /Region of residence/ }), 'Littoral');
    const towns = await openSelect(user, within(form).getByRole('combobox', { name: /Living town/ }));
    expect(
      within(towns)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Douala', 'Nkongsamba']);
    await user.click(within(towns).getByRole('option', { name: 'Douala' }));
    await user.type(within(form).getByRole('textbox', { name: /Precinct/ }), 'Bonamoussadi');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/address')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/address')[0]?.body).toMatchObject({
      LIVING_TOWN: 'Douala',
      PRECINCT: 'Bonamoussadi',
      CODE1: '+237',
      NUMPHONE: null,
    });
  });

  it('says which phone number is wrong: number 1 and number 2 have their own message', async () => {
    const api = wizardApi(staff({ LIVING_TOWN: 'Douala', PRECINCT: 'Akwa' }));
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Address and contacts');
    await user.type(within(form).getByRole('textbox', { name: /Phone number 1/ }), '12');
    await user.type(within(form).getByRole('textbox', { name: /Phone number 2/ }), '699');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The format of phone number 1 is incorrect')).toBeInTheDocument();
    expect(within(form).getByText('The format of phone number 2 is incorrect')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Phone number 1/ })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByRole('textbox', { name: /Phone number 2/ }));
    await user.type(within(form).getByRole('textbox', { name: /Phone number 2/ }), '677123456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The format of phone number 1 is incorrect')).toBeInTheDocument();
    expect(within(form).queryByText('The format of phone number 2 is incorrect')).not.toBeInTheDocument();
    expect(api.to('PATCH', '/api/students/update/address')).toHaveLength(0);
  });

  it('shows and requires the spouse only for married people, and lists the children', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/familial': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Family');
    expect(within(form).queryByRole('textbox', { name: /Spouse's last name/ })).not.toBeInTheDocument();

    await choose(user, within(form).getByRole('combobox', { name: /Civil status/ }), 'Married');
    expect(within(form).getByRole('textbox', { name: /Spouse's last name/ })).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Number of children/ }), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Spouse information is required for married users')).toHaveLength(3);
    expect(api.to('PATCH', '/api/students/update/familial')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Spouse's last name/ }), 'Ngo');
    await user.type(within(form).getByRole('textbox', { name: /Spouse's first names/ }), 'Marie');
    await user.type(within(form).getByRole('textbox', { name: /Spouse's birthdate/ }), '03071985');
    await user.click(within(form).getByRole('button', { name: 'Add a child' }));
    const child = within(form).getByRole('group', { name: 'Child 1' });
    await user.type(within(child).getByRole('textbox', { name: /Last name/ }), 'Mbarga');
    await user.type(within(child).getByRole('textbox', { name: /First names/ }), 'Paulin');
    await user.type(within(child).getByRole('textbox', { name: /Birthdate/ }), '01092015');
    await user.click(within(form).getByRole('button', { name: 'Add a child' }));
    await user.click(within(form).getByRole('button', { name: 'Remove child 2' }));
    expect(within(form).queryByRole('group', { name: 'Child 2' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/familial')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/familial')[0]?.body).toEqual({
      CIVILSTATUS: 'Married',
      SPLASTNAME: 'Ngo',
      SPFIRSTNAME: 'Marie',
      SPBIRTHDATE: '1985-07-03',
      CHILDNUM: 1,
      CHILDREN: [{ LASTNAME: 'Mbarga', FIRSTNAME: 'Paulin', BIRTHDATE: '2015-09-01' }],
    });

    // single again: the spouse disappears, and is not sent
    await choose(user, within(form).getByRole('combobox', { name: /Civil status/ }), 'Single');
    expect(within(form).queryByRole('textbox', { name: /Spouse's last name/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/familial')).toHaveLength(2));
    expect(api.to('PATCH', '/api/students/update/familial')[1]?.body).toMatchObject({
      CIVILSTATUS: 'Single',
      SPLASTNAME: null,
      SPFIRSTNAME: null,
      SPBIRTHDATE: null,
    });
  });

  it('shows the server refusal of a spouse, with its code message', async () => {
    wizardApi(staff({ CIVILSTATUS: 'Married', SPLASTNAME: 'Ngo', SPFIRSTNAME: 'Marie', CHILDNUM: 0 }), registrationState(), {
      'PATCH /api/students/update/familial': error(400, 'SPOUSE_REQUIRED', { fields: { SPFIRSTNAME: 'validation.spouseRequired' } }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Family');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Spouse information is required for married users');
    expect(within(form).getByRole('textbox', { name: /Spouse's first names/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('hides the end date of the last job while it is still held', async () => {
    const api = wizardApi(staff({ LASTJOBEND: '2019-12-31' }), registrationState(), {
      'PATCH /api/students/update/last-job': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Last job');
    expect(within(form).getByRole('textbox', { name: /End date/ })).toHaveValue('31/12/2019');
    await user.click(within(form).getByRole('checkbox', { name: 'I still hold this job' }));
    expect(within(form).queryByRole('textbox', { name: /End date/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Title of the last job/ }), 'Lecturer');
    await user.type(within(form).getByRole('textbox', { name: /Last employer/ }), 'IUT');
    await user.type(within(form).getByRole('textbox', { name: /Begin date/ }), '01/09/2020');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/last-job')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/last-job')[0]?.body).toMatchObject({ LASTJOBSTILL: true, LASTJOBEND: null, LASTJOBSTART: '2020-09-01' });

    await user.click(within(form).getByRole('checkbox', { name: 'I still hold this job' }));
    expect(within(form).getByRole('textbox', { name: /End date/ })).toBeInTheDocument();
  });

  it('refuses an end of job before its start', async () => {
    wizardApi();
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Last job');
    await user.type(within(form).getByRole('textbox', { name: /Begin date/ }), '01012020');
    await user.type(within(form).getByRole('textbox', { name: /End date/ }), '31122019');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The end date is before the start date')).toBeInTheDocument();
  });

  it('asks to confirm a missing NIU, explaining the tax, and sends NIU_MISSING', async () => {
    const api = wizardApi(STAFF, registrationState({ fiscal: { missing: ['NIU'] } }), {
      'PATCH /api/students/update/fiscal': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Fiscal and social identifiers');
    expect(
      within(form).getByText('Without an NIU, the tax withheld on your hours becomes up to 16.5 % instead of 5.5 %.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: /CNPS number/ }), '123-456-789');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm your missing NIU' });
    expect(dialog).toHaveTextContent('up to 16.5 % instead of 5.5 %');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to('PATCH', '/api/students/update/fiscal')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your missing NIU' });
    await user.click(within(dialog).getByRole('button', { name: 'I confirm' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/fiscal')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/fiscal')[0]?.body).toEqual({ NIU: null, NIU_MISSING: true, CNPSYN: true, CNPSNUM: '123-456-789' });
  });

  it('checks the NIU and asks no confirmation when one is given', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/fiscal': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Fiscal and social identifiers');
    await user.type(within(form).getByRole('textbox', { name: /NIU/ }), '12345');
    expect(within(form).queryByText(/tax withheld/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/The NIU is a letter, 12 digits and a letter/)).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /NIU/ }));
    await user.type(within(form).getByRole('textbox', { name: /NIU/ }), 'm012345678901a');
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/fiscal')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('PATCH', '/api/students/update/fiscal')[0]?.body).toEqual({ NIU: 'M012345678901A', NIU_MISSING: false, CNPSYN: false, CNPSNUM: null });
  });

  it('saves a passport through its own path', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/identification_passport': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Identification');
    await choose(user, within(form).getByRole('combobox', { name: /Type of identification/ }), 'Passport');
    await user.type(within(form).getByRole('textbox', { name: /Passport number/ }), 'AA123456');
    await user.type(within(form).getByRole('textbox', { name: /Place of issue/ }), 'Yaoundé');
    await user.type(within(form).getByRole('textbox', { name: /Issued on/ }), '01012020');
    await user.type(within(form).getByRole('textbox', { name: /Valid until/ }), '31122029');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/identification_passport')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/identification_passport')[0]?.body).toEqual({
      IDENTIFICATION: 'PASSPORT',
      IDENTIFNUM: 'AA123456',
      IDENTIFPLACE: 'Yaoundé',
      IDENTIFSTART: '2020-01-01',
      IDENTIFEND: '2029-12-31',
    });
    expect(api.to('PATCH', '/api/students/update/identification')).toHaveLength(0);
  });

  it('writes amounts in CFA de-DE style and says what officers keep', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'PATCH /api/students/update/financial': (request) => ({ body: staff(request.body as object) }),
    });
    const { user } = renderApp('/registration');
    const form = await openStep(user, 'Remuneration');
    await user.click(within(form).getByRole('radio', { name: 'Employee' }));
    expect(within(form).getByText('The ministerial decree and the presence certificate are kept for officers (civil servants) only.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Officer (civil servant)' }));
    expect(within(form).queryByText(/kept for officers/)).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Hour rate/ }), '15.000');
    expect(within(form).getByRole('textbox', { name: /Hour rate/ })).toHaveValue('15000');
    expect(within(form).getByText('15.000 FCFA')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/update/financial')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/update/financial')[0]?.body).toEqual({
      ACTIVITY_PRINCIPAL: 'OFFICER',
      BASESALARY: null,
      HOURRATE: 15000,
      CONTENDDATE: null,
    });
  });
});
