import { useEffect, useMemo, useState } from 'react';
import { TransactionsPage, type TransactionsViewModel } from '../../features/wallet/transactions-page';
import { useApp } from '../app-context';
import { createWalletServices } from '../wallet';

/** /user/edit/transaction: the player's deposits and withdrawals (GET /wallet/transactions?page). */
export function TransactionsRoute() {
  const { services } = useApp();
  const wallet = useMemo(() => createWalletServices(services.api, services.live), [services]);
  const [page, setPage] = useState(1);
  const [vm, setVm] = useState<TransactionsViewModel>({ status: 'loading', rows: [], page: 1, lastPage: 1 });
  useEffect(() => {
    let live = true;
    wallet.transactions(page).then(
      (r) => live && setVm({ status: 'shown', rows: r.rows, page: r.page, lastPage: r.lastPage }),
      () => live && setVm((v) => ({ ...v, status: 'failed' })),
    );
    return () => {
      live = false;
    };
  }, [wallet, page]);
  return (
    <TransactionsPage
      vm={vm}
      onPage={(next) => {
        setVm((v) => ({ ...v, status: 'loading' }));
        setPage(next);
      }}
    />
  );
}
