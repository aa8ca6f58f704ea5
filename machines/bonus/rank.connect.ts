/** What /ranking renders of its flow's snapshot: a plain view model, no actor refs. */
import type { SnapshotFrom } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import type { rankMachine } from './rank.machine';
import { rankBadgePath, rankProgress, sortedLevels, type RankProgress } from './rank-progress';
import type { VipStanding } from './rank.types';

export interface RankLevelView {
  level: number;
  name: string;
  /** Total bet needed to reach the level, centavos. */
  totalBet: number;
  perks: string[];
  /** What the level adds to the one below when it gives all of that one's perks (null: `perks` is shown whole). */
  adds: { below: { level: number; name: string }; perks: string[] } | null;
  badge: string;
  /** The player has reached it (false for a guest). */
  reached: boolean;
  /** The player's level. */
  current: boolean;
}

export interface RankView {
  status: 'loading' | 'ready' | 'failed';
  /** A signed-in player's page (the standing and progress are theirs). */
  player: boolean;
  levels: RankLevelView[];
  /** §4 Rank progress of the player's level and total bet; null for a guest. */
  progress: RankProgress | null;
  /** The name of the player's level and of the next one. */
  levelName: string;
  nextName: string;
  vip: VipStanding | null;
  refreshing: boolean;
  messages: UiMessage[];
  /** The level-up moment: the level reached, its name and badge. */
  celebration: { from: number; to: number; name: string; badge: string } | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** A level's `perks` (a sandbox extension of §3 Ranking entry), the strings only. */
const perksOf = (level: object): string[] => {
  const perks = (level as Record<string, unknown>).perks;
  return Array.isArray(perks) ? perks.filter((p): p is string => typeof p === 'string') : [];
};

export function connectRank(snapshot: SnapshotFrom<typeof rankMachine>): RankView {
  const { player, levels, vip, failure, levelUp } = snapshot.context;
  const sorted = sortedLevels(levels ?? []);
  const progress = player && vip ? rankProgress(sorted, vip.level, vip.totalBet) : null;
  const nameOf = (level: number | null) => sorted.find((l) => l.level === level)?.name ?? '';
  const status = snapshot.matches({ data: 'failed' })
    ? 'failed'
    : snapshot.matches({ data: 'loading' })
      ? 'loading'
      : 'ready';
  return {
    status,
    player,
    levels: sorted.map((l, i) => {
      const perks = perksOf(l);
      const below = i > 0 ? sorted[i - 1] : undefined;
      const belowPerks = below ? perksOf(below) : [];
      const inherits = below !== undefined && belowPerks.length > 0 && belowPerks.every((p) => perks.includes(p));
      return {
        level: l.level,
        name: typeof l.name === 'string' ? l.name : '',
        totalBet: l.totalBet,
        perks,
        adds:
          inherits && below
            ? {
                below: { level: below.level, name: typeof below.name === 'string' ? below.name : '' },
                perks: perks.filter((p) => !belowPerks.includes(p)),
              }
            : null,
        badge: rankBadgePath(l.level),
        reached: progress !== null && l.level <= progress.level,
        current: progress !== null && l.level === progress.level,
      };
    }),
    progress,
    levelName: vip?.name || nameOf(progress?.level ?? null),
    nextName: nameOf(progress?.nextLevel ?? null),
    vip,
    refreshing: snapshot.matches({ data: 'refreshing' }),
    messages: failure?.messages ?? [],
    celebration:
      snapshot.matches({ moment: 'celebrating' }) && levelUp
        ? { ...levelUp, name: nameOf(levelUp.to) || (isRecord(vip) ? vip.name : ''), badge: rankBadgePath(levelUp.to) }
        : null,
  };
}
