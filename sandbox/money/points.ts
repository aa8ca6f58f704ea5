/**
 * Loyalty points: what a regulated brand's missions, levels and referrals pay instead of cash or bonus money
 * (Portaria SPA/MF 1.231/2024 art. 42: no bonus tied to a deposit and no bonus credit to bet with; art. 43: loyalty
 * points in a wallet of their own; Lei 14.790/2023 art. 29: no advance or bonus for betting).
 *
 * - Points are the wallet's third account (`points_balance`), moved only by the ledger (`points_award`,
 *   `points_spend`, `points_refund` rows, on the points account and nowhere else: migration 027's CHECK).
 * - They are spent on prize boxes only (sandbox/api/boxes.ts, `pay_with: points`); what such a box or its prize gives
 *   back when sold is points again. A stake (`takeStake`) reads cash and bonus only, a withdrawal cash only: points
 *   can never be staked, withdrawn or turned into cash or bonus.
 *
 * Every function runs inside the caller's transaction, after `lockWallet`.
 */
import type { Queryable } from '../db/types';
import { postOrThrow, type LedgerRefType } from './ledger';

/** What a regulated brand's referral pays the referrer, once per player registered with their code. */
export const REFERRAL_POINTS = 1_000;
/** Reaching level N (N ≥ 2) pays N × LEVEL_POINTS, once per player and level. */
export const LEVEL_POINTS = 100;
/**
 * A mission whose reward is not points, on a regulated brand (one flipped to regulated in the QA panel), pays its
 * value in points: R$ 1,00 is 100 points, a free spin (worth R$ 0,50 in the boxes) 50 (migration 027 does the same).
 */
export const POINTS_PER_FREE_SPIN = 50;

export function missionRewardInPoints(kind: 'cash' | 'free_spins' | 'points', reward: number): number {
  return kind === 'free_spins' ? reward * POINTS_PER_FREE_SPIN : reward;
}

/** Whether a brand is regulated (`is_regulated`): its rewards are points. */
export async function brandIsRegulated(tx: Queryable, brandId: number): Promise<boolean> {
  const [row] = await tx.query<{ regulated: boolean }>(
    `SELECT coalesce((features->>'is_regulated')::boolean, false) AS regulated FROM brands WHERE id = $1`,
    [brandId],
  );
  return row?.regulated ?? false;
}

/** Credits points (a mission, a level, a referral). Returns the points balance after it. */
export async function awardPoints(
  tx: Queryable,
  p: { userId: number; points: number; ref: { type: LedgerRefType; id: string | number }; now: Date },
): Promise<number> {
  return postOrThrow(tx, {
    userId: p.userId,
    account: 'points',
    kind: 'points_award',
    amount: p.points,
    ref: p.ref,
    now: p.now,
  });
}

/**
 * A regulated brand's levels pay points when reached: every ranking level the player's `total_bet` reaches (from
 * level 2) and that has not paid them yet pays N × LEVEL_POINTS, once (`level_points_awards` is keyed by player and
 * level). Called where `total_bet` grows, under the wallet's lock. Returns the points awarded (0 on another brand).
 */
export async function awardLevelPoints(tx: Queryable, userId: number, now: Date): Promise<number> {
  const [player] = await tx.query<{ brand_id: number; total_bet: number }>(
    'SELECT brand_id, total_bet FROM users WHERE id = $1',
    [userId],
  );
  if (!player || !(await brandIsRegulated(tx, player.brand_id))) return 0;
  const reached = await tx.query<{ level: number }>(
    `INSERT INTO level_points_awards (user_id, level, points, created_at)
     SELECT $1, l.level, l.level * $3, $4 FROM ranking_levels l
      WHERE l.level >= 2 AND l.total_bet <= $2
     ON CONFLICT (user_id, level) DO NOTHING RETURNING level`,
    [userId, player.total_bet, LEVEL_POINTS, now],
  );
  let total = 0;
  for (const { level } of reached.sort((a, b) => a.level - b.level)) {
    await awardPoints(tx, { userId, points: level * LEVEL_POINTS, ref: { type: 'level', id: level }, now });
    total += level * LEVEL_POINTS;
  }
  return total;
}
