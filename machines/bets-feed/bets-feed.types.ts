/**
 * Types of the live bets feed (spec §4 Bets feed, §3 Bet event and Processed bet, §7 public channel
 * `universal-public.{casino_id}` event BetPlaced, §9 recent bets kept: 5, the fictitious generator). Money is
 * integer centavos.
 */
import type { BetEventPayload } from '../realtime/channel.types';

/** A `bet` or `win` as it arrived (already zod-checked by the adapter). */
export type BetEvent = BetEventPayload;

/** §3 Processed bet: a bet settled by its win. */
export interface ProcessedBet {
  transaction: string;
  game: string;
  /** Masked by the platform (§9) on the public channel; the player's own name on their own channel. */
  user: string;
  /** Centavos. */
  bet_amount: number;
  /** Centavos (0 for a loss). */
  win_amount: number;
  /** win_amount / bet_amount, to two decimals (0 when the bet was 0). */
  multiplier: number;
  /** ISO 8601, the win's date. */
  date: string;
  /** Drawn by the fictitious generator (§9), not heard on a channel. Never shown; for QA and tests. */
  fictitious?: boolean;
}

/** The feed's tabs: every bet, the high rollers (a bet of at least `HIGH_ROLLER_MIN_BET`), the player's own. */
export type BetsFeedTab = 'all' | 'highRollers' | 'mine';

/** Where the fictitious generator starts and how it dates its bets; the app passes a random seed and the clock. */
export interface FictitiousBetsInput {
  /** 32-bit seed of the draws (the same seed, the same bets). */
  seed: number;
  /** Epoch milliseconds: the date of each drawn bet. */
  now: () => number;
  /** Game titles to draw from (default `FICTITIOUS_GAMES`). */
  games?: readonly string[];
}

/** The bets feed's input (optional: a fixed seed and the system clock by default). */
export interface BetsFeedInput {
  fictitious?: Partial<FictitiousBetsInput>;
}

export interface BetsFeedContext {
  /** The brand whose public channel is listened to; null while idle. */
  casinoId: number | null;
  /** Public events waiting for their partner, oldest first (at most BETS_FEED_HELD_MAX). */
  held: BetEvent[];
  /** Settled bets, real and fictitious, newest first (at most BETS_FEED_SIZE). */
  bets: ProcessedBet[];
  /** Of those, the high rollers' (bet ≥ HIGH_ROLLER_MIN_BET), newest first (at most BETS_FEED_SIZE). */
  highRollers: ProcessedBet[];
  /** The signed-in player whose own bets are listened to (their user channel), or null. */
  playerId: number | null;
  /** The player's own events waiting for their partner. */
  mineHeld: BetEvent[];
  /** The player's own settled bets, newest first (at most BETS_FEED_SIZE); forgotten when they leave. */
  mine: ProcessedBet[];
  /** The generator's next seed and clock (kept across restarts so the sequence goes on). */
  fictitious: FictitiousBetsInput;
}

/** What the feed hears from a channel (the channel machine's `realtime.betPlaced`). */
export type BetsFeedRealtimeEvent = { type: 'realtime.betPlaced'; channel: string; data: BetEvent };

export type BetsFeedEvent =
  /** The site is ready: listen to this brand's public channel (and draw fictitious bets). */
  | { type: 'betsFeed.start'; casinoId: number }
  /** Stop listening (the live connection is going away); the lists are kept. */
  | { type: 'betsFeed.stop' }
  /**
   * From the root: the signed-in player whose user channel is joined (their own bets are listened to there),
   * or null once nobody is (their bets are forgotten).
   */
  | { type: 'betsFeed.player'; playerId: number | null }
  /** From the player: show a tab. */
  | { type: 'betsFeed.showTab'; tab: BetsFeedTab }
  /** From the fictitious generator: a drawn bet, and the seed after it. */
  | { type: 'betsFeed.fictitious'; bet: ProcessedBet; seed: number }
  | BetsFeedRealtimeEvent;
