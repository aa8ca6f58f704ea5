import { ok, type Handler } from '../context';
import { toNotification, type NotificationRow } from '../notifications';
import { toWallet } from '../players';
import { toRankingLevel, type RankingLevelRow } from '../rewards';
import { requirePlayer } from './guards';

function pageInfo(page: number, perPage: number, total: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

export const getWallet: Handler = async (ctx) => ok({ data: toWallet(requirePlayer(ctx)) });

export const listRankingLevels: Handler = async ({ db }) => {
  const rows = await db.query<RankingLevelRow>(
    'SELECT level, name, total_bet, perks FROM ranking_levels ORDER BY level',
  );
  return ok({ data: rows.map(toRankingLevel) });
};

export const listNotifications: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const page = ctx.query.page as number;
  const perPage = ctx.query.per_page as number;

  const list = async (scope: 'user' | 'global') => {
    const owner = scope === 'user' ? 'n.user_id = $2' : 'n.user_id IS NULL';
    const params = [ctx.brand.id, player.id, perPage, (page - 1) * perPage];
    const [rows, counts] = await Promise.all([
      ctx.db.query<NotificationRow>(
        `SELECT n.id, n.type, n.title, n.message, r.read_at, n.pinned_until, n.created_at
           FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2
          WHERE n.brand_id = $1 AND ${owner}
          ORDER BY n.created_at DESC, n.id DESC LIMIT $3 OFFSET $4`,
        params,
      ),
      ctx.db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE r.read_at IS NULL)::int AS unread
           FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2
          WHERE n.brand_id = $1 AND ${owner}`,
        params.slice(0, 2),
      ),
    ]);
    const total = counts[0]?.total ?? 0;
    return {
      data: rows.map(toNotification),
      ...pageInfo(page, perPage, total),
      unread_count: counts[0]?.unread ?? 0,
    };
  };

  return ok({ user_notifications: await list('user'), global_notifications: await list('global') });
};
