/**
 * Bonus money, kept apart from cash. The rules (sandbox/README.md, Money):
 *
 * - A grant (a deposit coupon, a mission, a referral) is a `player_bonuses` row and a `bonus_grant` ledger row on the
 *   bonus account. Its rollover is `wagering_multiple` × the bonus granted, counted in settled stakes.
 * - A stake spends cash first, then bonus (the oldest bonus first). The round remembers how it was paid.
 * - A round's win is split as its stake was: the part won on bonus money goes back to the bonus that paid (while it is
 *   active; when it has ended meanwhile, converted or expired, it is paid as cash), the rest to cash.
 * - When a round settles (its first credit; a loss is a credit of 0), its whole stake counts towards the rollover of
 *   the active bonuses, oldest first (what one needs no more goes to the next). A bonus whose rollover is met
 *   becomes cash: what is left of it moves to the cash account (`bonus_conversion`, a row on each account). A
 *   rolled-back stake never counts.
 * - A bonus expires at `expires_at`: what is left of it is forfeited (`bonus_expired`). Expiry is applied, under the
 *   wallet's lock, before any movement or read of the wallet (`expireBonuses`).
 * - A withdrawal takes cash only; bonus money can never be withdrawn.
 *
 * Every function runs inside the caller's transaction, after `lockWallet`.
 */
import type { Queryable } from '../db/types';
import { postOrThrow, type LedgerKind, type LedgerRefType } from './ledger';

export type BonusSource = 'deposit_coupon' | 'mission' | 'referral';
export type BonusStatus = 'active' | 'converted' | 'expired' | 'forfeited';

export const DAY_MS = 86_400_000;

export interface BonusRow {
  id: number;
  user_id: number;
  brand_id: number;
  source: BonusSource;
  coupon_code: string | null;
  deposit_id: number | null;
  granted: number;
  balance: number;
  wagering_multiple: number;
  wagering_required: number;
  wagered: number;
  status: BonusStatus;
  expires_at: Date;
  created_at: Date;
  ended_at: Date | null;
  converted_amount: number | null;
}

type Ref = { type: LedgerRefType; id: string | number };

export interface GrantParams {
  userId: number;
  brandId: number;
  source: BonusSource;
  amount: number;
  wageringMultiple: number;
  days: number;
  couponCode?: string | null;
  depositId?: number | null;
  now: Date;
}

/**
 * Grants bonus money. With no rollover (multiple 0) it is cash at once, under its own kind (`cashKind`): no
 * `player_bonuses` row. Returns the bonus row, or null when it was paid as cash.
 */
export async function grantBonus(
  tx: Queryable,
  p: GrantParams,
  cashKind: LedgerKind,
  ref: Ref,
): Promise<BonusRow | null> {
  if (p.amount <= 0) return null;
  if (p.wageringMultiple <= 0) {
    await postOrThrow(tx, { userId: p.userId, account: 'cash', kind: cashKind, amount: p.amount, ref, now: p.now });
    return null;
  }
  const [bonus] = await tx.query<BonusRow>(
    `INSERT INTO player_bonuses (user_id, brand_id, source, coupon_code, deposit_id, granted, balance, wagering_multiple,
                                 wagering_required, status, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, 'active', $9, $10) RETURNING *`,
    [
      p.userId,
      p.brandId,
      p.source,
      p.couponCode ?? null,
      p.depositId ?? null,
      p.amount,
      p.wageringMultiple,
      p.amount * p.wageringMultiple,
      new Date(p.now.getTime() + p.days * DAY_MS),
      p.now,
    ],
  );
  if (!bonus) throw new Error('bonus not granted');
  await postOrThrow(tx, {
    userId: p.userId,
    account: 'bonus',
    kind: 'bonus_grant',
    amount: p.amount,
    ref,
    bonusId: bonus.id,
    now: p.now,
  });
  return bonus;
}

export async function activeBonuses(tx: Queryable, userId: number): Promise<BonusRow[]> {
  return tx.query<BonusRow>("SELECT * FROM player_bonuses WHERE user_id = $1 AND status = 'active' ORDER BY id", [
    userId,
  ]);
}

/** Ends a bonus: what is left of it leaves the bonus account under `kind`. */
async function endBonus(
  tx: Queryable,
  bonus: BonusRow,
  status: 'expired' | 'forfeited',
  kind: 'bonus_expired' | 'bonus_forfeited',
  now: Date,
): Promise<void> {
  const [ended] = await tx.query<{ id: number }>(
    `UPDATE player_bonuses SET status = $2, ended_at = $3, balance = 0 WHERE id = $1 AND status = 'active' RETURNING id`,
    [bonus.id, status, now],
  );
  if (!ended || bonus.balance <= 0) return;
  await postOrThrow(tx, {
    userId: bonus.user_id,
    account: 'bonus',
    kind,
    amount: -bonus.balance,
    ref: { type: 'bonus', id: bonus.id },
    bonusId: bonus.id,
    now,
  });
}

/** Bonuses past their end are forfeited (what is left of each: a `bonus_expired` row). Returns how many ended. */
export async function expireBonuses(tx: Queryable, userId: number, now: Date): Promise<number> {
  const due = await tx.query<BonusRow>(
    "SELECT * FROM player_bonuses WHERE user_id = $1 AND status = 'active' AND expires_at <= $2 ORDER BY id",
    [userId, now],
  );
  for (const bonus of due) await endBonus(tx, bonus, 'expired', 'bonus_expired', now);
  return due.length;
}

/** The player (or the panel) gives a bonus up: false when it is not theirs or not active. */
export async function forfeitBonus(tx: Queryable, userId: number, bonusId: number, now: Date): Promise<boolean> {
  const [bonus] = await tx.query<BonusRow>(
    "SELECT * FROM player_bonuses WHERE id = $1 AND user_id = $2 AND status = 'active'",
    [bonusId, userId],
  );
  if (!bonus) return false;
  await endBonus(tx, bonus, 'forfeited', 'bonus_forfeited', now);
  return true;
}

/** How a stake was paid. */
export interface StakePaid {
  cash: number;
  bonus: number;
  /** The bonus that paid the bonus part (the first one drawn on), or null. */
  bonusId: number | null;
}

/**
 * Takes a stake: cash first, then bonus money, oldest bonus first. Null when cash and bonus together are not enough
 * (nothing moved). `balances` are the locked wallet's.
 */
export async function takeStake(
  tx: Queryable,
  p: { userId: number; amount: number; cash: number; bonus: number; ref: Ref; now: Date },
): Promise<StakePaid | null> {
  if (p.amount > p.cash + p.bonus) return null;
  const cashPart = Math.min(p.amount, p.cash);
  let bonusLeft = p.amount - cashPart;
  if (cashPart > 0)
    await postOrThrow(tx, {
      userId: p.userId,
      account: 'cash',
      kind: 'bet',
      amount: -cashPart,
      ref: p.ref,
      now: p.now,
    });
  let bonusId: number | null = null;
  if (bonusLeft > 0) {
    for (const bonus of await activeBonuses(tx, p.userId)) {
      if (bonusLeft === 0) break;
      const take = Math.min(bonusLeft, bonus.balance);
      if (take <= 0) continue;
      await tx.query('UPDATE player_bonuses SET balance = balance - $2 WHERE id = $1', [bonus.id, take]);
      await postOrThrow(tx, {
        userId: p.userId,
        account: 'bonus',
        kind: 'bet',
        amount: -take,
        ref: p.ref,
        bonusId: bonus.id,
        now: p.now,
      });
      bonusId ??= bonus.id;
      bonusLeft -= take;
    }
    if (bonusLeft > 0) throw new Error(`bonus balance of user ${p.userId} differs from its bonuses`);
  }
  return { cash: cashPart, bonus: p.amount - cashPart, bonusId };
}

/** Credits `amount` back into a bonus while it is active; otherwise (ended meanwhile) false, nothing moved. */
async function creditActiveBonus(
  tx: Queryable,
  p: { userId: number; bonusId: number; amount: number; kind: LedgerKind; ref: Ref; now: Date },
): Promise<boolean> {
  const [bonus] = await tx.query<{ id: number }>(
    "UPDATE player_bonuses SET balance = balance + $2 WHERE id = $1 AND status = 'active' RETURNING id",
    [p.bonusId, p.amount],
  );
  if (!bonus) return false;
  await postOrThrow(tx, {
    userId: p.userId,
    account: 'bonus',
    kind: p.kind,
    amount: p.amount,
    ref: p.ref,
    bonusId: p.bonusId,
    now: p.now,
  });
  return true;
}

/**
 * A round's win, split as its stake was paid (see the module's rules). Returns the cash and bonus parts credited.
 */
export async function payWin(
  tx: Queryable,
  p: { userId: number; win: number; staked: number; stakedBonus: number; bonusId: number | null; ref: Ref; now: Date },
): Promise<{ cash: number; bonus: number }> {
  if (p.win <= 0) return { cash: 0, bonus: 0 };
  const bonusShare = p.staked > 0 && p.bonusId !== null ? Math.floor((p.win * p.stakedBonus) / p.staked) : 0;
  let cash = p.win - bonusShare;
  let bonus = 0;
  if (bonusShare > 0) {
    const kept = await creditActiveBonus(tx, {
      userId: p.userId,
      bonusId: p.bonusId as number,
      amount: bonusShare,
      kind: 'win',
      ref: p.ref,
      now: p.now,
    });
    if (kept) bonus = bonusShare;
    else cash += bonusShare;
  }
  if (cash > 0)
    await postOrThrow(tx, { userId: p.userId, account: 'cash', kind: 'win', amount: cash, ref: p.ref, now: p.now });
  return { cash, bonus };
}

/**
 * A stake given back (a rollback): the cash part to cash, the bonus part to its bonus while active. A bonus part
 * whose bonus has ended is shown as refunded and forfeited at once (`bet_refund` then `bonus_expired`, on the bonus
 * account), so the trail says where it went; a converted bonus's part is refunded as cash (it would have become cash).
 */
export async function refundStake(
  tx: Queryable,
  p: { userId: number; paid: StakePaid; ref: Ref; now: Date },
): Promise<void> {
  if (p.paid.cash > 0)
    await postOrThrow(tx, {
      userId: p.userId,
      account: 'cash',
      kind: 'bet_refund',
      amount: p.paid.cash,
      ref: p.ref,
      now: p.now,
    });
  if (p.paid.bonus <= 0 || p.paid.bonusId === null) return;
  const bonusId = p.paid.bonusId;
  if (
    await creditActiveBonus(tx, {
      userId: p.userId,
      bonusId,
      amount: p.paid.bonus,
      kind: 'bet_refund',
      ref: p.ref,
      now: p.now,
    })
  )
    return;
  const [ended] = await tx.query<{ status: BonusStatus }>('SELECT status FROM player_bonuses WHERE id = $1', [bonusId]);
  if (ended?.status === 'converted') {
    await postOrThrow(tx, {
      userId: p.userId,
      account: 'cash',
      kind: 'bet_refund',
      amount: p.paid.bonus,
      ref: p.ref,
      now: p.now,
    });
    return;
  }
  const common = { userId: p.userId, account: 'bonus' as const, ref: p.ref, bonusId, now: p.now };
  await postOrThrow(tx, { ...common, kind: 'bet_refund', amount: p.paid.bonus });
  await postOrThrow(tx, { ...common, kind: 'bonus_expired', amount: -p.paid.bonus });
}

/**
 * A settled round's stake counts towards the rollover of the active bonuses, oldest first; a bonus whose rollover is
 * met becomes cash. Returns the bonuses converted.
 */
export async function countWagering(tx: Queryable, userId: number, stake: number, now: Date): Promise<BonusRow[]> {
  let left = stake;
  const converted: BonusRow[] = [];
  for (const bonus of await activeBonuses(tx, userId)) {
    if (left <= 0) break;
    const counted = Math.min(left, Math.max(0, bonus.wagering_required - bonus.wagered));
    left -= counted;
    const wagered = bonus.wagered + counted;
    await tx.query('UPDATE player_bonuses SET wagered = $2 WHERE id = $1', [bonus.id, wagered]);
    if (wagered >= bonus.wagering_required) converted.push(await convertBonus(tx, { ...bonus, wagered }, now));
  }
  return converted;
}

/** The rollover is met: what is left of the bonus becomes cash. */
async function convertBonus(tx: Queryable, bonus: BonusRow, now: Date): Promise<BonusRow> {
  const amount = bonus.balance;
  await tx.query(
    "UPDATE player_bonuses SET status = 'converted', ended_at = $2, balance = 0, converted_amount = $3 WHERE id = $1",
    [bonus.id, now, amount],
  );
  if (amount > 0) {
    const ref = { type: 'bonus' as const, id: bonus.id };
    await postOrThrow(tx, {
      userId: bonus.user_id,
      account: 'bonus',
      kind: 'bonus_conversion',
      amount: -amount,
      ref,
      bonusId: bonus.id,
      now,
    });
    await postOrThrow(tx, { userId: bonus.user_id, account: 'cash', kind: 'bonus_conversion', amount, ref, now });
  }
  return { ...bonus, status: 'converted', balance: 0, converted_amount: amount, ended_at: now };
}
