import { and, assign, fromPromise, not, raise, setup, stateIn } from 'xstate';
import { failureOf } from '../session/session.errors';
import type { LoginModalContext, LoginModalEvent, LoginModalInput, LoginModalTab } from './login-modal.types';

/**
 * §9: the registration modal opens 2000 ms after the age gate is passed (§2.3: when no token exists; and only
 * when the login modal is not already in use and no self-exclusion refusal happened).
 */
export const REGISTER_MODAL_DELAY_MS = 2000;
/** §9: password-resend wait 20 s. */
export const RESEND_WAIT_MS = 20_000;

const notSupplied = (name: string) =>
  fromPromise<void>(async () => {
    throw new Error(`login modal machine: the ${name} actor was not supplied (use .provide())`);
  });

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
type OpenParams = { tab: LoginModalTab; byRoute: boolean };

/**
 * The login modal and the age gate (spec §2.2, §2.3), two parallel regions.
 * modal:
 * - closed: `loginModal.open` (routes /login, /register, /recover-pass and buttons) opens it, unless signed in.
 * - open: on the tab asked for: login, register, or recovery (email → sending → code → password → resetting →
 *   done, with the 20 s resend wait in `code.resend`; a reset refused for the code goes back to `code`). A session
 *   (or a self-exclusion refusal) closes it.
 * ageGate:
 * - deciding → verified when `ageVerified` is stored, else asking (18+ question).
 * - asking → remembering (stores `ageVerified`) → waiting 2 s → verified, opening the register tab only when no
 *   token exists, the modal is closed (never taking over a modal the player is using, e.g. the login form of
 *   /login) and no self-exclusion refusal was seen; or refused (under 18) until `ageGate.back`.
 */
export const loginModalMachine = setup({
  types: {
    context: {} as LoginModalContext,
    events: {} as LoginModalEvent,
    input: {} as LoginModalInput,
  },
  actors: {
    rememberAgeVerified: notSupplied('rememberAgeVerified'),
    requestRecoveryCode: notSupplied('requestRecoveryCode'),
    verifyRecoveryCode: notSupplied('verifyRecoveryCode'),
    resetPassword: notSupplied('resetPassword'),
  },
  delays: {
    registerDelay: REGISTER_MODAL_DELAY_MS,
    resendWait: RESEND_WAIT_MS,
  },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    wasRefusedForSelfExclusion: ({ context }) => context.selfExclusionRefused,
    modalClosed: stateIn({ modal: 'closed' }),
    ageAlreadyVerified: ({ context }) => context.ageVerified,
    tabIsRegister: ({ context }) => context.tab === 'register',
    tabIsRecovery: ({ context }) => context.tab === 'recovery',
    isCodeRefusal: (_: unknown, error: unknown) => (failureOf(error).fields.code?.length ?? 0) > 0,
  },
  actions: {
    keepTab: assign((_, params: OpenParams) => ({ tab: params.tab, openedByRoute: params.byRoute, failure: null })),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
    markSelfExclusionRefused: assign({ selfExclusionRefused: true }),
    markAgeVerified: assign({ ageVerified: true }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    clearFailure: assign({ failure: null }),
    openRegister: raise({ type: 'loginModal.open', tab: 'register', byRoute: false } as const),
  },
}).createMachine({
  id: 'loginModal',
  type: 'parallel',
  context: ({ input }) => ({
    tab: 'login',
    openedByRoute: false,
    signedIn: input.signedIn,
    ageVerified: input.ageVerified,
    selfExclusionRefused: false,
    failure: null,
  }),
  // When the open modal handles one of these itself, it repeats the action (a parallel root's own transitions
  // are taken only when no region handles the event).
  on: {
    'session.signedIn': { actions: 'markSignedIn' },
    'session.signedOut': { actions: 'markSignedOut' },
    'session.selfExcluded': { actions: 'markSelfExclusionRefused' },
  },
  states: {
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'loginModal.open': {
              guard: 'isGuest',
              target: 'open',
              actions: { type: 'keepTab', params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }) },
            },
          },
        },
        open: {
          initial: 'choosing',
          on: {
            'loginModal.open': {
              target: '.choosing',
              actions: { type: 'keepTab', params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }) },
            },
            'loginModal.close': { target: 'closed' },
            'session.signedIn': { target: 'closed', actions: 'markSignedIn' },
            'session.selfExcluded': { target: 'closed', actions: 'markSelfExclusionRefused' },
          },
          states: {
            choosing: {
              always: [
                { guard: 'tabIsRegister', target: 'register' },
                { guard: 'tabIsRecovery', target: 'recovery' },
                { target: 'login' },
              ],
            },
            login: {},
            register: {},
            recovery: {
              initial: 'email',
              states: {
                email: { on: { 'recovery.submitEmail': { target: 'sending', actions: 'clearFailure' } } },
                sending: {
                  invoke: {
                    id: 'requestRecoveryCode',
                    src: 'requestRecoveryCode',
                    onDone: { target: 'code' },
                    onError: { target: 'email', actions: { type: 'keepFailure', params: errorOf } },
                  },
                },
                code: {
                  type: 'parallel',
                  on: { 'recovery.changeEmail': { target: 'email', actions: 'clearFailure' } },
                  states: {
                    resend: {
                      initial: 'waiting',
                      states: {
                        waiting: { after: { resendWait: { target: 'ready' } } },
                        ready: { on: { 'recovery.resend': { target: 'sending', actions: 'clearFailure' } } },
                        sending: {
                          invoke: {
                            id: 'resendRecoveryCode',
                            src: 'requestRecoveryCode',
                            onDone: { target: 'waiting' },
                            onError: { target: 'ready', actions: { type: 'keepFailure', params: errorOf } },
                          },
                        },
                      },
                    },
                    entry: {
                      initial: 'editing',
                      states: {
                        editing: { on: { 'recovery.submitCode': { target: 'verifying', actions: 'clearFailure' } } },
                        verifying: {
                          invoke: {
                            id: 'verifyRecoveryCode',
                            src: 'verifyRecoveryCode',
                            onDone: { target: '#loginModal.modal.open.recovery.password' },
                            onError: { target: 'editing', actions: { type: 'keepFailure', params: errorOf } },
                          },
                        },
                      },
                    },
                  },
                },
                password: { on: { 'recovery.submitPassword': { target: 'resetting', actions: 'clearFailure' } } },
                resetting: {
                  invoke: {
                    id: 'resetPassword',
                    src: 'resetPassword',
                    onDone: { target: 'done' },
                    onError: [
                      // The code stopped being valid (a newer code was sent, it expired or was burnt): back to the
                      // code step, where the message shows on the code field and a new code can be asked for.
                      { guard: { type: 'isCodeRefusal', params: errorOf }, target: 'code', actions: { type: 'keepFailure', params: errorOf } },
                      { target: 'password', actions: { type: 'keepFailure', params: errorOf } },
                    ],
                  },
                },
                done: {},
              },
            },
          },
        },
      },
    },
    ageGate: {
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
            registerDelay: [
              {
                guard: and(['isGuest', 'modalClosed', not('wasRefusedForSelfExclusion')]),
                target: 'verified',
                actions: 'openRegister',
              },
              { target: 'verified' },
            ],
          },
        },
        verified: {},
      },
    },
  },
});
