import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { WithdrawSetup } from '../../../machines/withdrawal/withdrawal.types';
import ptBR from '../../i18n/pt-BR.json';
import { WalletPage } from './wallet-page';

const never = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const SAVED: WithdrawSetup = { methodId: 1, addresses: [{ id: 7, key: '***.982.247-**' }], canAddAddress: false };

function withdrawal(balance: number, createAddress: unknown = never, setup: WithdrawSetup = SAVED) {
  const actor = createActor(
    withdrawalMachine.provide({
      actors: {
        loadMethod: fromPromise<WithdrawSetup, void>(async () => setup),
        createAddress: createAddress as never,
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

  it('asks for the authenticator code when the platform wants it for a new key, and sends it with the key', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const createAddress = fromPromise<{ id: number; key: string }, unknown>(async ({ input }) => {
      asked.push(input);
      if (asked.length === 1)
        throw Object.assign(new Error('403'), {
          status: 403,
          messages: [{ text: 'Confirme com o código do seu app autenticador.' }],
          fields: { second_factor_code: ['Confirme com o código do seu app autenticador.'] },
        });
      return { id: 8, key: '***.982.247-**' };
    });
    render(
      <IntlProvider locale="pt-BR" messages={ptBR}>
        <MemoryRouter>
          <WalletPage
            tab="withdraw"
            balance={25_000}
            pix={null}
            withdrawal={withdrawal(25_000, createAddress, { methodId: 1, addresses: [], canAddAddress: true })}
            signedOut={false}
            onTab={() => {}}
            transactionsHref="/user/edit/transaction"
            verificationHref="/user/edit/verification"
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    await user.type(await screen.findByTestId('withdraw-key'), '529.982.247-25');
    expect(screen.queryByLabelText('Código do app autenticador (6 dígitos)')).toBeNull();
    await user.click(screen.getByTestId('withdraw-add-key'));
    expect(await screen.findByText('Confirme com o código do seu app autenticador.')).toBeInTheDocument();
    const code = screen.getByLabelText('Código do app autenticador (6 dígitos)');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByTestId('withdraw-add-key'));
    expect(await screen.findByText(/CPF \*\*\*\.982\.247-\*\*/)).toBeInTheDocument();
    expect(asked).toEqual([{ key: '529.982.247-25' }, { key: '529.982.247-25', secondFactorCode: '123456' }]);
    expect(screen.queryByLabelText('Código do app autenticador (6 dígitos)')).toBeNull();
  });
});
