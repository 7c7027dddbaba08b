import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { choose, openSelect } from '../../test/select';
import {
  ACCEPTED_ANSWER,
  CLOSED_ENTRANCE,
  CODE,
  COMPLETE,
  CONFIRMED_FILE,
  confirmHandler,
  draftValues,
  keepDraft,
  openPart,
  registrationApi,
} from './register-fixtures';

const SEND = 'Send my registration';
/** A FileList of these files, as an input holds them. */
const fileList = (...files: File[]) => Object.assign([...files], { item: (index: number) => files[index] ?? null });
const sent = (api: ReturnType<typeof registrationApi>) => api.to('POST', '/api/candidate');
const confirmations = (api: ReturnType<typeof registrationApi>) => api.to('POST', '/api/candidate/confirm');
/** The code step's help, naming the address the registration was sent with. */
const checkMail = (email: string) =>
  `We sent a code and a link to ${email}. Type the code here, or open the link on this phone. It may take a few minutes; check the spam folder.`;
const codeField = () => screen.findByRole('textbox', { name: /^Code received by e-mail/ });
/** The message over the send button (the form's alert). */
const formAlert = () =>
  screen.findByText((_content, element) => element?.classList.contains('MuiAlert-message') === true && element.closest('[role="alert"]') !== null);

async function chooseEntrance(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('radio', { name: /Engineering entrance 2026/ }));
}

describe('Registering for an entrance exam', () => {
  it('offers the open entrances only, each with its year, school, fee and dates', async () => {
    registrationApi();
    renderApp('/candidate/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register for an entrance exam' })).toBeInTheDocument();
    const radio = await screen.findByRole('radio', { name: /Engineering entrance 2026/ });
    const label = radio.closest('label')!;
    expect(label).toHaveTextContent('Academic year 2026-2027, IUC Douala');
    expect(label).toHaveTextContent('Registration fee: 25.000 FCFA');
    expect(label).toHaveTextContent('Register by 31/08/2026 · first exam on 15/09/2026');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.queryByText(/Medicine entrance/)).not.toBeInTheDocument();
    // the form comes once an entrance is chosen
    expect(screen.queryByRole('button', { name: SEND })).not.toBeInTheDocument();
  });

  it('says so when no entrance is open', async () => {
    registrationApi({ 'GET /api/entrances': { body: [CLOSED_ENTRANCE] } });
    renderApp('/candidate/register');
    expect(await screen.findByText(/No entrance exam is open for registration at the moment/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('is reached from the sign-in page', async () => {
    registrationApi();
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Register for an entrance exam' }));
    expect(location().pathname).toBe('/candidate/register');
  });

  it('lists the required fields left empty, translated, all at once, and sends nothing', async () => {
    const api = registrationApi();
    const { user } = renderApp('/candidate/register');
    await chooseEntrance(user);
    const identity = await openPart(user, 'Identity');
    await user.type(within(identity).getByRole('textbox', { name: /^Last name/ }), 'Nkoulou');
    await user.type(within(identity).getByRole('textbox', { name: /^First names/ }), 'Amina');
    await user.click(screen.getByRole('button', { name: SEND }));

    expect(await formAlert()).toHaveTextContent(
      "31 required field(s) missing: Date of birth, Place of birth, Gender, Nationality, Region of origin, E-mail address, Phone number, Town where you live, Diploma held, Mention obtained, Year obtained, Country where obtained, School where obtained, First year at a university, Type of that university, Name of that university, Type of formation, Father's name, Father's job, Father's phone, Father's region of origin, Mother's name, Mother's job, Mother's phone, Mother's region of origin, Person to call in an emergency, Their phone, First language, Second language, Cycle, First choice of speciality",
    );
    // each field says it is required; each part's header says how many of its fields are wrong
    await waitFor(() => expect(within(identity).getByRole('textbox', { name: /^Place of birth/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(within(identity).getAllByText('This field is required').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('button', { name: /^1\. Identity/ })).toHaveTextContent('6 to correct');
    expect(screen.getByRole('button', { name: /^2\. Contacts/ })).toHaveTextContent('2 to correct');
    expect(screen.getByRole('button', { name: /^5\. Parents/ })).toHaveTextContent('8 to correct');
    expect(screen.getByRole('button', { name: /^7\. Disability/ })).toHaveTextContent('Complete');
    expect(within(identity).getByRole('textbox', { name: /^Last name/ })).toHaveValue('Nkoulou');
    expect(sent(api)).toEqual([]);
  });

  it('speaks French: the entrance, the labels of the missing fields, the cycles and languages', async () => {
    await changeLanguage('fr');
    const api = registrationApi();
    const { user } = renderApp('/candidate/register');
    expect(await screen.findByRole('heading', { level: 1, name: "S'inscrire à un concours" })).toBeInTheDocument();
    const radio = await screen.findByRole('radio', { name: /Engineering entrance 2026/ });
    expect(radio.closest('label')).toHaveTextContent("Frais d'inscription : 25.000 FCFA");
    expect(radio.closest('label')).toHaveTextContent("Inscription jusqu'au 31/08/2026");
    await user.click(radio);
    await user.click(screen.getByRole('button', { name: 'Envoyer mon inscription' }));
    const alert = await formAlert();
    expect(alert).toHaveTextContent(
      /^33 champ\(s\) obligatoire\(s\) manquant\(s\) : Nom, Prénoms, Date de naissance, Lieu de naissance, Sexe, Nationalité, Région d'origine, Adresse e-mail/,
    );
    expect(alert).toHaveTextContent(
      /Nom du père, Profession du père, Téléphone du père, Région d'origine du père, .*Première langue, Deuxième langue, Cycle, Premier choix de spécialité$/,
    );

    const formation = await openPart(user, 'La formation demandée');
    await choose(user, within(formation).getByRole('combobox', { name: /^Cycle/ }), "Cycle d'ingénieur");
    await choose(user, within(formation).getByRole('combobox', { name: /^Premier choix/ }), 'Génie logiciel (SWE)');
    const languages = await openPart(user, 'Langues');
    await choose(user, within(languages).getByRole('combobox', { name: /^Première langue/ }), 'Français');
    expect(
      within(await openSelect(user, within(languages).getByRole('combobox', { name: /^Deuxième langue/ }))).getByRole('option', { name: 'Anglais' }),
    ).toBeInTheDocument();
    expect(sent(api)).toEqual([]);
  });

  it('shows a mistake under its field, sends nothing and loses nothing; corrected, the body is the contract’s', async () => {
    keepDraft({ PHONE_NUMBER: '12', BIRTHDATE: '31/02/2005' });
    const api = registrationApi({ 'POST /api/candidate': ACCEPTED_ANSWER });
    const { user } = renderApp('/candidate/register');
    await screen.findByText('We restored what you typed on this device.');
    await user.click(await screen.findByRole('button', { name: SEND }));
    expect(await formAlert()).toHaveTextContent('Fill correctly the blanks to continue');
    const contacts = await openPart(user, 'Contacts');
    expect(await within(contacts).findByText('The format of the phone number is incorrect')).toBeInTheDocument();
    const identity = await openPart(user, 'Identity');
    expect(within(identity).getByText('Enter a real date as dd/mm/yyyy')).toBeInTheDocument();
    expect(within(identity).getByRole('textbox', { name: /^Last name/ })).toHaveValue('Nkoulou');
    expect(sent(api)).toEqual([]);

    await user.clear(within(contacts).getByRole('textbox', { name: /^Phone number/ }));
    await user.type(within(contacts).getByRole('textbox', { name: /^Phone number/ }), '690 00 11 22');
    await user.clear(within(identity).getByRole('textbox', { name: /^Date of birth/ }));
    await user.type(within(identity).getByRole('textbox', { name: /^Date of birth/ }), '03072005');
    await user.click(screen.getByRole('button', { name: SEND }));
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    expect(sent(api)[0]!.body).toMatchObject({
      ENTRANCE_ID: 3,
      LASTNAME: 'Nkoulou',
      BIRTHDATE: '2005-07-03',
      PHONE_NUMBER: '+237690001122',
      FATHER_CONTACT: '+237677001122',
      COUNTRY: 'Cameroon',
      REGION_ORIGIN: 'Centre',
      DEPARTMENT: 'Mfoundi',
      YEAR_OBTENTION: 2023,
      ADMISSION_DIPLOMA_GRADE: 12.5,
      IS_PROFESSIONAL: 'NO',
      IS_HANDICAPED: false,
      CYCLE: 'Engineering cycle',
      FORMATION_FIRST_CHOICE: { CYCLE_NAME: 'Engineering cycle', SPECIALITY_DESCRIPTION: 'Software engineering', SPECIALITY_ID: 11 },
      FORMATION_SECOND_CHOICE: null,
      LANGUAGE: 'en',
    });
  });

  it("puts the server's answers where they belong: a field's mistake on the field, the missing columns in the alert", async () => {
    keepDraft();
    const answers: FakeAnswer[] = [
      error(400, 'VALIDATION_FAILED', { fields: { EMAIL: 'validation.email' } }),
      error(400, 'CANDIDATE_FIELDS_MISSING', { columns: ['FATHER_JOB', 'MOTHER_JOB'] }),
    ];
    const api = registrationApi({ 'POST /api/candidate': () => answers.shift()! });
    const { user } = renderApp('/candidate/register');
    await user.click(await screen.findByRole('button', { name: SEND }));
    expect(await formAlert()).toHaveTextContent('Fill correctly the blanks to continue');
    const contacts = await openPart(user, 'Contacts');
    expect(within(contacts).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(contacts).getByRole('textbox', { name: /^E-mail address/ })).toHaveValue('amina@example.cm');

    await user.click(screen.getByRole('button', { name: SEND }));
    await waitFor(async () => expect(await formAlert()).toHaveTextContent("2 required field(s) missing: Father's job, Mother's job"));
    expect(screen.getByRole('button', { name: /^5\. Parents/ })).toHaveAttribute('aria-expanded', 'true');
    expect(sent(api)).toHaveLength(2);
  });

  it('keeps the second choice apart from the first', async () => {
    keepDraft();
    const api = registrationApi();
    const { user } = renderApp('/candidate/register');
    const formation = await openPart(user, 'The formation you apply for');
    const second = within(formation).getByRole('combobox', { name: /^Second choice/ });
    const listbox = await openSelect(user, second);
    expect(within(listbox).getByRole('option', { name: 'Software engineering (SWE)' })).toHaveAttribute('aria-disabled', 'true');
    // only the cycle's specialities are offered
    expect(within(listbox).queryByRole('option', { name: /Computer science/ })).not.toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'Networks and telecommunications (GRT)' }));
    // the first changed to the second's: refused, nothing sent
    await choose(user, within(formation).getByRole('combobox', { name: /^First choice/ }), 'Networks and telecommunications (GRT)');
    await user.click(screen.getByRole('button', { name: SEND }));
    expect(await within(formation).findByText('The second choice must differ from the first')).toBeInTheDocument();
    expect(sent(api)).toEqual([]);
  });

  it('offers the departments of the region of origin, and clears one of another region', async () => {
    registrationApi();
    const { user } = renderApp('/candidate/register');
    await chooseEntrance(user);
    const identity = await openPart(user, 'Identity');
    expect(within(identity).getByRole('combobox', { name: /^Department of origin/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(identity).getByText('Choose the region of origin first')).toBeInTheDocument();

    await choose(user, within(identity).getByRole('combobox', { name: /^Region of origin/ }), 'Littoral');
    const options = within(await openSelect(user, within(identity).getByRole('combobox', { name: /^Department of origin/ })))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['None', 'Moungo', 'Nkam', 'Sanaga-Maritime', 'Wouri']);
    await user.click(screen.getByRole('option', { name: 'Wouri' }));
    expect(within(identity).getByRole('combobox', { name: /^Department of origin/ })).toHaveTextContent('Wouri');

    await choose(user, within(identity).getByRole('combobox', { name: /^Region of origin/ }), 'Centre');
    await waitFor(() => expect(within(identity).getByRole('combobox', { name: /^Department of origin/ })).not.toHaveTextContent('Wouri'));
    const centre = within(await openSelect(user, within(identity).getByRole('combobox', { name: /^Department of origin/ })));
    expect(centre.getByRole('option', { name: 'Mfoundi' })).toBeInTheDocument();
    expect(centre.queryByRole('option', { name: 'Wouri' })).not.toBeInTheDocument();
  });

  it('keeps what was typed on the device: restored after a reload, erased on "Start again"', async () => {
    registrationApi();
    const first = renderApp('/candidate/register');
    await chooseEntrance(first.user);
    const identity = await openPart(first.user, 'Identity');
    await first.user.type(within(identity).getByRole('textbox', { name: /^Last name/ }), 'Nkoulou');
    await waitFor(() => expect(draftValues()).toMatchObject({ ENTRANCE_ID: '3', LASTNAME: 'Nkoulou' }));
    first.unmount();

    const { user } = renderApp('/candidate/register');
    const note = await screen.findByText('We restored what you typed on this device.');
    expect(await screen.findByRole('radio', { name: /Engineering entrance 2026/ })).toBeChecked();
    const again = await openPart(user, 'Identity');
    expect(within(again).getByRole('textbox', { name: /^Last name/ })).toHaveValue('Nkoulou');

    await user.click(within(note.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Start again' }));
    expect(screen.queryByText('We restored what you typed on this device.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Engineering entrance 2026/ })).not.toBeChecked();
    expect(draftValues()).toBeNull();
  });

  it('drops a draft left more than a week', async () => {
    keepDraft({}, new Date(Date.now() - 8 * 86_400_000));
    registrationApi();
    renderApp('/candidate/register');
    expect(await screen.findByRole('radio', { name: /Engineering entrance 2026/ })).not.toBeChecked();
    expect(screen.queryByText('We restored what you typed on this device.')).not.toBeInTheDocument();
    expect(draftValues()).toBeNull();
  });

  it('says what failed and keeps everything: a server error, a crowd, no network; then registers and forgets the draft', async () => {
    keepDraft();
    const answers: FakeAnswer[] = [error(500, 'INTERNAL'), error(503, 'SERVER_BUSY', { retryAfter: 5 }), { networkError: true }, ACCEPTED_ANSWER];
    const api = registrationApi({ 'POST /api/candidate': () => answers.shift()!, 'POST /api/candidate/confirm': confirmHandler });
    const { user, location } = renderApp('/candidate/register');
    await user.click(await screen.findByRole('button', { name: SEND }));
    expect(await formAlert()).toHaveTextContent('Error creating candidate. Please try again. What you typed is kept on this device.');
    expect(draftValues()).toMatchObject({ LASTNAME: 'Nkoulou', EMAIL: 'amina@example.cm' });
    expect(within(await openPart(user, 'Identity')).getByRole('textbox', { name: /^Last name/ })).toHaveValue('Nkoulou');

    await user.click(screen.getByRole('button', { name: SEND }));
    // the server's wait (Retry-After) said in the message
    await waitFor(async () =>
      expect(await formAlert()).toHaveTextContent(
        'Error creating candidate. Please try again. Too many people are using the portal at this moment. Try again in 5 s.',
      ),
    );
    await user.click(screen.getByRole('button', { name: SEND }));
    await waitFor(() => expect(sent(api)).toHaveLength(3));
    await waitFor(async () =>
      expect(await formAlert()).toHaveTextContent('Error creating candidate. Please try again. What you typed is kept on this device.'),
    );
    expect(draftValues()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: SEND }));
    await user.type(await codeField(), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location().pathname).toBe('/candidate/file'));
    expect(sent(api)).toHaveLength(4);
    expect(draftValues()).toBeNull();
  });

  it('says a connection that sent too many registrations must wait, and keeps everything', async () => {
    keepDraft();
    const answers: FakeAnswer[] = [error(429, 'REGISTRATION_RATE_LIMITED', { retryAfter: 30 }), error(429, 'REGISTRATION_RATE_LIMITED'), ACCEPTED_ANSWER];
    const api = registrationApi({ 'POST /api/candidate': () => answers.shift()! });
    const { user } = renderApp('/candidate/register');
    await user.click(await screen.findByRole('button', { name: SEND }));
    // the server's wait (Retry-After) said in the message
    expect(await formAlert()).toHaveTextContent(
      'Error creating candidate. Please try again. Too many registrations were sent from this connection. What you typed is kept; send it again in 30 s.',
    );
    expect(within(await openPart(user, 'Identity')).getByRole('textbox', { name: /^Last name/ })).toHaveValue('Nkoulou');
    expect(within(await openPart(user, 'Contacts')).getByRole('textbox', { name: /^E-mail address/ })).toHaveValue('amina@example.cm');
    expect(draftValues()).toMatchObject({ LASTNAME: 'Nkoulou', EMAIL: 'amina@example.cm' });
    expect(screen.queryByRole('textbox', { name: /^Code received by e-mail/ })).not.toBeInTheDocument();

    // without a wait named, the message alone
    await user.click(screen.getByRole('button', { name: SEND }));
    await waitFor(async () =>
      expect(await formAlert()).toHaveTextContent(
        'Error creating candidate. Please try again. Too many registrations were sent from this connection; what you typed is kept, send it again later',
      ),
    );
    await user.click(screen.getByRole('button', { name: SEND }));
    expect(await screen.findByText(checkMail('amina@example.cm'))).toBeInTheDocument();
    expect(sent(api)).toHaveLength(3);
  });

  it('says an entrance closed meanwhile, no longer offers it, and keeps what was typed', async () => {
    keepDraft();
    const api = registrationApi({ 'POST /api/candidate': error(409, 'ENTRANCE_CLOSED') });
    const { user } = renderApp('/candidate/register');
    const send = await screen.findByRole('button', { name: SEND });
    // closed since the page was opened
    api.set('GET /api/entrances', { body: [CLOSED_ENTRANCE] });
    await user.click(send);
    expect(await formAlert()).toHaveTextContent('Registration for this entrance is closed What you typed is kept on this device.');
    expect(await screen.findByText(/No entrance exam is open for registration at the moment/)).toBeInTheDocument();
    expect(await formAlert()).toHaveTextContent('Registration for this entrance is closed');
    expect(draftValues()).toMatchObject({ LASTNAME: 'Nkoulou', EMAIL: 'amina@example.cm' });
  });

  it('answers every address alike; the mailed code opens the file, a wrong one is said under the field; then the chosen files are sent, each with its progress, and the file opens', async () => {
    keepDraft();
    const photoAnswers: FakeAnswer[] = [error(500, 'INTERNAL'), { status: 201, body: {} }];
    let diplomaAnswer: (answer: FakeAnswer) => void = () => undefined;
    const api = registrationApi({
      'POST /api/candidate': ACCEPTED_ANSWER,
      'POST /api/candidate/confirm': confirmHandler,
      'POST /api/candidate/documents/PHOTO': () => photoAnswers.shift()!,
      'POST /api/candidate/documents/DIPLOMA': () => new Promise<FakeAnswer>((resolve) => (diplomaAnswer = resolve)),
    });
    const { user, location, queryClient } = renderApp('/candidate/register');
    await screen.findByRole('button', { name: SEND });
    // a PDF is not a photo: refused on the spot
    fireEvent.change(screen.getByLabelText('4x4 photo', { selector: 'input' }), {
      target: { files: fileList(new File(['%PDF-1.4'], 'photo.pdf', { type: 'application/pdf' })) },
    });
    expect(await screen.findByText('The photo must be a JPEG or PNG picture')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('4x4 photo', { selector: 'input' }), new File(['png'], 'me.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Diploma', { selector: 'input' }), new File(['%PDF-1.4'], 'bac.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(/^me\.png/)).toBeInTheDocument();
    expect(screen.getByText(/^bac\.pdf/)).toBeInTheDocument();

    // sent: the mail is to be checked; nothing says whether the address was known, nor a number
    await user.click(screen.getByRole('button', { name: SEND }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Check your mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(checkMail('amina@example.cm'));
    expect(screen.getByText('The code is valid for 60 minutes.')).toBeInTheDocument();
    expect(screen.queryByText(/C26000042/)).not.toBeInTheDocument();
    const code = await codeField();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // nothing is sent before the code, and the draft stays
    expect(api.to('POST', '/api/candidate/documents/PHOTO')).toEqual([]);
    expect(draftValues()).toMatchObject({ LASTNAME: 'Nkoulou' });

    // not six digits: refused here; a wrong code: said under the field, which keeps it
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(confirmations(api)).toEqual([]);
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('This code is not the one mailed for this registration, or it has expired; type the code of the latest mail, or open its link'),
    ).toBeInTheDocument();
    expect(await codeField()).toHaveValue('654321');
    expect(await codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(draftValues()).not.toBeNull();

    // the right one, as a phone's keyboard may space it
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You are registered: your candidate number is C26000042.')).toBeInTheDocument();
    expect(confirmations(api).map((request) => request.body)).toEqual([{ code: '654321' }, { code: CODE }]);
    expect(queryClient.getQueryData(['candidates', 'me'])).toEqual(CONFIRMED_FILE);
    expect(draftValues()).toBeNull();
    const photo = await screen.findByRole('group', { name: '4x4 photo' });
    expect(await within(photo).findByRole('alert')).toHaveTextContent('Not sent. An error has occurred during the process, retry later');
    const diploma = screen.getByRole('group', { name: 'Diploma' });
    expect(await within(diploma).findByRole('progressbar', { name: 'Sending: Diploma' })).toHaveAttribute('aria-valuenow', '50');
    diplomaAnswer({ status: 201, body: {} });
    expect(await within(diploma).findByText('Sent')).toBeInTheDocument();
    expect(screen.getByText('Some documents could not be sent. Try again now, or later from your file.')).toBeInTheDocument();
    expect(api.to('POST', '/api/candidate/documents/PHOTO')[0]!.body).toEqual({ FILE: { name: 'me.png', type: 'image/png', size: 3 } });
    expect(api.to('POST', '/api/candidate/documents/BIRTH_CERTIFICATE')).toEqual([]);
    expect(location().pathname).toBe('/candidate/register');

    await user.click(within(photo).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location().pathname).toBe('/candidate/file'));
    expect(api.to('POST', '/api/candidate/documents/PHOTO')).toHaveLength(2);
    // files never go into the draft, and the draft went with the confirmed code
    expect(draftValues()).toBeNull();
  });

  it('keeps the draft and the chosen files until the code is confirmed: back to the form, another address, a reload', async () => {
    keepDraft();
    const api = registrationApi({ 'POST /api/candidate': ACCEPTED_ANSWER, 'POST /api/candidate/confirm': confirmHandler });
    const first = renderApp('/candidate/register');
    await first.user.upload(await screen.findByLabelText('Diploma', { selector: 'input' }), new File(['%PDF-1.4'], 'bac.pdf', { type: 'application/pdf' }));
    await first.user.click(screen.getByRole('button', { name: SEND }));
    expect(await screen.findByText(checkMail('amina@example.cm'))).toBeInTheDocument();
    expect(draftValues()).toMatchObject({ LASTNAME: 'Nkoulou', EMAIL: 'amina@example.cm' });

    // a mistyped address: back to the form, every value and the chosen file still there
    await first.user.click(screen.getByRole('button', { name: 'Change the address / back to the form' }));
    expect(await screen.findByRole('radio', { name: /Engineering entrance 2026/ })).toBeChecked();
    expect(within(await openPart(first.user, 'Identity')).getByRole('textbox', { name: /^Last name/ })).toHaveValue('Nkoulou');
    expect(screen.getByText(/^bac\.pdf/)).toBeInTheDocument();
    const email = within(await openPart(first.user, 'Contacts')).getByRole('textbox', { name: /^E-mail address/ });
    expect(email).toHaveValue('amina@example.cm');
    await first.user.clear(email);
    await first.user.type(email, 'amina.nkoulou@example.cm');
    await first.user.click(screen.getByRole('button', { name: SEND }));
    expect(await screen.findByText(checkMail('amina.nkoulou@example.cm'))).toBeInTheDocument();
    expect(sent(api).map((request) => (request.body as { EMAIL: string }).EMAIL)).toEqual(['amina@example.cm', 'amina.nkoulou@example.cm']);
    await waitFor(() => expect(draftValues()).toMatchObject({ EMAIL: 'amina.nkoulou@example.cm' }));

    // the page reloaded before the code: what was typed comes back (the files must be chosen again)
    first.unmount();
    const { user, location } = renderApp('/candidate/register');
    expect(await screen.findByText('We restored what you typed on this device.')).toBeInTheDocument();
    expect(within(await openPart(user, 'Contacts')).getByRole('textbox', { name: /^E-mail address/ })).toHaveValue('amina.nkoulou@example.cm');
    expect(screen.queryByText(/^bac\.pdf/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SEND }));
    await user.type(await codeField(), CODE);
    expect(draftValues()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // no file chosen: the file opens at once, and the draft is gone
    await waitFor(() => expect(location().pathname).toBe('/candidate/file'));
    expect(draftValues()).toBeNull();
    expect(api.to('POST', '/api/candidate/documents/DIPLOMA')).toEqual([]);
  });

  it('after too many wrong codes, names the wait and points to the mailed link', async () => {
    keepDraft();
    const api = registrationApi({ 'POST /api/candidate': ACCEPTED_ANSWER, 'POST /api/candidate/confirm': error(429, 'TOO_MANY_REQUESTS', { retryAfter: 40 }) });
    const { user } = renderApp('/candidate/register');
    await user.click(await screen.findByRole('button', { name: SEND }));
    await user.type(await codeField(), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts\. Try again in (40|39) s\. You can also open the link of the mail: it opens your file without the code\.$/,
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(await codeField()).toHaveValue(CODE);
    expect(confirmations(api)).toHaveLength(1);
    expect(draftValues()).not.toBeNull();
  });

  it('never keeps files in the draft, only what was typed', async () => {
    keepDraft();
    registrationApi();
    const { user } = renderApp('/candidate/register');
    await screen.findByRole('button', { name: SEND });
    await user.upload(screen.getByLabelText('Diploma', { selector: 'input' }), new File(['%PDF-1.4'], 'bac.pdf', { type: 'application/pdf' }));
    const identity = await openPart(user, 'Identity');
    await user.type(within(identity).getByRole('textbox', { name: /^Place of birth/ }), ' Centre');
    await waitFor(() => expect(draftValues()).toMatchObject({ BIRTHPLACE: 'Yaoundé Centre' }));
    expect(JSON.stringify(draftValues())).not.toContain('bac.pdf');
    expect(Object.keys(draftValues()!).sort()).toEqual(Object.keys(COMPLETE).sort());
  });
});
