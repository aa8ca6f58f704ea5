/**
 * The regulated profile (Portaria SPA/MF 2.579/2025): on a regulated brand (`is_regulated`) the player chooses a
 * gender and their deposit, loss and time limits at sign-up; a player who has not (registered before it was asked)
 * can neither stake nor deposit until they do (403 `profile_incomplete`). The limits are the responsible-gaming
 * limits of `player_limits` (sandbox/api/responsible-gaming.ts): chosen here, they are set as the player would set
 * them at POST /profile/limits (a lower or first value at once, a raise after the cooling-off).
 */
import type { Queryable } from '../db/types';
import type { Schema } from '../../shared/api/types';
import { appendAudit } from '../audit/trail';
import type { Brand } from './brands';
import { ApiError } from './errors';
import { applyDueLimits, limitState, type LimitRow } from './responsible-gaming';
import type { PlayerRow } from './players';

export type Gender = Schema<'Gender'>;
export type RegulatedLimits = Schema<'RegulatedLimits'>;

export const PROFILE_INCOMPLETE_MESSAGE =
  'Antes de apostar ou depositar, informe seu gênero e escolha seus limites de depósito, perda e tempo de jogo.';
export const REGULATED_FIELD_MESSAGES = {
  gender: 'Informe seu gênero.',
  limits: 'Escolha seus limites de depósito, perda e tempo de jogo.',
} as const;

/** The brand asks for the regulated profile and this player has not chosen it. */
export function profileIncomplete(brand: Pick<Brand, 'features'>, player: Pick<PlayerRow, 'regulated_profile_at'>) {
  return brand.features.is_regulated === true && player.regulated_profile_at === null;
}

/** 403 `profile_incomplete` (Portaria SPA/MF 2.579/2025: no stake nor deposit until the profile is complete). */
export function assertProfileComplete(
  brand: Pick<Brand, 'features'>,
  player: Pick<PlayerRow, 'regulated_profile_at'>,
): void {
  if (profileIncomplete(brand, player))
    throw new ApiError(403, { message: PROFILE_INCOMPLETE_MESSAGE, code: 'profile_incomplete' });
}

/** Whether the user's brand asks for the regulated profile and the user has not chosen it (the wallet's debit). */
export async function profileIncompleteById(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ incomplete: boolean }>(
    `SELECT (coalesce((b.features->>'is_regulated')::boolean, false) AND u.regulated_profile_at IS NULL) AS incomplete
       FROM users u JOIN brands b ON b.id = u.brand_id WHERE u.id = $1`,
    [userId],
  );
  return row?.incomplete === true;
}

/**
 * Writes the chosen gender and limits (in the caller's transaction): each limit is set like POST /profile/limits
 * sets it (first or lower: at once; higher than one in force: pending after `coolingMs`), audited, and the profile
 * marked complete.
 */
export async function saveRegulatedProfile(
  tx: Queryable,
  p: { brandId: number; playerId: number; gender: Gender; limits: RegulatedLimits; now: Date; coolingMs: number },
): Promise<void> {
  const { now } = p;
  await applyDueLimits(tx, { brandId: p.brandId, playerId: p.playerId, now });
  const wanted: Array<{ kind: LimitRow['kind']; period: LimitRow['period']; amount: number }> = [
    { kind: 'deposit', period: p.limits.deposit.period, amount: p.limits.deposit.amount },
    { kind: 'loss', period: p.limits.loss.period, amount: p.limits.loss.amount },
    { kind: 'session', period: 'day', amount: p.limits.session_minutes },
  ];
  for (const { kind, period, amount } of wanted) {
    await tx.query(
      `INSERT INTO player_limits (user_id, kind, period, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind, period) DO NOTHING`,
      [p.playerId, kind, period, now],
    );
    const [current] = await tx.query<LimitRow>(
      'SELECT * FROM player_limits WHERE user_id = $1 AND kind = $2 AND period = $3 FOR UPDATE',
      [p.playerId, kind, period],
    );
    if (!current) throw new Error('limit row vanished');
    const lowers = current.amount === null || amount <= current.amount;
    const next = lowers
      ? { amount, pendingAmount: null, pendingFrom: null }
      : { amount: current.amount, pendingAmount: amount, pendingFrom: new Date(now.getTime() + p.coolingMs) };
    const [updated] = await tx.query<LimitRow>(
      `UPDATE player_limits SET amount = $4, pending_amount = $5, pending_from = $6, updated_at = $7
        WHERE user_id = $1 AND kind = $2 AND period = $3 RETURNING *`,
      [p.playerId, kind, period, next.amount, next.pendingAmount, next.pendingFrom, now],
    );
    await appendAudit(tx, {
      brandId: p.brandId,
      playerId: p.playerId,
      actor: 'player',
      action: lowers ? 'limit.set' : 'limit.pending',
      before: { kind, period, ...limitState(current) },
      after: { kind, period, requested: amount, ...limitState(updated ?? null), source: 'regulated_profile' },
      at: now,
    });
  }
  await tx.query('UPDATE users SET gender = $2, regulated_profile_at = $3 WHERE id = $1', [p.playerId, p.gender, now]);
  await appendAudit(tx, {
    brandId: p.brandId,
    playerId: p.playerId,
    actor: 'player',
    action: 'regulated_profile.completed',
    after: { gender: p.gender },
    at: now,
  });
}
