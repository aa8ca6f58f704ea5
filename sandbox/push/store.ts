/**
 * Players' push subscriptions (migration 009_push.sql) and the QA pushes sent to them. A browser's endpoint has
 * one owner at a time: subscribing an endpoint another player held moves it (the browser now belongs to whoever
 * signed in on it, and the previous player's pushes must stop reaching it); unsubscribing touches only the
 * caller's own rows.
 */
import type { Db, Queryable } from '../db/types';
import type { PushPayload, PushResult, PushSender, PushTarget } from './sender';

export interface PushSubscriptionRow extends PushTarget {
  id: number;
  brand_id: number;
  user_id: number;
  created_at: Date;
  updated_at: Date;
}

export async function saveSubscription(
  db: Queryable,
  /** The player, their brand, and the session storing it (its hash: the subscription ends with that session). */
  owner: { userId: number; brandId: number; sessionHash: string },
  target: PushTarget,
  now: Date,
): Promise<{ row: PushSubscriptionRow; created: boolean }> {
  const [row] = await db.query<PushSubscriptionRow & { created: boolean }>(
    `INSERT INTO push_subscriptions (brand_id, user_id, endpoint, p256dh, auth, created_at, updated_at, session_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
     ON CONFLICT (endpoint) DO UPDATE
       SET brand_id = EXCLUDED.brand_id, user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at, session_hash = EXCLUDED.session_hash
     RETURNING id, brand_id, user_id, endpoint, p256dh, auth, created_at, updated_at, (xmax = 0) AS created`,
    [owner.brandId, owner.userId, target.endpoint, target.p256dh, target.auth, now, owner.sessionHash],
  );
  if (!row) throw new Error('push subscription not saved');
  const { created, ...subscription } = row;
  return { row: subscription, created };
}

/** Removes the caller's own subscription of that endpoint; false when they hold none (someone else's is untouched). */
export async function deleteSubscription(
  db: Queryable,
  owner: { userId: number; brandId: number },
  endpoint: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2 AND brand_id = $3 RETURNING id',
    [endpoint, owner.userId, owner.brandId],
  );
  return rows.length > 0;
}

export async function listSubscriptions(db: Queryable, userId: number): Promise<PushSubscriptionRow[]> {
  return db.query<PushSubscriptionRow>(
    `SELECT id, brand_id, user_id, endpoint, p256dh, auth, created_at, updated_at
       FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
}

export interface PushDelivery extends PushResult {
  endpoint: string;
  /** The push service said the subscription no longer exists (404, 410): it was deleted. */
  removed: boolean;
}

/**
 * Sends `payload` to every subscription of the player, one push each, and records each send. A subscription the
 * push service calls gone (404 or 410, RFC 8030 §7.3) is deleted, as a real platform must.
 */
export async function sendToPlayer(
  db: Db,
  sender: PushSender,
  userId: number,
  payload: PushPayload,
  now: () => Date,
): Promise<PushDelivery[]> {
  const subscriptions = await listSubscriptions(db, userId);
  const deliveries = await Promise.all(
    subscriptions.map(async (subscription): Promise<PushDelivery> => {
      const result = await sender.send(subscription, payload);
      const gone = result.status === 404 || result.status === 410;
      if (gone) await db.query('DELETE FROM push_subscriptions WHERE id = $1', [subscription.id]);
      await db.query(
        `INSERT INTO push_sends (user_id, endpoint, title, body, url, status, error, sent_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          userId,
          subscription.endpoint,
          payload.title,
          payload.body,
          payload.url,
          result.status,
          result.error ?? null,
          now(),
        ],
      );
      return { endpoint: subscription.endpoint, ...result, removed: gone };
    }),
  );
  return deliveries;
}
