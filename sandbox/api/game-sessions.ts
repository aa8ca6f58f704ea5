/**
 * Game sessions: what the launch URL of a real-money game carries instead of the player's
 * bearer token. A session token is 32 random bytes (base64url), stored only as its SHA-256 hash. It is
 * short-lived and single-use for a launch: the provider must authenticate it (POST /provider/wallet/authenticate)
 * within LAUNCH_WINDOW_MS, once; after that the same token is the provider's handle on the player's wallet
 * until it has been idle for IDLE_MS or has lived MAX_MS. A second launch with the same URL is refused: the
 * app asks POST /games/url again (a reload does).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

export const GAME_SESSION = {
  launchWindowMs: 2 * 60_000,
  idleMs: 30 * 60_000,
  maxMs: 12 * 60 * 60_000,
} as const;

export const hashGameToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface GameSessionRow {
  token_hash: string;
  user_id: number;
  brand_id: number;
  game_id: number;
  origin: string | null;
  created_at: Date;
  launch_expires_at: Date;
  launched_at: Date | null;
  last_used_at: Date;
  expires_at: Date;
  // joined
  game_code: string;
  game_title: string;
  /** The game's category (its type for the missions: sandbox/api/rewards.ts `gameTypeOfCategory`). */
  category_slug: string;
  first_name: string;
  self_excluded_at: Date | null;
  self_excluded_until: Date | null;
  /** Migration 026: set once SIGAP answered "Impedido" for the player (stakes refused, settling allowed). */
  sigap_impeded_at: Date | null;
}

/** A new session for a player and a game; returns the token (shown once: only its hash is kept). */
export async function createGameSession(
  db: Queryable,
  p: { userId: number; brandId: number; gameId: number; origin: string | null; now: Date },
): Promise<{ token: string; launchExpiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const launchExpiresAt = new Date(p.now.getTime() + GAME_SESSION.launchWindowMs);
  await db.query(
    `INSERT INTO game_sessions (token_hash, user_id, brand_id, game_id, origin, created_at, launch_expires_at,
                                last_used_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $8)`,
    [
      hashGameToken(token),
      p.userId,
      p.brandId,
      p.gameId,
      p.origin,
      p.now,
      launchExpiresAt,
      new Date(p.now.getTime() + GAME_SESSION.maxMs),
    ],
  );
  return { token, launchExpiresAt };
}

export async function findGameSession(db: Queryable, token: string): Promise<GameSessionRow | null> {
  const [row] = await db.query<GameSessionRow>(
    `SELECT s.*, g.gamecode AS game_code, g.title AS game_title, g.category_slug, u.first_name, u.self_excluded_at,
            u.self_excluded_until, u.sigap_impeded_at
       FROM game_sessions s JOIN games g ON g.id = s.game_id JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1`,
    [hashGameToken(token)],
  );
  return row ?? null;
}

/** The single launch: true once, for a token within its launch window (a conditional UPDATE: races lose). */
export async function launchGameSession(db: Queryable, token: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE game_sessions SET launched_at = $2, last_used_at = $2
      WHERE token_hash = $1 AND launched_at IS NULL AND launch_expires_at > $2 AND expires_at > $2
      RETURNING token_hash`,
    [hashGameToken(token), now],
  );
  return rows.length === 1;
}

/** Launched, not idle too long, not too old: the session may bet. */
export function gameSessionLive(row: GameSessionRow, now: Date): boolean {
  return (
    row.launched_at !== null &&
    row.expires_at > now &&
    now.getTime() - row.last_used_at.getTime() <= GAME_SESSION.idleMs
  );
}

export async function touchGameSession(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE game_sessions SET last_used_at = GREATEST(last_used_at, $2) WHERE token_hash = $1', [
    tokenHash,
    now,
  ]);
}
