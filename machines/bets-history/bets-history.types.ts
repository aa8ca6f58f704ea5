/** Types of the bets history (/user/edit/history-casino; spec §3 Bet event, §7 GET wallet/bets?page). */
import type { Failure } from '../kernel/api-error';

/** A casino round or a sports slip; money in integer centavos. */
export interface BetRow {
  id: number;
  game: string;
  kind: 'casino' | 'sports';
  /** Closed (a sports slip stays open until its matches are settled). */
  settled: boolean;
  bet: number;
  win: number;
  createdAt: string;
}

export interface BetsPage {
  rows: BetRow[];
  page: number;
  lastPage: number;
  total: number;
}

export interface BetsHistoryContext extends BetsPage {
  /** The page asked for (the rows shown stay while it loads). */
  requested: number;
  failure: Failure | null;
}

export type BetsHistoryEvent = { type: 'bets.page'; page: number } | { type: 'bets.retry' };
