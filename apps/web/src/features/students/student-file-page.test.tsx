import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentFile } from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { error, fakeApi, type FakeAnswer, type FakeRequest } from '../../test/fake-api';
import { mainMenuLink } from '../../test/menu';
import { renderApp } from '../../test/render-app';
import { choose } from '../../test/select';
import { CV, openSection, STUDENT, studentFile, studentFileApi } from './student-file-fixtures';

const SAVED_AT = '2026-03-14T12:00:00.000Z';
/** The server's answer to a section save: the file with the section's values, saved now. */
const savedWith = (file: StudentFile, section: keyof StudentFile['sectionsSaved']) => (request: FakeRequest) => ({
  body: { ...file, profile: { ...file.profile, ...(request.body as object) }, sectionsSaved: { ...file.sectionsSaved, [section]: SAVED_AT } },
});
/** A FileList of these files, as an input holds them. */
const fileList = (...files: File[]) => Object.assign([...files], { item: (index: number) => files[index] ?? null });
const pdfFile = (name = 'cv.pdf') => new File(['%PDF-1.4 a curriculum vitae'], name, { type: 'application/pdf' });

describe('My student file', () => {
  it('shows the registry identity read-only and where each section stands, the first unsaved one open', async () => {
    studentFileApi(studentFile({ RELIGION: 'Catholic', CIVILSTATUS: 'Single' }, { personal: SAVED_AT }));
    renderApp('/student/file', { user: STUDENT });
    expect(await screen.findByRole('heading', { level: 1, name: 'My student file' })).toBeInTheDocument();
    expect(document.title).toMatch(/^My student file/);
    expect(await screen.findByText(STUDENT.MATRICULE)).toBeInTheDocument();
    expect(screen.getByText('03/07/2003')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Matricule/ })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: /^Personal information/ })).toHaveTextContent('Saved on 14/03/2026');
    expect(screen.getByRole('button', { name: /^Personal information/ })).toHaveAttribute('aria-expanded', 'false');
    // a section never saved says how many of its fields the contract's check still wants filled
    expect(screen.getByRole('button', { name: /^Address and contacts/ })).toHaveTextContent('3 fields to fill');
    expect(screen.getByRole('button', { name: /^Address and contacts/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^Emergency contact/ })).toHaveTextContent('3 fields to fill');
    // one with nothing required (no disability to declare) is only not saved yet
    expect(screen.getByRole('button', { name: /^Disability/ })).toHaveTextContent('Not saved yet');
    expect(screen.getAllByRole('button', { name: /Not saved yet|fields? to fill/ })).toHaveLength(7);
  });

  it('saves one section with its own Save: the values checked by the contract, the phone with its code, then "Saved on"', async () => {
    const file = studentFile();
    const api = studentFileApi(file, { 'PATCH /api/students/profile/emergency': savedWith(file, 'emergency') });
    const { user } = renderApp('/student/file', { user: STUDENT });
    const form = await openSection(user, 'Emergency contact');
    await user.type(within(form).getByRole('textbox', { name: /Name of the person to call/ }), 'Paul Kamga');
    await user.type(within(form).getByRole('textbox', { name: /Relation to you/ }), 'Uncle');
    await user.type(within(form).getByRole('textbox', { name: /Their phone/ }), '690 00 11 22');
    expect(screen.getByRole('button', { name: /^Emergency contact/ })).toHaveTextContent('Unsaved changes');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PATCH', '/api/students/profile/emergency')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/profile/emergency')[0]!.body).toEqual({
      EMERGENCY_NAME: 'Paul Kamga',
      EMERGENCY_RELATION: 'Uncle',
      EMERGENCY_CONTACT: '+237690001122',
    });
    expect(await screen.findByText('Successly saved !')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Emergency contact/ })).toHaveTextContent('Saved on 14/03/2026'));
    // no other section was sent
    expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('clears what a choice hides before sending: no sport, no competition', async () => {
    const file = studentFile({ IS_SPORTIVE: true, IS_SPORTIVE_COMPETITOR: true, FIRST_SPORT: 'CHESS' }, { sports: SAVED_AT });
    const api = studentFileApi(file, { 'PATCH /api/students/profile/sports': savedWith(file, 'sports') });
    const { user } = renderApp('/student/file', { user: STUDENT });
    const form = await openSection(user, 'Sports');
    expect(within(form).getByRole('combobox', { name: /Main sport/ })).toHaveTextContent('Chess');
    await user.click(within(form).getByRole('checkbox', { name: 'I practise a sport' }));
    expect(within(form).queryByRole('combobox', { name: /Main sport/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/profile/sports')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/profile/sports')[0]!.body).toEqual({
      IS_SPORTIVE: false,
      IS_SPORTIVE_COMPETITOR: false,
      FIRST_SPORT: null,
      SPORT_DETAILS: null,
    });
  });

  it('says under each field what is wrong, and the rule of the address, before anything is sent', async () => {
    const api = studentFileApi(studentFile());
    const { user } = renderApp('/student/file', { user: STUDENT });
    const address = await openSection(user, 'Address and contacts');
    await user.click(within(address).getByRole('button', { name: 'Save' }));
    expect(await within(address).findByRole('alert')).toHaveTextContent('Fill your living town and precinct to continue');
    expect(within(address).getAllByText('Fill your living town and precinct to continue')).toHaveLength(3);
    expect(within(address).getByText('This field is required')).toBeInTheDocument();

    const emergency = await openSection(user, 'Emergency contact');
    await user.type(within(emergency).getByRole('textbox', { name: /Their phone/ }), '12');
    await user.click(within(emergency).getByRole('button', { name: 'Save' }));
    expect(await within(emergency).findByRole('alert')).toHaveTextContent('Fill correctly the blanks to continue');
    expect(within(emergency).getByText('The format of the phone number is incorrect')).toBeInTheDocument();
    expect(within(emergency).getAllByText('This field is required')).toHaveLength(2);

    const admission = await openSection(user, 'Admission data');
    await user.type(within(admission).getByRole('textbox', { name: /Year obtained/ }), '2999');
    await user.type(within(admission).getByRole('textbox', { name: /Average mark/ }), '21');
    await user.click(within(admission).getByRole('button', { name: 'Save' }));
    expect(await within(admission).findByText('Enter a mark from 0 to 20, with at most two decimals (for example 12.5)')).toBeInTheDocument();
    expect(within(admission).getByText('Enter a year from 1950 to this year')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it("puts the server's field messages under their fields and keeps what was typed", async () => {
    studentFileApi(studentFile(), {
      'PATCH /api/students/profile/emergency': error(400, 'VALIDATION_FAILED', { fields: { EMERGENCY_RELATION: 'validation.tooLong' } }),
    });
    const { user } = renderApp('/student/file', { user: STUDENT });
    const form = await openSection(user, 'Emergency contact');
    await user.type(within(form).getByRole('textbox', { name: /Name of the person to call/ }), 'Paul Kamga');
    await user.type(within(form).getByRole('textbox', { name: /Relation to you/ }), 'Uncle');
    await user.type(within(form).getByRole('textbox', { name: /Their phone/ }), '690001122');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This value is too long')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Relation to you/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent('Fill correctly the blanks to continue');
    expect(within(form).getByRole('textbox', { name: /Name of the person to call/ })).toHaveValue('Paul Kamga');
    expect(screen.getByRole('button', { name: /^Emergency contact/ })).toHaveTextContent('Unsaved changes');
  });

  it('asks before leaving with unsaved changes', async () => {
    studentFileApi(studentFile());
    const { user, location } = renderApp('/student/file', { user: STUDENT });
    const form = await openSection(user, 'Emergency contact');
    await user.type(within(form).getByRole('textbox', { name: /Name of the person to call/ }), 'Paul');
    await user.click(await mainMenuLink(user, 'My profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('Your changes to the sections of your file that are not saved will be lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    expect(location().pathname).toBe('/student/file');
    expect(within(form).getByRole('textbox', { name: /Name of the person to call/ })).toHaveValue('Paul');
  });

  it('names countries and languages in the reader’s language, and keeps the English name', async () => {
    await changeLanguage('fr');
    const admission = {
      FORMATION_TYPE: 'INITIAL',
      ADMISSION_DIPLOMA: 'Abitur',
      ADMISSION_DIPLOMA_GRADE: 13,
      YEAR_OBTENTION: 2022,
      COUNTRY_OBTENTION: 'Cameroon',
      SCHOOL_OBTENTION: 'Gymnasium Bonn',
      IS_PROFESSIONAL: false,
      FIRST_YEAR_UNIVERSITY: 2023,
      FIRST_YEAR_UNIVERSITY_TYPE: 'PUBLIC',
      NAME_OF_UNIVERSITY: 'Université de Douala',
    };
    const file = studentFile({ ...admission, FIRST_LANGUAGE: 'English', OTHER_LANGUAGES: ['Duala', 'French'] }, { admission: SAVED_AT, languages: SAVED_AT });
    const api = studentFileApi(file, { 'PATCH /api/students/profile/admission': savedWith(file, 'admission') });
    const { user } = renderApp('/student/file', { user: { ...STUDENT, LANGUAGE: 'fr' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon dossier étudiant' })).toBeInTheDocument();
    const languages = await openSection(user, 'Langues');
    expect(within(languages).getByRole('combobox', { name: /Première langue/ })).toHaveTextContent('Anglais');
    expect(within(languages).getByRole('combobox', { name: /Autres langues/ })).toHaveTextContent('Douala, Français');

    const form = await openSection(user, 'Données d’admission');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Pays d’obtention/ })).toHaveValue('Cameroun'));
    await choose(user, within(form).getByRole('combobox', { name: /Pays d’obtention/ }), 'Allemagne');
    await user.clear(within(form).getByRole('textbox', { name: /Moyenne/ }));
    await user.type(within(form).getByRole('textbox', { name: /Moyenne/ }), '14,5');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.to('PATCH', '/api/students/profile/admission')).toHaveLength(1));
    expect(api.to('PATCH', '/api/students/profile/admission')[0]!.body).toEqual({
      ...admission,
      COUNTRY_OBTENTION: 'Germany',
      ADMISSION_DIPLOMA_GRADE: 14.5,
      MENTION_OBTAINED: null,
      LAST_YEAR_SITUATION: null,
      LAST_YEAR_RANK: null,
    });
    await changeLanguage('en');
  });

  it('says when the file cannot be loaded, and loads it again on Retry', async () => {
    const api = studentFileApi(studentFile(), { 'GET /api/students/profile': error(503, 'DATABASE_UNAVAILABLE') });
    const { user } = renderApp('/student/file', { user: STUDENT });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load data, please retry');
    api.set('GET /api/students/profile', { body: studentFile() });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Your identity as the registry keeps it' })).toHaveTextContent(STUDENT.MATRICULE);
  });

  it('is not a page for staff: they go to their profile', async () => {
    fakeApi({ 'GET /api/auth/session': { body: DEMO_PEOPLE.permanent() } });
    const { location } = renderApp('/student/file', { user: DEMO_PEOPLE.permanent() });
    await waitFor(() => expect(location().pathname).toBe('/profile'));
  });
});

describe('My student file: the files', () => {
  it('uploads a CV with its progress and lists it, to open or delete', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const api = studentFileApi(studentFile(), {
      'POST /api/students/documents': () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
      [`DELETE /api/students/documents/${CV.id}`]: { body: { id: CV.id, deleted: true } },
    });
    const { user } = renderApp('/student/file', { user: STUDENT });
    expect(await screen.findByText('No file yet')).toBeInTheDocument();
    await choose(user, screen.getByRole('combobox', { name: /Kind of file/ }), 'CV (PDF)');
    await user.upload(screen.getByLabelText('File to send'), pdfFile());
    await waitFor(() => expect(api.to('POST', '/api/students/documents')).toHaveLength(1));
    expect(await screen.findByRole('progressbar', { name: 'Sending the file' })).toHaveAttribute('aria-valuenow', '50');
    answer({ status: 201, body: CV });
    const sent = api.to('POST', '/api/students/documents')[0]!;
    expect(sent.via).toBe('xhr');
    expect(sent.body).toEqual({ KIND: 'CV', FILE: { name: 'cv.pdf', type: 'application/pdf', size: expect.any(Number) } });
    expect(await screen.findByText('File successfully saved !')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your files' });
    expect(within(list).getByText('CV (PDF)')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open: CV (PDF)' })).toHaveAttribute('href', CV.FILE);

    await user.click(within(list).getByRole('button', { name: 'Delete: CV (PDF)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE', `/api/students/documents/${CV.id}`)).toHaveLength(1));
    expect(await screen.findByText('No file yet')).toBeInTheDocument();
  });

  it('asks a diploma for its title and year before sending it', async () => {
    const api = studentFileApi(studentFile());
    const { user } = renderApp('/student/file', { user: STUDENT });
    await screen.findByText('No file yet');
    expect(screen.getByRole('combobox', { name: /Kind of file/ })).toHaveTextContent('Diploma');
    await user.upload(screen.getByLabelText('File to send'), pdfFile('bac.pdf'));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.to('POST', '/api/students/documents')).toEqual([]);
  });

  it('refuses a JPEG as CV on the spot, and says what the server refused: the same file twice, a CV not in PDF, a file too large', async () => {
    const answers = [error(409, 'FILE_EXISTS'), error(400, 'CV_NOT_PDF', { fields: { FILE: 'validation.invalid' } }), error(413, 'FILE_TOO_LARGE')];
    const api = studentFileApi(studentFile(), { 'POST /api/students/documents': () => answers.shift()! });
    const { user } = renderApp('/student/file', { user: STUDENT });
    await screen.findByText('No file yet');
    await choose(user, screen.getByRole('combobox', { name: /Kind of file/ }), 'CV (PDF)');
    // chosen anyway (the chooser offers PDF files only): refused before it is sent
    fireEvent.change(screen.getByLabelText('File to send'), { target: { files: fileList(new File(['jpeg'], 'cv.jpg', { type: 'image/jpeg' })) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The CV must be in PDF format');
    expect(api.to('POST', '/api/students/documents')).toEqual([]);

    await user.upload(screen.getByLabelText('File to send'), pdfFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error, a similar file already exists');
    await user.upload(screen.getByLabelText('File to send'), pdfFile('scan.pdf'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The CV must be in PDF format'));
    await user.upload(screen.getByLabelText('File to send'), pdfFile('big.pdf'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is too large: 5 MB at most'));
    expect(api.to('POST', '/api/students/documents')).toHaveLength(3);
  });
});
