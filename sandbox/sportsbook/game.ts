/**
 * The sportsbook as a game of the operator's catalogue: game sessions (sandbox/api/game-sessions.ts) and the
 * wallet's records point at a `games` row, so the sportsbook has one, created on first use and kept out of the
 * casino lobby (`games.in_lobby = false`, migration 006).
 */
import type { Queryable } from '../db/types';
import { SPORTSBOOK_GAME_CODE } from './bets';

export const SPORTSBOOK_PROVIDER_CODE = 'sandbox-sports';
export const SPORTSBOOK_TITLE = 'Apostas esportivas';

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f1720"/>' +
      '<circle cx="32" cy="32" r="18" fill="none" stroke="#22c55e" stroke-width="4"/><path d="M32 14v36M14 32h36" stroke="#22c55e" stroke-width="3"/></svg>',
  );

/** The sportsbook's `games.id`, creating its provider and game rows the first time. */
export async function ensureSportsbookGame(db: Queryable): Promise<number> {
  const [found] = await db.query<{ id: number }>('SELECT id FROM games WHERE gamecode = $1', [SPORTSBOOK_GAME_CODE]);
  if (found) return found.id;
  await db.query(
    `INSERT INTO providers (code, name, image, sort_order) VALUES ($1, 'Sandbox Sports', $2, 10000)
     ON CONFLICT (code) DO NOTHING`,
    [SPORTSBOOK_PROVIDER_CODE, ICON],
  );
  const [category] = await db.query<{ slug: string }>(
    `SELECT slug FROM categories ORDER BY (slug = 'live') DESC, sort_order LIMIT 1`,
  );
  await db.query(
    `INSERT INTO games (gamecode, title, provider_id, category_slug, image, image_mobile, in_lobby)
     SELECT $1, $2, p.id, $3, $4, $4, false FROM providers p WHERE p.code = $5
     ON CONFLICT (gamecode) DO NOTHING`,
    [SPORTSBOOK_GAME_CODE, SPORTSBOOK_TITLE, category?.slug ?? 'live', ICON, SPORTSBOOK_PROVIDER_CODE],
  );
  const [row] = await db.query<{ id: number }>('SELECT id FROM games WHERE gamecode = $1', [SPORTSBOOK_GAME_CODE]);
  if (!row) throw new Error('sportsbook game row missing');
  return row.id;
}
