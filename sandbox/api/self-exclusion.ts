/**
 * A self-exclusion starting (spec §4 Self-exclusion; Portaria 2.579/2025): recorded, announced on the player's
 * channel, and the player's live subscriptions taken back.
 *
 * - `SelfExclusionStarted { start_at, end_at }` goes to `private-universal.{id}`: every open connection of the
 *   player that joined it gets it (the app ends the session and shows the dates).
 * - Then the realtime server (when this process runs it) ends the player's subscriptions that identify them:
 *   their private channel and their presence membership (the presence list stops showing them at once; the
 *   others get `member_removed`). `/broadcasting/auth` already refuses them any new one (handlers/broadcasting.ts).
 *
 * Used by the QA panel (sandbox/panel/routes.ts, actor `panel`) and the player's own POST /profile/self-exclusion
 * (handlers/responsible-gaming.ts, actor `player`).
 */
import type { Db, Queryable } from '../db/types';
import { cancelOpenDeposits } from '../pix/bank';
import { appendAudit, type AuditActor } from '../audit/trail';
import { revokeAllSessions } from './sessions';
import { playerChannel } from '../../shared/channels';

export interface SelfExclusionPublisher {
  trigger(channels: string | string[], event: string, data: unknown): Promise<unknown>;
}

/** The part of the realtime server this needs (sandbox/panel/live.ts `RealtimeControl.evict`). */
export interface SubscriptionEvictor {
  evict?(match: (channel: string, member: { userId: string } | undefined) => boolean): number;
}

export const SELF_EXCLUSION_STARTED = 'SelfExclusionStarted';

/** The payload of `SelfExclusionStarted` (ISO date-times; `end_at` null when indefinite). */
export function selfExclusionStartedPayload(period: { start: Date; end: Date | null }) {
  return { start_at: period.start.toISOString(), end_at: period.end?.toISOString() ?? null };
}

/** Whether a subscription identifies the player: their private channel, or their presence membership. */
export function identifiesPlayer(playerId: number) {
  const own = playerChannel(playerId);
  return (channel: string, member: { userId: string } | undefined) =>
    channel === own || (channel.startsWith('presence-') && member?.userId === String(playerId));
}

/**
 * Starts the exclusion: in one transaction the player's period is written and audited (`self_exclusion.started`,
 * before/after period) and, when `endEverything` (the player's own request), every session of the player ends
 * and their open pix codes are cancelled (audited too). Then the event is published and subscriptions evicted.
 */
export async function startSelfExclusion(
  deps: { db: Db; publisher?: SelfExclusionPublisher | undefined; realtime?: SubscriptionEvictor | undefined },
  playerId: number,
  period: { start: Date; end: Date | null },
  audit: { actor: AuditActor; now?: Date; endEverything?: boolean } = { actor: 'panel' },
): Promise<void> {
  const now = audit.now ?? period.start;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.query<{
      brand_id: number;
      self_excluded_at: Date | null;
      self_excluded_until: Date | null;
    }>('SELECT brand_id, self_excluded_at, self_excluded_until FROM users WHERE id = $1 FOR UPDATE', [playerId]);
    if (!before) return;
    await tx.query('UPDATE users SET self_excluded_at = $2, self_excluded_until = $3 WHERE id = $1', [
      playerId,
      period.start,
      period.end,
    ]);
    await appendAudit(tx, {
      brandId: before.brand_id,
      playerId,
      actor: audit.actor,
      action: 'self_exclusion.started',
      before: periodOf(before),
      after: selfExclusionStartedPayload(period),
      at: now,
    });
    if (audit.endEverything) {
      await revokeAllSessions(tx, playerId, now);
      await cancelOpenDeposits(tx, playerId, now, audit.actor);
    }
  });
  if (deps.publisher) {
    try {
      await deps.publisher.trigger(
        playerChannel(playerId),
        SELF_EXCLUSION_STARTED,
        selfExclusionStartedPayload(period),
      );
    } catch {
      // The realtime server may be stopped from the panel: the exclusion stands, the app learns it on its next call.
    }
  }
  deps.realtime?.evict?.(identifiesPlayer(playerId));
}

/** The stored period as the audit shows it (null when the player was not excluded). */
export function periodOf(row: { self_excluded_at: Date | null; self_excluded_until: Date | null }) {
  return row.self_excluded_at
    ? { start_at: row.self_excluded_at.toISOString(), end_at: row.self_excluded_until?.toISOString() ?? null }
    : null;
}

/** Ends the exclusion (the player's removal after the waiting period, or the QA panel), audited. */
export async function endSelfExclusion(
  db: Queryable,
  playerId: number,
  now: Date,
  actor: AuditActor,
): Promise<boolean> {
  const [before] = await db.query<{
    brand_id: number;
    self_excluded_at: Date | null;
    self_excluded_until: Date | null;
  }>('SELECT brand_id, self_excluded_at, self_excluded_until FROM users WHERE id = $1 FOR UPDATE', [playerId]);
  if (!before?.self_excluded_at) return false;
  await db.query('UPDATE users SET self_excluded_at = NULL, self_excluded_until = NULL WHERE id = $1', [playerId]);
  await appendAudit(db, {
    brandId: before.brand_id,
    playerId,
    actor,
    action: 'self_exclusion.removed',
    before: periodOf(before),
    after: null,
    at: now,
  });
  return true;
}
