import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '@portal/contract';
import { error, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { choose } from '../../test/select';
import { openStep, registrationState, staff, STAFF, stepButton, wizardApi } from './registration-fixtures';

const pdf = (name = 'cv.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });
const png = (name = 'photo.png') => new File(['\x89PNG test'], name, { type: 'image/png' });

/** An answer the test gives when it wants: the upload stays in progress until then. */
function deferred() {
  let resolve: (answer: FakeAnswer) => void = () => undefined;
  const promise = new Promise<FakeAnswer>((done) => (resolve = done));
  return { promise, resolve };
}

async function openDocuments(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: /^\d*\s*Documents/ }));
  return screen.findByRole('group', { name: 'CV (PDF)' });
}

describe('registration wizard: files', () => {
  it('refuses a CV that is not a PDF before sending it', async () => {
    const api = wizardApi();
    renderApp('/registration');
    // the file input says accept="application/pdf"; a person can still pick another file
    const user = userEvent.setup({ applyAccept: false });
    const cv = await openDocuments(user);
    await user.upload(within(cv).getByLabelText('Send the file: CV (PDF)'), png('cv.png'));
    expect(await within(cv).findByRole('alert')).toHaveTextContent('The CV must be in PDF format');
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);
  });

  it('refuses a file larger than 5 MB before sending it', async () => {
    const api = wizardApi();
    const { user } = renderApp('/registration');
    const niu = (await openDocuments(user)) && screen.getByRole('group', { name: 'NIU certificate' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'niu.pdf', { type: 'application/pdf' });
    await user.upload(within(niu).getByLabelText('Send the file: NIU certificate'), big);
    expect(await within(niu).findByRole('alert')).toHaveTextContent('The file is too large: 5 MB at most');
    expect(api.requests.filter((request) => request.via === 'xhr')).toHaveLength(0);
  });

  it('sends the CV with its progress, then shows it; it can be removed', async () => {
    const answer = deferred();
    const api = wizardApi(STAFF, registrationState({ documents: { missing: ['CV_LINK'] } }), {
      'POST /api/students/cv': () => answer.promise,
      'PATCH /api/students/files/remove': { body: staff() },
    });
    const { user } = renderApp('/registration');
    const cv = await openDocuments(user);
    expect(within(cv).getByText('Not sent')).toBeInTheDocument();
    await user.upload(within(cv).getByLabelText('Send the file: CV (PDF)'), pdf());

    const progress = await within(cv).findByRole('progressbar', { name: 'Sending CV (PDF)' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(within(cv).getByText('50 %')).toBeInTheDocument();
    // an upload shows its own progress: the page stays usable, no backdrop
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();

    answer.resolve({ body: { col: 'CV_LINK', url: '/api/files/99' } });
    expect(await screen.findByText('File successfully saved !')).toBeInTheDocument();
    expect(within(cv).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(cv).getByRole('link', { name: 'View: CV (PDF)' })).toHaveAttribute('href', '/api/files/99');
    expect(within(cv).getByText('Sent')).toBeInTheDocument();
    const sent = api.to('POST', '/api/students/cv')[0];
    expect(sent?.via).toBe('xhr');
    expect(sent?.body).toEqual({ FILE: { name: 'cv.pdf', type: 'application/pdf', size: 13 } });

    await user.click(within(cv).getByRole('button', { name: 'Remove: CV (PDF)' }));
    await waitFor(() => expect(within(cv).getByText('Not sent')).toBeInTheDocument());
    expect(api.to('PATCH', '/api/students/files/remove')[0]?.body).toEqual({ col: 'CV_LINK' });
  });

  it('says when a similar file was already sent', async () => {
    wizardApi(STAFF, registrationState(), { 'POST /api/students/files': error(409, 'FILE_EXISTS') });
    const { user } = renderApp('/registration');
    await openDocuments(user);
    const rib = screen.getByRole('group', { name: 'Bank details (RIB)' });
    await user.upload(within(rib).getByLabelText('Send the file: Bank details (RIB)'), pdf('rib.pdf'));
    expect(await within(rib).findByRole('alert')).toHaveTextContent('Error, a similar file already exists');
  });

  it('keeps the ministerial decree and presence certificate for officers only', async () => {
    wizardApi(staff({ ACTIVITY_PRINCIPAL: 'EMPLOYEE', CV_LINK: '/api/files/1' }));
    const { user } = renderApp('/registration');
    await openDocuments(user);
    expect(screen.queryByRole('group', { name: 'Ministerial decree' })).not.toBeInTheDocument();
    expect(screen.getByText('The ministerial decree and the presence certificate are kept for officers (civil servants) only.')).toBeInTheDocument();
    // replace, rather than send, when there is one
    expect(within(screen.getByRole('group', { name: 'CV (PDF)' })).getByLabelText('Replace the file: CV (PDF)')).toBeInTheDocument();
  });

  it('shows the decree and the certificate to officers', async () => {
    wizardApi(staff({ ACTIVITY_PRINCIPAL: 'OFFICER' }));
    const { user } = renderApp('/registration');
    await openDocuments(user);
    expect(screen.getByRole('group', { name: 'Ministerial decree' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Presence certificate' })).toBeInTheDocument();
    expect(screen.queryByText(/kept for officers/)).not.toBeInTheDocument();
    // birth and wedding certificates are with the diplomas
    await user.click(screen.getByRole('button', { name: 'Go to Diplomas and formations' }));
    expect(stepButton('Diplomas and formations')).toHaveAttribute('aria-selected', 'true');
  });

  it('sends the two ID images into IDENTITY1 and IDENTITY2 and previews them', async () => {
    const api = wizardApi(STAFF, registrationState(), {
      'POST /api/students/files': (request) => ({ body: { col: (request.body as { col: string }).col, url: '/api/files/id-1' } }),
    });
    const { user } = renderApp('/registration');
    await openStep(user, 'Identification');
    const front = screen.getByRole('group', { name: 'ID image 1 (front)' });
    await user.upload(within(front).getByLabelText('Send the file: ID image 1 (front)'), new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' }));
    expect(await within(front).findByRole('img', { name: 'Preview of ID image 1 (front)' })).toBeInTheDocument();
    expect(api.to('POST', '/api/students/files')[0]?.body).toEqual({ col: 'IDENTITY1', FILE: { name: 'front.jpg', type: 'image/jpeg', size: 4 } });
    expect(within(screen.getByRole('group', { name: 'ID image 2 (back)' })).queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('registration wizard: diplomas and pieces', () => {
  const master: DocumentRecord = {
    id: 3,
    DESIGNATION: 'Master of Computer Science',
    SPECIALITY: 'Networks',
    LEVEL: 5,
    LANGUAGE: 'fr',
    OBTENEDDATE: '2010-07-01',
    OBTENEDSTAB: 'Université de Douala',
    FILE: '/api/files/d3',
    PIECE_TYPE: 'DIPL_CERT',
    IS_LAST: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  const birth: DocumentRecord = {
    ...master,
    id: 4,
    DESIGNATION: 'Birth certificate',
    SPECIALITY: null,
    LEVEL: null,
    LANGUAGE: null,
    PIECE_TYPE: 'BIRTH_CERT',
    FILE: '/api/files/d4',
  };

  it('lists the diplomas and pieces, marks the last diploma and deletes', async () => {
    let documents = [master, birth];
    const api = wizardApi(STAFF, registrationState(), {
      'GET /api/documents/7': () => ({ body: documents }),
      'PATCH /api/students/update/diploma': () => {
        documents = [{ ...master, IS_LAST: true }, birth];
        return { body: staff() };
      },
      'POST /api/documents/delete': () => {
        documents = documents.filter((document) => document.id !== 4);
        return { body: { message: 'deleted' } };
      },
    });
    const { user } = renderApp('/registration');
    await openStep(user, 'Diplomas and formations');
    const list = await screen.findByRole('list', { name: 'Diplomas and pieces' });
    expect(within(list).getByText('Networks · BAC+5 · French · 01/07/2010 · Université de Douala')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'View: Birth certificate' })).toHaveAttribute('href', '/api/files/d4');
    // only diplomas can be the last diploma
    expect(within(list).queryByRole('button', { name: 'Mark as last diploma: Birth certificate' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Mark as last diploma: Master of Computer Science' }));
    expect(await within(list).findByText('Last diploma')).toBeInTheDocument();
    expect(api.to('PATCH', '/api/students/update/diploma')[0]?.body).toEqual({ id: 3 });

    await user.click(within(list).getByRole('button', { name: 'Remove: Birth certificate' }));
    await waitFor(() => expect(within(list).queryByText('Birth certificate')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/documents/delete')[0]?.body).toEqual({ id: 4 });
  });

  it('asks every information of a diploma, then sends it with its file', async () => {
    const api = wizardApi(STAFF, registrationState(), { 'POST /api/documents/upload-student': { status: 201, body: { ...master, id: 9 } } });
    const { user } = renderApp('/registration');
    await openStep(user, 'Diplomas and formations');
    const form = await screen.findByRole('form', { name: 'Add a diploma or a piece' });
    await user.type(within(form).getByRole('textbox', { name: /Designation/ }), 'Master of Computer Science');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    // each missing field says what it wants, under itself only; the filled one says nothing
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose the file of the diploma or piece');
    expect(within(form).getByRole('textbox', { name: /Speciality/ })).toHaveAccessibleDescription('Give the speciality of the diploma');
    expect(within(form).getByRole('combobox', { name: /Level/ })).toHaveAccessibleDescription('Choose the level of the diploma');
    expect(within(form).getByRole('combobox', { name: /Language/ })).toHaveAccessibleDescription('Choose the language of the diploma');
    expect(within(form).getByRole('textbox', { name: /Date obtained/ })).toHaveAccessibleDescription(/Give the date it was obtained/);
    expect(within(form).getByRole('textbox', { name: /Establishment/ })).toHaveAccessibleDescription('Give the establishment that issued it');
    expect(within(form).getByRole('textbox', { name: /Designation/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByText('Provide all required informations to continue')).not.toBeInTheDocument();
    expect(api.to('POST', '/api/documents/upload-student')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Speciality/ }), 'Networks');
    await choose(user, within(form).getByRole('combobox', { name: /Level/ }), 'BAC+5');
    await choose(user, within(form).getByRole('combobox', { name: /Language/ }), 'French');
    await user.type(within(form).getByRole('textbox', { name: /Date obtained/ }), '01072010');
    await user.type(within(form).getByRole('textbox', { name: /Establishment/ }), 'Université de Douala');
    await user.upload(within(form).getByLabelText('Choose the file'), pdf('master.pdf'));
    expect(within(form).getByText('master.pdf')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('File successfully saved !')).toBeInTheDocument();
    expect(api.to('POST', '/api/documents/upload-student')[0]?.body).toEqual({
      PIECE_TYPE: 'DIPL_CERT',
      DESIGNATION: 'Master of Computer Science',
      SPECIALITY: 'Networks',
      LEVEL: '5',
      LANGUAGE: 'fr',
      OBTENEDDATE: '2010-07-01',
      OBTENEDSTAB: 'Université de Douala',
      FILE: { name: 'master.pdf', type: 'application/pdf', size: 13 },
    });
    expect(within(form).getByRole('textbox', { name: /Designation/ })).toHaveValue('');
  });

  it("puts the server's field messages under their fields only", async () => {
    wizardApi(STAFF, registrationState(), {
      'POST /api/documents/upload-student': error(400, 'DOCUMENT_INCOMPLETE', { fields: { OBTENEDSTAB: 'validation.documentEstablishment' } }),
    });
    const { user } = renderApp('/registration');
    await openStep(user, 'Diplomas and formations');
    const form = await screen.findByRole('form', { name: 'Add a diploma or a piece' });
    await choose(user, within(form).getByRole('combobox', { name: /Type/ }), 'Birth certificate');
    await user.type(within(form).getByRole('textbox', { name: /Designation/ }), 'Acte de naissance');
    await user.type(within(form).getByRole('textbox', { name: /Date obtained/ }), '01011980');
    await user.type(within(form).getByRole('textbox', { name: /Establishment/ }), 'Mairie');
    await user.upload(within(form).getByLabelText('Choose the file'), png('acte.png'));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Give the establishment that issued it')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Establishment/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: /Designation/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds a wedding certificate without diploma fields, and says when it already exists', async () => {
    const api = wizardApi(STAFF, registrationState(), { 'POST /api/documents/upload-student': error(409, 'FILE_EXISTS') });
    const { user } = renderApp('/registration');
    await openStep(user, 'Diplomas and formations');
    const form = await screen.findByRole('form', { name: 'Add a diploma or a piece' });
    await choose(user, within(form).getByRole('combobox', { name: /Type/ }), 'Wedding certificate');
    expect(within(form).queryByRole('textbox', { name: /Speciality/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Designation/ }), 'Acte de mariage');
    await user.type(within(form).getByRole('textbox', { name: /Date obtained/ }), '14022012');
    await user.type(within(form).getByRole('textbox', { name: /Establishment/ }), 'Mairie de Douala 1er');
    await user.upload(within(form).getByLabelText('Choose the file'), png('mariage.png'));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Error, a similar file already exists');
    expect(api.to('POST', '/api/documents/upload-student')[0]?.body).toMatchObject({ PIECE_TYPE: 'WEDDING_CERT', OBTENEDDATE: '2012-02-14' });
    expect(api.to('POST', '/api/documents/upload-student')[0]?.body).not.toHaveProperty('LEVEL');
  });
});
