import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryPage } from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { error, fakeApi, queriesTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

/** A moment in the reader's time zone, as the server sends it (ISO). */
const at = (day: number, hour: number, minute: number) => new Date(2026, 2, day, hour, minute).toISOString();
const SESSION = { name: 'Semester 2, 2025-2026', nameFr: 'Semestre 2, 2025-2026' };
const FINANCE = { name: 'Finance', nameFr: 'Finances' };

const ENTRIES: HistoryEntry[] = [
  {
    id: 90,
    at: at(14, 16, 5),
    event: 'requestDecided',
    byOffice: true,
    facts: {
      reference: '0201@2026-000012',
      subcategory: { name: 'Amount received', nameFr: 'Montant perçu' },
      status: 'VALIDATED_BILLED',
      unit: FINANCE,
      decision: { label: 'Validated and billed', labelFr: 'Validé et facturé' },
    },
  },
  {
    id: 80,
    at: at(14, 9, 30),
    event: 'choiceConfirmed',
    byOffice: true,
    facts: { session: SESSION, subject: { code: 'INF201', name: 'Algorithms', nameFr: 'Algorithmique' }, category: 'CM' },
  },
  {
    id: 70,
    at: at(13, 11, 0),
    event: 'choicesChanged',
    byOffice: false,
    facts: {
      session: SESSION,
      added: [
        { code: 'INF201', category: 'CM' },
        { code: 'INF202', category: 'TD' },
      ],
      removed: [],
    },
  },
  { id: 60, at: at(12, 10, 15), event: 'sectionSaved', byOffice: true, facts: { section: 'pay-mode' } },
  { id: 50, at: at(12, 8, 45), event: 'sectionSaved', byOffice: false, facts: { section: 'personal' } },
  { id: 40, at: at(11, 7, 0), event: 'identificationCompleted', byOffice: true, facts: {} },
  { id: 30, at: at(10, 18, 20), event: 'signInFailed', byOffice: false, facts: {} },
  { id: 20, at: at(10, 8, 2), event: 'signIn', byOffice: false, facts: {} },
];

const page = (rows: HistoryEntry[], total = rows.length, current = 1, pageSize = 20): HistoryPage => ({ rows, total, page: current, pageSize });
const lines = async () =>
  within(await screen.findByRole('list', { name: /Your activity|Votre activité/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('my activity', () => {
  it('writes one English sentence per event, newest first, with its date and time', async () => {
    fakeApi({ 'GET /api/history': { body: page(ENTRIES) } });
    renderApp('/history', { user: DEMO_PEOPLE.permanent() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My activity' })).toBeInTheDocument();
    expect(await lines()).toEqual([
      'Request 0201@2026-000012: Finance decided “Validated and billed” (status: Validated and billed)14/03/2026 16:05',
      'The academic office confirmed your choice of INF201 Algorithms (CM)14/03/2026 09:30',
      'You added to your choices: INF201 (CM) and INF202 (TD)13/03/2026 11:00',
      'Human resources changed the section “Payment mode” of your registration12/03/2026 10:15',
      'You saved the section “Personal information” of your registration12/03/2026 08:45',
      'The identification office completed your identification11/03/2026 07:00',
      'A sign-in to your account was refused: wrong password10/03/2026 18:20',
      'You signed in10/03/2026 08:02',
    ]);
    expect(screen.getByText('14/03/2026 16:05').closest('time')).toHaveAttribute('dateTime', ENTRIES[0]!.at);
    expect(Object.fromEntries(queriesTo('/api/history')[0]!)).toEqual({ page: '1', pageSize: '20' });
    expect(document.title).toMatch(/^My activity/);
  });

  it('writes the same events in French, with the French names the facts carry', async () => {
    await changeLanguage('fr');
    fakeApi({ 'GET /api/history': { body: page(ENTRIES) } });
    renderApp('/history', { user: DEMO_PEOPLE.permanent({ LANGUAGE: 'fr' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon activité' })).toBeInTheDocument();
    expect(await lines()).toEqual([
      'Requête 0201@2026-000012\u00a0: décision «\u00a0Validé et facturé\u00a0» de l’unité «\u00a0Finances\u00a0» (statut\u00a0: Validée et facturée)14/03/2026 16:05',
      'Le service académique a confirmé votre choix de INF201 Algorithmique (CM)14/03/2026 09:30',
      'Vous avez ajouté à vos choix\u00a0: INF201 (CM) et INF202 (TD)13/03/2026 11:00',
      'Les ressources humaines ont modifié la section «\u00a0Mode de paiement\u00a0» de votre inscription12/03/2026 10:15',
      'Vous avez enregistré la section «\u00a0Informations personnelles\u00a0» de votre inscription12/03/2026 08:45',
      'Le service d’identification a terminé votre identification11/03/2026 07:00',
      'Connexion à votre compte refusée\u00a0: mot de passe incorrect10/03/2026 18:20',
      'Connexion à votre compte10/03/2026 08:02',
    ]);
  });

  it('says what changed in the choices, what a request went through, and what a missing fact leaves', async () => {
    fakeApi({
      'GET /api/history': {
        body: page([
          {
            id: 9,
            at: at(20, 9, 0),
            event: 'choicesChanged',
            byOffice: false,
            facts: { added: [{ code: 'INF301', category: 'TP' }], removed: [{ code: 'INF202', category: 'TD' }] },
          },
          { id: 8, at: at(20, 8, 0), event: 'choicesChanged', byOffice: false, facts: { added: [], removed: [{ code: 'INF202', category: 'TD' }] } },
          {
            id: 7,
            at: at(19, 8, 0),
            event: 'requestSent',
            byOffice: true,
            facts: { reference: '0101@2026-000003', unit: { name: 'School of Computer Science', nameFr: 'École d’informatique' } },
          },
          {
            id: 6,
            at: at(18, 8, 0),
            event: 'requestFiled',
            byOffice: false,
            facts: { reference: '0101@2026-000003', subcategory: { name: 'Teaching session not recorded', nameFr: 'Cours non enregistré' } },
          },
          { id: 5, at: at(17, 8, 0), event: 'fileUploaded', byOffice: false, facts: { column: 'RIB_LINK' } },
          { id: 4, at: at(16, 8, 0), event: 'applicationClosed', byOffice: false, facts: { session: SESSION, hours: 96 } },
          { id: 3, at: at(15, 8, 0), event: 'documentDeleted', byOffice: true, facts: {} },
        ]),
      },
    });
    renderApp('/history', { user: DEMO_PEOPLE.permanent() });
    expect((await lines()).map((line) => line!.replace(/\d\d\/\d\d\/\d{4} \d\d:\d\d$/, ''))).toEqual([
      'You changed your choices: added INF301 (TP); removed INF202 (TD)',
      'You removed from your choices: INF202 (TD)',
      'Request 0101@2026-000003: sent to School of Computer Science',
      'You filed the request 0101@2026-000003 (Teaching session not recorded)',
      'You sent the file “Bank details (RIB)”',
      'You closed your application in the session “Semester 2, 2025-2026” (96 h)',
      'Human resources deleted a document of your registration: —',
    ]);
  });

  it("writes a student's file, mail account and enrolment in both languages, the office's decision as the office's, from the facts alone", async () => {
    const ENROLMENT = { name: 'Enrolment 2026-2027', nameFr: 'Inscriptions 2026-2027' };
    const CLASS = { kind: 'CLASS' as const, code: 'HND2 SWE/J A' };
    const SUBJECT = { kind: 'SUBJECT' as const, code: 'MKT102', name: 'Digital marketing', nameFr: 'Marketing numérique' };
    const student: HistoryEntry[] = [
      { id: 19, at: at(22, 9, 0), event: 'enrolmentDecided', byOffice: true, facts: { session: ENROLMENT, offer: CLASS, enrolmentStatus: 'ACCEPTED' } },
      { id: 18, at: at(22, 8, 0), event: 'enrolmentDecided', byOffice: true, facts: { session: ENROLMENT, offer: SUBJECT, enrolmentStatus: 'WAITLISTED' } },
      { id: 17, at: at(21, 9, 0), event: 'enrolmentDecided', byOffice: true, facts: { session: ENROLMENT, offer: SUBJECT, enrolmentStatus: 'REFUSED' } },
      { id: 16, at: at(21, 8, 0), event: 'enrolmentWithdrawn', byOffice: false, facts: { session: ENROLMENT, offer: SUBJECT } },
      { id: 15, at: at(20, 9, 0), event: 'enrolmentApplied', byOffice: false, facts: { session: ENROLMENT, offer: CLASS } },
      { id: 14, at: at(20, 8, 0), event: 'mailUnlinked', byOffice: false, facts: {} },
      { id: 13, at: at(19, 9, 0), event: 'mailLinked', byOffice: false, facts: { provider: 'CODE' } },
      { id: 12, at: at(19, 8, 0), event: 'studentDocumentDeleted', byOffice: false, facts: { studentDocument: 'DIPLOMA' } },
      { id: 11, at: at(18, 9, 0), event: 'studentDocumentUploaded', byOffice: false, facts: { studentDocument: 'BIRTH_CERTIFICATE' } },
      { id: 10, at: at(18, 8, 0), event: 'studentSectionSaved', byOffice: false, facts: { studentSection: 'emergency' } },
    ];
    const withoutTime = async () => (await lines()).map((line) => line!.replace(/\d\d\/\d\d\/\d{4} \d\d:\d\d$/, ''));
    fakeApi({ 'GET /api/history': { body: page(student) } });
    const view = renderApp('/history', { user: DEMO_PEOPLE.student() });
    expect(await withoutTime()).toEqual([
      'The academic office accepted your application for the class HND2 SWE/J A in the enrolment session “Enrolment 2026-2027”',
      'The academic office put your application for the optional subject MKT102 Digital marketing on the waiting list in the enrolment session “Enrolment 2026-2027”',
      'The academic office refused your application for the optional subject MKT102 Digital marketing in the enrolment session “Enrolment 2026-2027”',
      'You withdrew your application for the optional subject MKT102 Digital marketing in the enrolment session “Enrolment 2026-2027”',
      'You applied for the class HND2 SWE/J A in the enrolment session “Enrolment 2026-2027”',
      'You unlinked your mail account',
      'You linked a mail account to your portal account, confirmed by a code sent to it',
      'You deleted a file from your student file: Diploma',
      'You added a file to your student file: Birth certificate',
      'You saved the section “Emergency contact” of your student file',
    ]);
    view.unmount();

    await changeLanguage('fr');
    fakeApi({ 'GET /api/history': { body: page(student) } });
    renderApp('/history', { user: DEMO_PEOPLE.student({ LANGUAGE: 'fr' }) });
    expect(await withoutTime()).toEqual([
      'Le service académique a accepté votre candidature à la classe HND2 SWE/J A dans la session d’inscription «\u00a0Inscriptions 2026-2027\u00a0»',
      'Le service académique a mis en liste d’attente votre candidature à la matière optionnelle MKT102 Marketing numérique dans la session d’inscription «\u00a0Inscriptions 2026-2027\u00a0»',
      'Le service académique a refusé votre candidature à la matière optionnelle MKT102 Marketing numérique dans la session d’inscription «\u00a0Inscriptions 2026-2027\u00a0»',
      'Vous avez retiré votre candidature à la matière optionnelle MKT102 Marketing numérique dans la session d’inscription «\u00a0Inscriptions 2026-2027\u00a0»',
      'Vous avez candidaté à la classe HND2 SWE/J A dans la session d’inscription «\u00a0Inscriptions 2026-2027\u00a0»',
      'Vous avez délié votre compte de messagerie',
      'Vous avez lié un compte de messagerie à votre compte du portail, confirmé par un code qui lui a été envoyé',
      'Vous avez supprimé un fichier de votre dossier étudiant\u00a0: Diplôme',
      'Vous avez ajouté un fichier à votre dossier étudiant\u00a0: Acte de naissance',
      'Vous avez enregistré la section «\u00a0Contact en cas d’urgence\u00a0» de votre dossier étudiant',
    ]);
  });

  it('says what a decision without its status, or an application whose offer is gone, still knows', async () => {
    fakeApi({
      'GET /api/history': {
        body: page([
          { id: 2, at: at(23, 9, 0), event: 'enrolmentDecided', byOffice: true, facts: { session: { name: 'Enrolment', nameFr: 'Inscriptions' } } },
          { id: 1, at: at(23, 8, 0), event: 'mailLinked', byOffice: false, facts: {} },
        ]),
      },
    });
    renderApp('/history', { user: DEMO_PEOPLE.student() });
    expect((await lines()).map((line) => line!.replace(/\d\d\/\d\d\/\d{4} \d\d:\d\d$/, ''))).toEqual([
      'The academic office decided on your application for — in the enrolment session “Enrolment”',
      'You linked a mail account to your portal account, confirmed —',
    ]);
  });

  it('pages through the history, keeping the page in the URL', async () => {
    const first = ENTRIES.slice(0, 5).map((entry) => ({ ...entry }));
    const second = ENTRIES.slice(5).map((entry) => ({ ...entry }));
    fakeApi({
      'GET /api/history': (request) => ({
        body: request.path === '/api/history' && queriesTo('/api/history').at(-1)?.get('page') === '2' ? page(second, 25, 2) : page(first, 25, 1),
      }),
    });
    const { user, location } = renderApp('/history', { user: DEMO_PEOPLE.student() });
    expect(await lines()).toHaveLength(5);
    expect(screen.getByText('1–20 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(queriesTo('/api/history').at(-1)?.get('page')).toBe('2'));
    await waitFor(async () => expect(await lines()).toHaveLength(3));
    expect(location().search).toBe('?page=2');
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and shows a load error', async () => {
    fakeApi({ 'GET /api/history': { body: page([]) } });
    const view = renderApp('/history', { user: DEMO_PEOPLE.admissions() });
    expect(await screen.findByText(/Nothing yet: your sign-ins/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your activity, newest first' })).not.toBeInTheDocument();
    expect(screen.queryByText(/of 0/)).not.toBeInTheDocument();
    view.unmount();

    fakeApi({ 'GET /api/history': error(404, 'NOT_FOUND') });
    renderApp('/history', { user: DEMO_PEOPLE.admissions() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No element to show');
    expect(screen.queryByRole('list', { name: 'Your activity, newest first' })).not.toBeInTheDocument();
  });
});
