/**
 * Types of the pix deposit machine (spec §4 Pix payment, §5 Deposit and withdraw, §9 pix expiry 5 minutes).
 * Money is integer centavos.
 */
import type { AmountProblem, UiMessage } from './amount';

export interface PixInput {
  /** The brand's limits (site config min_deposit / max_deposit), centavos. */
  minDeposit: number;
  maxDeposit: number;
  /** Preset buttons, centavos; those outside the range are not offered. */
  presets?: readonly number[];
  /** The signed-in player: their channel is `private-universal.{userId}`. */
  userId: number;
  /** Approved deposits before this one (wallet.deposit_count). */
  depositCount: number;
}

/** What the app's `createPix` actor answers (POST /main-gateway/qrcode-pix). */
export interface PixCode {
  id: number;
  txid: string;
  amount: number;
  /** The BR Code: rendered as QR and copied as copia e cola. */
  qrcode: string;
  /** Time left until `expiry` when it arrived (the server's 5 minutes, or less when shortened in QA). */
  expiresInMs: number;
}

/** What the app's `checkStatus` actor answers (POST /main-gateway/consult-status-transaction). */
export interface PixStatus {
  status: number;
  balance: number;
  depositCount: number;
}

/** The tracking events of §4 (pushed to the tag manager's dataLayer by the app's `trackDeposit` actor). */
export interface DepositTracking {
  events: Array<'first_deposit' | 'purchase'>;
  amount: number;
  txid: string;
  depositCount: number;
}

export interface PixContext {
  minDeposit: number;
  maxDeposit: number;
  presets: number[];
  userId: number;
  depositCount: number;
  amountText: string;
  amount: number | null;
  amountProblem: AmountProblem | null;
  /** Show the amount problem only after a submit (validation on change, shown once tried). */
  submitted: boolean;
  pix: PixCode | null;
  remainingMs: number;
  /** Wallet balance once known from a payment or status check, centavos. */
  balance: number | null;
  errors: UiMessage[];
}

export type PixEvent =
  | { type: 'pix.amountChanged'; text: string }
  | { type: 'pix.presetChosen'; amount: number }
  | { type: 'pix.submit' }
  | { type: 'pix.newCode' }
  | { type: 'pix.retry' }
  | { type: 'pix.changeAmount' }
  /** The app's payment-events actor: the live channel came back after a drop (check the status). */
  | { type: 'pix.reconnected' }
  /** From the live channel (§7 PaymentApproved). */
  | { type: 'realtime.paymentApproved'; channel?: string; data: { balance: number; amount: number } };

export interface PaymentEventsInput {
  userId: number;
}

export interface CheckStatusInput {
  id: number;
}

export interface CreatePixInput {
  amount: number;
}
