/** Types of a game's favorite button (spec §7 POST games/favorite/{gameId} with an action, GET profile/favorites). */
import type { GamesError } from './games-error';

export interface FavoriteInput {
  gameId: number;
  /** Game.hasFavorite as the list or the game page got it. */
  favorite: boolean;
  signedIn: boolean;
}

export type FavoriteAction = 'add' | 'remove';

/** What the app's `sendFavorite` actor is given. */
export interface SendFavoriteInput {
  gameId: number;
  action: FavoriteAction;
}

/** What it answers: the server's state after the call. */
export interface FavoriteAnswer {
  hasFavorite: boolean;
}

export interface FavoriteContext {
  gameId: number;
  signedIn: boolean;
  /** What the tile shows: the player's wish while a call is in flight, else the server's state. */
  favorite: boolean;
  /** What the server said last (the input's until a call answers): a failure goes back to it. */
  server: boolean;
  /** The state the request in flight asks for; null when none is. */
  sent: boolean | null;
  /** The last state announced with `favorite.changed` (the input's at first). */
  announced: boolean;
  error: GamesError | null;
}

export type FavoriteEvent =
  | { type: 'favorite.toggle' }
  /** Fresher data of the game (a list reloaded after sign-in or sign-out): taken when no call is in flight. */
  | { type: 'favorite.updated'; favorite: boolean; signedIn: boolean };

export type FavoriteEmitted =
  /** A guest tapped: the app opens the login modal; nothing changed. */
  | { type: 'favorite.signInRequired'; gameId: number }
  /** The call failed: the tile is back to the server's state. */
  | { type: 'favorite.failed'; gameId: number; error: GamesError }
  /** The server settled a new state: a favorites list adds or drops the game. */
  | { type: 'favorite.changed'; gameId: number; favorite: boolean };
