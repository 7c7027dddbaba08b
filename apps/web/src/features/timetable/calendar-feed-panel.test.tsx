import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fakeApi, type FakeHandler } from '../../test/fake-api';
import { DEMO_PEOPLE } from '../../test/demo-people';
import { renderApp } from '../../test/render-app';
import { FEED_PATH, TIMETABLE_PATH, timetableOf } from './timetable-fixtures';

const FIRST = 'https://portal.univ.example.cm/calendar/Zk3n0x8Qw1Rr2Tt3Yy4Uu5Ii6Oo7Pp8Aa9Ss0Dd1Ff.ics';
const SECOND = 'https://portal.univ.example.cm/calendar/Gg2Hh3Jj4Kk5Ll6Mm7Nn8Bb9Vv0Cc1Xx2Zz3Qq4Ww5E.ics';

function feedApi(state: { active: boolean; createdAt: string | null }, extra: Record<string, FakeHandler> = {}) {
  return fakeApi({ [`POST ${TIMETABLE_PATH}`]: timetableOf([]), [`GET ${FEED_PATH}`]: { body: state }, ...extra });
}

const panel = () => screen.findByRole('region', { name: 'Your timetable in your phone’s calendar' });

describe('the calendar feed', () => {
  it('creates the address, shows it once with its warning, and copies it', async () => {
    const api = feedApi(
      { active: false, createdAt: null },
      { [`POST ${FEED_PATH}`]: { status: 201, body: { url: FIRST, createdAt: '2026-11-25T09:00:00.000Z' } } },
    );
    const { user, unmount } = renderApp('/schedule', { user: DEMO_PEOPLE.permanent() });
    const feed = await panel();
    expect(within(feed).getByText(/Subscribe to your own calendar address in the calendar of your phone or computer/)).toBeInTheDocument();
    expect(await within(feed).findByText('You have no calendar address.')).toBeInTheDocument();

    await user.click(within(feed).getByRole('button', { name: 'Create my calendar address' }));
    const address = await within(feed).findByRole('textbox', { name: 'Your calendar address' });
    expect(api.to('POST', FEED_PATH)).toHaveLength(1);
    expect(address).toHaveValue(FIRST);
    expect(address).toHaveAttribute('readonly');
    expect(
      within(feed).getByText('This address is shown only now: copy it into your calendar. Anyone who has it sees your timetable, so keep it to yourself.'),
    ).toBeInTheDocument();
    expect(within(feed).getByRole('button', { name: 'Renew the address' })).toBeInTheDocument();

    await user.click(within(feed).getByRole('button', { name: 'Copy the address' }));
    expect(await navigator.clipboard.readText()).toBe(FIRST);
    expect(await screen.findByText('Address copied !')).toBeInTheDocument();
    unmount();

    // back on the page: the address is not shown again, only that there is one and since when
    feedApi({ active: true, createdAt: '2026-11-25T09:00:00.000Z' });
    renderApp('/schedule', { user: DEMO_PEOPLE.permanent() });
    const again = await panel();
    expect(await within(again).findByText(/^You have a calendar address, made on 25 November 2026\./)).toBeInTheDocument();
    expect(within(again).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(FIRST)).not.toBeInTheDocument();
  });

  it('renews the address after saying that the old one stops working, and shows the new one', async () => {
    const api = feedApi(
      { active: true, createdAt: '2026-10-01T08:00:00.000Z' },
      { [`POST ${FEED_PATH}`]: { status: 201, body: { url: SECOND, createdAt: '2026-11-25T09:00:00.000Z' } } },
    );
    const { user } = renderApp('/schedule', { user: DEMO_PEOPLE.student() });
    const feed = await panel();
    await user.click(await within(feed).findByRole('button', { name: 'Renew the address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew your calendar address?' });
    expect(dialog).toHaveTextContent(
      'A new address replaces the current one: the old address stops working, and the calendars subscribed with it no longer receive your timetable.',
    );
    // cancelling asks nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', FEED_PATH)).toHaveLength(0);

    await user.click(within(feed).getByRole('button', { name: 'Renew the address' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renew the address' }));
    expect(await within(feed).findByRole('textbox', { name: 'Your calendar address' })).toHaveValue(SECOND);
    expect(api.to('POST', FEED_PATH)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('turns the address off after confirmation, and offers to create one again', async () => {
    const api = feedApi({ active: true, createdAt: '2026-10-01T08:00:00.000Z' }, { [`DELETE ${FEED_PATH}`]: { status: 204 } });
    const { user } = renderApp('/schedule', { user: DEMO_PEOPLE.permanent() });
    const feed = await panel();
    await user.click(await within(feed).findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(feed).findByRole('button', { name: 'Create my calendar address' })).toBeInTheDocument();
    expect(api.to('DELETE', FEED_PATH)).toHaveLength(1);
    expect(within(feed).getByText('You have no calendar address.')).toBeInTheDocument();
    expect(await screen.findByText('Calendar address turned off !')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    feedApi({ active: true, createdAt: '2026-10-01T08:00:00.000Z' });
    renderApp('/schedule', { user: DEMO_PEOPLE.permanent({ LANGUAGE: 'fr' }) });
    const feed = await screen.findByRole('region', { name: 'Votre emploi du temps dans l’agenda de votre téléphone' });
    expect(await within(feed).findByText(/^Vous avez une adresse de calendrier, créée le 1 octobre 2026\./)).toBeInTheDocument();
    expect(within(feed).getByRole('button', { name: 'Renouveler l’adresse' })).toBeInTheDocument();
    expect(within(feed).getByRole('button', { name: 'Désactiver' })).toBeInTheDocument();
  });
});
