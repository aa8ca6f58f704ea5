import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { AccountActions } from './account-actions';

const guest: SessionViewModel = {
  status: 'guest',
  signedIn: false,
  checkDone: true,
  busy: false,
  user: null,
  balance: null,
  bonusBalance: null,
  failure: null,
  selfExclusion: null,
  selfExclusionEnded: false,
  chatContact: null,
  impediment: null,
  secondFactor: null,
  regulatedProfile: null,
};
const player: SessionViewModel = {
  ...guest,
  status: 'signedIn',
  signedIn: true,
  user: { id: 1, name: 'Ana Souza', firstName: 'Ana' },
  balance: 25_000,
  bonusBalance: 0,
};

function renderActions(vm: SessionViewModel, locale: 'pt' | 'en' = 'pt') {
  const prefix = locale === 'en' ? '/en' : '';
  render(
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <MemoryRouter>
        <AccountActions
          vm={vm}
          loginHref={`${prefix}/login`}
          registerHref={`${prefix}/register`}
          walletHref={`${prefix}/account/wallet`}
          transactionsHref={`${prefix}/user/edit/transaction`}
          onLogout={() => {}}
        />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('header account area (signed-in home)', () => {
  it('a guest gets both "Entrar" and "Cadastrar" in the header', () => {
    renderActions(guest);
    expect(screen.getByTestId('sign-in')).toHaveTextContent('Entrar');
    expect(screen.getByTestId('sign-in')).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('register')).toHaveTextContent('Cadastrar');
  });

  it('a player gets the balance joined to a deposit button that opens the deposit tab', () => {
    renderActions(player);
    const deposit = screen.getByRole('link', { name: /^Saldo R\$\s250,00\. Depositar$/ });
    expect(deposit).toHaveAttribute('href', '/account/wallet?tab=deposit');
    expect(deposit).toHaveTextContent('Depositar');
    expect(screen.getByTestId('balance')).toHaveTextContent('R$ 250,00');
    expect(screen.queryByTestId('sign-in')).toBeNull();
    expect(screen.getByTestId('account-menu')).toHaveTextContent('Ana');
  });

  it('in English', () => {
    renderActions(player, 'en');
    expect(screen.getByRole('link', { name: 'Balance R$250.00. Deposit' })).toHaveAttribute(
      'href',
      '/en/account/wallet?tab=deposit',
    );
  });
});

describe('<AccountActions> while a stored token is checked', () => {
  it('shows neither the guest’s buttons nor a player, only that the session is being checked', () => {
    renderActions({ ...guest, status: 'checking', checkDone: false, busy: true });
    expect(screen.getByTestId('account-checking')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Verificando sua sessão…');
    expect(screen.queryByTestId('sign-in')).toBeNull();
    expect(screen.queryByTestId('register')).toBeNull();
    expect(screen.queryByTestId('account')).toBeNull();
  });
});
