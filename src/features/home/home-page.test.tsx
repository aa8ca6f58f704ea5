import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE_BETS } from '../../../machines/bets-feed/bets-feed.connect';
import { connectBrand } from '../../../machines/site/site.connect';
import { siteConfigFixture } from '../../../tests/shell/site-config.fixture';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { HomePage, type HomeVisitor } from './home-page';

function renderHome(visitor: HomeVisitor, locale: 'pt' | 'en' = 'pt') {
  return render(
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <MemoryRouter>
        <HomePage
          brand={connectBrand(siteConfigFixture())}
          providers={{ loading: false, list: [] }}
          locale={locale}
          liveBets={EMPTY_LIVE_BETS}
          visitor={visitor}
        />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('home page welcome (issue 10: signed-in home)', () => {
  it('offers a guest an account', () => {
    renderHome({ kind: 'guest' });
    const welcome = screen.getByTestId('home-welcome');
    expect(within(welcome).getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register');
    expect(within(welcome).getByRole('heading', { name: 'Bem-vindo à Sorte Verde' })).toBeInTheDocument();
  });

  it('greets a signed-in player by name and offers a deposit, never "Criar conta"', () => {
    renderHome({ kind: 'player', firstName: 'Ana' });
    const welcome = screen.getByTestId('home-welcome');
    expect(within(welcome).getByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    expect(within(welcome).getByRole('link', { name: 'Depositar' })).toHaveAttribute(
      'href',
      '/account/wallet?tab=deposit',
    );
    expect(within(welcome).getByRole('link', { name: 'Ver jogos' })).toHaveAttribute('href', '/casino/games');
    expect(screen.queryByRole('link', { name: 'Criar conta' })).toBeNull();
  });

  it('in English, under /en', () => {
    renderHome({ kind: 'player', firstName: 'Diego' }, 'en');
    const welcome = screen.getByTestId('home-welcome');
    expect(within(welcome).getByRole('heading', { name: 'Hi, Diego!' })).toBeInTheDocument();
    expect(within(welcome).getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/en/account/wallet?tab=deposit',
    );
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
  });

  it('offers nothing while the stored session is being checked', () => {
    renderHome({ kind: 'checking' });
    const welcome = screen.getByTestId('home-welcome');
    expect(welcome).toHaveAttribute('data-visitor', 'checking');
    expect(within(welcome).queryByRole('link')).toBeNull();
  });
});
