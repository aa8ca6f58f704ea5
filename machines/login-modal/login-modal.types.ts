/**
 * Types of the login modal machine (spec §2.2, §2.3 login modal and age gate, §7 Auth recovery, §9 delays).
 * What the player types (e-mail, code, passwords) never enters an event or the context: the form puts it in the
 * one-shot drop (`src/lib/secret-drop.ts`) and the recovery actors supplied by src/app read it there.
 */
import type { SessionFailure } from '../session/session.types';

/** §2.3: the login modal has types login, register and recovery. */
export type LoginModalTab = 'login' | 'register' | 'recovery';

export interface LoginModalInput {
  /** The `ageVerified` storage key is set. */
  ageVerified: boolean;
  /** A token is stored (the player is, or is being checked as, signed in). */
  signedIn: boolean;
}

export interface LoginModalContext {
  tab: LoginModalTab;
  /** Opened by /login, /register or /recover-pass: closing it then leads home. */
  openedByRoute: boolean;
  signedIn: boolean;
  ageVerified: boolean;
  /** A sign-in was refused for self-exclusion (§4): the age gate's registration modal must not follow it. */
  selfExclusionRefused: boolean;
  /** The last refused recovery step (the form shows it). */
  failure: SessionFailure | null;
}

export type LoginModalEvent =
  | { type: 'loginModal.open'; tab: LoginModalTab; byRoute?: boolean }
  | { type: 'loginModal.close' }
  /** Forwarded by src/app from the session machine's emitted events. */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'session.selfExcluded' }
  /** Age gate (18+). */
  | { type: 'ageGate.confirm' }
  | { type: 'ageGate.leave' }
  | { type: 'ageGate.back' }
  /** Recovery: recover-password → verify-code → reset-password (values are in the drop). */
  | { type: 'recovery.submitEmail' }
  | { type: 'recovery.resend' }
  | { type: 'recovery.changeEmail' }
  | { type: 'recovery.submitCode' }
  | { type: 'recovery.submitPassword' };
