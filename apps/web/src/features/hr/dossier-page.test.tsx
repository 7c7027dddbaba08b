import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, Dossier } from '@portal/contract';
import { changeLanguage, i18n } from '../../lib/i18n';
import { error, fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { dossier, hrUser, HR_CHANGE } from './hr-fixtures';

const DOSSIER = '/api/hr/registrations/42';

const missingText = (field: string, label: string) => i18n.t([`missing.${field}`, 'hr.missingField'], { name: label });
const region = (name: string) => screen.getByRole('region', { name });

describe('registration dossier (HR)', () => {
  it('names the country in French, from the reference list, in the data and the audit trail', async () => {
    await changeLanguage('fr');
    const audit: AuditEntry[] = [{ ...HR_CHANGE, details: { section: 'personal', reason: 'Erreur', changes: { COUNTRY: ['Gabon', 'Cameroon'] } } }];
    fakeApi({
      [`GET ${DOSSIER}`]: { body: dossier({ record: { COUNTRY: 'Cameroon' }, audit }) },
      'GET /api/reference/countries': {
        body: [
          { code: 'CM', name: 'Cameroon', nameFr: 'Cameroun' },
          { code: 'GA', name: 'Gabon', nameFr: 'Gabon' },
        ],
      },
    });
    renderApp('/hr/registrations/42', { user: hrUser({ LANGUAGE: 'fr' }) });
    const personal = within(await screen.findByRole('region', { name: 'Informations personnelles' }));
    expect(await personal.findByText('Cameroun')).toBeInTheDocument();
    expect(personal.queryByText('Cameroon')).not.toBeInTheDocument();
    expect(await screen.findByText(/Gabon → Cameroun/)).toBeInTheDocument();
  });

  it('shows the header, the data by section, what is missing, the documents and the audit trail', async () => {
    fakeApi({ [`GET ${DOSSIER}`]: { body: dossier() } });
    renderApp('/hr/registrations/42', { user: hrUser() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' })).toBeInTheDocument();
    const header = within(region('Registration dossier'));
    expect(header.getByText('P0042')).toBeInTheDocument();
    expect(header.getByText('Lecturer (part-time)')).toBeInTheDocument();
    expect(header.getByText('Closed')).toBeInTheDocument();
    expect(header.getByText('05/03/2024 09:30')).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();

    const missing = within(region('Missing information'));
    expect(missing.getByText(missingText('NUMPHONE2', 'Phone number 2'))).toBeInTheDocument();
    expect(missing.getByText(missingText('IDENTITY1', 'ID image 1 (front)'))).toBeInTheDocument();

    const personal = within(region('Personal information'));
    expect(personal.getByText('12/03/1980')).toBeInTheDocument();
    expect(personal.getByText('Male')).toBeInTheDocument();
    expect(personal.getByText('Douala')).toBeInTheDocument();
    expect(within(region('Payment mode')).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(region('Remuneration')).getByText('150.000 FCFA')).toBeInTheDocument();
    expect(within(region('Address and contacts')).getByText('Missing')).toBeInTheDocument();

    const documents = within(region('Documents'));
    const cv = documents.getByRole('link', { name: 'Open: CV' });
    expect(cv).toHaveAttribute('href', '/api/files/12');
    expect(cv).toHaveAttribute('target', '_blank');
    expect(documents.getByText('Diploma · Master in Physics')).toBeInTheDocument();
    expect(documents.getByRole('link', { name: 'Open: Master in Physics' })).toHaveAttribute('href', '/api/files/31');

    const audit = within(region('Audit trail'));
    const entries = audit.getAllByRole('listitem');
    const change = within(entries[0]!);
    expect(change.getByText('Corrected by the human resources service')).toBeInTheDocument();
    expect(change.getByText('06/03/2024 10:15')).toBeInTheDocument();
    expect(change.getByText(/Awa Mbarga \(HR0001\)/)).toBeInTheDocument();
    expect(change.getByText('Section: Address and contacts')).toBeInTheDocument();
    expect(change.getByText('Living town: Yaoundé → Douala')).toBeInTheDocument();
    expect(change.getByText('Phone number 2: (empty) → 699000111')).toBeInTheDocument();
    expect(change.getByText('Reason: Moved, letter of 01/03/2024')).toBeInTheDocument();
    expect(audit.getByText('Registration closed')).toBeInTheDocument();
    expect(audit.getByText('Section saved by the person')).toBeInTheDocument();
    expect(audit.getByText('Fields: NIU (taxpayer number), CNPS number')).toBeInTheDocument();
  });

  it('reopens a closed registration with a reason of at least 5 characters, then shows it open', async () => {
    let current: Dossier = dossier();
    const reopened: AuditEntry = {
      id: 4,
      at: '2024-03-07T11:00:00',
      action: 'registration.reopened',
      actor: { id: 99, name: 'Awa Mbarga', MATRICULE: 'HR0001' },
      details: { reason: 'Wrong bank details' },
    };
    const api = fakeApi({
      [`GET ${DOSSIER}`]: () => ({ body: current }),
      [`POST ${DOSSIER}/reopen`]: () => {
        current = dossier({ record: { ACTIVED: false, CLOSED_AT: null }, audit: [reopened, ...current.audit] });
        return { body: current.record };
      },
    });
    const { user } = renderApp('/hr/registrations/42', { user: hrUser() });
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the registration of Nkoulou Jean' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });

    await user.type(reason, 'typo');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(i18n.t('validation.reason'));
    expect(api.to('POST', `${DOSSIER}/reopen`)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Wrong bank details ');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Registration reopened !')).toBeInTheDocument();
    expect(api.to('POST', `${DOSSIER}/reopen`).map((request) => request.body)).toEqual([{ reason: 'Wrong bank details' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('GET', DOSSIER)).toHaveLength(2);
    expect(within(region('Registration dossier')).getByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    const first = within(within(region('Audit trail')).getAllByRole('listitem')[0]!);
    expect(first.getByText('Registration reopened')).toBeInTheDocument();
    expect(first.getByText('Reason: Wrong bank details')).toBeInTheDocument();
  });

  it('corrects a section with a reason, dates typed dd/mm/yyyy, and refreshes the dossier', async () => {
    let current: Dossier = dossier();
    const api = fakeApi({
      [`GET ${DOSSIER}`]: () => ({ body: current }),
      [`PATCH ${DOSSIER}/personal`]: () => {
        const entry: AuditEntry = {
          id: 5,
          at: '2024-03-08T08:45:00',
          action: 'profile.changed-by-hr',
          actor: { id: 99, name: 'Awa Mbarga', MATRICULE: 'HR0001' },
          details: { section: 'personal', reason: 'Birth certificate received', changes: { BIRTHPLACE: ['Douala', 'Bafoussam'] } },
        };
        current = dossier({ record: { BIRTHPLACE: 'Bafoussam', BIRTHDATE: '1981-04-02' }, audit: [entry, ...current.audit] });
        return { body: current.record };
      },
    });
    const { user } = renderApp('/hr/registrations/42', { user: hrUser() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    await user.click(within(region('Personal information')).getByRole('button', { name: 'Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct: Personal information' });
    const form = within(dialog);
    expect(form.getByRole('textbox', { name: 'Birthdate' })).toHaveValue('12/03/1980');

    const birthplace = form.getByRole('textbox', { name: 'Birthplace' });
    await user.clear(birthplace);
    await user.type(birthplace, 'Bafoussam');
    const birthdate = form.getByRole('textbox', { name: 'Birthdate' });
    await user.clear(birthdate);
    await user.type(birthdate, '02041981');
    expect(birthdate).toHaveValue('02/04/1981');

    // no reason: refused before anything is sent
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(api.to('PATCH', `${DOSSIER}/personal`)).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Birth certificate received');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successly saved !')).toBeInTheDocument();
    expect(api.to('PATCH', `${DOSSIER}/personal`)[0]?.body).toEqual({
      DENOMINATION: null,
      LASTNAME: 'Nkoulou',
      FIRSTNAME: 'Jean',
      GENDER: 'Male',
      BIRTHDATE: '1981-04-02',
      BIRTHPLACE: 'Bafoussam',
      COUNTRY: 'Cameroon',
      REGION_ORIGIN: null,
      DEPARTMENT: null,
      FIRST_LANGUAGE: null,
      SECOND_LANGUAGE: null,
      reason: 'Birth certificate received',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('GET', DOSSIER)).toHaveLength(2);
    expect(within(region('Personal information')).getByText('02/04/1981')).toBeInTheDocument();
    const first = within(within(region('Audit trail')).getAllByRole('listitem')[0]!);
    expect(first.getByText('Birthplace: Douala → Bafoussam')).toBeInTheDocument();
    expect(first.getByText('Reason: Birth certificate received')).toBeInTheDocument();
  });

  it('shows a field refused by the server without losing what was typed', async () => {
    const api = fakeApi({
      [`GET ${DOSSIER}`]: { body: dossier() },
      [`PATCH ${DOSSIER}/pay-mode`]: error(400, 'MICROFINANCE_REFUSED', { fields: { BANK_CODE: 'validation.microfinance' } }),
    });
    const { user } = renderApp('/hr/registrations/42', { user: hrUser() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    await user.click(within(region('Payment mode')).getByRole('button', { name: 'Correct' }));
    const form = within(await screen.findByRole('dialog', { name: 'Correct: Payment mode' }));

    const firstNames = form.getByRole('textbox', { name: "Account holder's first names" });
    await user.clear(firstNames);
    await user.type(firstNames, 'Jean-Paul');
    await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Name as on the bank statement');
    await user.click(form.getByRole('button', { name: 'Save' }));

    const bankCode = form.getByRole('textbox', { name: 'Bank code' });
    await waitFor(() => expect(bankCode).toHaveAttribute('aria-invalid', 'true'));
    expect(bankCode).toHaveAccessibleDescription(i18n.t('validation.microfinance'));
    expect(form.getByRole('alert')).toBeInTheDocument();
    expect(api.to('PATCH', `${DOSSIER}/pay-mode`)[0]?.body).toMatchObject({
      PAYMODE: 'BANK_TRANSFER',
      BANK_CODE: '20041',
      BRANCH_CODE: '01005',
      ACCOUNT_NUM: '0500013M026',
      RIB_KEY: '06',
      ACCOUNT_FIRSTNAME: 'Jean-Paul',
      reason: 'Name as on the bank statement',
    });
    // still open, with everything typed
    expect(firstNames).toHaveValue('Jean-Paul');
    expect(form.getByRole('textbox', { name: /Reason/ })).toHaveValue('Name as on the bank statement');
    expect(bankCode).toHaveValue('20041');
    expect(api.to('GET', DOSSIER)).toHaveLength(1);
  });

  it("shows and corrects the payment mode's own fields only, as the wizard and the server keep them", async () => {
    const api = fakeApi({
      [`GET ${DOSSIER}`]: { body: dossier() },
      [`PATCH ${DOSSIER}/pay-mode`]: { body: person() },
    });
    const { user } = renderApp('/hr/registrations/42', { user: hrUser() });
    await screen.findByRole('heading', { level: 1, name: 'Nkoulou Jean' });
    const payment = within(region('Payment mode'));
    expect(payment.getByText('Bank code')).toBeInTheDocument();
    expect(payment.queryByText('Card number')).not.toBeInTheDocument();
    expect(payment.queryByText('Cashier code')).not.toBeInTheDocument();

    await user.click(payment.getByRole('button', { name: 'Correct' }));
    const form = within(await screen.findByRole('dialog', { name: 'Correct: Payment mode' }));
    expect(form.getByRole('textbox', { name: /^Bank code/ })).toBeRequired();
    expect(form.queryByRole('textbox', { name: /^Card number/ })).not.toBeInTheDocument();

    // a cheque is made out to the owner: no bank data, and nothing of the transfer is sent
    await user.click(form.getByRole('combobox', { name: /^Payment mode/ }));
    await user.click(await screen.findByRole('option', { name: 'Bank check' }));
    await waitFor(() => expect(form.queryByRole('textbox', { name: /^Bank code/ })).not.toBeInTheDocument());
    expect(form.getByRole('textbox', { name: /^Account holder's first names/ })).toBeRequired();
    await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Paid by cheque from now on');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PATCH', `${DOSSIER}/pay-mode`)).toHaveLength(1));
    expect(api.to('PATCH', `${DOSSIER}/pay-mode`)[0]?.body).toMatchObject({
      PAYMODE: 'BANK_CHECK',
      BANK_CODE: null,
      BRANCH_CODE: null,
      ACCOUNT_NUM: null,
      RIB_KEY: null,
      CARD_NUM: null,
      ACCOUNT_LASTNAME: 'Nkoulou',
      ACCOUNT_FIRSTNAME: 'Jean',
      reason: 'Paid by cheque from now on',
    });
  });

  it('is for the human resources service and the administrators only', async () => {
    const api = fakeApi({ [`GET ${DOSSIER}`]: { body: dossier() } });
    renderApp('/hr/registrations/42', { user: person({ KIND: 'STAFF', ROLES: ['ACADEMIC'] }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.to('GET', DOSSIER)).toHaveLength(0);
  });

  it('says when the server refuses or does not know the dossier', async () => {
    fakeApi({ [`GET ${DOSSIER}`]: error(404, 'NOT_FOUND') });
    renderApp('/hr/registrations/42', { user: hrUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No element to show');
  });

  it("replaces, removes and deletes someone else's files and documents only with a reason, then reads the dossier again (decision 22)", async () => {
    let reads = 0;
    const api = fakeApi({
      [`GET ${DOSSIER}`]: () => {
        reads++;
        return { body: dossier() };
      },
      [`POST ${DOSSIER}/files`]: { body: { col: 'CV_LINK', url: '/api/files/77', CV_LINK: '/api/files/77' } },
      [`PATCH ${DOSSIER}/files/remove`]: { body: { col: 'CV_LINK', removed: true, CV_LINK: null } },
      [`POST ${DOSSIER}/documents/5/delete`]: { body: { id: 5, deleted: true } },
    });
    const { user } = renderApp('/hr/registrations/42', { user: hrUser() });
    const documents = within(await screen.findByRole('region', { name: 'Documents' }));

    // Replacing the CV: a file is chosen, then the reason is asked for; nothing is sent before it.
    await user.upload(documents.getByLabelText('Replace: CV'), new File(['%PDF-1.7 new cv'], 'new-cv.pdf', { type: 'application/pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Replace: CV' });
    expect(within(dialog).getByText(/new-cv\.pdf/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(api.to('POST', `${DOSSIER}/files`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Signed CV received by post');
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('File replaced !')).toBeInTheDocument();
    expect(api.to('POST', `${DOSSIER}/files`).map((request) => request.body)).toEqual([
      { col: 'CV_LINK', reason: 'Signed CV received by post', FILE: { name: 'new-cv.pdf', type: 'application/pdf', size: 15 } },
    ]);

    // Removing it.
    await user.click(documents.getByRole('button', { name: 'Remove: CV' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove: CV' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Sent by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('File removed !')).toBeInTheDocument();
    expect(api.to('PATCH', `${DOSSIER}/files/remove`).map((request) => request.body)).toEqual([{ col: 'CV_LINK', reason: 'Sent by mistake' }]);

    // Deleting a diploma.
    await user.click(documents.getByRole('button', { name: 'Delete: Master in Physics' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete: Master in Physics' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Duplicate of the PhD file');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted !')).toBeInTheDocument();
    expect(api.to('POST', `${DOSSIER}/documents/5/delete`).map((request) => request.body)).toEqual([{ reason: 'Duplicate of the PhD file' }]);
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(4));
  });

  it('refuses a file of the wrong type before asking anything', async () => {
    const api = fakeApi({ [`GET ${DOSSIER}`]: { body: dossier() } });
    renderApp('/hr/registrations/42', { user: hrUser() });
    const documents = within(await screen.findByRole('region', { name: 'Documents' }));
    // the file input says accept="application/pdf"; a person can still pick another file
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(documents.getByLabelText('Replace: CV'), new File(['\x89PNG'], 'cv.png', { type: 'image/png' }));
    expect(await screen.findByText(`${i18n.t('errors.CV_NOT_PDF')} !`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('POST', `${DOSSIER}/files`)).toHaveLength(0);
  });
});
