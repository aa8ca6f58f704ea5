/**
 * A deposit coupon's rules, in data (the `coupons` row): its validity window (`starts_at`, `expires_at`), a first
 * deposit only, once per player, a minimum deposit, the bonus (a deposit match's `percent` up to `value`, or a cash
 * coupon's `value`), its rollover (`wagering_multiple`) and how long the bonus lasts (`bonus_days`).
 *
 * The same rules are read twice: when the pix code is made (the player is told at once why a coupon cannot be used)
 * and, authoritatively, inside the transaction that pays the deposit, under the wallet's lock: the player's first
 * paid deposit is decided there (`deposit_count` before this one), and a use is the `coupon_redemptions` row, so two
 * deposits with the same coupon paid at once credit one bonus at most.
 */
import type { Queryable } from '../db/types';

export type CouponOutcome =
  | 'granted'
  | 'not_first_deposit'
  | 'already_used'
  | 'expired'
  | 'below_minimum'
  /** Not a coupon this brand offers with a deposit (unknown, inactive, banned on a regulated brand). */
  | 'not_offered';

export interface DepositCouponRow {
  id: number;
  code: string;
  title: string;
  kind: 'free_spins' | 'cash' | 'deposit_match';
  value: number | null;
  percent: number | null;
  min_deposit: number;
  requires_deposit: boolean;
  advance: boolean;
  active: boolean;
  starts_at: Date | null;
  expires_at: Date | null;
  first_deposit_only: boolean;
  once_per_player: boolean;
  wagering_multiple: number;
  bonus_days: number;
}

export async function findDepositCoupon(
  db: Queryable,
  brandId: number,
  code: string,
): Promise<DepositCouponRow | null> {
  const [row] = await db.query<DepositCouponRow>(
    `SELECT id, code, title, kind, value, percent, min_deposit, requires_deposit, advance, active, starts_at, expires_at,
            first_deposit_only, once_per_player, wagering_multiple, bonus_days
       FROM coupons WHERE brand_id = $1 AND code = $2`,
    [brandId, code.toUpperCase()],
  );
  return row ?? null;
}

/** The bonus a coupon gives on a deposit of `amount`: a match's `percent` up to `value`; a cash coupon's `value`. */
export function couponBonus(coupon: Pick<DepositCouponRow, 'kind' | 'value' | 'percent'>, amount: number): number {
  if (coupon.kind === 'deposit_match') {
    const match = Math.floor((amount * (coupon.percent ?? 0)) / 100);
    return coupon.value === null ? match : Math.min(match, Number(coupon.value));
  }
  if (coupon.kind === 'cash') return Number(coupon.value ?? 0);
  return 0;
}

/** Whether a coupon may give its bonus on this deposit (see the module's comment), and if not, why. */
export async function depositCouponOutcome(
  db: Queryable,
  coupon: DepositCouponRow | null,
  p: { userId: number; depositCount: number; amount: number; now: Date; regulated: boolean },
): Promise<CouponOutcome> {
  if (!coupon || !coupon.active || couponBonus(coupon, p.amount) <= 0) return 'not_offered';
  // A regulated brand grants no deposit-linked bonus (SPA/MF advertising rules art. 42; Lei 14.790 art. 29).
  if (p.regulated) return 'not_offered';
  if ((coupon.starts_at && coupon.starts_at > p.now) || (coupon.expires_at && coupon.expires_at <= p.now))
    return 'expired';
  if (p.amount < coupon.min_deposit) return 'below_minimum';
  if (coupon.first_deposit_only && p.depositCount > 0) return 'not_first_deposit';
  if (coupon.once_per_player) {
    const [used] = await db.query('SELECT 1 FROM coupon_redemptions WHERE coupon_id = $1 AND user_id = $2', [
      coupon.id,
      p.userId,
    ]);
    if (used) return 'already_used';
  }
  return 'granted';
}
