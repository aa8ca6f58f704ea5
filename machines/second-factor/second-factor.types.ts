/**
 * Types of the second-factor machines (Portaria SPA/MF 722/2024: multi-factor authentication). Codes the player
 * types never enter an event or a context: the form puts them in the one-shot drop (`src/lib/secret-drop.ts`,
 * kind `secondFactorCode`) and sends a bare event; the actor supplied by src/app takes them. The recovery codes
 * shown once after an enrolment and the secret of the QR code sit under keys the inspector and the QA recorder
 * redact (`recoveryCodes`, `secret`, `otpauthUri`: src/lib/redact.ts).
 */
import type { Failure } from '../kernel/api-error';

/** How a sign-in's second factor is given: the authenticator, a recovery code, then the e-mailed code. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'email';

/** What `verify` answered: the session's player, or (recovery) that the e-mail code was sent. */
export type VerifyOutput<User> = { user: User } | { emailSent: true };

export interface ChallengeContext<User> {
  user: User | null;
  failure: Failure | null;
  /** Seconds the platform asked to wait after 5 wrong codes (429 Retry-After). */
  retryAfterS: number | null;
}

export type ChallengeEvent =
  /** The code of the step on screen was put in the drop. */
  | { type: 'secondFactor.submit' }
  /** Lost device: a recovery code instead of the authenticator. */
  | { type: 'secondFactor.lostDevice' }
  /** Back to the authenticator's code. */
  | { type: 'secondFactor.back' };

export interface EnrolmentContext {
  /** The player had a second factor when the page opened. */
  enrolledAtStart: boolean;
  /** Base32, to type into the authenticator by hand (beside the QR code); null outside scanning. */
  secret: string | null;
  otpauthUri: string | null;
  /** Shown once after the confirmation; forgotten when the player says they are saved. */
  recoveryCodes: string[] | null;
  failure: Failure | null;
  retryAfterS: number | null;
}

export interface EnrolmentInput {
  /** The player already has a second factor. */
  enrolled: boolean;
}

export interface EnrolmentStart {
  secret: string;
  otpauthUri: string;
}

export type EnrolmentEvent =
  | { type: 'enrolment.start' }
  /** The authenticator's code was put in the drop. */
  | { type: 'enrolment.submit' }
  | { type: 'enrolment.cancel' }
  /** The player saved the recovery codes: they are forgotten. */
  | { type: 'enrolment.codesSaved' }
  | { type: 'enrolment.dismiss' };

/** Default wait when a 429 did not say how long (15 minutes, the sandbox's window). */
export const DEFAULT_RETRY_AFTER_S = 900;
