/** Types of the money-history machine (spec §3 Transaction, §4 status codes, §7 GET /wallet/transactions?page). */

export interface TransactionRow {
  id: number;
  type: 'deposit' | 'withdrawal';
  /** Integer centavos. */
  amount: number;
  /** §4: 0 pending, 1 approved, 2 cancelled, 3 invalid pix key, 4 processing, 5 under review. */
  status: number;
  created_at: string;
}

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
