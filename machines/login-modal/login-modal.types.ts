/**
 * Types of the login modal machine (spec §2.2, §2.3 login modal and age gate, §7 Auth recovery, §9 delays).
 * The recovery e-mail and code are kept in the context while the recovery tab is open (the calls' inputs); a
 * password never enters an event or the context: the form puts it in the one-shot drop (`src/lib/secret-drop.ts`)
 * and the reset actor supplied by src/app takes it there. The registration form's geo lookup and CPF check are the
 * registration machine's (machines/registration), invoked on the register tab.
 */
import type { SessionFailure } from '../session/session.types';

/** §2.3: the login modal has types login, register and recovery. */
export type LoginModalTab = 'login' | 'register' | 'recovery';

export interface LoginModalInput {
  /** A token is stored (the player is, or is being checked as, signed in). */
  signedIn: boolean;
}

export interface LoginModalContext {
  tab: LoginModalTab;
  /** Opened by /login, /register or /recover-pass: closing it then leads home. */
  openedByRoute: boolean;
  signedIn: boolean;
  /** A sign-in was refused for self-exclusion (§4): the age gate's registration modal must not follow it. */
  selfExclusionRefused: boolean;
  /** The last refused recovery step (the form shows it). */
  failure: SessionFailure | null;
  /** The e-mail the recovery code was asked for (recovery tab only). */
  recoveryEmail: string | null;
  /** The code that was verified, needed by the reset call (recovery tab only). */
  recoveryCode: string | null;
  /** Seconds left before the recovery code may be sent again (§9: 20 s), counted down while waiting. */
  resendIn: number;
}

/** Input of the recover-password call (and its resend). */
export interface RecoveryEmailInput {
  email: string;
}

/** Input of the verify-code and reset-password calls (the reset's passwords come from the drop). */
export interface RecoveryCodeInput {
  email: string;
  code: string;
}

export type LoginModalEvent =
  | { type: 'loginModal.open'; tab: LoginModalTab; byRoute?: boolean }
  | { type: 'loginModal.close' }
  /** Forwarded by src/app from the session machine's emitted events. */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'session.selfExcluded' }
  /** The age gate was passed 2 s ago (routed by the root): the register tab opens if nothing is in the way. */
  | { type: 'loginModal.offerRegister' }
  /** Recovery: recover-password → verify-code → reset-password (the new password is in the drop). */
  | { type: 'recovery.submitEmail'; email: string }
  | { type: 'recovery.resend' }
  | { type: 'recovery.changeEmail' }
  | { type: 'recovery.submitCode'; code: string }
  | { type: 'recovery.submitPassword' };
