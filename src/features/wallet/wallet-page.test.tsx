import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { WithdrawSetup } from '../../../machines/withdrawal/withdrawal.types';
import ptBR from '../../i18n/pt-BR.json';
import { WalletPage } from './wallet-page';

const never = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

function withdrawal(balance: number) {
  const setup: WithdrawSetup = { methodId: 1, addresses: [{ id: 7, key: '***.982.247-**' }], canAddAddress: false };
  const actor = createActor(
    withdrawalMachine.provide({
      actors: {
        loadMethod: fromPromise<WithdrawSetup, void>(async () => setup),
        createAddress: never as never,
        requestWithdrawal: never as never,
        checkWithdrawal: never as never,
        cancelWithdrawal: never as never,
      },
    }),
    { input: { minWithdrawal: 2_000, maxWithdrawal: 1_000_000, balance } },
  );
  actor.start();
  return actor;
}

describe('wallet page', () => {
  it('shows the balance once on the withdrawal tab: in the summary, not again on the form', async () => {
    render(
      <IntlProvider locale="pt-BR" messages={ptBR}>
        <MemoryRouter>
          <WalletPage
            tab="withdraw"
            balance={25_000}
            pix={null}
            withdrawal={withdrawal(25_000)}
            signedOut={false}
            onTab={() => {}}
            transactionsHref="/user/edit/transaction"
            verificationHref="/user/edit/verification"
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    const form = await screen.findByTestId('withdraw-form');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('R$ 250,00');
    expect(within(form).queryByText(/R\$\s250,00/)).toBeNull();
    expect(screen.getAllByText(/R\$\s250,00/)).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Sacar' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Sacar');
    expect(screen.getByRole('link', { name: 'Ver histórico de transações' })).toHaveAttribute(
      'href',
      '/user/edit/transaction',
    );
  });
});
