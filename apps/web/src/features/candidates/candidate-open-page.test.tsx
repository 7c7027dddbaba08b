import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { error, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TOKEN = 'tQ3m9Zp2Lx8Vb7Nc4Rk1Hs6Dw0Fy5Gj';

describe('Opening one’s file from the mailed link', () => {
  it('uses the link only when the button is pressed, then opens the file', async () => {
    const api = fakeApi({ 'POST /api/candidate/auth-link': { body: {} } });
    const { user, location } = renderApp(`/candidate/open#token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Open my file' });
    // a mail program previewing the page does not use the link up
    expect(api.to('POST', '/api/candidate/auth-link')).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(location().pathname).toBe('/candidate/file'));
    expect(api.to('POST', '/api/candidate/auth-link')).toHaveLength(1);
    expect(api.to('POST', '/api/candidate/auth-link')[0]!.body).toEqual({ token: TOKEN });
  });

  it('says a used or expired link is not valid, with the way to a new one', async () => {
    fakeApi({ 'POST /api/candidate/auth-link': error(400, 'CANDIDATE_LINK_INVALID') });
    const { user, location } = renderApp(`/candidate/open#token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Open my file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid any more: it was used, replaced by a newer one or has expired; ask for a new link',
    );
    expect(screen.queryByRole('button', { name: 'Open my file' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(location().pathname).toBe('/candidate/link');
  });

  it('says so at once for an address without its token, and lets a network failure be tried again', async () => {
    const api = fakeApi({ 'POST /api/candidate/auth-link': { networkError: true } });
    const first = renderApp('/candidate/open');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more');
    expect(screen.queryByRole('button', { name: 'Open my file' })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderApp(`/candidate/open#token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Open my file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection fail. please try again');
    expect(screen.getByRole('button', { name: 'Open my file' })).toBeEnabled();
    expect(api.to('POST', '/api/candidate/auth-link')).toHaveLength(1);
  });
});
