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
 * Used by the QA panel (sandbox/panel/routes.ts). The player's own POST /profile/self-exclusion is not in
 * openapi/openapi.yaml yet; when it is, its handler calls `startSelfExclusion` too.
 */
import type { Queryable } from '../db/types';

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
  const own = `private-universal.${playerId}`;
  return (channel: string, member: { userId: string } | undefined) =>
    channel === own || (channel.startsWith('presence-') && member?.userId === String(playerId));
}

export async function startSelfExclusion(
  deps: { db: Queryable; publisher?: SelfExclusionPublisher | undefined; realtime?: SubscriptionEvictor | undefined },
  playerId: number,
  period: { start: Date; end: Date | null },
): Promise<void> {
  await deps.db.query('UPDATE users SET self_excluded_at = $2, self_excluded_until = $3 WHERE id = $1', [
    playerId,
    period.start,
    period.end,
  ]);
  if (deps.publisher) {
    try {
      await deps.publisher.trigger(
        `private-universal.${playerId}`,
        SELF_EXCLUSION_STARTED,
        selfExclusionStartedPayload(period),
      );
    } catch {
      // The realtime server may be stopped from the panel: the exclusion stands, the app learns it on its next call.
    }
  }
  deps.realtime?.evict?.(identifiesPlayer(playerId));
}
