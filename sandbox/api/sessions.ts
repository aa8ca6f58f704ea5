import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { findPlayerById, type PlayerRow } from './players';

/** Opaque session tokens: 32 random bytes handed to the client once, stored only as SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Queryable, playerId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    hashToken(token),
    playerId,
    now,
  ]);
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
 * The player of a live session of the brand, or null: not revoked, used within the idle timeout and younger
 * than the absolute lifetime. A session found live is touched (its idle time starts again); an expired one
 * is revoked, so it never comes back.
 */
export async function findSessionPlayer(
  db: Queryable,
  token: string,
  brandId: number,
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<{ player: PlayerRow; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - lifetime.idleMs);
  const bornAfter = new Date(now.getTime() - lifetime.maxMs);
  const [session] = await db.query<{ user_id: number }>(
    `UPDATE sessions SET last_seen_at = $2
       WHERE token_hash = $1 AND revoked_at IS NULL AND last_seen_at > $3 AND created_at > $4
       RETURNING user_id`,
    [tokenHash, now, idleSince, bornAfter],
  );
  if (!session) {
    await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
      tokenHash,
      now,
    ]);
    return null;
  }
  if (!session) return null;
  const player = await findPlayerById(db, session.user_id);
  return player && player.brand_id === brandId ? { player, tokenHash } : null;
}

export async function revokeSession(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, now]);
}

export async function revokeAllSessions(db: Queryable, playerId: number, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [playerId, now]);
}
