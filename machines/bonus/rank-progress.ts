/**
 * Rank progress (spec §4 Rank progress, §3 Ranking entry, §2.3 badge path), pure.
 *
 * §4: "percentage between the current level's totalBet and the next level's, rounded and clamped to 0-100; 100
 * with no needed bet when there is no next level."
 *
 * - The levels (GET /ranking) are read in order of `level`, whatever order they came in; malformed ones (a level
 *   that is not a positive integer, a totalBet that is not a finite number ≥ 0) are left out.
 * - The player's level is the `level` the profile says (§3 User.level), 1 when it is missing or not a positive
 *   integer. When that level is not in the list, the current threshold is the highest level below it (0 when none).
 * - The next level is the first level above the player's. The percentage is (totalBet − current) / (next − current)
 *   × 100, rounded, clamped to 0–100; `needed` is what is left to bet (never below 0). With no next level: 100 and
 *   `needed` null. Amounts are the contract's integer centavos.
 */
export interface RankLevel {
  level: number;
  totalBet: number;
  name?: string;
}

export interface RankProgress {
  level: number;
  /** The level reached next; null at the top. */
  nextLevel: number | null;
  percent: number;
  /** Centavos still to bet to reach the next level; null at the top. */
  needed: number | null;
  badge: string;
}

export const DEFAULT_LEVEL = 1;

const isLevel = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The player's level, 1 by default. */
export const levelOf = (level: unknown): number => (isLevel(level) ? level : DEFAULT_LEVEL);

/** §2.3: `/assets/images/ranks/{level}.webp`, level 1 by default. */
export const rankBadgePath = (level: unknown): string => `/assets/images/ranks/${levelOf(level)}.webp`;

/** The well-formed levels, ascending, one per level number (the first wins). */
export function sortedLevels(levels: readonly unknown[]): RankLevel[] {
  const seen = new Set<number>();
  const out: RankLevel[] = [];
  for (const entry of Array.isArray(levels) ? levels : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { level, totalBet } = entry as Record<string, unknown>;
    if (!isLevel(level) || !isAmount(totalBet) || seen.has(level)) continue;
    seen.add(level);
    out.push(entry as RankLevel);
  }
  return out.sort((a, b) => a.level - b.level);
}

export function rankProgress(levels: readonly unknown[], playerLevel: unknown, totalBet: unknown): RankProgress {
  const level = levelOf(playerLevel);
  const bet = isAmount(totalBet) ? totalBet : 0;
  const sorted = sortedLevels(levels);
  const current = [...sorted].reverse().find((l) => l.level <= level)?.totalBet ?? 0;
  const next = sorted.find((l) => l.level > level);
  const badge = rankBadgePath(level);
  if (!next) return { level, nextLevel: null, percent: 100, needed: null, badge };
  const span = next.totalBet - current;
  const raw = span > 0 ? ((bet - current) / span) * 100 : 100;
  const percent = Math.min(100, Math.max(0, Math.round(raw)));
  return { level, nextLevel: next.level, percent, needed: Math.max(0, next.totalBet - bet), badge };
}
