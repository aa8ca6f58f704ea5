/**
 * Types of the bonus store's flows (spec §3 Bonus store, Coupon check, Cashback item; §7 Bonuses): the coupon
 * check, the lists of GET /bonuses/coupons, /bonuses/cashback and /ranking, and the cashback claims.
 */
import type { Failure } from '../kernel/api-error';
import type { CashbackSlots, CashbackSummary } from './cashback';

/** What POST /bonuses/check-coupon says of a valid coupon (its shape is the platform's; shown, never trusted). */
export type CouponData = Readonly<Record<string, unknown>>;

/** §3 Coupon check: the response has `coupon`. */
export interface CouponCheckAnswer {
  coupon: CouponData | null;
}

export interface CouponCheckInput {
  code: string;
}

export interface CouponContext {
  /** The code checked or being checked (trimmed); null when cleared. */
  code: string | null;
  /** The valid coupon's data; null unless valid. */
  data: CouponData | null;
  /** Coupons already found valid, by code (§3: map of validated coupons keyed by coupon code). */
  cache: Record<string, CouponData>;
  /** Why the last code is not valid: refused here before any call, or the check's failure (§8). */
  failure: Failure | null;
}

export type CouponEvent = { type: 'coupon.check'; code: string } | { type: 'coupon.clear' };

/** §8: a failed check marks the coupon invalid and is propagated (the deposit panel hears it). */
export type CouponEmitted =
  { type: 'coupon.failed'; code: string; failure: Failure } | { type: 'coupon.valid'; code: string; data: CouponData };

/** The lists the bonus store keeps (§3 Bonus store: coupons, ranking, cashback; each with loading and error). */
export type BonusListKind = 'coupons' | 'cashback' | 'ranking';

export interface BonusListInput {
  kind: BonusListKind;
}

export interface BonusListContext {
  kind: BonusListKind;
  /** The last list read (kept while another load runs or fails). */
  items: unknown[] | null;
  failure: Failure | null;
}

export type BonusListEvent = { type: 'list.retry' } | { type: 'list.reload' };

/** A row of GET /bonuses/cashback: §3 Cashback item plus the id a claim sends. */
export interface CashbackItem extends CashbackSlots {
  id: CashbackId;
}

/** The row's id (`cashback_id` of a claim): the contract's number, or a string id. */
export type CashbackId = number | string;

export interface CashbackInput {
  /** The current instant (ms); the app sends `cashback.tick` as time passes (the countdown). */
  now: number;
}

export interface CashbackContext {
  items: CashbackItem[];
  now: number;
  summary: CashbackSummary;
  /** The list's load failure. */
  failure: Failure | null;
  /** The last claim's failure or local refusal (the list is kept). */
  claimFailure: Failure | null;
  /** The item being claimed. */
  claiming: CashbackId | null;
}

export type CashbackEvent =
  | { type: 'cashback.claim'; id: CashbackId }
  | { type: 'cashback.tick'; now: number }
  | { type: 'cashback.retry' }
  | { type: 'cashback.reload' };

export interface CashbackClaimInput {
  id: CashbackId;
}
