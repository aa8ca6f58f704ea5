/**
 * Responsible gaming: the player's limits and what each current period has used, and the checks the
 * money flows make (deposit limit at a pix deposit, loss limit at a bet's debit, play time at every signed-in
 * call). Periods are calendar periods in America/Sao_Paulo (sao-paulo.ts).
 *
 * - A limit in force is `amount`; a raise or removal waits in `pending_amount` until `pending_from`. A due
 *   change counts at once everywhere (`effectiveLimit`); reading the settings also writes it (audited `system`).
 * - Deposits used: pix deposits of the period paid, or still open (pending and unexpired).
 * - Loss: staked − won of casino rounds (the operator's `bets`, the sportsbook's row excluded) and of sports bets
 *   settled won or lost in the period (`sports_bets`), never below 0. A stake is refused when the loss so far,
 *   the stakes of open sports bets and the stake would pass the smallest remaining loss limit.
 * - Play time: the union of the player's sessions from sign-in to last use, clipped to the local day.
 */
import { formatBRL } from '../../shared/money';
import type { Queryable } from '../db/types';
import { SPORTSBOOK_GAME_CODE } from '../sportsbook/bets';
import { appendAudit, type AuditActor } from '../audit/trail';
import { periodStart, startOfDay, type Period } from '../../shared/sao-paulo';

import type { LimitKind } from '../../shared/responsible-limits';

export type { LimitKind };
export { LIMIT_SLOTS } from '../../shared/responsible-limits';
export const PERIODS: readonly Period[] = ['day', 'week', 'month'];

export { MONEY_LIMIT, SESSION_LIMIT } from '../../shared/responsible-limits';

export interface LimitRow {
  user_id: number;
  kind: LimitKind;
  period: Period;
  amount: number | null;
  pending_amount: number | null;
  pending_from: Date | null;
  updated_at: Date;
}

/** The limit that holds at `now` (a due pending change counts even before it is written). */
export function effectiveLimit(row: Pick<LimitRow, 'amount' | 'pending_amount' | 'pending_from'>, now: Date) {
  return row.pending_from !== null && row.pending_from <= now ? row.pending_amount : row.amount;
}

/** The stored view of a limit (audit before/after). */
export const limitState = (row: Pick<LimitRow, 'amount' | 'pending_amount' | 'pending_from'> | null) => ({
  amount: row?.amount ?? null,
  pending: row?.pending_from ? { amount: row.pending_amount, from: row.pending_from.toISOString() } : null,
});

/**
 * Writes the pending changes that are due (one statement per row, conditional on the same pending, so two
 * readers apply and audit it once). `tx` may be the database or a transaction.
 */
export async function applyDueLimits(
  db: Queryable,
  p: { brandId: number; playerId: number; now: Date },
): Promise<void> {
  const due = await db.query<LimitRow>(
    'SELECT * FROM player_limits WHERE user_id = $1 AND pending_from IS NOT NULL AND pending_from <= $2',
    [p.playerId, p.now],
  );
  for (const row of due) {
    const [applied] = await db.query<LimitRow>(
      `UPDATE player_limits SET amount = pending_amount, pending_amount = NULL, pending_from = NULL, updated_at = $5
        WHERE user_id = $1 AND kind = $2 AND period = $3 AND pending_from = $4 RETURNING *`,
      [p.playerId, row.kind, row.period, row.pending_from, p.now],
    );
    if (!applied) continue;
    await appendAudit(db, {
      brandId: p.brandId,
      playerId: p.playerId,
      actor: 'system' satisfies AuditActor,
      action: 'limit.applied',
      before: { kind: row.kind, period: row.period, ...limitState(row) },
      after: { kind: row.kind, period: row.period, ...limitState(applied) },
      at: p.now,
    });
  }
}

export async function limitRows(db: Queryable, playerId: number): Promise<LimitRow[]> {
  return db.query<LimitRow>('SELECT * FROM player_limits WHERE user_id = $1', [playerId]);
}

/** Deposits of each period so far (paid, or pending and unexpired; no upper bound, like `playSince`). */
export async function depositsUsed(db: Queryable, playerId: number, now: Date): Promise<Record<Period, number>> {
  const [day, week, month] = PERIODS.map((period) => periodStart(period, now));
  const [row] = await db.query<{ day: number; week: number; month: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE created_at >= $3), 0)::bigint AS day,
            coalesce(sum(amount) FILTER (WHERE created_at >= $4), 0)::bigint AS week,
            coalesce(sum(amount), 0)::bigint AS month
       FROM wallet_transactions
      WHERE user_id = $1 AND type = 'deposit' AND created_at >= $5
        AND (status = 1 OR (status = 0 AND expires_at > $2))`,
    [playerId, now, day, week, month],
  );
  return { day: row?.day ?? 0, week: row?.week ?? 0, month: row?.month ?? 0 };
}

export interface PlayTotals {
  rounds: number;
  staked: number;
  won: number;
}

/**
 * Casino rounds (by their first debit) and sports bets settled won or lost, since `from`. No upper bound: a
 * concurrent call's `now` may be a moment earlier than a row another call just committed, and it must count.
 */
export async function playSince(db: Queryable, playerId: number, from: Date): Promise<PlayTotals> {
  const [row] = await db.query<PlayTotals>(
    `SELECT (c.rounds + s.rounds)::int AS rounds, (c.staked + s.staked)::bigint AS staked, (c.won + s.won)::bigint AS won
       FROM (SELECT count(*) AS rounds, coalesce(sum(b.bet_amount), 0) AS staked, coalesce(sum(b.win_amount), 0) AS won
               FROM bets b JOIN games g ON g.id = b.game_id
              WHERE b.user_id = $1 AND b.created_at >= $2 AND g.gamecode <> $3) c,
            (SELECT count(*) AS rounds, coalesce(sum(stake), 0) AS staked,
                    coalesce(sum(potential_win) FILTER (WHERE status = 'won'), 0) AS won
               FROM sports_bets
              WHERE user_id = $1 AND status IN ('won', 'lost') AND settled_at >= $2) s`,
    [playerId, from, SPORTSBOOK_GAME_CODE],
  );
  return { rounds: row?.rounds ?? 0, staked: row?.staked ?? 0, won: row?.won ?? 0 };
}

const lossOf = (t: PlayTotals) => Math.max(0, t.staked - t.won);

export async function lossUsed(db: Queryable, playerId: number, now: Date): Promise<Record<Period, number>> {
  // One query at a time: `db` may be a transaction's single client (pg refuses a second query while one runs).
  const used: Record<Period, number> = { day: 0, week: 0, month: 0 };
  for (const period of PERIODS) used[period] = lossOf(await playSince(db, playerId, periodStart(period, now)));
  return used;
}

/** Minutes the player has been signed in today (the union of their sessions, sign-in to last use). */
export async function minutesToday(
  db: Queryable,
  playerId: number,
  now: Date,
  current?: { tokenHash: string },
): Promise<number> {
  const dayStart = startOfDay(now);
  const rows = await db.query<{ token_hash: string; created_at: Date; last_seen_at: Date }>(
    `SELECT token_hash, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND last_seen_at >= $2 AND created_at <= $3`,
    [playerId, dayStart, now],
  );
  const intervals = rows
    .map((r) => {
      const end = current && r.token_hash === current.tokenHash ? now : r.last_seen_at;
      return [Math.max(r.created_at.getTime(), dayStart.getTime()), Math.min(end.getTime(), now.getTime())] as const;
    })
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let [from, to] = [Number.NaN, Number.NaN];
  for (const [a, b] of intervals) {
    if (Number.isNaN(from) || a > to) {
      if (!Number.isNaN(from)) total += to - from;
      [from, to] = [a, b];
    } else to = Math.max(to, b);
  }
  if (!Number.isNaN(from)) total += to - from;
  return Math.floor(total / 60_000);
}

const PERIOD_WORD: Record<Period, string> = { day: 'diário', week: 'semanal', month: 'mensal' };
const reais = (centavos: number) => formatBRL('pt-BR', centavos);

/** The tightest of the money limits of a kind: how much more the period allows, and which period. */
export function tightest(
  rows: LimitRow[],
  kind: 'deposit' | 'loss',
  used: Record<Period, number>,
  now: Date,
): { remaining: number; period: Period } | null {
  let best: { remaining: number; period: Period } | null = null;
  for (const row of rows) {
    if (row.kind !== kind) continue;
    const limit = effectiveLimit(row, now);
    if (limit === null) continue;
    const remaining = Math.max(0, limit - used[row.period]);
    if (!best || remaining < best.remaining) best = { remaining, period: row.period };
  }
  return best;
}

/** 422 `errors.amount` text of a deposit over the limit. */
export function depositLimitMessage(t: { remaining: number; period: Period }): string {
  return `Seu limite de depósito ${PERIOD_WORD[t.period]} permite mais ${reais(t.remaining)} neste período.`;
}

/**
 * Whether a stake passes the player's loss limits (called inside the debit's transaction, after the wallet row
 * lock, so concurrent stakes are judged one after the other). No limit: one cheap query.
 */
export async function stakeWithinLossLimit(
  db: Queryable,
  playerId: number,
  stake: number,
  now: Date,
): Promise<boolean> {
  const rows = (await limitRows(db, playerId)).filter((r) => r.kind === 'loss' && effectiveLimit(r, now) !== null);
  if (rows.length === 0) return true;
  const used = await lossUsed(db, playerId, now);
  const [open] = await db.query<{ stakes: number }>(
    `SELECT coalesce(sum(stake), 0)::bigint AS stakes FROM sports_bets WHERE user_id = $1 AND status IN ('open', 'settling')`,
    [playerId],
  );
  const inFlight = open?.stakes ?? 0;
  const t = tightest(rows, 'loss', used, now);
  return t === null || inFlight + stake <= t.remaining;
}
