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

/** The player of a live (not revoked) session of the brand, or null. */
export async function findSessionPlayer(
  db: Queryable,
  token: string,
  brandId: number,
  now: Date,
): Promise<{ player: PlayerRow; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const [session] = await db.query<{ user_id: number }>(
    'UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING user_id',
    [tokenHash, now],
  );
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
