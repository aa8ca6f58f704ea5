import type { SnapshotFrom } from 'xstate';
import type { transactionsMachine } from './transactions.machine';
import type { TransactionRow } from './transactions.types';

export interface TransactionsViewModel {
  status: 'loading' | 'shown' | 'failed';
  rows: TransactionRow[];
  page: number;
  lastPage: number;
  canPrevious: boolean;
  canNext: boolean;
}

export function connectTransactions(snapshot: SnapshotFrom<typeof transactionsMachine>): TransactionsViewModel {
  const { rows, page, lastPage } = snapshot.context;
  const status = snapshot.value as TransactionsViewModel['status'];
  const idle = status === 'shown';
  return { status, rows, page, lastPage, canPrevious: idle && page > 1, canNext: idle && page < lastPage };
}
