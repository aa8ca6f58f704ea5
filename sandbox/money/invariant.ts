/**
 * The ledger invariant: what a reviewer, a test, the QA panel and the load bench check after any sequence of money
 * movements. Each rule is one query that lists what breaks it (an empty list: the rule holds).
 *
 * 1. balances: per player and account, the ledger rows sum to the stored balance (`wallets.balance` for cash,
 *    `wallets.bonus_balance` for bonus, `wallets.points_balance` for loyalty points).
 * 2. running: each row's `balance_after` is the running sum of its account's rows up to it (no row was changed,
 *    dropped or written out of order).
 * 3. negative: no balance and no `balance_after` below zero.
 * 4. bonuses: the bonus balance is the sum of the player's active bonuses' balances; an ended bonus holds nothing.
 * 5. bonus-withdrawn: no withdrawal ever took bonus money (withdrawal rows are on the cash account only).
 * 6. deposits: every paid deposit has exactly one `deposit` row of its amount; an unpaid one has none.
 * 7. withdrawals: every withdrawal has one `withdrawal` row of minus its amount, and one `withdrawal_release` row of
 *    its amount exactly when its reserve was given back.
 * 8. stakes: every accepted seamless debit's `bet` rows sum to minus its amount; a rolled-back one's `bet_refund`
 *    rows give it back (net zero on its cash and bonus parts).
 * 9. grants: every bonus's `bonus_grant` rows sum to what it was granted.
 * 10. rounds: a provider round's stake is what its accepted, not rolled-back debits took.
 * 11. points-apart: loyalty points never become cash or bonus, nor cash or bonus points (Portaria SPA/MF 1.231/2024
 *     art. 43: a wallet of their own): the points account has only points kinds and the points kinds only it; no
 *     stake, win or withdrawal touched points; a box bought with points was sold back for points, never cash.
 */
import type { Queryable } from '../db/types';

export interface LedgerViolation {
  rule: string;
  userId: number | null;
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  players: number;
  rows: number;
  violations: LedgerViolation[];
}

const RULES: Array<{ rule: string; sql: string }> = [
  {
    rule: 'balances',
    sql: `SELECT w.user_id, 'cash ' || w.balance || ' but rows sum to ' || coalesce(c.total, 0) AS detail
            FROM wallets w LEFT JOIN (SELECT user_id, sum(amount) AS total FROM ledger_entries WHERE account = 'cash'
                                       GROUP BY user_id) c ON c.user_id = w.user_id
           WHERE w.balance <> coalesce(c.total, 0)
          UNION ALL
          SELECT w.user_id, 'bonus ' || w.bonus_balance || ' but rows sum to ' || coalesce(b.total, 0)
            FROM wallets w LEFT JOIN (SELECT user_id, sum(amount) AS total FROM ledger_entries WHERE account = 'bonus'
                                       GROUP BY user_id) b ON b.user_id = w.user_id
           WHERE w.bonus_balance <> coalesce(b.total, 0)
          UNION ALL
          SELECT w.user_id, 'points ' || w.points_balance || ' but rows sum to ' || coalesce(p.total, 0)
            FROM wallets w LEFT JOIN (SELECT user_id, sum(amount) AS total FROM ledger_entries WHERE account = 'points'
                                       GROUP BY user_id) p ON p.user_id = w.user_id
           WHERE w.points_balance <> coalesce(p.total, 0)`,
  },
  {
    rule: 'running',
    sql: `SELECT user_id, account || ' row ' || id || ': balance_after ' || balance_after || ', running sum ' || running
            FROM (SELECT id, user_id, account, balance_after,
                         sum(amount) OVER (PARTITION BY user_id, account ORDER BY id) AS running
                    FROM ledger_entries) r
           WHERE balance_after <> running`,
  },
  {
    rule: 'negative',
    sql: `SELECT user_id, 'cash ' || balance || ', bonus ' || bonus_balance || ', points ' || points_balance FROM wallets
           WHERE balance < 0 OR bonus_balance < 0 OR points_balance < 0
          UNION ALL
          SELECT user_id, 'row ' || id || ' leaves ' || balance_after FROM ledger_entries WHERE balance_after < 0`,
  },
  {
    rule: 'bonuses',
    sql: `SELECT w.user_id, 'bonus balance ' || w.bonus_balance || ', active bonuses hold ' || coalesce(a.total, 0)
            FROM wallets w LEFT JOIN (SELECT user_id, sum(balance) AS total FROM player_bonuses WHERE status = 'active'
                                       GROUP BY user_id) a ON a.user_id = w.user_id
           WHERE w.bonus_balance <> coalesce(a.total, 0)
          UNION ALL
          SELECT user_id, 'bonus ' || id || ' is ' || status || ' and holds ' || balance FROM player_bonuses
           WHERE status <> 'active' AND balance <> 0`,
  },
  {
    rule: 'bonus-withdrawn',
    sql: `SELECT user_id, 'row ' || id || ': ' || kind || ' on the bonus account' FROM ledger_entries
           WHERE account = 'bonus' AND kind IN ('withdrawal', 'withdrawal_release', 'deposit')`,
  },
  {
    rule: 'deposits',
    sql: `SELECT t.user_id, 'deposit ' || t.id || ' (status ' || t.status || ', ' || t.amount || ') has rows summing to '
                 || coalesce(l.total, 0) || ' in ' || coalesce(l.n, 0) || ' row(s)'
            FROM wallet_transactions t
            LEFT JOIN (SELECT ref_id, count(*) AS n, sum(amount) AS total FROM ledger_entries
                        WHERE kind = 'deposit' AND ref_type = 'deposit' GROUP BY ref_id) l ON l.ref_id = t.id::text
           WHERE t.type = 'deposit'
             AND ((t.status = 1 AND (coalesce(l.n, 0) <> 1 OR l.total <> t.amount)) OR (t.status <> 1 AND l.n IS NOT NULL))`,
  },
  {
    rule: 'withdrawals',
    sql: `SELECT t.user_id, 'withdrawal ' || t.id || ' (' || t.amount || ', released ' || (t.released_at IS NOT NULL)
                 || '): taken ' || coalesce(w.total, 0) || ' in ' || coalesce(w.n, 0) || ', given back '
                 || coalesce(r.total, 0) || ' in ' || coalesce(r.n, 0)
            FROM wallet_transactions t
            LEFT JOIN (SELECT ref_id, count(*) AS n, sum(amount) AS total FROM ledger_entries
                        WHERE kind = 'withdrawal' AND ref_type = 'withdrawal' GROUP BY ref_id) w ON w.ref_id = t.id::text
            LEFT JOIN (SELECT ref_id, count(*) AS n, sum(amount) AS total FROM ledger_entries
                        WHERE kind = 'withdrawal_release' AND ref_type = 'withdrawal' GROUP BY ref_id) r
                   ON r.ref_id = t.id::text
           WHERE t.type = 'withdrawal'
             AND (coalesce(w.n, 0) <> 1 OR w.total <> -t.amount
                  OR (t.released_at IS NULL AND r.n IS NOT NULL)
                  OR (t.released_at IS NOT NULL AND (coalesce(r.n, 0) <> 1 OR r.total <> t.amount)))`,
  },
  {
    rule: 'stakes',
    sql: `SELECT s.user_id, 'debit ' || s.provider || ':' || s.transaction_id || ' of ' || s.amount || ': bet rows '
                 || coalesce(b.total, 0) || ', refunds ' || coalesce(f.total, 0) || ' (cash ' || s.cash_amount
                 || ', bonus ' || s.bonus_amount || ')'
            FROM seamless_transactions s
            LEFT JOIN (SELECT ref_id, sum(amount) AS total FROM ledger_entries WHERE kind = 'bet' AND ref_type = 'seamless'
                        GROUP BY ref_id) b ON b.ref_id = s.provider || ':' || s.transaction_id
            LEFT JOIN seamless_transactions rb ON rb.provider = s.provider AND rb.transaction_id = s.rolled_back_by
            LEFT JOIN (SELECT ref_id, sum(amount) AS total FROM ledger_entries
                        WHERE kind = 'bet_refund' AND ref_type = 'seamless' GROUP BY ref_id) f
                   ON f.ref_id = rb.provider || ':' || rb.transaction_id
           WHERE s.operation = 'debit'
             AND ((s.ok AND (coalesce(b.total, 0) <> -s.amount OR s.cash_amount + s.bonus_amount <> s.amount))
                  OR (NOT s.ok AND b.total IS NOT NULL)
                  OR (s.ok AND s.rolled_back_by IS NOT NULL AND coalesce(f.total, 0) <> s.amount))`,
  },
  {
    rule: 'grants',
    sql: `SELECT p.user_id, 'bonus ' || p.id || ' granted ' || p.granted || ', grant rows ' || coalesce(g.total, 0)
            FROM player_bonuses p
            LEFT JOIN (SELECT bonus_id, sum(amount) AS total FROM ledger_entries WHERE kind = 'bonus_grant'
                        GROUP BY bonus_id) g ON g.bonus_id = p.id
           WHERE coalesce(g.total, 0) <> p.granted`,
  },
  {
    rule: 'rounds',
    sql: `SELECT b.user_id, 'round ' || b.provider || ':' || b.round_id || ' stake ' || b.bet_amount || ', debits took '
                 || coalesce(d.total, 0)
            FROM bets b
            LEFT JOIN (SELECT provider, round_id, user_id, sum(amount) AS total FROM seamless_transactions
                        WHERE operation = 'debit' AND ok AND rolled_back_by IS NULL
                        GROUP BY provider, round_id, user_id) d
                   ON d.provider = b.provider AND d.round_id = b.round_id AND d.user_id = b.user_id
           WHERE b.round_id IS NOT NULL AND b.provider IS NOT NULL AND b.bet_amount <> coalesce(d.total, 0)`,
  },
  {
    rule: 'points-apart',
    sql: `SELECT user_id, 'row ' || id || ': ' || kind || ' on the ' || account || ' account' FROM ledger_entries
           WHERE (account = 'points') <> (kind IN ('points_award', 'points_spend', 'points_refund'))
          UNION ALL
          SELECT l.user_id, 'box ' || pb.id || ' bought with points was sold for cash (row ' || l.id || ')'
            FROM ledger_entries l JOIN player_boxes pb ON l.ref_type = 'player_box' AND l.ref_id = pb.id::text
           WHERE pb.paid_with = 'points' AND l.account <> 'points'
          UNION ALL
          SELECT l.user_id, 'prize ' || pp.id || ' of a box bought with points was sold for cash (row ' || l.id || ')'
            FROM ledger_entries l JOIN player_prizes pp ON l.ref_type = 'player_prize' AND l.ref_id = pp.id::text
            JOIN player_boxes pb ON pb.id = pp.player_box_id
           WHERE pb.paid_with = 'points' AND l.account <> 'points'`,
  },
];

export const LEDGER_RULES = RULES.map((r) => r.rule);

/** Runs every rule; `userIds` narrows the check to some players (the model-based test's). */
export async function ledgerInvariant(db: Queryable, userIds?: readonly number[]): Promise<LedgerReport> {
  const violations: LedgerViolation[] = [];
  for (const { rule, sql } of RULES) {
    const rows = await db.query<{ user_id: number | null; detail: string }>(
      userIds ? `SELECT * FROM (${sql}) v WHERE v.user_id = ANY($1::bigint[])` : sql,
      userIds ? [userIds] : [],
    );
    for (const row of rows) violations.push({ rule, userId: row.user_id, detail: row.detail });
  }
  const [counts] = await db.query<{ players: number; rows: number }>(
    userIds
      ? `SELECT (SELECT count(*)::int FROM wallets WHERE user_id = ANY($1::bigint[])) AS players,
                (SELECT count(*)::int FROM ledger_entries WHERE user_id = ANY($1::bigint[])) AS rows`
      : 'SELECT (SELECT count(*)::int FROM wallets) AS players, (SELECT count(*)::int FROM ledger_entries) AS rows',
    userIds ? [userIds] : [],
  );
  return { ok: violations.length === 0, players: counts?.players ?? 0, rows: counts?.rows ?? 0, violations };
}

/** One line a violation, for a failing test's message or the panel. */
export function describeViolations(report: LedgerReport): string {
  return report.violations.map((v) => `${v.rule}: player ${v.userId ?? '-'}: ${v.detail}`).join('\n');
}
