/**
 * Types of /user/edit/access-data (spec §2.2, §7 Auth verify-email, verify-phone,
 * request-password-change, and the `account-sessions` sandbox extension): the player's e-mail and phone with their
 * verification, the password change, and their signed-in sessions.
 *
 * Secrets: a new password never enters an event or a context; the form puts it in the one-shot drop
 * (`src/lib/secret-drop.ts`, kind `passwordChange`) and the change actor supplied by src/app takes it there. The
 * 6-digit codes travel in events (as the recovery's do) and the password change keeps its verified code in the
 * context until the change is made or abandoned (the reset call needs it).
 */
import type { Failure, UiMessage } from '../kernel/api-error';

export type ContactChannel = 'email' | 'phone';

/** The account as this page needs it (GET /auth/me). */
export interface AccessAccount {
  email: string;
  emailVerified: boolean;
  /** E.164, or null when the player has none. */
  phone: string | null;
  phoneVerified: boolean;
  /** A TOTP second factor is enrolled (Portaria SPA/MF 722/2024). */
  secondFactorEnabled?: boolean;
}

/** Why a code was not accepted: the form says so in the player's language. */
export type CodeProblem =
  /** Not 6 digits (never sent). */
  | 'format'
  /** 422: wrong code; tries are left. */
  | 'wrong'
  /** 410: expired, or none waiting: ask for a new one. */
  | 'expired'
  /** 429: too many wrong tries (the code is burnt) or too many calls. */
  | 'tooMany';

export interface ContactInput {
  channel: ContactChannel;
  address: string | null;
  verified: boolean;
}

export interface ContactContext extends ContactInput {
  /** Seconds before another code may be asked for (counts down while a code was just sent). */
  resendIn: number;
  problem: CodeProblem | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export type ContactEvent =
  | { type: 'contact.send' }
  | { type: 'contact.resend' }
  | { type: 'contact.submit'; code: string }
  | { type: 'contact.dismiss' }
  /** The address was changed (and verified by its code) on this page: shown as the player's, verified. */
  | { type: 'contact.changed'; address: string };

/** POST /auth/verify-email|phone without a code: `verified` true when it already was. */
export interface CodeSent {
  verified: boolean;
}

export interface PasswordChangeInput {
  email: string;
}

export interface PasswordChangeContext extends PasswordChangeInput {
  /** The code verified by POST /auth/verify-code, for POST /auth/reset-password (null outside those steps). */
  code: string | null;
  resendIn: number;
  problem: CodeProblem | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export type PasswordChangeEvent =
  | { type: 'password.start' }
  | { type: 'password.resend' }
  | { type: 'password.submitCode'; code: string }
  /** The new password and its confirmation are in the drop. */
  | { type: 'password.submit' }
  | { type: 'password.cancel' }
  | { type: 'password.dismiss' }
  /** The player's e-mail was changed on this page: the codes go there from now on. */
  | { type: 'password.emailChanged'; email: string };

/** Input of POST /auth/verify-code and /auth/reset-password (the passwords come from the drop). */
export interface PasswordCodeInput {
  email: string;
  code: string;
}

/** One signed-in session of the player (GET /profile/sessions). */
export interface AccountSession {
  id: number;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface SessionsContext {
  sessions: AccountSession[];
  /** The session being ended, while it is. */
  ending: number | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export type SessionsEvent =
  | { type: 'sessions.revoke'; id: number }
  | { type: 'sessions.revokeOthers' }
  | { type: 'sessions.confirm' }
  | { type: 'sessions.cancel' }
  | { type: 'sessions.refresh' }
  | { type: 'sessions.retry' }
  | { type: 'sessions.dismiss' };

export interface AccessDataContext {
  account: AccessAccount | null;
  failure: Failure | null;
}

export type AccessDataEvent = { type: 'access.retry' };

/**
 * The change of the e-mail or phone (the `account-sessions` sandbox extension: POST /profile/change-email|phone,
 * then …/confirm). The new value travels in `change.submit` and stays in the context (it is shown back); the
 * current password never does: the form puts it in the drop (kind `contactChange`) and the request actor takes it.
 */
export interface ContactChangeInput {
  channel: ContactChannel;
  /** The address the player has now (null: no phone yet). */
  current: string | null;
}

export interface ContactChangeContext extends ContactChangeInput {
  /** The new value asked for (what the code was sent to), '' before the first request. */
  value: string;
  /** The value just confirmed (the parent updates the page with it), null until then. */
  changed: string | null;
  resendIn: number;
  problem: CodeProblem | null;
  notice: UiMessage | null;
  failure: Failure | null;
}

export type ContactChangeEvent =
  | { type: 'change.open' }
  /** The new value; the current password is in the drop. */
  | { type: 'change.submit'; value: string }
  | { type: 'change.submitCode'; code: string }
  /** Another code: back to the form (the password is asked again). */
  | { type: 'change.resend' }
  | { type: 'change.cancel' }
  | { type: 'change.dismiss' };

/** Input of the request actor (the password comes from the drop) and of the confirm actor. */
export interface ContactChangeRequest {
  channel: ContactChannel;
  value: string;
}
export interface ContactChangeConfirm {
  channel: ContactChannel;
  code: string;
}
