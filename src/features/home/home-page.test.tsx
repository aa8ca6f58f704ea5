import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE_BETS } from '../../../machines/bets-feed/bets-feed.connect';
import { connectBrand } from '../../../machines/site/site.connect';
import { siteConfigFixture } from '../../../tests/shell/site-config.fixture';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { HomePage, type HomeVisitor } from './home-page';

function homeElement(visitor: HomeVisitor, locale: 'pt' | 'en' = 'pt') {
  return (
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
    </IntlProvider>
  );
}

const renderHome = (visitor: HomeVisitor, locale: 'pt' | 'en' = 'pt') => render(homeElement(visitor, locale));

describe('home page passes (total blocking time)', () => {
  it('paints the banner and the welcome first; the areas, rows, live bets and providers come in a second pass', () => {
    // A server render is the first pass alone (useDeferredValue's initial value).
    const first = renderToString(homeElement({ kind: 'guest' }));
    expect(first).toContain('data-testid="home-banners"');
    expect(first).toContain('data-testid="home-welcome"');
    expect(first).not.toContain('home-tile-casino');
    expect(first).not.toContain('data-testid="home-providers"');
    expect(first).not.toContain('data-testid="live-bets');
    // In the browser the second pass follows at once.
    renderHome({ kind: 'guest' });
    expect(screen.getByTestId('home-tile-casino')).toBeInTheDocument();
    expect(screen.getByTestId('home-providers')).toBeInTheDocument();
  });
});

describe('home page welcome (signed-in home)', () => {
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
