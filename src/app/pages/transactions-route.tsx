import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectTransactions } from '../../../machines/transactions/transactions.connect';
import { transactionsMachine } from '../../../machines/transactions/transactions.machine';
import { TransactionsPage } from '../../features/wallet/transactions-page';
import { inspector } from '../../lib/inspect';
import { useApp } from '../app-context';
import { createWalletServices } from '../wallet';

/** /user/edit/transaction: the player's deposits and withdrawals (GET /wallet/transactions?page). */
export function TransactionsRoute() {
  const { services } = useApp();
  const machine = useMemo(() => {
    const wallet = createWalletServices(services.api, services.live);
    return transactionsMachine.provide({
      actors: { loadPage: fromPromise(({ input }: { input: { page: number } }) => wallet.transactions(input.page)) },
    });
  }, [services]);
  const actor = useActorRef(machine, { inspect: inspector?.inspect });
  const vm = useSelector(actor, connectTransactions);
  return (
    <TransactionsPage
      vm={vm}
      onPage={(page) => actor.send({ type: 'transactions.page', page })}
      onRetry={() => actor.send({ type: 'transactions.retry' })}
    />
  );
}
