/**
 * The wallet's actors as the app's first load holds them: nothing of pix, withdrawal or their payloads,
 * only how to fetch them. ./wallet.ts (the flows and their real actors) is loaded when a signed-in player first
 * opens the wallet or the money history, once a page.
 */
import type { WalletFlows } from '../../machines/app/app.machine';
import type { TransactionRow } from '../../shared/transaction';
import type { ApiClient } from '../lib/api/client';
import type { LiveServices } from './live';
import type { WalletServices } from './wallet';

export interface LazyWalletServices {
  /** The pix and withdrawal flows with their real actors (the root spawns them). */
  flows(): Promise<WalletFlows>;
  /** One page of the money history (GET /wallet/transactions). */
  transactions(page: number): Promise<{ rows: TransactionRow[]; lastPage: number; page: number }>;
}

export function lazyWalletServices(api: ApiClient, live: LiveServices | undefined): LazyWalletServices {
  let loading: Promise<WalletServices> | undefined;
  const load = () => {
    loading ??= import('./wallet').then((m) => m.createWalletServices(api, live));
    // A failed fetch may be tried again.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  return {
    flows: () => load().then((w) => ({ pix: w.pixLogic, withdrawal: w.withdrawalLogic })),
    transactions: (page) => load().then((w) => w.transactions(page)),
  };
}
