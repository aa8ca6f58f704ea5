import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { PLAYER_SELECT, type PlayerRow } from './players';

/** Opaque session tokens: 32 random bytes handed to the client once, stored only as SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The longest user agent kept with a session (the rest is cut off). */
export const USER_AGENT_MAX = 300;

/** A new session; `userAgent` (the sign-in's User-Agent header) is what the player's list of sessions shows. */
export async function createSession(db: Queryable, playerId: number, now: Date, userAgent?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, user_agent) VALUES ($1, $2, $3, $3, $4)',
    [hashToken(token), playerId, now, userAgent?.trim().slice(0, USER_AGENT_MAX) || null],
  );
  return token;
}

/** How long a session lives: idle (since its last call) and absolute (since sign-in), in milliseconds. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** Defaults: 2 hours idle, 7 days at most (SANDBOX_SESSION_IDLE_MS, SANDBOX_SESSION_MAX_MS). */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 2 * 60 * 60_000, maxMs: 7 * 24 * 60 * 60_000 };

/**
 * How stale a session's recorded last use may get before a call writes it again: min(60 s, idle / 10). A call
 * only reads its session; it writes the last use when the recorded one is older than this, so a burst of calls
 * writes once. The idle timeout counts from the recorded last use, so a session ends between `idleMs - touchMs`
 * and `idleMs` after its last call (never later); the absolute lifetime is exact.
 */
export function touchIntervalMs(lifetime: SessionLifetime): number {
  return Math.min(60_000, Math.floor(lifetime.idleMs / 10));
}

interface SessionPlayerRow extends PlayerRow {
  session_user_id: number;
  session_created_at: Date;
  session_last_seen_at: Date;
  session_revoked_at: Date | null;
  session_limit_minutes: number | null;
}

/** A live session: its player, its token hash, when it signed in and the player's daily play-time limit. */
export interface SessionPlayer {
  player: PlayerRow;
  tokenHash: string;
  sessionStartedAt: Date;
  /** Minutes per day in force (responsible gaming), or null: then no usage is computed per call. */
  playTimeLimit: number | null;
}

/**
 * The player of a live session of the brand, or null: not revoked, used within the idle timeout and younger
 * than the absolute lifetime. One read by the token hash (the primary key) brings the session and its player;
 * a live session's last use is written only when due (`touchIntervalMs`); an expired one is revoked, so it
 * never comes back.
 */
export async function findSessionPlayer(
  db: Queryable,
  token: string,
  brandId: number,
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<SessionPlayer | null> {
  const tokenHash = hashToken(token);
  // The daily play-time limit comes in the same read (a due raise or removal already counts).
  const [row] = await db.query<SessionPlayerRow>(
    `SELECT s.user_id AS session_user_id, s.created_at AS session_created_at, s.last_seen_at AS session_last_seen_at,
            s.revoked_at AS session_revoked_at,
            (SELECT CASE WHEN l.pending_from <= $2 THEN l.pending_amount ELSE l.amount END
               FROM player_limits l WHERE l.user_id = s.user_id AND l.kind = 'session' AND l.period = 'day'
            ) AS session_limit_minutes, p.*
       FROM sessions s LEFT JOIN LATERAL (${PLAYER_SELECT} WHERE u.id = s.user_id) p ON true
      WHERE s.token_hash = $1`,
    [tokenHash, now],
  );
  if (!row || row.session_revoked_at !== null) return null;
  const at = now.getTime();
  const idleFor = at - row.session_last_seen_at.getTime();
  if (idleFor >= lifetime.idleMs || at - row.session_created_at.getTime() >= lifetime.maxMs) {
    await revokeSession(db, tokenHash, now);
    return null;
  }
  if (idleFor >= touchIntervalMs(lifetime)) {
    // Conditional, so concurrent calls of a burst that all found it due write it once.
    await db.query(
      `UPDATE sessions SET last_seen_at = $2
        WHERE token_hash = $1 AND revoked_at IS NULL AND last_seen_at <= $3`,
      [tokenHash, now, new Date(at - touchIntervalMs(lifetime))],
    );
  }
  const {
    session_user_id: _userId,
    session_created_at: _createdAt,
    session_last_seen_at: _lastSeenAt,
    session_revoked_at: _revokedAt,
    session_limit_minutes: playTimeLimit,
    ...player
  } = row;
  return player.id === row.session_user_id && player.brand_id === brandId
    ? { player, tokenHash, sessionStartedAt: row.session_created_at, playTimeLimit }
    : null;
}

/** Ends a session (sign-out, expiry); the push subscriptions it stored end with it (migration 010). */
export async function revokeSession(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, now]);
  await db.query('DELETE FROM push_subscriptions WHERE session_hash = $1', [tokenHash]);
}

/** Ends every session of a player (a password reset, the QA panel), and every push subscription they stored. */
export async function revokeAllSessions(db: Queryable, playerId: number, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [playerId, now]);
  await db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [playerId]);
}

/** A live session as its player sees it in the list (no token, no hash). */
export interface PlayerSessionRow {
  id: number;
  token_hash: string;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/**
 * The player's live sessions, the most recently used first: not revoked, used within the idle timeout and younger
 * than the absolute lifetime (the ones `findSessionPlayer` would still accept).
 */
export async function listLiveSessions(
  db: Queryable,
  playerId: number,
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<PlayerSessionRow[]> {
  return db.query<PlayerSessionRow>(
    `SELECT id, token_hash, user_agent, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND last_seen_at > $2 AND created_at > $3
      ORDER BY last_seen_at DESC, id DESC`,
    [playerId, new Date(now.getTime() - lifetime.idleMs), new Date(now.getTime() - lifetime.maxMs)],
  );
}

/** Ends every session of a player but one (the one asking); returns how many ended. */
export async function revokeOtherSessions(
  db: Queryable,
  playerId: number,
  keepTokenHash: string,
  now: Date,
): Promise<number> {
  const ended = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL
     RETURNING token_hash`,
    [playerId, keepTokenHash, now],
  );
  await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND session_hash IS DISTINCT FROM $2', [
    playerId,
    keepTokenHash,
  ]);
  return ended.length;
}
