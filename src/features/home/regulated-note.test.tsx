import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE_BETS } from '../../../machines/bets-feed/bets-feed.connect';
import { connectBrand } from '../../../machines/site/site.connect';
import { siteConfigFixture } from '../../../tests/shell/site-config.fixture';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { HomePage } from './home-page';

function renderHome(isRegulated: boolean, locale: 'pt' | 'en' = 'pt') {
  const base = siteConfigFixture();
  const config = siteConfigFixture({
    is_regulated: isRegulated,
    banners: base.banners.map((b) => (b.id === 1 ? { ...b, bonus_kind: 'deposit' as const } : b)),
  });
  return render(
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <MemoryRouter>
        <HomePage
          brand={connectBrand(config)}
          providers={{ loading: false, list: [] }}
          locale={locale}
          liveBets={EMPTY_LIVE_BETS}
          visitor={{ kind: 'guest' }}
        />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('home on a regulated brand', () => {
  it('does not show the deposit bonus banner and names the rule that hid it', () => {
    renderHome(true);
    expect(screen.queryByRole('img', { name: 'Bônus de boas-vindas' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Cashback toda semana' })).toBeInTheDocument();
    const note = screen.getByTestId('regulated-note');
    expect(within(note).getByText(/Bônus vinculado a depósito não oferecido/)).toHaveTextContent('art. 42');
  });

  it('names the rule in English under /en', () => {
    renderHome(true, 'en');
    expect(within(screen.getByTestId('regulated-note')).getByText(/Deposit-linked bonus not offered/)).toBeVisible();
  });

  it('a brand that is not regulated shows the deposit bonus banner and no note', () => {
    renderHome(false);
    expect(screen.getByRole('img', { name: 'Bônus de boas-vindas' })).toBeInTheDocument();
    expect(screen.queryByTestId('regulated-note')).toBeNull();
  });
});
