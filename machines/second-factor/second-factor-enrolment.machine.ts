import { assign, setup } from 'xstate';
import { errorOf, failureOf, retryAfterSecondsOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import {
  DEFAULT_RETRY_AFTER_S,
  type EnrolmentContext,
  type EnrolmentEvent,
  type EnrolmentInput,
  type EnrolmentStart,
} from './second-factor.types';

/**
 * Enrolling a TOTP second factor from /user/edit/access-data (Portaria SPA/MF 722/2024), id and systemId
 * `secondFactorEnrolment`.
 * - idle (none yet) → starting (POST /profile/second-factor/setup) → scanning (the QR code and the secret) →
 *   confirming (POST /profile/second-factor/confirm with the authenticator's code, from the drop) → showingCodes
 *   (the 10 recovery codes, once) → enrolled (the codes forgotten).
 * - a wrong code: back to scanning with the failure; 5 wrong codes in 15 minutes (429): locked for Retry-After,
 *   then scanning; a failed start: idle with the failure; cancel: idle, the secret forgotten.
 */
export const secondFactorEnrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    input: {} as EnrolmentInput,
  },
  actors: {
    start: notSupplied<EnrolmentStart>('second factor enrolment', 'start'),
    confirm: notSupplied<{ recoveryCodes: string[] }>('second factor enrolment', 'confirm'),
  },
  delays: {
    retryWait: ({ context }) => (context.retryAfterS ?? DEFAULT_RETRY_AFTER_S) * 1000,
  },
  guards: {
    isEnrolled: ({ context }) => context.enrolledAtStart,
    isRateLimited: (_, error: unknown) => statusOf(error) === 429,
  },
  actions: {
    keepSecret: assign((_, started: EnrolmentStart) => ({
      secret: started.secret,
      otpauthUri: started.otpauthUri,
      failure: null,
    })),
    keepCodes: assign((_, codes: string[]) => ({
      recoveryCodes: codes,
      secret: null,
      otpauthUri: null,
      failure: null,
    })),
    forgetSecret: assign({ secret: null, otpauthUri: null, failure: null }),
    forgetCodes: assign({ recoveryCodes: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    keepLock: assign((_, error: unknown) => ({
      failure: failureOf(error),
      retryAfterS: retryAfterSecondsOf(error) ?? DEFAULT_RETRY_AFTER_S,
    })),
    clearFailure: assign({ failure: null }),
    clearLock: assign({ failure: null, retryAfterS: null }),
  },
}).createMachine({
  id: 'secondFactorEnrolment',
  context: ({ input }) => ({
    enrolledAtStart: input.enrolled,
    secret: null,
    otpauthUri: null,
    recoveryCodes: null,
    failure: null,
    retryAfterS: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isEnrolled', target: 'enrolled' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'enrolment.start': { target: 'starting', actions: 'clearFailure' },
        'enrolment.dismiss': { actions: 'clearFailure' },
      },
    },
    starting: {
      invoke: {
        id: 'start',
        src: 'start',
        onDone: { target: 'scanning', actions: { type: 'keepSecret', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
    scanning: {
      on: {
        'enrolment.submit': { target: 'confirming' },
        'enrolment.cancel': { target: 'idle', actions: 'forgetSecret' },
      },
    },
    confirming: {
      invoke: {
        id: 'confirm',
        src: 'confirm',
        onDone: {
          target: 'showingCodes',
          actions: { type: 'keepCodes', params: ({ event }) => event.output.recoveryCodes },
        },
        onError: [
          {
            guard: { type: 'isRateLimited', params: errorOf },
            target: 'locked',
            actions: { type: 'keepLock', params: errorOf },
          },
          { target: 'scanning', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    locked: {
      after: { retryWait: { target: 'scanning', actions: 'clearLock' } },
      on: { 'enrolment.cancel': { target: 'idle', actions: ['forgetSecret', 'clearLock'] } },
    },
    /** The recovery codes, shown once: they are never fetched again. */
    showingCodes: {
      on: { 'enrolment.codesSaved': { target: 'enrolled', actions: 'forgetCodes' } },
    },
    enrolled: {},
  },
});
