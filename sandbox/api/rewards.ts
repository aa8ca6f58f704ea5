/**
 * Rewards: coupons, cashback computed from real losses, missions progressed by real bets, and referral
 * credits. The handlers are in handlers/rewards.ts; the rules are in sandbox/README.md (Rewards).
 *
 * Cashback: the brand's `cashback_release_day` (0 = Sunday) at `cashback_release_hour`:00, São Paulo time, closes a
 * week. A closed week with a loss (casino stakes − wins, the sportsbook's own row excluded, plus sports bets settled
 * won or lost in it; never below 0) gives a calendar item dated that release day, worth
 * `cashback_conversion_percentage` % of the loss (floor, centavos), split in 3 slots (the last takes the
 * remainder). The week still open is listed too, dated its coming release day (a future item while that day has
 * not come), worth what its loss gives so far. The last 4 closed weeks are listed. The slots unlock as the app
 * counts them: the same pure function (shared/cashback.ts). An item's id is its date as yyyymmdd.
 */
import type { Schema } from '../../shared/api/types';
import { slotsSoFar, totalSlots } from '../../shared/cashback';
import { isoDate, localDateOf, localTime } from '../../shared/sao-paulo';
import type { Queryable } from '../db/types';
import { SPORTSBOOK_GAME_CODE } from '../sportsbook/bets';
import type { Brand } from './brands';
import { balancesOf, lockWallet, postOrThrow, type LedgerRefType } from '../money/ledger';
import { grantBonus } from '../money/bonus';
import { awardPoints, brandIsRegulated, REFERRAL_POINTS } from '../money/points';

export type CashbackItem = Schema<'CashbackItem'>;
export type Mission = Schema<'Mission'>;
export type Coupon = Schema<'Coupon'>;

/** Closed weeks listed (besides the open one). */
export const CASHBACK_WEEKS = 4;
/** What a referrer is credited per player who registers with their code, once (R$ 10,00). */
export const REFERRAL_CREDIT = 1_000;

/** The release instant of the week `weeksBack` before the last release at or before `now`. */
function releaseInstants(brand: Pick<Brand, 'settings'>, now: Date, count: number): Date[] {
  const { cashback_release_day: weekday, cashback_release_hour: hour } = brand.settings;
  const today = localDateOf(now);
  const todayWeekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  let back = (todayWeekday - weekday + 7) % 7;
  let last = localTime(today.year, today.month, today.day - back, hour);
  if (last > now) {
    back += 7;
    last = localTime(today.year, today.month, today.day - back, hour);
  }
  // [next, last, last − 1 week, …]
  const out: Date[] = [];
  for (let k = -1; k < count; k += 1) out.push(localTime(today.year, today.month, today.day - back - 7 * k, hour));
  return out;
}

/** Net loss (centavos, never below 0) of casino rounds and settled sports bets in [from, to). */
export async function lossBetween(db: Queryable, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db.query<{ staked: number; won: number }>(
    `SELECT (c.staked + s.staked)::bigint AS staked, (c.won + s.won)::bigint AS won
       FROM (SELECT coalesce(sum(b.bet_amount), 0) AS staked, coalesce(sum(b.win_amount), 0) AS won
               FROM bets b JOIN games g ON g.id = b.game_id
              WHERE b.user_id = $1 AND b.created_at >= $2 AND b.created_at < $3 AND g.gamecode <> $4) c,
            (SELECT coalesce(sum(stake), 0) AS staked, coalesce(sum(potential_win) FILTER (WHERE status = 'won'), 0) AS won
               FROM sports_bets
              WHERE user_id = $1 AND status IN ('won', 'lost') AND settled_at >= $2 AND settled_at < $3) s`,
    [userId, from, to, SPORTSBOOK_GAME_CODE],
  );
  return Math.max(0, (row?.staked ?? 0) - (row?.won ?? 0));
}

/** A slot's amount: the item's amount in 3 (the last slot takes the remainder); 1 slot takes it all. */
export function slotAmount(amount: number, slots: number, slot: number): number {
  const base = Math.floor(amount / slots);
  return slot === slots ? amount - base * (slots - 1) : base;
}

const itemIdOf = (date: string) => Number(date.replaceAll('-', ''));

/** The player's cashback items at `now` (see the module's comment), oldest first. */
export async function cashbackItems(
  db: Queryable,
  brand: Pick<Brand, 'settings' | 'features'>,
  userId: number,
  now: Date,
): Promise<CashbackItem[]> {
  // No "win back your losses" on a regulated brand (Portaria SPA/MF 1.231/2024, advertising rules; art. 42): a
  // cashback of losses is not offered there, whatever the switch says.
  if (!brand.features.cashback || brand.features.is_regulated) return [];
  const percentage = brand.settings.cashback_conversion_percentage;
  const releases = releaseInstants(brand, now, CASHBACK_WEEKS + 1).reverse(); // oldest first; last = next
  const claims = await db.query<{ item_id: number; n: number; total: number }>(
    'SELECT item_id, count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS total FROM cashback_claims WHERE user_id = $1 GROUP BY item_id',
    [userId],
  );
  const items: CashbackItem[] = [];
  for (let i = 1; i < releases.length; i += 1) {
    const from = releases[i - 1]!;
    const release = releases[i]!;
    const open = release > now;
    const loss = await lossBetween(db, userId, from, open ? new Date(now.getTime() + 1) : release);
    const amount = Math.floor((loss * percentage) / 100);
    const availableAt = isoDate(localDateOf(release));
    const id = itemIdOf(availableAt);
    const claimed = claims.find((c) => c.item_id === id);
    if (amount <= 0 && !claimed) continue;
    const type = 'calendar' as const;
    items.push({
      id,
      available_at: availableAt,
      type,
      claimed: claimed?.n ?? 0,
      slots: totalSlots({ type }),
      amount,
      slot_amount: slotAmount(amount, totalSlots({ type }), 1),
      claimed_amount: claimed?.total ?? 0,
      loss,
      percentage,
    });
  }
  return items;
}

/** The slots of an item a claim at `now` takes: those unlocked and not claimed, with their amounts. */
export function claimableSlots(item: CashbackItem, now: Date): { slot: number; amount: number }[] {
  const unlocked = slotsSoFar(item, now);
  const out: { slot: number; amount: number }[] = [];
  for (let slot = item.claimed + 1; slot <= unlocked; slot += 1)
    out.push({ slot, amount: slotAmount(item.amount, item.slots, slot) });
  return out;
}

/* ------------------------------------------------------------------ missions */

export interface MissionRow {
  id: number;
  brand_id: number;
  title: string;
  description: string;
  goal_kind: 'bet_total' | 'rounds';
  goal: number;
  reward_kind: 'cash' | 'free_spins' | 'points';
  reward: number;
  assigned_only: boolean;
  status: Mission['status'] | null;
  progress: number | null;
  accepted_at: Date | null;
  completed_at: Date | null;
  claimed_at: Date | null;
}

const MISSION_SELECT = `
  SELECT m.id, m.brand_id, m.title, m.description, m.goal_kind, m.goal, m.reward_kind, m.reward, m.assigned_only,
         pm.status, pm.progress, pm.accepted_at, pm.completed_at, pm.claimed_at
    FROM missions m LEFT JOIN player_missions pm ON pm.mission_id = m.id AND pm.user_id = $1
   WHERE m.brand_id = $2 AND m.active AND (NOT m.assigned_only OR pm.user_id IS NOT NULL)`;

export function toMission(row: MissionRow): Mission {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    goal_kind: row.goal_kind,
    goal: row.goal,
    progress: Math.min(row.goal, row.progress ?? 0),
    reward_kind: row.reward_kind,
    reward: row.reward,
    status: row.status ?? 'available',
    accepted_at: row.accepted_at?.toISOString() ?? null,
    completed_at: row.completed_at?.toISOString() ?? null,
    claimed_at: row.claimed_at?.toISOString() ?? null,
  };
}

export async function listMissionRows(db: Queryable, brandId: number, userId: number): Promise<MissionRow[]> {
  return db.query<MissionRow>(`${MISSION_SELECT} ORDER BY m.id DESC`, [userId, brandId]);
}

/** One mission the player can see (another brand's, or one assigned to someone else: null). */
export async function findMissionRow(
  db: Queryable,
  brandId: number,
  userId: number,
  missionId: number,
): Promise<MissionRow | null> {
  const [row] = await db.query<MissionRow>(`${MISSION_SELECT} AND m.id = $3`, [userId, brandId, missionId]);
  return row ?? null;
}

/** The game types a mission may name (§3 Mission widget): a casino game's family, or the sportsbook. */
export const GAME_TYPES = ['slot', 'crash', 'table', 'live', 'sports'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** A casino game's type, from its category (the sportsbook is `sports`: sandbox/api/provider-wallet.ts). */
export function gameTypeOfCategory(categorySlug: string): GameType {
  if (categorySlug === 'crash') return 'crash';
  if (categorySlug === 'table' || categorySlug === 'roulette') return 'table';
  if (categorySlug === 'live') return 'live';
  return 'slot';
}

/**
 * A settled round moves the player's accepted missions whose game types include its own (a mission with none names
 * every casino game, never the sportsbook): `bet_total` adds the round's stake, `rounds` adds 1. Called once per
 * round, when it settles (its first credit), in the wallet's transaction under the wallet row lock, so a rolled-back
 * stake never counts. A mission reaching its goal is completed then.
 */
export async function advanceMissions(
  tx: Queryable,
  userId: number,
  round: { stake: number; gameType: GameType },
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE player_missions pm
        SET progress = LEAST(m.goal, pm.progress + CASE m.goal_kind WHEN 'bet_total' THEN $2::bigint ELSE 1 END),
            status = CASE WHEN pm.progress + CASE m.goal_kind WHEN 'bet_total' THEN $2::bigint ELSE 1 END >= m.goal
                          THEN 'completed' ELSE 'accepted' END,
            completed_at = CASE WHEN pm.progress + CASE m.goal_kind WHEN 'bet_total' THEN $2::bigint ELSE 1 END >= m.goal
                          THEN $4::timestamptz ELSE NULL END
       FROM missions m
      WHERE m.id = pm.mission_id AND pm.user_id = $1 AND pm.status = 'accepted'
        AND (CASE WHEN m.game_types IS NULL THEN $3 <> 'sports' ELSE $3 = ANY (m.game_types) END)`,
    [userId, round.stake, round.gameType, now],
  );
}

/** Assigns a mission to a player (QA panel): available to them, once. Returns false when already theirs. */
export async function assignMission(db: Queryable, userId: number, missionId: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO player_missions (user_id, mission_id, status, assigned_at) VALUES ($1, $2, 'available', $3)
     ON CONFLICT (user_id, mission_id) DO NOTHING RETURNING user_id`,
    [userId, missionId, now],
  );
  return rows.length > 0;
}

/* ------------------------------------------------------------------ coupons */

export interface CouponRow {
  code: string;
  title: string;
  description: string;
  kind: Coupon['kind'];
  value: number | null;
  percent: number | null;
  min_deposit: number;
  requires_deposit: boolean;
  advance: boolean;
  expires_at: Date | null;
}

/**
 * Banned on a regulated brand: every coupon kind is a bonus. A deposit match or a coupon that requires a deposit is
 * a bonus tied to a deposit, a cash coupon is bonus credit to bet with, free spins are stakes given to bet with
 * (Portaria SPA/MF 1.231/2024 art. 42; Lei 14.790/2023 art. 29: no advance, anticipation or bonus for betting).
 */
export const bannedWhenRegulated = (c: Pick<CouponRow, 'kind' | 'requires_deposit' | 'advance'>) =>
  c.requires_deposit || c.advance || c.kind === 'deposit_match' || c.kind === 'cash' || c.kind === 'free_spins';

export function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    kind: row.kind,
    value: row.value,
    percent: row.percent,
    min_deposit: row.min_deposit,
    expires_at: row.expires_at?.toISOString() ?? null,
    requires_deposit: row.requires_deposit,
  };
}

const COUPON_SELECT = `SELECT code, title, description, kind, value, percent, min_deposit, requires_deposit, advance,
                              expires_at FROM coupons`;

export async function offeredCoupons(db: Queryable, brand: Pick<Brand, 'id' | 'features'>, now: Date) {
  const rows = await db.query<CouponRow>(
    `${COUPON_SELECT} WHERE brand_id = $1 AND active AND (expires_at IS NULL OR expires_at > $2) ORDER BY id`,
    [brand.id, now],
  );
  return rows.filter((row) => !(brand.features.is_regulated && bannedWhenRegulated(row)));
}

export async function findCoupon(db: Queryable, brandId: number, code: string): Promise<CouponRow | null> {
  const [row] = await db.query<CouponRow>(`${COUPON_SELECT} WHERE brand_id = $1 AND code = $2 AND active`, [
    brandId,
    code.toUpperCase(),
  ]);
  return row ?? null;
}

/* ------------------------------------------------------------------ referrals */

/**
 * Credits the referrer of a player who has just registered with their code, once (the referee is the key of
 * referral_credits), in the registration's transaction: REFERRAL_CREDIT to the referrer (their wallet locked first),
 * as a reward (`creditReward`); on a regulated brand REFERRAL_POINTS loyalty points instead, never cash (Lei
 * 14.790/2023 art. 29; Portaria SPA/MF 1.231/2024 art. 43).
 */
export async function creditReferral(
  tx: Queryable,
  p: { brandId: number; refereeId: number; referralCode: string; now: Date },
): Promise<void> {
  const [referrer] = await tx.query<{ id: number }>('SELECT id FROM users WHERE brand_id = $1 AND referral_code = $2', [
    p.brandId,
    p.referralCode,
  ]);
  if (!referrer || referrer.id === p.refereeId) return;
  await lockWallet(tx, referrer.id);
  const regulated = await brandIsRegulated(tx, p.brandId);
  const inserted = await tx.query(
    `INSERT INTO referral_credits (referee_id, referrer_id, amount, points, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (referee_id) DO NOTHING RETURNING referee_id`,
    [p.refereeId, referrer.id, regulated ? 0 : REFERRAL_CREDIT, regulated ? REFERRAL_POINTS : 0, p.now],
  );
  if (inserted.length === 0) return;
  if (regulated) {
    await awardPoints(tx, {
      userId: referrer.id,
      points: REFERRAL_POINTS,
      ref: { type: 'referral', id: p.refereeId },
      now: p.now,
    });
    return;
  }
  await creditReward(tx, {
    userId: referrer.id,
    brandId: p.brandId,
    source: 'referral',
    amount: REFERRAL_CREDIT,
    ref: { type: 'referral', id: p.refereeId },
    now: p.now,
  });
}

/** A brand's rollover of the bonus money missions and referrals give (0: paid as cash), and how long it lasts. */
export interface RewardTerms {
  wageringMultiple: number;
  days: number;
}

/**
 * What a brand's rewards pay in: on a brand with bonus money (unregulated), a mission's or referral's credit is bonus
 * money with the brand's rollover (`reward_wagering_multiple`, default 1×) for `reward_bonus_days` (default 30).
 * A regulated brand's missions and referrals pay loyalty points instead (`creditReward`, sandbox/money/points.ts);
 * its terms (no rollover) are never used for them.
 */
export async function rewardTermsOf(tx: Queryable, brandId: number): Promise<RewardTerms> {
  const [brand] = await tx.query<{ regulated: boolean; multiple: number | null; days: number | null }>(
    `SELECT coalesce((features->>'is_regulated')::boolean, false) AS regulated,
            (settings->>'reward_wagering_multiple')::int AS multiple, (settings->>'reward_bonus_days')::int AS days
       FROM brands WHERE id = $1`,
    [brandId],
  );
  if (!brand || brand.regulated) return { wageringMultiple: 0, days: 30 };
  return { wageringMultiple: brand.multiple ?? 1, days: brand.days ?? 30 };
}

/**
 * Credits a reward to a player whose wallet the caller has locked: cashback as cash (a refund of losses, no
 * rollover; never on a regulated brand: cashbackItems lists none there); a mission's or referral's credit by the
 * brand's reward terms, or, on a regulated brand, as loyalty points (`points`, else `amount` points), never cash or
 * bonus (Portaria SPA/MF 1.231/2024 arts. 42–43; Lei 14.790/2023 art. 29). Returns the wallet's balances after it.
 */
export async function creditReward(
  tx: Queryable,
  p: {
    userId: number;
    brandId: number;
    source: 'cashback' | 'mission' | 'referral';
    amount: number;
    /** What it pays on a regulated brand, in points (default: `amount`). */
    points?: number;
    ref: { type: LedgerRefType; id: string | number };
    now: Date;
  },
): Promise<{ cash: number; bonus: number; points: number }> {
  if (p.source !== 'cashback' && (await brandIsRegulated(tx, p.brandId))) {
    await awardPoints(tx, { userId: p.userId, points: p.points ?? p.amount, ref: p.ref, now: p.now });
  } else if (p.source === 'cashback') {
    await postOrThrow(tx, {
      userId: p.userId,
      account: 'cash',
      kind: 'cashback',
      amount: p.amount,
      ref: p.ref,
      now: p.now,
    });
  } else {
    const terms = await rewardTermsOf(tx, p.brandId);
    await grantBonus(
      tx,
      {
        userId: p.userId,
        brandId: p.brandId,
        source: p.source,
        amount: p.amount,
        wageringMultiple: terms.wageringMultiple,
        days: terms.days,
        now: p.now,
      },
      p.source === 'mission' ? 'mission_reward' : 'referral_reward',
      p.ref,
    );
  }
  const after = await balancesOf(tx, p.userId);
  return { cash: after.cash, bonus: after.bonus, points: after.points };
}

/* ------------------------------------------------------------------ Ranking */

export type RankingLevel = Schema<'RankingLevel'>;
export type RankingPerk = Schema<'RankingPerk'>;

export interface RankingLevelRow {
  level: number;
  name: string;
  total_bet: number | string;
  perks: string[];
}

export const toRankingLevel = (row: RankingLevelRow): RankingLevel => ({
  level: row.level,
  name: row.name,
  totalBet: Number(row.total_bet),
  perks: row.perks as RankingPerk[],
});

/** The brand's VIP team (the `vip_manager` perk): a sandbox address per brand, never a real one. */
export const vipManagerOf = (brandName: string) => ({
  name: `VIP ${brandName}`,
  email: `vip@${brandName.toLowerCase().replace(/[^a-z0-9]/g, '')}.example`,
});
