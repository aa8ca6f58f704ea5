/** Types of a game's like button (spec §4 Like, §7 POST games/like/{gameId}). */
import type { GamesError } from './games-error';

export interface LikeInput {
  gameId: number;
  /** Game.hasLike and Game.totalLikes as the list or the game page got them. */
  liked: boolean;
  totalLikes: number;
  signedIn: boolean;
}

/** What the app's `sendLike` actor is given: the state wanted (like or unlike). */
export interface SendLikeInput {
  gameId: number;
  like: boolean;
}

/** What it answers: the server's state after the call. */
export interface LikeAnswer {
  hasLike: boolean;
  totalLikes: number;
}

export interface LikeState {
  liked: boolean;
  totalLikes: number;
}

export interface LikeContext extends LikeState {
  gameId: number;
  signedIn: boolean;
  /** What the server said last (the input's until a call answers): a failure goes back to it. */
  server: LikeState;
  /** The state the request in flight asks for; null when none is. */
  sent: boolean | null;
  /** The last `liked` announced with `like.changed` (the input's at first). */
  announced: boolean;
  /** The last failure, until the next toggle. */
  error: GamesError | null;
}

export type LikeEvent =
  /** The heart was tapped. */
  | { type: 'like.toggle' }
  /** Fresher data of the game (a list reloaded after sign-in or sign-out): taken when no call is in flight. */
  | { type: 'like.updated'; liked: boolean; totalLikes: number; signedIn: boolean };

export type LikeEmitted =
  /** A guest tapped: the app opens the login modal; nothing changed. */
  | { type: 'like.signInRequired'; gameId: number }
  /** The call failed: the tile is back to the server's state; the screen may show a toast for the kind. */
  | { type: 'like.failed'; gameId: number; error: GamesError }
  /** The server settled a different `liked` than was last announced (e.g. for the session's user_likes). */
  | { type: 'like.changed'; gameId: number; liked: boolean; totalLikes: number };
