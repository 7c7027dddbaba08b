import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { error, fakeApi, person } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import {
  APPLY,
  CLASS_OFFER,
  enrolment,
  FULL_OFFER,
  MINE,
  myApplication,
  OTHER_SUBJECT,
  session,
  studentHandlers,
  studentUser,
  SUBJECT_OFFER,
} from './enrolment-fixtures';

const section = (name: string) => screen.findByRole('region', { name });
const items = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('the enrolment page (students)', () => {
  it('shows the open session, its days, the classes and optional subjects with their seats left, and my applications with their status and decision', async () => {
    fakeApi(studentHandlers());
    renderApp('/enrolment', { user: studentUser() });
    const open = await section('Enrolment for the next semester');
    expect(screen.getByRole('heading', { name: 'Enrolment', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your class: BTS1 GSI/J A.')).toBeInTheDocument();
    expect(within(open).getByText('Open from 02/03/2026 to 29/03/2026 inclusive.')).toBeInTheDocument();
    expect(within(open).getByText('You may apply to 3 classes or subjects at most; you have 1 application running.')).toBeInTheDocument();
    const classes = within(open).getByRole('list', { name: 'Classes' });
    expect(items(classes).map((item) => item.textContent)).toEqual([
      'BTS2 GSI/J A2 seats left of 4Apply',
      'HND1 SWE/J AFull: every one of its 2 seats is heldApply',
    ]);
    // a full class cannot be applied to
    expect(within(items(classes)[1]!).getByRole('button', { name: 'Apply to HND1 SWE/J A' })).toBeDisabled();
    const subjects = within(open).getByRole('list', { name: 'Optional subjects' });
    expect(items(subjects).map((item) => item.textContent)).toEqual([
      'CGE101 – General AccountingTaught in BTS1 CGE/J A2 seats left of 3Apply',
      // applied to: its status instead of the button
      'SWE101 – Algorithms and Data StructuresTaught in HND1 SWE/J A1 seat left of 3Waiting list',
    ]);
    const mine = within(open).getByRole('list', { name: 'My applications' });
    expect(items(mine)).toHaveLength(1);
    expect(within(mine).getByText('Waiting list').closest('[data-status]')).toHaveAttribute('data-status', 'WAITLISTED');
    expect(within(mine).getByText(/^Applied on \d{2}\/03\/2026 \d{2}:\d{2} · decided on 04\/03\/2026 \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Withdraw my application to SWE101 – Algorithms and Data Structures (HND1 SWE/J A)' })).toBeEnabled();
  });

  it('applies after a confirmation, then reloads the seats and applications', async () => {
    const api = fakeApi(studentHandlers());
    const { user } = renderApp('/enrolment', { user: studentUser() });
    await section('Enrolment for the next semester');
    await user.click(screen.getByRole('button', { name: 'Apply to BTS2 GSI/J A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply?' });
    expect(within(dialog).getByText(/You apply to BTS2 GSI\/J A in the session “Enrolment for the next semester”/)).toBeInTheDocument();
    // nothing is sent before the confirmation
    expect(api.to('POST', APPLY)).toHaveLength(0);
    const reads = api.to('GET', MINE).length;
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.to('POST', APPLY).map((r) => r.body)).toEqual([{ OFFER_ID: CLASS_OFFER.id }]));
    expect(await screen.findByText('Application sent: it holds a seat until the academic office decides !')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.to('GET', MINE).length).toBeGreaterThan(reads));
  });

  it("shows the server's refusal in the dialog (no seat left since) and reloads the page", async () => {
    const api = fakeApi(studentHandlers(enrolment(), { [`POST ${APPLY}`]: error(409, 'ENROLMENT_FULL') }));
    const { user } = renderApp('/enrolment', { user: studentUser() });
    await section('Enrolment for the next semester');
    await user.click(screen.getByRole('button', { name: 'Apply to CGE101 – General Accounting' }));
    const dialog = await screen.findByRole('dialog');
    const reads = api.to('GET', MINE).length;
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No seat is left in this class or subject');
    await waitFor(() => expect(api.to('GET', MINE).length).toBeGreaterThan(reads));
  });

  it('withdraws an application after a confirmation', async () => {
    const api = fakeApi(
      studentHandlers(enrolment(), { 'POST /api/enrolment-applications/1204/withdraw': { body: myApplication(OTHER_SUBJECT, { status: 'WITHDRAWN' }) } }),
    );
    const { user } = renderApp('/enrolment', { user: studentUser() });
    await section('Enrolment for the next semester');
    await user.click(screen.getByRole('button', { name: /^Withdraw my application to SWE101/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.to('POST', '/api/enrolment-applications/1204/withdraw')).toHaveLength(1));
    expect(await screen.findByText('Application withdrawn !')).toBeInTheDocument();
  });

  it('turns every Apply off once the limit of the session is reached, and says so', async () => {
    const full = session({
      maxApplications: 2,
      applications: [
        myApplication(OTHER_SUBJECT),
        myApplication(FULL_OFFER, { status: 'ACCEPTED', decidedAt: '2026-03-05T08:00:00.000Z' }),
        myApplication(SUBJECT_OFFER, { status: 'REFUSED', decidedAt: '2026-03-05T08:00:00.000Z' }),
      ],
    });
    fakeApi(studentHandlers(enrolment([full])));
    renderApp('/enrolment', { user: studentUser() });
    const open = await section('Enrolment for the next semester');
    expect(within(open).getByText('You have reached the limit of this session (2 applications running): withdraw one to apply elsewhere.')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Apply to BTS2 GSI/J A' })).toBeDisabled();
    // decided applications cannot be withdrawn; the pending one can
    const mine = within(open).getByRole('list', { name: 'My applications' });
    expect(
      within(mine)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Withdraw my application to SWE101 – Algorithms and Data Structures (HND1 SWE/J A)']);
    expect(within(mine).getByText('Accepted')).toBeInTheDocument();
    expect(within(mine).getByText('Refused')).toBeInTheDocument();
  });

  it('says when no session is open, when the next one has not started, and when one has ended', async () => {
    fakeApi(studentHandlers(enrolment([], null)));
    const first = renderApp('/enrolment', { user: studentUser() });
    expect(await screen.findByText('No enrolment session is open at the moment. The academic office opens one before each semester.')).toBeInTheDocument();
    expect(screen.getByText('You have no class yet.')).toBeInTheDocument();
    first.unmount();

    fakeApi(studentHandlers(enrolment([session({ state: 'UPCOMING', applications: [] })])));
    const second = renderApp('/enrolment', { user: studentUser() });
    const upcoming = await section('Enrolment for the next semester');
    expect(screen.getByText(/The next enrolment session has not started yet/)).toBeInTheDocument();
    expect(within(upcoming).getByText('Opens on 02/03/2026 and stays open until 29/03/2026: you can apply from then.')).toBeInTheDocument();
    // its offers can be read, not applied to
    expect(within(upcoming).getByRole('list', { name: 'Classes' })).toBeInTheDocument();
    expect(within(upcoming).queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
    second.unmount();

    fakeApi(studentHandlers(enrolment([session({ state: 'ENDED' })])));
    renderApp('/enrolment', { user: studentUser() });
    const ended = await section('Enrolment for the next semester');
    expect(screen.getByText(/^No enrolment session is open at the moment/)).toBeInTheDocument();
    expect(within(ended).getByText('Ended on 29/03/2026: applications are closed; the academic office may still decide on yours.')).toBeInTheDocument();
    expect(within(ended).queryByRole('list', { name: 'Classes' })).not.toBeInTheDocument();
    expect(within(ended).getByRole('list', { name: 'My applications' })).toBeInTheDocument();
  });

  it('reads in French: the names of the session and the subjects, the days and the statuses', async () => {
    fakeApi(studentHandlers());
    await changeLanguage('fr');
    renderApp('/enrolment', { user: studentUser({ LANGUAGE: 'fr' }) });
    const open = await section('Inscriptions du semestre prochain');
    expect(within(open).getByText('Ouverte du 02/03/2026 au 29/03/2026 inclus.')).toBeInTheDocument();
    expect(within(open).getByText('CGE101 – Comptabilité générale')).toBeInTheDocument();
    expect(within(open).getByText('1 place restante sur 3')).toBeInTheDocument();
    expect(within(within(open).getByRole('list', { name: 'Mes candidatures' })).getByText("Liste d'attente")).toBeInTheDocument();
  });

  it('sends a lecturer to their profile, without asking for enrolment', async () => {
    const api = fakeApi(studentHandlers());
    const { location } = renderApp('/enrolment', { user: person({ KIND: 'STAFF', STATUS: 'PERMANENT' }) });
    await waitFor(() => expect(location().pathname).toBe('/profile'));
    expect(api.to('GET', MINE)).toHaveLength(0);
  });
});
