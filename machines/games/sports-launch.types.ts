/** Types of the sportsbook page `/sports` (§7 POST games/launch/sport; site config hasSports). */
import type { GamesError } from './games-error';

export interface SportsLaunchInput {
  signedIn: boolean;
  /** The brand lets guests see the sportsbook (in its guest view). */
  guestViewAllowed: boolean;
  /** Site config hasSports: off hides all of sports. */
  hasSports: boolean;
}

/** What the app's `launchSport` actor is given: a guest launch asks for the guest view. */
export interface LaunchSportInput {
  signedIn: boolean;
}

/** What it answers: the sportsbook's iframe URL. */
export interface SportLaunch {
  url: string;
}

export interface SportsLaunchContext extends SportsLaunchInput {
  url: string | null;
  error: GamesError | null;
}

export type SportsLaunchEvent =
  | { type: 'sports.retry' }
  /** The player signed in or out while on the page: launched again (the URL belongs to one session). */
  | { type: 'sports.sessionChanged'; signedIn: boolean };
