/**
 * Types of the game page (spec §4 Game page: loading, not found, or maintenance when the launch URL cannot be
 * obtained; §7 POST games/get, games/url, games/getRelated). Money is integer centavos.
 */
import type { Schema } from '../../shared/api/types';
import type { GamesError } from './games-error';

export type Game = Schema<'Game'>;
export type GameMode = 'demo' | 'real';

export interface GamePageInput {
  /** The route's `/casino/:provider/:game`. */
  provider: string;
  gamecode: string;
  signedIn: boolean;
  /** A self-excluded player never launches in real mode. */
  selfExcluded?: boolean;
}

/** What the app's `fetchGame` actor is given; it answers the game, or null (or a 404) when there is none. */
export interface FetchGameInput {
  provider: string;
  gamecode: string;
}

/** What the app's `fetchLaunchUrl` actor is given (POST games/url). */
export interface FetchLaunchUrlInput {
  gameId: number;
  mode: GameMode;
}

/** What it answers: the iframe's URL (carrying a short-lived single-use game session token, never the bearer). */
export interface GameLaunch {
  url: string;
  mode: GameMode;
  expires_at: string;
}

/** What the app's `fetchRelated` actor is given (POST games/getRelated); it answers a list of games. */
export interface FetchRelatedInput {
  gameId: number;
  provider: string;
  category: string;
}

export interface GamePageContext {
  provider: string;
  gamecode: string;
  signedIn: boolean;
  selfExcluded: boolean;
  game: Game | null;
  /** A player chose demo (`game.switchMode`); forgotten when the session changes. */
  wantsDemo: boolean;
  /** The mode asked for (while launching) or played (the launch answer's). */
  mode: GameMode;
  launch: GameLaunch | null;
  /** Games shown under the game; empty while loading or when they could not be had. */
  related: Game[];
  /** Why the game could not be loaded (failed) or launched (maintenance). */
  error: GamesError | null;
  /** The game refused a real bet for lack of funds (the screen offers a deposit) until a round settles. */
  shortOfFunds: boolean;
}

export type GamePageEvent =
  | { type: 'game.retry' }
  /** The player signed in or out (or became self-excluded) while on the page: relaunched in the right mode. */
  | { type: 'game.sessionChanged'; signedIn: boolean; selfExcluded?: boolean }
  /** A player asks for demo, or back to real. */
  | { type: 'game.switchMode'; mode: GameMode }
  /** The iframe's postMessage (origin already checked by the screen): a round settled with this balance. */
  | { type: 'game.roundSettled'; balance: number }
  /** The iframe's postMessage: a real bet was refused for lack of funds. */
  | { type: 'game.fundsShort' }
  /** Reload the game (a fresh launch URL: its token is single-use). */
  | { type: 'game.reload' };

/** A real-money round's balance, for the balance's owner (the root forwards it to the session). */
export type GamePageEmitted = { type: 'game.balanceReported'; balance: number };
