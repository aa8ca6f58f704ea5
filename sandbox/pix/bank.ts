/**
 * The sandbox's bank: money moves only here, each move in one database transaction guarded by a conditional
 * UPDATE (a row lock on PostgreSQL), so a deposit is credited once however many times it is paid, and a
 * withdrawal never takes a balance below zero however many are requested at once.
 *
 * Status codes (spec §4): 0 pending, 1 approved, 2 cancelled, 3 invalid pix key (released), 4 processing,
 * 5 under review. Live events are published after the commit, through the `pusher` SDK when one is given.
 * Every status change is written to the audit trail (`audit_log`, sandbox/api/audit.ts) in the same transaction
 * (or statement): who made it (`player`, `panel`, `system`) and the status before and after.
 */
import type { Db, Queryable } from '../db/types';
import { playerChannel as userChannel } from '../../shared/channels';
import type { Publisher } from '../realtime/control';
import type { Schema } from '../../shared/api/types';
import { TX_STATUS, type TxStatus } from '../../shared/transaction';
import { depositBrCode, newTxid } from './deposit-code';
import { appendAudit, type AuditActor } from '../audit/trail';
import { balancesOf, lockWallet, postOrThrow } from '../money/ledger';
import { expireBonuses, grantBonus } from '../money/bonus';
import { couponBonus, depositCouponOutcome, findDepositCoupon, type CouponOutcome } from '../money/coupons';

export { TX_STATUS, type TxStatus };

/** Spec §9: a pix code expires 5 minutes after it is generated. */
export const PIX_EXPIRY_MS = 5 * 60_000;

/** A withdrawal in process: the player may cancel it, the bank may still decide it. */
export const IN_PROCESS: readonly TxStatus[] = [TX_STATUS.pending, TX_STATUS.processing, TX_STATUS.underReview];

export interface TransactionRow {
  id: number;
  user_id: number;
  brand_id: number;
  type: 'deposit' | 'withdrawal';
  amount: number;
  status: TxStatus;
  txid: string | null;
  br_code: string | null;
  expires_at: Date | null;
  credited_at: Date | null;
  address_id: number | null;
  released_at: Date | null;
  created_at: Date;
  updated_at: Date;
  pix_key: string | null;
  coupon_code: string | null;
  coupon_outcome: CouponOutcome | null;
  /** The bonus the deposit's coupon granted, and its rollover (joined from player_bonuses). */
  coupon_bonus: number | null;
  coupon_multiple: number | null;
}

export const SELECT_TX = `SELECT t.*, a.pix_key, pb.granted AS coupon_bonus, pb.wagering_multiple AS coupon_multiple
                            FROM wallet_transactions t LEFT JOIN pix_addresses a ON a.id = t.address_id
                            LEFT JOIN player_bonuses pb ON pb.id = t.bonus_id`;

export async function findTransaction(db: Queryable, id: number): Promise<TransactionRow | null> {
  const [row] = await db.query<TransactionRow>(`${SELECT_TX} WHERE t.id = $1`, [id]);
  return row ?? null;
}

/** The wallet as the contract's `Wallet` reads it: cash (`balance`), bonus money, loyalty points, the paid deposits. */
export async function walletOf(
  db: Queryable,
  userId: number,
): Promise<{ balance: number; bonus_balance: number; points_balance: number; deposit_count: number }> {
  const b = await balancesOf(db, userId);
  return { balance: b.cash, bonus_balance: b.bonus, points_balance: b.points, deposit_count: b.depositCount };
}

/**
 * Pending deposits whose code has expired become cancelled (read paths call this first); each is audited
 * (`pix_deposit.expired`, actor system) by the same statement.
 */
export async function expireDeposits(db: Queryable, now: Date, userId?: number): Promise<void> {
  await db.query(
    `WITH expired AS (
       UPDATE wallet_transactions SET status = 2, updated_at = $1
        WHERE type = 'deposit' AND status = 0 AND expires_at <= $1 ${userId === undefined ? '' : 'AND user_id = $2'}
        RETURNING id, user_id, brand_id, amount, expires_at)
     INSERT INTO audit_log (brand_id, user_id, actor, action, before, after, at)
     SELECT brand_id, user_id, 'system', 'pix_deposit.expired',
            jsonb_build_object('id', id, 'amount', amount, 'status', 0),
            jsonb_build_object('id', id, 'amount', amount, 'status', 2, 'expired_at', expires_at), $1
       FROM expired ORDER BY id`,
    userId === undefined ? [now] : [now, userId],
  );
}

/**
 * The player's open pix codes (pending, unexpired) are cancelled: a self-exclusion starting. Audited
 * `pix_deposit.cancelled` with the given actor.
 */
export async function cancelOpenDeposits(db: Queryable, userId: number, now: Date, actor: AuditActor): Promise<number> {
  const rows = await db.query<{ id: number; brand_id: number; amount: number }>(
    `UPDATE wallet_transactions SET status = 2, updated_at = $2
      WHERE user_id = $1 AND type = 'deposit' AND status = 0 AND credited_at IS NULL
      RETURNING id, brand_id, amount`,
    [userId, now],
  );
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    await appendAudit(db, {
      brandId: row.brand_id,
      playerId: userId,
      actor,
      action: 'pix_deposit.cancelled',
      before: { id: row.id, amount: row.amount, status: TX_STATUS.pending },
      after: { id: row.id, amount: row.amount, status: TX_STATUS.cancelled, reason: 'self_exclusion' },
      at: now,
    });
  }
  return rows.length;
}

export interface BankSettings {
  pixExpiryMs: number;
  autopayMs: number | null;
}

/** The panel's overrides, else the environment's (SANDBOX_PIX_EXPIRY_MS, SANDBOX_PIX_AUTOPAY_MS), else 5 min / off. */
export async function bankSettings(
  db: Queryable,
  env: { pixExpiryMs?: number | undefined; pixAutopayMs?: number | undefined } = {},
): Promise<BankSettings> {
  const [row] = await db.query<{ pix_expiry_ms: number | null; autopay_ms: number | null }>(
    'SELECT pix_expiry_ms, autopay_ms FROM sandbox_bank_settings WHERE id = 1',
  );
  return {
    pixExpiryMs: row?.pix_expiry_ms ?? env.pixExpiryMs ?? PIX_EXPIRY_MS,
    autopayMs: row?.autopay_ms ?? env.pixAutopayMs ?? null,
  };
}

export async function createDeposit(
  db: Queryable,
  p: { userId: number; brandId: number; brandName: string; amount: number; now: Date; expiryMs: number },
): Promise<TransactionRow> {
  const txid = newTxid();
  const brCode = depositBrCode({ brandId: p.brandId, brandName: p.brandName, amount: p.amount, txid });
  const expiresAt = new Date(p.now.getTime() + p.expiryMs);
  const [row] = await db.query<TransactionRow>(
    `INSERT INTO wallet_transactions (user_id, brand_id, type, amount, status, txid, br_code, expires_at, created_at, updated_at)
     VALUES ($1, $2, 'deposit', $3, 0, $4, $5, $6, $7, $7)
     RETURNING *, NULL::text AS pix_key, NULL::bigint AS coupon_bonus, NULL::int AS coupon_multiple`,
    [p.userId, p.brandId, p.amount, txid, brCode, expiresAt, p.now],
  );
  if (!row) throw new Error('deposit not created');
  await appendAudit(db, {
    brandId: p.brandId,
    playerId: p.userId,
    actor: 'player',
    action: 'pix_deposit.created',
    after: { id: row.id, amount: row.amount, status: row.status, expires_at: expiresAt.toISOString() },
    at: p.now,
  });
  return row;
}

export type PayResult =
  | {
      paid: true;
      userId: number;
      id: number;
      txid: string;
      amount: number;
      balance: number;
      bonusBalance: number;
      depositCount: number;
      /** The deposit's coupon: what became of it (null: none was attached), and the bonus it gave. */
      coupon: { code: string; outcome: CouponOutcome; bonus: number; wageringMultiple: number } | null;
    }
  | { paid: false; reason: 'not-found' | 'already-paid' | 'expired' | 'not-pending' };

/**
 * The bank pays a pending pix: in one transaction the deposit becomes approved (only if it is still pending and
 * unexpired: the conditional UPDATE is the lock), the wallet is credited (a `deposit` ledger row), and the deposit's
 * coupon, if any, is judged by its rules under the wallet's lock (sandbox/money/coupons.ts): its bonus is granted
 * as bonus money once, or the deposit records why not. Paying again finds nothing to update and credits nothing.
 */
export async function payDeposit(
  db: Db,
  id: number,
  now: Date,
  publisher?: Publisher,
  actor: AuditActor = 'system',
): Promise<PayResult> {
  const result = await db.transaction(async (tx): Promise<PayResult> => {
    const [pending] = await tx.query<{ user_id: number }>(
      "SELECT user_id FROM wallet_transactions WHERE id = $1 AND type = 'deposit'",
      [id],
    );
    // The wallet first (every money path's first lock), then the deposit.
    const before = pending ? await lockWallet(tx, pending.user_id) : null;
    const [paid] = await tx.query<{
      user_id: number;
      brand_id: number;
      amount: number;
      txid: string | null;
      coupon_code: string | null;
    }>(
      `UPDATE wallet_transactions SET status = 1, credited_at = $2, updated_at = $2
        WHERE id = $1 AND type = 'deposit' AND status = 0 AND credited_at IS NULL AND expires_at > $2
        RETURNING user_id, brand_id, amount, txid, coupon_code`,
      [id, now],
    );
    if (!paid || !before) {
      const [row] = await tx.query<{ status: number; expires_at: Date | null; type: string }>(
        'SELECT status, expires_at, type FROM wallet_transactions WHERE id = $1',
        [id],
      );
      if (!row || row.type !== 'deposit') return { paid: false, reason: 'not-found' };
      if (row.status === TX_STATUS.approved) return { paid: false, reason: 'already-paid' };
      if (row.status === TX_STATUS.pending && row.expires_at && row.expires_at <= now)
        return { paid: false, reason: 'expired' };
      return { paid: false, reason: 'not-pending' };
    }
    const ref = { type: 'deposit' as const, id };
    await expireBonuses(tx, paid.user_id, now);
    const balance = await postOrThrow(tx, {
      userId: paid.user_id,
      account: 'cash',
      kind: 'deposit',
      amount: paid.amount,
      ref,
      now,
    });
    await tx.query('UPDATE wallets SET deposit_count = deposit_count + 1 WHERE user_id = $1', [paid.user_id]);
    const coupon = paid.coupon_code
      ? await applyDepositCoupon(tx, {
          userId: paid.user_id,
          brandId: paid.brand_id,
          depositId: id,
          code: paid.coupon_code,
          amount: paid.amount,
          depositCount: before.depositCount,
          now,
        })
      : null;
    await appendAudit(tx, {
      brandId: paid.brand_id,
      playerId: paid.user_id,
      actor,
      action: 'pix_deposit.paid',
      before: { id, amount: paid.amount, status: TX_STATUS.pending },
      after: {
        id,
        amount: paid.amount,
        status: TX_STATUS.approved,
        ...(coupon ? { coupon: coupon.code, coupon_outcome: coupon.outcome, bonus: coupon.bonus } : {}),
      },
      at: now,
    });
    const after = await balancesOf(tx, paid.user_id);
    return {
      paid: true,
      userId: paid.user_id,
      id,
      txid: paid.txid ?? '',
      amount: paid.amount,
      balance,
      bonusBalance: after.bonus,
      depositCount: after.depositCount,
      coupon,
    };
  });
  if (result.paid && publisher) {
    // id and txid name the deposit: the app matches its code on them, never on the amount.
    await publishSafely(publisher, userChannel(result.userId), 'PaymentApproved', {
      id: result.id,
      txid: result.txid,
      balance: result.balance,
      bonus_balance: result.bonusBalance,
      amount: result.amount,
      ...(result.coupon
        ? {
            coupon: {
              code: result.coupon.code,
              outcome: result.coupon.outcome,
              bonus: result.coupon.bonus,
              wagering_multiple: result.coupon.wageringMultiple,
            },
          }
        : {}),
    });
    await publishSafely(publisher, userChannel(result.userId), 'BalanceUpdated', {
      balance: result.balance,
      bonus_balance: result.bonusBalance,
    });
  }
  return result;
}

/**
 * A paid deposit's coupon, judged by its rules under the wallet's lock: the bonus is granted (and the use recorded,
 * once per player) or the deposit records why not.
 */
async function applyDepositCoupon(
  tx: Queryable,
  p: {
    userId: number;
    brandId: number;
    depositId: number;
    code: string;
    amount: number;
    depositCount: number;
    now: Date;
  },
): Promise<{ code: string; outcome: CouponOutcome; bonus: number; wageringMultiple: number }> {
  const coupon = await findDepositCoupon(tx, p.brandId, p.code);
  const [brand] = await tx.query<{ regulated: boolean }>(
    "SELECT coalesce((features->>'is_regulated')::boolean, false) AS regulated FROM brands WHERE id = $1",
    [p.brandId],
  );
  let outcome = await depositCouponOutcome(tx, coupon, {
    userId: p.userId,
    depositCount: p.depositCount,
    amount: p.amount,
    now: p.now,
    regulated: brand?.regulated ?? true,
  });
  let bonus = 0;
  if (outcome === 'granted' && coupon) {
    const claimed = coupon.once_per_player
      ? await tx.query(
          `INSERT INTO coupon_redemptions (coupon_id, user_id, deposit_id, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (coupon_id, user_id) DO NOTHING RETURNING coupon_id`,
          [coupon.id, p.userId, p.depositId, p.now],
        )
      : [{}];
    if (claimed.length === 0) outcome = 'already_used';
    else {
      bonus = couponBonus(coupon, p.amount);
      const granted = await grantBonus(
        tx,
        {
          userId: p.userId,
          brandId: p.brandId,
          source: 'deposit_coupon',
          amount: bonus,
          wageringMultiple: coupon.wagering_multiple,
          days: coupon.bonus_days,
          couponCode: coupon.code,
          depositId: p.depositId,
          now: p.now,
        },
        'bonus_grant',
        { type: 'deposit', id: p.depositId },
      );
      if (granted) {
        await tx.query('UPDATE coupon_redemptions SET bonus_id = $3 WHERE coupon_id = $1 AND user_id = $2', [
          coupon.id,
          p.userId,
          granted.id,
        ]);
        await tx.query('UPDATE wallet_transactions SET bonus_id = $2 WHERE id = $1', [p.depositId, granted.id]);
      }
    }
  }
  await tx.query('UPDATE wallet_transactions SET coupon_outcome = $2 WHERE id = $1', [p.depositId, outcome]);
  return { code: p.code, outcome, bonus, wageringMultiple: coupon?.wagering_multiple ?? 0 };
}

export type RefuseResult =
  | { refused: true; userId: number; id: number; txid: string; amount: number }
  | { refused: false; reason: 'not-found' | 'already-paid' | 'expired' | 'not-pending' };

/**
 * The bank refuses (cancels) a pending pix: in one transaction the deposit becomes cancelled (2), only if it is
 * still pending and unexpired (the conditional UPDATE is the lock, so a refusal and a payment at once cannot both
 * win). Nothing was credited, so nothing is released. A refused deposit is told from an expired one by its
 * `updated_at`, which is before its `expiry`. Publishes `PaymentRefused {id, txid, amount, status}` after the commit.
 */
export async function refuseDeposit(
  db: Db,
  id: number,
  now: Date,
  publisher?: Publisher,
  actor: AuditActor = 'panel',
): Promise<RefuseResult> {
  const result = await db.transaction(async (tx): Promise<RefuseResult> => {
    const [refused] = await tx.query<{ user_id: number; brand_id: number; amount: number; txid: string | null }>(
      `UPDATE wallet_transactions SET status = 2, updated_at = $2
        WHERE id = $1 AND type = 'deposit' AND status = 0 AND credited_at IS NULL AND expires_at > $2
        RETURNING user_id, brand_id, amount, txid`,
      [id, now],
    );
    if (!refused) {
      const [row] = await tx.query<{ status: number; expires_at: Date | null; type: string }>(
        'SELECT status, expires_at, type FROM wallet_transactions WHERE id = $1',
        [id],
      );
      if (!row || row.type !== 'deposit') return { refused: false, reason: 'not-found' };
      if (row.status === TX_STATUS.approved) return { refused: false, reason: 'already-paid' };
      if (row.status === TX_STATUS.pending && row.expires_at && row.expires_at <= now)
        return { refused: false, reason: 'expired' };
      return { refused: false, reason: 'not-pending' };
    }
    await appendAudit(tx, {
      brandId: refused.brand_id,
      playerId: refused.user_id,
      actor,
      action: 'pix_deposit.cancelled',
      before: { id, amount: refused.amount, status: TX_STATUS.pending },
      after: { id, amount: refused.amount, status: TX_STATUS.cancelled, reason: 'refused_by_bank' },
      at: now,
    });
    return { refused: true, userId: refused.user_id, id, txid: refused.txid ?? '', amount: refused.amount };
  });
  if (result.refused && publisher) {
    await publishSafely(publisher, userChannel(result.userId), 'PaymentRefused', {
      id: result.id,
      txid: result.txid,
      amount: result.amount,
      status: TX_STATUS.cancelled,
    });
  }
  return result;
}

/** A live event that cannot be delivered (realtime server stopped) must not undo a committed payment. */
async function publishSafely(publisher: Publisher, channel: string, event: string, data: unknown): Promise<void> {
  try {
    await publisher.trigger(channel, event, data);
  } catch {
    // The app checks the status on reconnect (consult-status-transaction).
  }
}

export type WithdrawResult =
  | { ok: true; transaction: TransactionRow; balance: number; bonusBalance: number }
  | { ok: false; reason: 'insufficient' };

/**
 * Reserves the amount and creates the pending withdrawal in the same transaction. The balance check is the
 * UPDATE's own condition (`balance >= amount`), evaluated under the row lock: two requests at once can never
 * both take the same money.
 */
export async function requestWithdrawal(
  db: Db,
  p: { userId: number; brandId: number; amount: number; addressId: number; methodId: number; now: Date },
  publisher?: Publisher,
): Promise<WithdrawResult> {
  const result = await db.transaction(async (tx): Promise<WithdrawResult> => {
    // Under the wallet's lock the cash balance is the one the reserve is taken from: bonus money is never withdrawn.
    const wallet = await lockWallet(tx, p.userId);
    if (wallet.cash < p.amount) return { ok: false, reason: 'insufficient' };
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO wallet_transactions (user_id, brand_id, type, amount, status, address_id, method_id, created_at, updated_at)
       VALUES ($1, $2, 'withdrawal', $3, 0, $4, $5, $6, $6) RETURNING id`,
      [p.userId, p.brandId, p.amount, p.addressId, p.methodId, p.now],
    );
    if (!created) throw new Error('withdrawal not created');
    const balance = await postOrThrow(tx, {
      userId: p.userId,
      account: 'cash',
      kind: 'withdrawal',
      amount: -p.amount,
      ref: { type: 'withdrawal', id: created.id },
      now: p.now,
    });
    const transaction = await findTransaction(tx, created.id);
    if (!transaction) throw new Error('withdrawal not created');
    await appendAudit(tx, {
      brandId: p.brandId,
      playerId: p.userId,
      actor: 'player',
      action: 'withdrawal.requested',
      after: {
        id: transaction.id,
        amount: transaction.amount,
        status: transaction.status,
        pix_key: transaction.pix_key ? maskCpf(transaction.pix_key) : null,
      },
      at: p.now,
    });
    return { ok: true, transaction, balance, bonusBalance: wallet.bonus };
  });
  if (result.ok && publisher)
    await publishSafely(publisher, userChannel(p.userId), 'BalanceUpdated', {
      balance: result.balance,
      bonus_balance: result.bonusBalance,
    });
  return result;
}

/** The audit action of each withdrawal decision (`withdrawal.<name>`). */
const WITHDRAWAL_ACTION: Record<Exclude<TxStatus, 0>, string> = {
  1: 'paid',
  2: 'cancelled',
  3: 'rejected_invalid_key',
  4: 'processing',
  5: 'under_review',
};

const RELEASING: readonly TxStatus[] = [TX_STATUS.cancelled, TX_STATUS.invalidKey];

/** Which statuses each bank decision may come from. */
const ALLOWED_FROM: Record<Exclude<TxStatus, 0>, readonly TxStatus[]> = {
  1: IN_PROCESS,
  2: IN_PROCESS,
  3: IN_PROCESS,
  4: [TX_STATUS.pending, TX_STATUS.underReview],
  5: [TX_STATUS.pending, TX_STATUS.processing],
};

export type DecideResult =
  | { ok: true; transaction: TransactionRow; released: boolean; balance: number; bonusBalance: number }
  | { ok: false; reason: 'not-found' | 'not-allowed'; transaction: TransactionRow | null };

/**
 * Moves a withdrawal to `status` (bank decision or the player's cancel). Cancelled (2) and invalid key (3)
 * give the reserved amount back, once: the status UPDATE is conditional on the current status and the
 * release on `released_at IS NULL`, both in one transaction.
 */
export async function decideWithdrawal(
  db: Db,
  p: { id: number; status: Exclude<TxStatus, 0>; now: Date; userId?: number; actor?: AuditActor },
  publisher?: Publisher,
): Promise<DecideResult> {
  const result = await db.transaction(async (tx): Promise<DecideResult> => {
    // The wallet's lock first (every money path's first lock), then the withdrawal's.
    const [owner] = await tx.query<{ user_id: number }>(
      "SELECT user_id FROM wallet_transactions WHERE id = $1 AND type = 'withdrawal'",
      [p.id],
    );
    if (owner) await lockWallet(tx, owner.user_id);
    const [previous] = await tx.query<{ status: TxStatus }>(
      "SELECT status FROM wallet_transactions WHERE id = $1 AND type = 'withdrawal' FOR UPDATE",
      [p.id],
    );
    const [moved] = await tx.query<{ user_id: number; amount: number }>(
      `UPDATE wallet_transactions SET status = $2, updated_at = $3
        WHERE id = $1 AND type = 'withdrawal' AND status = ANY($4::smallint[]) ${p.userId === undefined ? '' : 'AND user_id = $5'}
        RETURNING user_id, amount`,
      p.userId === undefined
        ? [p.id, p.status, p.now, ALLOWED_FROM[p.status]]
        : [p.id, p.status, p.now, ALLOWED_FROM[p.status], p.userId],
    );
    if (!moved) {
      const existing = await findTransaction(tx, p.id);
      const visible =
        existing && existing.type === 'withdrawal' && (p.userId === undefined || existing.user_id === p.userId);
      return visible
        ? { ok: false, reason: 'not-allowed', transaction: existing }
        : { ok: false, reason: 'not-found', transaction: null };
    }
    let released = false;
    if (RELEASING.includes(p.status)) {
      const [release] = await tx.query<{ id: number }>(
        'UPDATE wallet_transactions SET released_at = $2 WHERE id = $1 AND released_at IS NULL RETURNING id',
        [p.id, p.now],
      );
      if (release) {
        await postOrThrow(tx, {
          userId: moved.user_id,
          account: 'cash',
          kind: 'withdrawal_release',
          amount: moved.amount,
          ref: { type: 'withdrawal', id: p.id },
          now: p.now,
        });
        released = true;
      }
    }
    const transaction = await findTransaction(tx, p.id);
    if (!transaction) throw new Error('withdrawal vanished');
    await appendAudit(tx, {
      brandId: transaction.brand_id,
      playerId: moved.user_id,
      actor: p.actor ?? (p.userId === undefined ? 'panel' : 'player'),
      action: `withdrawal.${WITHDRAWAL_ACTION[p.status]}`,
      before: { id: p.id, amount: moved.amount, status: previous?.status ?? null },
      after: { id: p.id, amount: moved.amount, status: p.status, released },
      at: p.now,
    });
    const wallet = await walletOf(tx, moved.user_id);
    return { ok: true, transaction, released, balance: wallet.balance, bonusBalance: wallet.bonus_balance };
  });
  if (result.ok && result.released && publisher) {
    await publishSafely(publisher, userChannel(result.transaction.user_id), 'BalanceUpdated', {
      balance: result.balance,
      bonus_balance: result.bonusBalance,
    });
  }
  return result;
}

/** `***.982.247-**`: enough for the player to recognise their key, never the whole CPF. */
export function maskCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, '');
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** A transaction as the contract's `Transaction`. */
export function toTransaction(row: TransactionRow): Schema<'Transaction'> {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    expiry: row.expires_at?.toISOString() ?? null,
    pix_key: row.pix_key ? maskCpf(row.pix_key) : null,
    coupon: row.coupon_code
      ? {
          code: row.coupon_code,
          outcome: row.coupon_outcome,
          bonus: row.coupon_bonus ?? 0,
          wagering_multiple: row.coupon_multiple ?? 0,
        }
      : null,
  };
}
