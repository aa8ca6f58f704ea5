/**
 * Types of the session machine (spec §4 Session and Self-exclusion, §3 Auth state, §7 Auth, §9).
 *
 * No token, password, CPF or Google id token appears here: QA's inspector sees context and events. The actors
 * supplied by src/app read what the player typed from a one-shot drop (`src/lib/secret-drop.ts`), store the
 * token under the `auth` storage key themselves, and hand the machine only the player.
 */
import type { components } from '../../shared/api/schema';
import type { Failure } from '../kernel/api-error';
import type { RealtimeParentEvent } from '../realtime/channel.types';

export type SessionUser = components['schemas']['User'];
export type Wallet = components['schemas']['Wallet'];
export type RecentGame = components['schemas']['Game'];
export type RankingLevel = components['schemas']['RankingLevel'];
export type NotificationList = components['schemas']['NotificationList'];

/** How a session is being made. */
export type SignInMethod = 'password' | 'register' | 'google';

export interface SessionInput {
  /** Whether the `auth` storage key holds a token (never the token itself). */
  hasToken: boolean;
  /** The stored guest id (not a secret: it names the guest channel `private-universal.{guestId}`). */
  guestId: string;
}

/** A failed call, as the form shows it (the kernel's `failureOf` of the normalised ApiError, without its body). */
export type SessionFailure = Failure;

/** The self-exclusion a refused login reported (ISO date-times; `endAt` null when indefinite). */
export interface SelfExclusion {
  startAt: string;
  endAt: string | null;
  /** An indefinite exclusion refused at sign-in: the earliest it may be ended (its waiting period), else absent. */
  removableAt?: string | null;
}

export interface SessionContext {
  guestId: string;
  hasToken: boolean;
  user: SessionUser | null;
  wallet: Wallet | null;
  recentGames: RecentGame[];
  ranking: RankingLevel[];
  notifications: NotificationList | null;
  /** §3 isSelfExcluded / selfExclusionStartAt / selfExclusionEndAt. */
  isSelfExcluded: boolean;
  selfExclusionStartAt: string | null;
  selfExclusionEndAt: string | null;
  /** An indefinite exclusion's earliest end, as the refused sign-in reported it (the removal token is not here). */
  selfExclusionRemovableAt: string | null;
  /** The last refused sign-in, logout or check (for the form and QA). */
  failure: SessionFailure | null;
  /** §3 isCheckUserDone: the stored token has been checked (or there was none). */
  isCheckUserDone: boolean;
}

/** What the player (through the UI) asks for. Nothing secret: the values are in the drop. */
export type SessionCommand =
  | { type: 'session.login' }
  | { type: 'session.register' }
  | { type: 'session.google' }
  | { type: 'session.logout' }
  | { type: 'session.dismissSelfExclusion' }
  /** Leave the second factor's step (back to the sign-in form). */
  | { type: 'session.cancelSecondFactor' }
  /** End an indefinite self-exclusion whose waiting period is over (the sign-in's removal token is in the drop). */
  | { type: 'session.endSelfExclusion' }
  | { type: 'session.clearFailure' };

/**
 * What the rest of the app reports to the session (routed by the root machine):
 * - `session.selfExclusionFound`: a signed-in call of another flow (pix, withdrawal, transactions…) answered 403
 *   with `selfExcluded` (the API client's `onSelfExcluded` detection point); the session ends with the dates.
 * - `session.expired`: a signed-in call of any flow answered 401 (the session expired or was revoked on the
 *   platform; the API client's `onUnauthorized` detection point); the session ends with §8's 401 text, or, with
 *   `reason` `playTimeLimit` (the platform ended it for the daily play-time limit), with that text.
 * - `session.balanceReported`: a flow learnt the wallet balance (pix paid, withdrawal requested); the session owns
 *   the balance (integer centavos) and merges it into the wallet.
 */
export type SessionReport =
  | ({ type: 'session.selfExclusionFound' } & SelfExclusion)
  | { type: 'session.expired'; reason?: 'playTimeLimit' }
  | { type: 'session.balanceReported'; balance: number; depositCount?: number };

export type SessionEvent = SessionCommand | SessionReport | RealtimeParentEvent;

/**
 * What the machine announces (`actor.on(...)`): src/app forwards `connection.credentialsChanged` to the live
 * connection, navigates home on `session.navigateHome`, and tells the login modal about the session (it opens on
 * the login tab on `session.signInAgain`).
 */
export type SessionEmitted =
  | { type: 'connection.credentialsChanged' }
  | { type: 'session.navigateHome' }
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'session.selfExcluded' }
  /** The session expired (a signed-in call answered 401): the player is a guest again and is asked to sign in. */
  | { type: 'session.signInAgain' }
  /** MissionAssigned on the guest's or player's channel (the payload as it came). */
  | { type: 'session.missionAssigned'; data: unknown };

/** Output of the sign-in actors and of the session check. */
/**
 * A sign-in's answer: the player, or (Portaria SPA/MF 722/2024, a regulated brand's player with a second factor)
 * that the second factor is asked first (the ticket stays with src/app, never in the machine).
 */
export type SignedInOutput = { user: SessionUser; secondFactor?: undefined } | { secondFactor: true; user?: undefined };
