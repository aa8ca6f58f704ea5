/**
 * Types of the live bets feed (spec §4 Bets feed, §3 Bet event and Processed bet, §7 public channel
 * `universal-public.{casino_id}` event BetPlaced, §9 recent bets kept: 5). Money is integer centavos.
 */
import type { BetEventPayload } from '../realtime/channel.types';

/** A `bet` or `win` as it arrived (already zod-checked by the adapter). */
export type BetEvent = BetEventPayload;

/** §3 Processed bet: a bet settled by its win. */
export interface ProcessedBet {
  transaction: string;
  game: string;
  /** Masked by the platform (§9). */
  user: string;
  /** Centavos. */
  bet_amount: number;
  /** Centavos (0 for a loss). */
  win_amount: number;
  /** win_amount / bet_amount, to two decimals (0 when the bet was 0). */
  multiplier: number;
  /** ISO 8601, the win's date. */
  date: string;
}

export interface BetsFeedContext {
  /** The brand whose public channel is listened to; null while idle. */
  casinoId: number | null;
  /** Bets waiting for their win, oldest first, one per transaction (at most BETS_FEED_HELD_MAX). */
  held: BetEvent[];
  /** Settled bets, newest first (at most BETS_FEED_SIZE). */
  bets: ProcessedBet[];
}

/** What the feed hears from its channel (the channel machine's `realtime.betPlaced`). */
export type BetsFeedRealtimeEvent = { type: 'realtime.betPlaced'; channel: string; data: BetEvent };

export type BetsFeedEvent =
  /** The site is ready: listen to this brand's public channel. */
  | { type: 'betsFeed.start'; casinoId: number }
  /** Stop listening (the live connection is going away); the list is kept. */
  | { type: 'betsFeed.stop' }
  | BetsFeedRealtimeEvent;
