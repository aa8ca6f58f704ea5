/**
 * Money movements as the contract lists them (spec §3 Transaction, §4 status codes), shared by the sandbox's
 * bank and the app's history. Types only come from the generated schema.
 */
import type { components } from './api/schema';

/** §4: the status codes of a deposit or a withdrawal. */
export const TX_STATUS = {
  pending: 0,
  approved: 1,
  cancelled: 2,
  invalidKey: 3,
  processing: 4,
  underReview: 5,
} as const;
export type TxStatus = components['schemas']['TransactionStatus'];

/**
 * One row of the money history (GET /wallet/transactions): amount in integer centavos, status per §4
 * (0 pending, 1 approved, 2 cancelled, 3 invalid pix key, 4 processing, 5 under review).
 */
export type TransactionRow = Pick<components['schemas']['Transaction'], 'id' | 'type' | 'amount' | 'created_at'> & {
  /** A §4 code, as read from the network (parsers check the range; the type stays a number). */
  status: number;
};
