import { render, screen } from '@testing-library/react';
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
  it('does not show the deposit bonus banner, and the player never sees the compliance note', () => {
    renderHome(true);
    expect(screen.queryByRole('img', { name: 'Bônus de boas-vindas' })).toBeNull();
    expect(screen.queryByTestId('regulated-note')).toBeNull();
    expect(screen.queryByText(/Bônus não oferecidos pelas regras brasileiras de apostas/)).toBeNull();
    expect(screen.queryByText(/DOU/)).toBeNull();
  });

  it('no compliance note under /en either', () => {
    renderHome(true, 'en');
    expect(screen.queryByText(/Bonuses not offered under Brazilian betting rules/)).toBeNull();
    expect(screen.queryByTestId('regulated-note')).toBeNull();
  });

  it('a brand that is not regulated shows the deposit bonus banner and no note', () => {
    renderHome(false);
    expect(screen.getByRole('img', { name: 'Bônus de boas-vindas' })).toBeInTheDocument();
    expect(screen.queryByTestId('regulated-note')).toBeNull();
  });
});
