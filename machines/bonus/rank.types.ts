/**
 * Types of /ranking's flow: the levels of GET /ranking (§3 Ranking entry) and the player's standing of
 * GET /profile/vip (the VIP section), read defensively: the platform's shapes are shown, never trusted.
 */
import type { Failure } from '../kernel/api-error';

export interface RankInput {
  /** A signed-in player (the standing is theirs); false for a guest (the levels only). */
  player: boolean;
}

/** What the page's load brings: the levels' body and, for a player, the standing's body (null for a guest). */
export interface RankAnswer {
  levels: unknown;
  vip: unknown;
}

export interface VipManager {
  name: string;
  email: string;
}

/** The player's standing (openapi VipStatus), the fields the page shows. */
export interface VipStanding {
  level: number;
  name: string;
  points: number;
  totalBet: number;
  perks: string[];
  manager: VipManager | null;
}

export interface LevelUp {
  from: number;
  to: number;
}

export interface RankContext {
  player: boolean;
  /** The levels' rows as read (the page keeps the well-formed ones, rank-progress.ts). */
  levels: unknown[] | null;
  vip: VipStanding | null;
  failure: Failure | null;
  /** A refresh that failed (the last standing stays shown). */
  refreshFailure: Failure | null;
  /** The rise being celebrated. */
  levelUp: LevelUp | null;
}

export type RankEvent =
  { type: 'rank.refresh' } | { type: 'rank.retry' } | { type: 'rank.dismiss' } | { type: 'rank.levelRose' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** GET /profile/vip's standing, from the data body or the object itself; null when malformed. */
export function readVip(body: unknown): VipStanding | null {
  const data = isRecord(body) && isRecord(body.data) ? body.data : body;
  if (!isRecord(data)) return null;
  const { level, name, points, total_bet, perks, manager } = data;
  if (!isCount(level) || level < 1 || !isCount(points) || !isCount(total_bet)) return null;
  const contact =
    isRecord(manager) && typeof manager.name === 'string' && typeof manager.email === 'string'
      ? { name: manager.name, email: manager.email }
      : null;
  return {
    level,
    name: typeof name === 'string' ? name : '',
    points,
    totalBet: total_bet,
    perks: Array.isArray(perks) ? perks.filter((p): p is string => typeof p === 'string') : [],
    manager: contact,
  };
}
