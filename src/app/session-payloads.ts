/**
 * zod/mini schemas of every payload the session's actors read (nothing is cast). Each checks the
 * fields the app uses and tolerates the rest (loose objects); a malformed answer makes the actor reject with the
 * parse error, which carries no `messages`, so the session machine shows §8's fallback
 * (`error_messages.unexpected`, see machines/session/session.errors.ts) — exactly like the wallet's actors.
 * What passes is handed on as the contract's type (the generated `components` of openapi/).
 */
import * as z from 'zod/mini';
import type {
  NotificationList,
  RankingLevel,
  RecentGame,
  SessionUser,
  Wallet,
} from '../../machines/session/session.types';

const count = z.int().check(z.nonnegative());

/** What session.connect.ts and the live chat read of the player. */
const user = z.looseObject({
  id: z.int().check(z.positive()),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
});
/** Balance in integer centavos (§3 wallet), and the deposit count the pix tracking reads. */
const wallet = z.looseObject({ balance: z.int(), deposit_count: count });
const game = z.looseObject({ game_id: z.int(), title: z.string() });
/** §3 Ranking entry. */
const rankingLevel = z.looseObject({ level: z.int(), totalBet: z.number().check(z.nonnegative()) });
/** §3 Notification and notification list. */
const notificationPage = z.looseObject({
  data: z.array(z.looseObject({ id: z.int(), type: z.string(), read: z.boolean() })),
  current_page: count,
  last_page: count,
  unread_count: count,
});

const schemas = {
  me: z.looseObject({ data: user }),
  session: z.looseObject({ data: user, token: z.string().check(z.minLength(1)) }),
  wallet: z.looseObject({ data: wallet }),
  recentGames: z.looseObject({ data: z.array(game) }),
  // §7: ranking is read either as the data body or the array itself.
  ranking: z.union([z.array(rankingLevel), z.looseObject({ data: z.array(rankingLevel) })]),
  notifications: z.looseObject({ user_notifications: notificationPage, global_notifications: notificationPage }),
};

/** GET /auth/me → the player. */
export function parseMe(body: unknown): SessionUser {
  return schemas.me.parse(body).data as SessionUser;
}

/** POST /auth/login, /auth/register, /auth/google → the player and the token (stored by the actor only). */
export function parseSession(body: unknown): { user: SessionUser; token: string } {
  const parsed = schemas.session.parse(body);
  return { user: parsed.data as SessionUser, token: parsed.token };
}

/** GET /profile/wallet → the wallet. */
export function parseWallet(body: unknown): Wallet {
  return schemas.wallet.parse(body).data as Wallet;
}

/** GET /games/recent → the recent games. */
export function parseRecentGames(body: unknown): RecentGame[] {
  return schemas.recentGames.parse(body).data as RecentGame[];
}

/** GET /ranking → the levels, from the data body or the array itself. */
export function parseRanking(body: unknown): RankingLevel[] {
  const parsed = schemas.ranking.parse(body);
  return (Array.isArray(parsed) ? parsed : parsed.data) as RankingLevel[];
}

/** GET /notifications → both lists. */
export function parseNotifications(body: unknown): NotificationList {
  return schemas.notifications.parse(body) as NotificationList;
}
