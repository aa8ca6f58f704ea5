import { assign, setup } from 'xstate';
import { errorOf, failureOf, retryAfterSecondsOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import {
  DEFAULT_RETRY_AFTER_S,
  type ChallengeContext,
  type ChallengeEvent,
  type SecondFactorMethod,
  type VerifyOutput,
} from './second-factor.types';

/** The session's player as the challenge hands it back (the session machine's `SessionUser`). */
type User = unknown;

/** A refused code: back to the step with the failure; 5 wrong codes: locked; an expired ticket: expired. */
const refused = (step: 'totp' | 'recovery' | 'emailCode') => [
  {
    guard: { type: 'isRateLimited' as const, params: errorOf },
    target: 'locked',
    actions: { type: 'keepLock' as const, params: errorOf },
  },
  { guard: { type: 'isExpired' as const, params: errorOf }, target: 'expired' },
  { target: step, actions: { type: 'keepFailure' as const, params: errorOf } },
];

const verifying = (method: SecondFactorMethod, step: 'totp' | 'recovery' | 'emailCode', next: string) => ({
  invoke: {
    id: 'verify',
    src: 'verify' as const,
    input: { method },
    onDone: [
      {
        guard: {
          type: 'hasUser' as const,
          params: ({ event }: { event: { output: VerifyOutput<User> } }) => event.output,
        },
        target: 'done',
        actions: {
          type: 'keepUser' as const,
          params: ({ event }: { event: { output: VerifyOutput<User> } }) => event.output,
        },
      },
      { target: next, actions: 'clearFailure' as const },
    ],
    onError: refused(step),
  },
});

/**
 * A sign-in's second factor (Portaria SPA/MF 722/2024), invoked by the session machine when the platform answered
 * the password with a ticket (202) instead of a session (id and systemId `secondFactorChallenge`).
 * - totp: the authenticator's 6-digit code → verifyingTotp → done (the session's player is the output).
 * - lost device: recovery (a recovery code) → verifyingRecovery → emailCode (the platform e-mailed a code) →
 *   verifyingEmail → done (the platform removed the lost factor).
 * - a wrong code goes back to its step with the failure; 5 wrong codes in 15 minutes (429): locked for the
 *   Retry-After seconds, then back to totp; an expired ticket (410): expired (the player signs in again).
 */
export const secondFactorChallengeMachine = setup({
  types: {
    context: {} as ChallengeContext<User>,
    events: {} as ChallengeEvent,
    output: {} as { user: User },
  },
  actors: {
    verify: notSupplied<VerifyOutput<User>, { method: SecondFactorMethod }>('second factor challenge', 'verify'),
  },
  delays: {
    retryWait: ({ context }) => (context.retryAfterS ?? DEFAULT_RETRY_AFTER_S) * 1000,
  },
  guards: {
    hasUser: (_, output: VerifyOutput<User>) => 'user' in output,
    isRateLimited: (_, error: unknown) => statusOf(error) === 429,
    isExpired: (_, error: unknown) => statusOf(error) === 410,
  },
  actions: {
    keepUser: assign((_, output: VerifyOutput<User>) => ({
      user: 'user' in output ? output.user : null,
      failure: null,
    })),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    keepLock: assign((_, error: unknown) => ({
      failure: failureOf(error),
      retryAfterS: retryAfterSecondsOf(error) ?? DEFAULT_RETRY_AFTER_S,
    })),
    clearFailure: assign({ failure: null }),
    clearLock: assign({ failure: null, retryAfterS: null }),
  },
}).createMachine({
  id: 'secondFactorChallenge',
  context: { user: null, failure: null, retryAfterS: null },
  initial: 'totp',
  output: ({ context }) => ({ user: context.user }),
  states: {
    totp: {
      on: {
        'secondFactor.submit': { target: 'verifyingTotp' },
        'secondFactor.lostDevice': { target: 'recovery', actions: 'clearFailure' },
      },
    },
    verifyingTotp: verifying('totp', 'totp', 'totp'),
    recovery: {
      on: {
        'secondFactor.submit': { target: 'verifyingRecovery' },
        'secondFactor.back': { target: 'totp', actions: 'clearFailure' },
      },
    },
    verifyingRecovery: verifying('recovery', 'recovery', 'emailCode'),
    /** The platform e-mailed a code to the player's address (the QA panel's outbox shows it). */
    emailCode: {
      on: { 'secondFactor.submit': { target: 'verifyingEmail' } },
    },
    verifyingEmail: verifying('email', 'emailCode', 'emailCode'),
    /** 5 wrong codes in 15 minutes: nothing is sent until the wait is over. */
    locked: {
      after: { retryWait: { target: 'totp', actions: 'clearLock' } },
    },
    /** The ticket expired (10 minutes) or was used: the player signs in again (the session machine's cancel). */
    expired: {},
    done: { type: 'final' },
  },
});
