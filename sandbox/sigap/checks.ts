/**
 * The operator's side of the national list checks (IN SPA/MF 31/2025; IN SPA/MF 22/2025; Portaria SPA/MF
 * 2.217/2025), on regulated brands only: a CPF is consulted in SIGAP (`registry.ts`) at sign-up, at the first
 * sign-in of each São Paulo day and every 15 days. Every consultation is a `sigap_checks` row and, for a player, an
 * audit entry (`sigap.check`, actor system, the CPF masked). An "Impedido" answer for a player marks them impeded
 * (their open pix codes cancelled, deposits and stakes refused from then on, withdrawals allowed for 2 days:
 * `refund.ts` closes the account after); a later "Não Impedido" before the account is closed lifts it.
 */
import { startOfDay } from '../../shared/sao-paulo';
import { isImpediment, SIGAP_PERIODIC_MS, SIGAP_WITHDRAW_MS, type SigapStatus } from '../../shared/sigap';
import type { Db, Queryable } from '../db/types';
import { appendAudit, maskCpfLike, type AuditActor } from '../audit/trail';
import { lockWallet } from '../money/ledger';
import { cancelOpenDeposits } from '../pix/bank';
import { playerChannel as userChannel } from '../../shared/channels';
import type { Publisher } from '../realtime/control';
import { consultSigap } from './registry';

export type CheckMoment = 'signup' | 'daily_login' | 'periodic' | 'panel';

/** The event an impeded player's open connections get (the app shows why, with the links). */
export const SIGAP_IMPEDED_EVENT = 'SigapImpeded';

/** A player's standing in the national lists (users columns of migration 026). */
export interface SigapStanding {
  sigap_status: SigapStatus | null;
  sigap_checked_at: Date | null;
  sigap_impeded_at: Date | null;
  sigap_closed_at: Date | null;
}

/**
 * Which check a sign-in calls for: none yet, or the last one 15 days ago or more (periodic), or none since the São
 * Paulo day began (the first sign-in of the day); null when the player was checked today.
 */
export function checkDueAtSignIn(lastCheck: Date | null, now: Date): CheckMoment | null {
  if (lastCheck === null) return 'daily_login';
  if (now.getTime() - lastCheck.getTime() >= SIGAP_PERIODIC_MS) return 'periodic';
  return lastCheck < startOfDay(now) ? 'daily_login' : null;
}

/** Whether the 15-day check is due (the scheduled job's question). */
export const periodicCheckDue = (lastCheck: Date | null, now: Date): boolean =>
  lastCheck === null || now.getTime() - lastCheck.getTime() >= SIGAP_PERIODIC_MS;

/** Until when an impeded player may withdraw (2 days from the answer), or null when not impeded. */
export const withdrawUntil = (standing: Pick<SigapStanding, 'sigap_impeded_at'>): Date | null =>
  standing.sigap_impeded_at ? new Date(standing.sigap_impeded_at.getTime() + SIGAP_WITHDRAW_MS) : null;

/** Impeded and not yet closed: deposits and stakes are refused, withdrawals allowed. */
export const isImpeded = (standing: Pick<SigapStanding, 'sigap_impeded_at'>): boolean =>
  standing.sigap_impeded_at !== null;

async function recordCheck(
  db: Queryable,
  row: { brandId: number; userId: number | null; cpf: string; moment: CheckMoment; result: SigapStatus; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO sigap_checks (brand_id, user_id, cpf_masked, moment, result, at) VALUES ($1, $2, $3, $4, $5, $6)',
    [row.brandId, row.userId, maskCpfLike(row.cpf), row.moment, row.result, row.at],
  );
}

/** The sign-up's check (no player yet): SIGAP's answer, recorded. */
export async function checkAtSignUp(
  db: Queryable,
  p: { brandId: number; cpf: string; now: Date },
): Promise<SigapStatus> {
  const result = await consultSigap(db, p.cpf);
  await recordCheck(db, { brandId: p.brandId, userId: null, cpf: p.cpf, moment: 'signup', result, at: p.now });
  return result;
}

export interface PlayerCheck {
  result: SigapStatus;
  /** What the answer changed: the player became impeded, or was cleared. */
  change: 'impeded' | 'cleared' | null;
  withdrawUntil: Date | null;
}

/**
 * Consults SIGAP for a player of a regulated brand with a CPF, records it (and audits it), and applies the answer.
 * Null when there is nothing to check: not regulated, no CPF on file, or the account already closed.
 */
export async function checkPlayer(
  deps: { db: Db; publisher?: Publisher | undefined },
  playerId: number,
  moment: CheckMoment,
  now: Date,
  actor: AuditActor = 'system',
): Promise<PlayerCheck | null> {
  const outcome = await deps.db.transaction(async (tx): Promise<(PlayerCheck & { brandId: number }) | null> => {
    // The wallet's lock first (every path that may touch money takes it first), then the player's row.
    await lockWallet(tx, playerId);
    const [player] = await tx.query<SigapStanding & { brand_id: number; cpf: string | null; regulated: boolean }>(
      `SELECT u.brand_id, u.cpf, u.sigap_status, u.sigap_checked_at, u.sigap_impeded_at, u.sigap_closed_at,
              coalesce((b.features->>'is_regulated')::boolean, false) AS regulated
         FROM users u JOIN brands b ON b.id = u.brand_id WHERE u.id = $1 FOR UPDATE OF u`,
      [playerId],
    );
    if (!player || !player.regulated || !player.cpf || player.sigap_closed_at) return null;
    const result = await consultSigap(tx, player.cpf);
    await recordCheck(tx, { brandId: player.brand_id, userId: playerId, cpf: player.cpf, moment, result, at: now });
    const impeded = isImpediment(result);
    const impededAt = impeded ? (player.sigap_impeded_at ?? now) : null;
    await tx.query('UPDATE users SET sigap_status = $2, sigap_checked_at = $3, sigap_impeded_at = $4 WHERE id = $1', [
      playerId,
      result,
      now,
      impededAt,
    ]);
    await appendAudit(tx, {
      brandId: player.brand_id,
      playerId,
      actor,
      action: 'sigap.check',
      before: { status: player.sigap_status, checked_at: player.sigap_checked_at },
      after: { moment, result, cpf: player.cpf },
      at: now,
    });
    let change: PlayerCheck['change'] = null;
    if (impeded && !player.sigap_impeded_at) {
      change = 'impeded';
      const cancelled = await cancelOpenDeposits(tx, playerId, now, 'system');
      await appendAudit(tx, {
        brandId: player.brand_id,
        playerId,
        actor: 'system',
        action: 'sigap.impeded',
        after: {
          reason: result,
          withdraw_until: withdrawUntil({ sigap_impeded_at: now }),
          deposits_cancelled: cancelled,
        },
        at: now,
      });
    } else if (!impeded && player.sigap_impeded_at) {
      change = 'cleared';
      await appendAudit(tx, {
        brandId: player.brand_id,
        playerId,
        actor: 'system',
        action: 'sigap.cleared',
        before: { reason: player.sigap_status, impeded_at: player.sigap_impeded_at },
        at: now,
      });
    }
    return {
      brandId: player.brand_id,
      result,
      change,
      withdrawUntil: withdrawUntil({ sigap_impeded_at: impededAt }),
    };
  });
  if (!outcome) return null;
  if (outcome.change === 'impeded' && deps.publisher) {
    try {
      await deps.publisher.trigger(userChannel(playerId), SIGAP_IMPEDED_EVENT, {
        reason: outcome.result,
        since: now.toISOString(),
        withdraw_until: outcome.withdrawUntil?.toISOString() ?? null,
      });
    } catch {
      // The realtime server may be stopped from the panel: the standing holds, the app learns it on its next call.
    }
  }
  return { result: outcome.result, change: outcome.change, withdrawUntil: outcome.withdrawUntil };
}
