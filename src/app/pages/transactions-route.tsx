import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import { connectSession } from '../../../machines/session/session.connect';
import { connectTransactions } from '../../../machines/transactions/transactions.connect';
import { transactionsMachine } from '../../../machines/transactions/transactions.machine';
import { TransactionsPage } from '../../features/wallet/transactions-page';
import { inspector } from '../../lib/inspect';
import { useStartedActor } from '../../lib/use-started-actor';
import { useApp } from '../app-context';
import { createWalletServices } from '../wallet';

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
  return <PlayerTransactions key={vm.user.id} />;
}

function PlayerTransactions() {
  const { services } = useApp();
  const machine = useMemo(() => {
    const wallet = createWalletServices(services.api, services.live);
    return transactionsMachine.provide({
      actors: { loadPage: fromPromise(({ input }: { input: { page: number } }) => wallet.transactions(input.page)) },
    });
  }, [services]);
  const actor = useStartedActor(machine, { inspect: inspector?.inspect });
  const vm = useSelector(actor, connectTransactions);
  return (
    <TransactionsPage
      vm={vm}
      onPage={(page) => actor.send({ type: 'transactions.page', page })}
      onRetry={() => actor.send({ type: 'transactions.retry' })}
    />
  );
}
