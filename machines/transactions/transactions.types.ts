/** Types of the money-history machine (spec §3 Transaction, §4 status codes, §7 GET /wallet/transactions?page). */
import type { TransactionRow } from '../../shared/transaction';

export type { TransactionRow };

export interface TransactionsPage {
  rows: TransactionRow[];
  page: number;
  lastPage: number;
}

export interface TransactionsContext extends TransactionsPage {
  /** The page asked for (kept while it loads; rows stay on screen meanwhile). */
  requested: number;
}

export type TransactionsEvent = { type: 'transactions.page'; page: number } | { type: 'transactions.retry' };
