/** Types of the player's reactions to games (likes and favorites of every tile and game page). */
import type { ActorRefFrom } from 'xstate';
import type { favoriteMachine } from './favorite.machine';
import type { likeMachine } from './like.machine';

/** What a list or the game page knows of a game's marks (spec §3 Game: hasLike, totalLikes, hasFavorite). */
export interface ReactionGame {
  id: number;
  hasLike: boolean;
  totalLikes: number;
  hasFavorite: boolean;
}

export interface ReactionsInput {
  signedIn: boolean;
}

export interface ReactionsContext {
  signedIn: boolean;
  /** One like flow per game the player touched, by game id (every tile of the game shows the same one). */
  likes: Record<number, ActorRefFrom<typeof likeMachine>>;
  favorites: Record<number, ActorRefFrom<typeof favoriteMachine>>;
}

export type ReactionsEvent =
  /** The heart of a game was tapped (on any tile or the game page). */
  | { type: 'reactions.like'; game: ReactionGame }
  /** The star of a game was tapped. */
  | { type: 'reactions.favorite'; game: ReactionGame }
  /** Signed in or out (from the root): the marks of the previous player are dropped. */
  | { type: 'reactions.sessionChanged'; signedIn: boolean };

/** Sent to the parent (the app root) when a guest taps: the login modal opens on its sign-in tab. */
export interface ReactionsSignInRequest {
  type: 'loginModal.open';
  tab: 'login';
}
