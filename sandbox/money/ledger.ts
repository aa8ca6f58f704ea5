/**
 * The ledger: the only code that changes a wallet's balances. A wallet has three accounts, `cash` (the player's
 * money: deposits, wins on cash stakes, converted bonus; the only one a withdrawal takes from), `bonus` (money
 * granted with a rollover; sandbox/money/bonus.ts) and `points` (a regulated brand's loyalty points, kept apart:
 * Portaria SPA/MF 1.231/2024 art. 43; sandbox/money/points.ts). Points are counted in points, not centavos; they
 * are spent on prize boxes only and never become cash or bonus (no kind moves them across accounts). Every change is one statement that moves the balance (never
 * below zero: the UPDATE's own condition, under the wallet's row lock) and writes its ledger row with the balance
 * after it, so a movement without its row cannot happen. Callers run inside a database transaction and take the
 * wallet's lock first (`lockWallet`), as every money path of the sandbox does, so a player's movements never
 * interleave.
 *
 * Amounts are integer centavos; `amount` is signed (+ credit, − debit).
 */
import type { Queryable } from '../db/types';

export type Account = 'cash' | 'bonus' | 'points';

/** The kinds of movement (migration 023 lists them with what each is). */
export const LEDGER_KINDS = [
  'opening_balance',
  'deposit',
  'withdrawal',
  'withdrawal_release',
  'bet',
  'bet_refund',
  'win',
  'bonus_grant',
  'bonus_conversion',
  'bonus_expired',
  'bonus_forfeited',
  'cashback',
  'mission_reward',
  'referral_reward',
  'box_purchase',
  'prize_sale',
  'points_award',
  'points_spend',
  'points_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a row belongs to: a deposit or withdrawal id, a seamless transaction, a box, a claim. */
export type LedgerRefType =
  | 'deposit'
  | 'withdrawal'
  | 'seamless'
  | 'round'
  | 'bonus'
  | 'cashback'
  | 'mission'
  | 'referral'
  | 'player_box'
  | 'player_prize'
  | 'level'
  | 'panel';

export interface Posting {
  userId: number;
  account: Account;
  kind: LedgerKind;
  /** Signed centavos, never 0. */
  amount: number;
  ref?: { type: LedgerRefType; id: string | number };
  /** A bonus account row: the player bonus it moves. */
  bonusId?: number;
  now: Date;
}

export interface Balances {
  cash: number;
  bonus: number;
  /** Loyalty points (a regulated brand's rewards): never spendable on stakes or withdrawable. */
  points: number;
  depositCount: number;
}

type WalletRow = { balance: number; bonus_balance: number; points_balance: number; deposit_count: number };
const balancesOfRow = (row: WalletRow): Balances => ({
  cash: row.balance,
  bonus: row.bonus_balance,
  points: row.points_balance,
  depositCount: row.deposit_count,
});

/** Takes the wallet's row lock (the first lock of every money path) and reads its balances. */
export async function lockWallet(tx: Queryable, userId: number): Promise<Balances> {
  const [row] = await tx.query<WalletRow>(
    'SELECT balance, bonus_balance, points_balance, deposit_count FROM wallets WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  if (!row) throw new Error(`no wallet for user ${userId}`);
  return balancesOfRow(row);
}

/** The balances without a lock (reads). */
export async function balancesOf(db: Queryable, userId: number): Promise<Balances> {
  const [row] = await db.query<WalletRow>(
    'SELECT balance, bonus_balance, points_balance, deposit_count FROM wallets WHERE user_id = $1',
    [userId],
  );
  if (!row) throw new Error(`no wallet for user ${userId}`);
  return balancesOfRow(row);
}

/** The column of each account (two fixed statements: no account name is ever spliced from input). */
const POST_SQL: Record<Account, string> = {
  cash: `WITH w AS (UPDATE wallets SET balance = balance + $2 WHERE user_id = $1 AND balance + $2 >= 0
                    RETURNING balance AS after)
         INSERT INTO ledger_entries (user_id, account, kind, amount, balance_after, ref_type, ref_id, bonus_id, created_at)
         SELECT $1, 'cash', $3, $2, w.after, $4, $5, $6, $7 FROM w RETURNING balance_after`,
  bonus: `WITH w AS (UPDATE wallets SET bonus_balance = bonus_balance + $2 WHERE user_id = $1 AND bonus_balance + $2 >= 0
                     RETURNING bonus_balance AS after)
          INSERT INTO ledger_entries (user_id, account, kind, amount, balance_after, ref_type, ref_id, bonus_id, created_at)
          SELECT $1, 'bonus', $3, $2, w.after, $4, $5, $6, $7 FROM w RETURNING balance_after`,
  points: `WITH w AS (UPDATE wallets SET points_balance = points_balance + $2 WHERE user_id = $1 AND points_balance + $2 >= 0
                      RETURNING points_balance AS after)
           INSERT INTO ledger_entries (user_id, account, kind, amount, balance_after, ref_type, ref_id, bonus_id, created_at)
           SELECT $1, 'points', $3, $2, w.after, $4, $5, $6, $7 FROM w RETURNING balance_after`,
};

/** The kinds that move points, and only points (migration 027's CHECK says the same). */
export const POINTS_KINDS: readonly LedgerKind[] = ['points_award', 'points_spend', 'points_refund'];

/**
 * Moves `amount` on one account and writes its row, in one statement. Returns the account's balance after it, or
 * null when a debit would take it below zero (nothing moved, nothing written).
 */
export async function post(tx: Queryable, p: Posting): Promise<number | null> {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new RangeError(`ledger amount ${p.amount}`);
  if ((p.account === 'points') !== POINTS_KINDS.includes(p.kind))
    throw new RangeError(`ledger: ${p.kind} cannot move the ${p.account} account`);
  const [row] = await tx.query<{ balance_after: number }>(POST_SQL[p.account], [
    p.userId,
    p.amount,
    p.kind,
    p.ref?.type ?? null,
    p.ref === undefined ? null : String(p.ref.id),
    p.bonusId ?? null,
    p.now,
  ]);
  return row ? row.balance_after : null;
}

/** `post`, for a movement that cannot fail (a credit, or a debit the caller has checked): a refusal is a bug. */
export async function postOrThrow(tx: Queryable, p: Posting): Promise<number> {
  const after = await post(tx, p);
  if (after === null) throw new Error(`ledger: ${p.kind} of ${p.amount} on ${p.account} of user ${p.userId} refused`);
  return after;
}

/** A new wallet (registration, seed): empty, with no rows. */
export async function openWallet(tx: Queryable, userId: number): Promise<void> {
  await tx.query('INSERT INTO wallets (user_id) VALUES ($1)', [userId]);
}
