import { assign, emit, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import type { AgeGateContext, AgeGateEmitted, AgeGateEvent, AgeGateInput } from './age-gate.types';

/**
 * §9: the registration modal opens 2000 ms after the age gate is passed (§2.3: when no token exists; and only
 * when the login modal is not already in use and no self-exclusion refusal happened: the login modal decides that).
 */
export const REGISTER_MODAL_DELAY_MS = 2000;

/**
 * The age gate (spec §2.2, §2.3), apart from the login modal so a first-time visitor's first load holds only this
 * (the modal's sign-in, registration and recovery machinery is fetched when first needed).
 * - deciding → verified when `ageVerified` is stored, else asking (18+ question).
 * - asking → remembering (stores `ageVerified`) → waiting 2 s → verified, announcing `ageGate.passed` when no token
 *   exists (the root offers the login modal its register tab: it opens only when closed and no self-exclusion
 *   refusal was seen); or refused (under 18) until `ageGate.back`.
 * - `session.signedIn` / `session.signedOut` (routed by the root) keep `signedIn`: a signed-in player is never asked.
 */
export const ageGateMachine = setup({
  types: {
    context: {} as AgeGateContext,
    events: {} as AgeGateEvent,
    input: {} as AgeGateInput,
    emitted: {} as AgeGateEmitted,
  },
  actors: {
    rememberAgeVerified: notSupplied<void>('age gate', 'rememberAgeVerified'),
  },
  delays: {
    registerDelay: REGISTER_MODAL_DELAY_MS,
  },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    ageAlreadyVerified: ({ context }) => context.ageVerified,
  },
  actions: {
    markAgeVerified: assign({ ageVerified: true }),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
    announcePassed: emit({ type: 'ageGate.passed' } as const),
  },
}).createMachine({
  id: 'ageGate',
  context: ({ input }) => ({ ageVerified: input.ageVerified, signedIn: input.signedIn }),
  on: {
    'session.signedIn': { actions: 'markSignedIn' },
    'session.signedOut': { actions: 'markSignedOut' },
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'ageAlreadyVerified', target: 'verified' }, { target: 'asking' }],
    },
    asking: {
      on: {
        'ageGate.confirm': { target: 'remembering' },
        'ageGate.leave': { target: 'refused' },
      },
    },
    /** Under 18: the site stays closed to them. */
    refused: { on: { 'ageGate.back': { target: 'asking' } } },
    remembering: {
      entry: 'markAgeVerified',
      invoke: {
        id: 'rememberAgeVerified',
        src: 'rememberAgeVerified',
        onDone: { target: 'waiting' },
        // Storage refused (private mode): the player still passed the gate for this page.
        onError: { target: 'waiting' },
      },
    },
    waiting: {
      after: {
        registerDelay: [{ guard: 'isGuest', target: 'verified', actions: 'announcePassed' }, { target: 'verified' }],
      },
    },
    verified: {},
  },
});
