/**
 * §4 Bets feed, the pairing rule, as pure functions (the machine's actions call them; property tests check them).
 *
 * A `bet` and its `win` (same `transaction`) make one processed bet. Either may come first: the one that
 * arrives first is held by transaction until the other comes, so any interleaving of the bets and the wins
 * yields the same processed bets. A transaction is settled once: a repeated event of a transaction still in the
 * list is ignored. Held events are bounded (`BETS_FEED_HELD_MAX`, oldest dropped first): one whose partner never
 * comes does not stay for good.
 */
import type { BetEvent, ProcessedBet } from './bets-feed.types';

/** §9: recent bets kept. */
export const BETS_FEED_SIZE = 5;
/** Events waiting for their partner, at most (oldest dropped first). The spec does not bound them. */
export const BETS_FEED_HELD_MAX = 50;

/** win / bet to two decimals; 0 when nothing was bet. */
export function multiplierOf(betCentavos: number, winCentavos: number): number {
  return betCentavos > 0 ? Math.round((winCentavos / betCentavos) * 100) / 100 : 0;
}

/** §4: the bet and its win become one processed bet (the win's date: when it was settled). */
export function settle(bet: BetEvent, win: BetEvent): ProcessedBet {
  return {
    transaction: bet.transaction,
    game: win.game || bet.game,
    user: bet.user || win.user,
    bet_amount: bet.amount,
    win_amount: win.amount,
    multiplier: multiplierOf(bet.amount, win.amount),
    date: win.date,
  };
}

export interface PairingState {
  /** Events waiting for their partner, oldest first; at most one per transaction and type. */
  held: BetEvent[];
  /** Processed bets, newest first, at most `size`. */
  bets: ProcessedBet[];
}

export interface PairingResult extends PairingState {
  /** The processed bet this event completed, if it did. */
  settled: ProcessedBet | null;
}

/** One event through the pairing rule. Pure: the same state and event give the same result. */
export function pairEvent(
  state: PairingState,
  event: BetEvent,
  options: { size?: number; heldMax?: number } = {},
): PairingResult {
  const size = options.size ?? BETS_FEED_SIZE;
  const heldMax = options.heldMax ?? BETS_FEED_HELD_MAX;
  // Already shown: a repeat (a redelivery) changes nothing.
  if (state.bets.some((b) => b.transaction === event.transaction)) return { ...state, settled: null };
  const partner = state.held.find((h) => h.transaction === event.transaction && h.type !== event.type);
  if (!partner) {
    const others = state.held.filter((h) => !(h.transaction === event.transaction && h.type === event.type));
    return { held: [...others, event].slice(-heldMax), bets: state.bets, settled: null };
  }
  const settled = event.type === 'win' ? settle(partner, event) : settle(event, partner);
  return {
    held: state.held.filter((h) => h.transaction !== event.transaction),
    bets: [settled, ...state.bets].slice(0, size),
    settled,
  };
}

/** A processed bet at the head of a list of at most `size` (the same transaction is never listed twice). */
export function prepend(list: readonly ProcessedBet[], bet: ProcessedBet, size = BETS_FEED_SIZE): ProcessedBet[] {
  return [bet, ...list.filter((b) => b.transaction !== bet.transaction)].slice(0, size);
}
