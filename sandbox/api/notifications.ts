/**
 * The notification centre's writes (spec §3 Notification, §4 Notifications, §7 Notifications): marking read (one,
 * or all of a list) for the player who asks, and sending one (the QA panel) with its live `NotificationSent`.
 *
 * Read state is per player: a player's own notification and a global ('platform') one of their brand are both
 * marked by a row of `notification_reads` (notification, player), so one player reading a global notification
 * leaves it unread for everyone else. A notification of another player or another brand is answered 404, like one
 * that does not exist: nobody learns that it does.
 *
 * Live (documented in openapi `listNotifications`): a notification for one player is published on
 * `private-universal.{user id}`; a global one on the brand's public channel `universal-public.{casino_id}` (one
 * message for every player on the site instead of one per player; the app ignores it for guests). The payload is
 * the contract's `Notification`, unread.
 */
import { playerChannel, publicChannel } from '../../shared/channels';
import type { Publisher } from '../realtime/control';
import type { Ctx, Handler } from './context';
import { ok } from './context';
import type { Queryable } from '../db/types';
import { fail, fieldError } from './errors';
import { requirePlayer } from './handlers/guards';

export type NotificationListKind = 'user' | 'global';

/** §3: 'platform' marks global notifications. */
export const GLOBAL_TYPE = 'platform';
export const TITLE_MAX = 120;
export const MESSAGE_MAX = 1000;
const NOT_FOUND = 'Notificação não encontrada.';

/** A notification as one player reads it (their read_at joined in). */
export interface NotificationRow {
  id: number;
  type: string;
  title: string;
  message: string;
  read_at: Date | null;
  pinned_until: Date | null;
  created_at: Date;
}

interface Row extends NotificationRow {
  user_id: number | null;
}

/** The contract's `Notification` as one player has it. */
export function toNotification(n: NotificationRow) {
  return {
    id: Number(n.id),
    type: n.type,
    title: n.title,
    message: n.message,
    read: n.read_at !== null,
    read_at: n.read_at?.toISOString() ?? null,
    pinned_until: n.pinned_until?.toISOString() ?? null,
    created_at: n.created_at.toISOString(),
  };
}

const ownerClause = (list: NotificationListKind) => (list === 'user' ? 'n.user_id = $2' : 'n.user_id IS NULL');

/** The player's unread count of one list. */
export async function unreadCount(
  db: Queryable,
  brandId: number,
  playerId: number,
  list: NotificationListKind,
): Promise<number> {
  const [row] = await db.query<{ unread: number }>(
    `SELECT count(*)::int AS unread
       FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2
      WHERE n.brand_id = $1 AND ${ownerClause(list)} AND r.read_at IS NULL`,
    [brandId, playerId],
  );
  return row?.unread ?? 0;
}

/** A notification as the player may see it (theirs, or a global one of their brand), else null. */
async function findFor(db: Queryable, brandId: number, playerId: number, id: number): Promise<Row | null> {
  const [row] = await db.query<Row>(
    `SELECT n.id, n.user_id, n.type, n.title, n.message, r.read_at, n.pinned_until, n.created_at
       FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $3
      WHERE n.id = $1 AND n.brand_id = $2 AND (n.user_id = $3 OR n.user_id IS NULL)`,
    [id, brandId, playerId],
  );
  return row ?? null;
}

/** POST /notifications/{id}/read. */
export const markNotificationRead: Handler = async (ctx: Ctx) => {
  const player = requirePlayer(ctx);
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id < 1) fail(404, NOT_FOUND, { notification: [NOT_FOUND] });
  return ctx.db.transaction(async (tx) => {
    const found = await findFor(tx, ctx.brand.id, player.id, id);
    if (!found) fail(404, NOT_FOUND, { notification: [NOT_FOUND] });
    if (found.read_at === null) {
      // The first read wins: a repeat keeps its read_at.
      await tx.query(
        `INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES ($1, $2, $3)
         ON CONFLICT (notification_id, user_id) DO NOTHING`,
        [id, player.id, ctx.now],
      );
    }
    const after = await findFor(tx, ctx.brand.id, player.id, id);
    const list: NotificationListKind = found.user_id === null ? 'global' : 'user';
    return ok({
      data: toNotification(after ?? found),
      unread_count: await unreadCount(tx, ctx.brand.id, player.id, list),
    });
  });
};

/** POST /notifications/{type}/mark-all-read. */
export const markAllNotificationsRead: Handler = async (ctx: Ctx) => {
  const player = requirePlayer(ctx);
  const list = ctx.params.type;
  if (list !== 'user' && list !== 'global') fieldError('type', 'O tipo deve ser user ou global.');
  const rows = await ctx.db.query<{ notification_id: number }>(
    `INSERT INTO notification_reads (notification_id, user_id, read_at)
     SELECT n.id, $2, $3 FROM notifications n
      WHERE n.brand_id = $1 AND ${ownerClause(list)}
        AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $2)
     ON CONFLICT (notification_id, user_id) DO NOTHING
     RETURNING notification_id`,
    [ctx.brand.id, player.id, ctx.now],
  );
  return ok({ marked: rows.length, unread_count: await unreadCount(ctx.db, ctx.brand.id, player.id, list) });
};

export interface SendNotification {
  brandId: number;
  /** null: a global ('platform') notification for the whole brand. */
  userId: number | null;
  /** A player's notification's type ('info', 'bonus', …); global ones are always 'platform'. */
  type?: string;
  title: string;
  message: string;
  pinnedUntil: Date | null;
  now: Date;
  sentBy?: 'system' | 'qa';
}

export class NotificationInputError extends Error {}

/** Checks the texts (plain text, trimmed, within the contract's lengths). */
export function checkTexts(title: string, message: string): { title: string; message: string } {
  const t = title.trim();
  const m = message.trim();
  if (!t || !m) throw new NotificationInputError('Título e texto são obrigatórios.');
  if ([...t].length > TITLE_MAX) throw new NotificationInputError(`Título com mais de ${TITLE_MAX} caracteres.`);
  if ([...m].length > MESSAGE_MAX) throw new NotificationInputError(`Texto com mais de ${MESSAGE_MAX} caracteres.`);
  return { title: t, message: m };
}

/** The channel a notification is published on (see the module's comment). */
export const channelOf = (n: { brandId: number; userId: number | null }) =>
  n.userId === null ? publicChannel(n.brandId) : playerChannel(n.userId);

/**
 * Stores a notification and publishes `NotificationSent`. Stored first: a player who is not connected finds it in
 * their list. Returns it as a reader has it (unread) and whether it was published.
 */
export async function sendNotification(
  db: Queryable,
  publisher: Publisher | undefined,
  input: SendNotification,
): Promise<{ notification: ReturnType<typeof toNotification>; published: boolean }> {
  const { title, message } = checkTexts(input.title, input.message);
  const type = input.userId === null ? GLOBAL_TYPE : (input.type ?? 'info');
  if (input.userId !== null) {
    const [owner] = await db.query<{ id: number }>('SELECT id FROM users WHERE id = $1 AND brand_id = $2', [
      input.userId,
      input.brandId,
    ]);
    if (!owner) throw new NotificationInputError('Jogador não encontrado nesta marca.');
  }
  const [row] = await db.query<Row>(
    `INSERT INTO notifications (brand_id, user_id, type, title, message, pinned_until, created_at, sent_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id, user_id, type, title, message, NULL::timestamptz AS read_at, pinned_until, created_at`,
    [input.brandId, input.userId, type, title, message, input.pinnedUntil, input.now, input.sentBy ?? 'system'],
  );
  const notification = toNotification(row!);
  if (!publisher) return { notification, published: false };
  try {
    await publisher.trigger(channelOf(input), 'NotificationSent', notification);
    return { notification, published: true };
  } catch {
    return { notification, published: false };
  }
}
