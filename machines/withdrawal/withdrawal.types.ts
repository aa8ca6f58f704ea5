/**
 * Types of the withdrawal machine (spec §4 Transaction status codes, §5 Deposit and withdraw: amount within
 * the brand's range, no third parties). Money is integer centavos.
 */
import type { UiMessage } from '../kernel/api-error';
import type { AmountProblem } from '../kernel/money';

export interface WithdrawalInput {
  minWithdrawal: number;
  maxWithdrawal: number;
  /** Balance when the screen opened, centavos. */
  balance: number;
}

/** A saved pix key (masked by the server: the player's own CPF). */
export interface PixAddress {
  id: number;
  key: string;
}

/** What `createAddress` is asked: the key, and the authenticator code when the platform asked for it. */
export interface NewAddressInput {
  key: string;
  secondFactorCode?: string;
}

/** What the app's `loadMethod` actor answers (GET methods + POST wallet/withdraw/method). */
export interface WithdrawSetup {
  methodId: number;
  addresses: PixAddress[];
  canAddAddress: boolean;
}

/** A withdrawal as the machine keeps it. Status codes of §4: 0 pending … 5 under review. */
export interface WithdrawalRecord {
  id: number;
  amount: number;
  status: number;
}

/** Answer of request, status check and cancel: the withdrawal and the balance after it. */
export interface WithdrawalResult {
  withdrawal: WithdrawalRecord;
  balance: number;
}

/**
 * What the withdrawal machine emits (XState `emit`): the balance a server answer carried, for the balance's
 * owner (the session, through the root machine). `depositCount` is never known here.
 */
export type WithdrawalEmitted = { type: 'wallet.balanceReported'; balance: number; depositCount?: number };

export interface WithdrawalContext {
  minWithdrawal: number;
  maxWithdrawal: number;
  /** The balance amounts are checked against, as its owner last gave it (input, `withdrawal.balanceChanged`). */
  balance: number;
  methodId: number | null;
  addresses: PixAddress[];
  canAddAddress: boolean;
  addressId: number | null;
  keyText: string;
  amountText: string;
  amount: number | null;
  amountProblem: AmountProblem | 'balance' | null;
  submitted: boolean;
  withdrawal: WithdrawalRecord | null;
  errors: UiMessage[];
  /** The platform refused it until the account is verified (the brand's `kyc`): the page links there. */
  kycRequired: boolean;
  keyErrors: UiMessage[];
  /**
   * The platform asked for the second factor to save a new key (a regulated brand, the player's authenticator
   * on: Portaria SPA/MF 722/2024): the form shows a 6-digit code field and the save sends it.
   */
  keyNeedsCode: boolean;
  /** The authenticator code typed for the new key (sent with it, never kept after). */
  keyCodeText: string;
}

export type WithdrawalEvent =
  | { type: 'withdrawal.amountChanged'; text: string }
  | { type: 'withdrawal.addressChosen'; id: number }
  | { type: 'withdrawal.keyChanged'; text: string }
  | { type: 'withdrawal.keyCodeChanged'; text: string }
  | { type: 'withdrawal.addKey' }
  | { type: 'withdrawal.submit' }
  | { type: 'withdrawal.confirm' }
  | { type: 'withdrawal.back' }
  | { type: 'withdrawal.refresh' }
  | { type: 'withdrawal.cancel' }
  | { type: 'withdrawal.cancelConfirmed' }
  | { type: 'withdrawal.cancelAborted' }
  | { type: 'withdrawal.new' }
  | { type: 'withdrawal.retry' }
  /** The player's balance moved elsewhere (a deposit paid, another tab): re-check the amount against it. */
  | { type: 'withdrawal.balanceChanged'; balance: number };

export interface RequestWithdrawalInput {
  amount: number;
  addressId: number;
  methodId: number;
}
