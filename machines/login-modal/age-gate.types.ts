/** Types of the age gate machine (spec §2.2, §2.3 age gate, §9 delays). */

export interface AgeGateInput {
  /** The `ageVerified` storage key is set. */
  ageVerified: boolean;
  /** A token is stored (the player is, or is being checked as, signed in): they are never asked. */
  signedIn: boolean;
}

export interface AgeGateContext {
  ageVerified: boolean;
  signedIn: boolean;
}

export type AgeGateEvent =
  | { type: 'ageGate.confirm' }
  | { type: 'ageGate.leave' }
  | { type: 'ageGate.back' }
  /** Routed by the root from the session's announcements. */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' };

/** 2 s after a guest passed the gate: the root offers the login modal its register tab. */
export type AgeGateEmitted = { type: 'ageGate.passed' };
