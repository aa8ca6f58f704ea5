import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../kernel/api-error';
import type { betsHistoryMachine } from './bets-history.machine';
import type { BetRow } from './bets-history.types';

export interface BetsHistoryView {
  /** `empty`: the player has no bets at all. */
  status: 'loading' | 'shown' | 'empty' | 'failed';
  rows: BetRow[];
  page: number;
  lastPage: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
  failure: Failure | null;
}

export function connectBetsHistory(snapshot: SnapshotFrom<typeof betsHistoryMachine>): BetsHistoryView {
  const { rows, page, lastPage, total, failure } = snapshot.context;
  const shown = snapshot.matches('shown');
  const status = shown ? (total === 0 ? 'empty' : 'shown') : snapshot.matches('failed') ? 'failed' : 'loading';
  return {
    status,
    rows,
    page,
    lastPage,
    total,
    canPrevious: shown && page > 1,
    canNext: shown && page < lastPage,
    failure,
  };
}
