/**
 * Types of the pix deposit machine (spec §4 Pix payment, §5 Deposit and withdraw, §9 pix expiry 5 minutes).
 * Money is integer centavos.
 */
import type { UiMessage } from '../kernel/api-error';
import type { AmountProblem } from '../kernel/money';

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
  /**
   * The brand is regulated (site config `is_regulated`): no deposit-linked bonus, so no coupon
   * field; otherwise the panel has an optional coupon field (a coupon machine, child `coupon`).
   */
  isRegulated?: boolean;
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
  /** §4 status code: 0 pending, 1 approved, 2 cancelled. */
  status: number;
  /**
   * Status 2 only: the deposit was cancelled before its code expired, that is refused (or cancelled) by the
   * bank, not expired. The app's actor reads it from the transaction (`updated_at` before `expiry`).
   */
  refused: boolean;
  /** The wallet after it (centavos): reported to the balance's owner, never kept here. */
  balance: number;
  depositCount: number;
  /** The deposit's coupon, when one was sent: what became of it when paid (null outcome: not paid yet). */
  coupon?: DepositCouponResult | null;
}

/** What became of a paid deposit's coupon: the bonus granted with its rollover, or why none was (server's words). */
export interface DepositCouponResult {
  code: string;
  outcome: 'granted' | 'not_first_deposit' | 'already_used' | 'expired' | 'below_minimum' | 'not_offered' | null;
  bonus: number;
  wageringMultiple: number;
}

/** Which deposit a live payment event is about: the deposit's id and txid (either identifies it). */
export interface PaymentIdentity {
  id?: number | undefined;
  txid?: string | undefined;
}

/**
 * What the pix machine emits (XState `emit`) when it learns the wallet's balance: from a status check, or from
 * its own PaymentApproved. The root machine routes it to the session, the one owner of the balance.
 */
export type PixEmitted = { type: 'wallet.balanceReported'; balance: number; depositCount: number };

/** The tracking events of §4 (pushed to the tag manager's dataLayer by the app's `trackDeposit` actor). */
export interface DepositTracking {
  events: Array<'first_deposit' | 'purchase'>;
  amount: number;
  txid: string;
  depositCount: number;
}

export interface PixContext {
  /** The deposit panel offers a coupon field (a brand that is not regulated). */
  couponAllowed: boolean;
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
  /** The last §4 status the server gave for this deposit (status checks), null before any answer. */
  serverStatus: number | null;
  /** The paid deposit's coupon result (its bonus, or why none), from PaymentApproved or a status check. */
  coupon: DepositCouponResult | null;
  errors: UiMessage[];
}

export type PixEvent =
  | { type: 'pix.amountChanged'; text: string }
  | { type: 'pix.presetChosen'; amount: number }
  | { type: 'pix.submit' }
  | { type: 'pix.newCode' }
  | { type: 'pix.retry' }
  | { type: 'pix.changeAmount' }
  /** Expired without an answer from the server: ask it again whether the deposit was paid. */
  | { type: 'pix.recheck' }
  /** The app's payment-events actor: the live channel came back after a drop (check the status). */
  | { type: 'pix.reconnected' }
  /** From the live channel (§7 PaymentApproved): ours only when its id or txid is our deposit's. */
  | {
      type: 'realtime.paymentApproved';
      channel?: string;
      data: PaymentIdentity & {
        balance: number;
        amount: number;
        bonus_balance?: number | undefined;
        coupon?:
          | {
              code: string;
              outcome: Exclude<DepositCouponResult['outcome'], null>;
              bonus: number;
              wagering_multiple: number;
            }
          | undefined;
      };
    }
  /** From the live channel: the bank refused (cancelled, status 2) a pending deposit. */
  | { type: 'realtime.paymentRefused'; channel?: string; data: PaymentIdentity & { amount: number; status: number } };

/** The player's channel the deposit listens on (a realtime channel machine, a child of the pix machine). */
export interface PaymentEventsInput {
  channel: string;
  events: string[];
}

export interface CheckStatusInput {
  id: number;
}

export interface CreatePixInput {
  amount: number;
  /** The coupon the player's field found valid, sent with the deposit; absent otherwise. */
  coupon?: string;
}
