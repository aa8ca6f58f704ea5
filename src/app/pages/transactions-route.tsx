import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectSession } from '../../../machines/session/session.connect';
import { connectTransactions } from '../../../machines/transactions/transactions.connect';
import type { transactionsMachine } from '../../../machines/transactions/transactions.machine';
import { TransactionsPage } from '../../features/wallet/transactions-page';
import { useApp, useAppChild } from '../app-context';

/**
 * /user/edit/transaction: the player's deposits and withdrawals (GET /wallet/transactions?page), asked only once
 * the session says who the player is: while the stored token is being checked the page waits (the header shows
 * no player yet either), a guest is asked to sign in, and another player gets a list of their own.
 */
export function TransactionsRoute() {
  const { session } = useApp();
  const vm = useSelector(session, connectSession);
  if (vm.status === 'checking') {
    return (
      <p role="status" className="page" data-testid="transactions-waiting">
        <FormattedMessage id="wallet.loading" />
      </p>
    );
  }
  if (!vm.user) {
    return (
      <p role="alert" className="page" data-testid="transactions-signed-out">
        <FormattedMessage id="wallet.transactions.signIn" />
      </p>
    );
  }
  return <PlayerTransactions />;
}

function PlayerTransactions() {
  const actor = useAppChild('transactions');
  if (!actor) {
    return (
      <p role="status" className="page" data-testid="transactions-waiting">
        <FormattedMessage id="wallet.loading" />
      </p>
    );
  }
  return <TransactionsList actor={actor} />;
}

function TransactionsList({ actor }: { actor: ActorRefFrom<typeof transactionsMachine> }) {
  const vm = useSelector(actor, connectTransactions);
  return (
    <TransactionsPage
      vm={vm}
      onPage={(page) => actor.send({ type: 'transactions.page', page })}
      onRetry={() => actor.send({ type: 'transactions.retry' })}
    />
  );
}
