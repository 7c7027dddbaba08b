import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('legal pages', () => {
  it('show the privacy policy with the support address and the Cameroonian laws', async () => {
    fakeApi();
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '11. Your rights' })).toBeInTheDocument();
    expect((await screen.findAllByText(/support@univ\.example\.cm/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Law No\. 2024\/017/).length).toBeGreaterThan(1);
    expect(screen.getByText(/sessions: closed after 30 minutes without activity and after 10 hours at most/)).toBeInTheDocument();
    expect(screen.queryByText(/{{/)).not.toBeInTheDocument();
  });

  it('show the terms of use in French', async () => {
    fakeApi();
    await changeLanguage('fr');
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: "Conditions d'utilisation" })).toBeInTheDocument();
    expect(screen.getByText(/loi n° 2010\/012 du 21 décembre 2010/)).toBeInTheDocument();
    expect(screen.queryByText(/{{/)).not.toBeInTheDocument();
  });
});
