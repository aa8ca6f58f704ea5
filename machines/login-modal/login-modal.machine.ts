import { and, assign, not, setup } from 'xstate';
import { registrationMachine } from '../registration/registration.machine';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { countingDown, resendCountdownMachine, type CountdownTick } from '../kernel/resend-countdown.machine';
import type {
  LoginModalContext,
  LoginModalEvent,
  LoginModalInput,
  LoginModalTab,
  RecoveryCodeInput,
  RecoveryEmailInput,
} from './login-modal.types';

/** §9: password-resend wait 20 s. */
export const RESEND_WAIT_MS = 20_000;

type OpenParams = { tab: LoginModalTab; byRoute: boolean };

/**
 * The login modal (spec §2.2, §2.3), one region (the age gate is its own machine, machines/login-modal/
 * age-gate.machine.ts, in the first load; this one is fetched when first needed).
 * modal:
 * - closed: `loginModal.open` (routes /login, /register, /recover-pass and buttons) opens it, unless signed in.
 * - open: on the tab asked for: login, register (invokes the registration machine, id and systemId
 *   `registration`: geo lookup and server CPF check; asking for the register tab again keeps it), or recovery
 *   (email → sending → code → password → resetting → done, with the 20 s resend wait in `code.resend`, counted down by the kernel's `resendCountdown` child; a reset
 *   refused for the code goes back to `code`). The recovery e-mail and code typed are kept in the context while
 *   the recovery tab is open (the calls' inputs); the new password only goes through the drop. A session (or a
 *   self-exclusion refusal) closes it.
 * - `loginModal.offerRegister` (the age gate passed 2 s ago: the root hands it over) opens the register tab only
 *   when no token exists, the modal is closed (never taking over a modal the player is using, e.g. the login form
 *   of /login) and no self-exclusion refusal was seen.
 */
export const loginModalMachine = setup({
  types: {
    context: {} as LoginModalContext,
    events: {} as LoginModalEvent | CountdownTick,
    input: {} as LoginModalInput,
  },
  actors: {
    requestRecoveryCode: notSupplied<void, RecoveryEmailInput>('login modal', 'requestRecoveryCode'),
    verifyRecoveryCode: notSupplied<void, RecoveryCodeInput>('login modal', 'verifyRecoveryCode'),
    resetPassword: notSupplied<void, RecoveryCodeInput>('login modal', 'resetPassword'),
    /** src/app provides it with its geo and checkCpf actors; unsupplied they fail (BR / 55, check not made). */
    registration: registrationMachine,
    resendCountdown: resendCountdownMachine,
  },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    wasRefusedForSelfExclusion: ({ context }) => context.selfExclusionRefused,
    tabIsRegister: ({ context }) => context.tab === 'register',
    tabIsRecovery: ({ context }) => context.tab === 'recovery',
    staysOnRegister: ({ context }, tab: LoginModalTab) => context.tab === 'register' && tab === 'register',
    isCodeRefusal: (_: unknown, error: unknown) => (failureOf(error).fields.code?.length ?? 0) > 0,
  },
  actions: {
    keepTab: assign((_, params: OpenParams) => ({ tab: params.tab, openedByRoute: params.byRoute, failure: null })),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
    markSelfExclusionRefused: assign({ selfExclusionRefused: true }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    clearFailure: assign({ failure: null }),
    keepRecoveryEmail: assign({ recoveryEmail: (_, email: string) => email, recoveryCode: null }),
    keepRecoveryCode: assign({ recoveryCode: (_, code: string) => code }),
    forgetRecoveryCode: assign({ recoveryCode: null }),
    forgetRecovery: assign({ recoveryEmail: null, recoveryCode: null }),
    startCountdown: assign({ resendIn: RESEND_WAIT_MS / 1000 }),
    keepSeconds: assign({
      resendIn: ({ context, event }) => (event.type === 'countdown.tick' ? event.seconds : context.resendIn),
    }),
  },
}).createMachine({
  id: 'loginModal',
  type: 'parallel',
  context: ({ input }) => ({
    tab: 'login',
    openedByRoute: false,
    signedIn: input.signedIn,
    selfExclusionRefused: false,
    failure: null,
    recoveryEmail: null,
    recoveryCode: null,
    resendIn: 0,
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
              actions: {
                type: 'keepTab',
                params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }),
              },
            },
            'loginModal.offerRegister': {
              guard: and(['isGuest', not('wasRefusedForSelfExclusion')]),
              target: 'open',
              actions: { type: 'keepTab', params: { tab: 'register', byRoute: false } },
            },
          },
        },
        open: {
          initial: 'choosing',
          on: {
            'loginModal.open': [
              // The register tab asked for again (its button, a route): the form and its checks stay as they are.
              {
                guard: { type: 'staysOnRegister', params: ({ event }) => event.tab },
                actions: {
                  type: 'keepTab',
                  params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }),
                },
              },
              {
                target: '.choosing',
                actions: {
                  type: 'keepTab',
                  params: ({ event }) => ({ tab: event.tab, byRoute: event.byRoute ?? false }),
                },
              },
            ],
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
            register: {
              invoke: { id: 'registration', systemId: 'registration', src: 'registration' },
            },
            recovery: {
              initial: 'email',
              // Nothing typed on the recovery tab outlives it.
              exit: 'forgetRecovery',
              states: {
                email: {
                  on: {
                    'recovery.submitEmail': {
                      target: 'sending',
                      actions: ['clearFailure', { type: 'keepRecoveryEmail', params: ({ event }) => event.email }],
                    },
                  },
                },
                sending: {
                  invoke: {
                    id: 'requestRecoveryCode',
                    src: 'requestRecoveryCode',
                    input: ({ context }) => ({ email: context.recoveryEmail ?? '' }),
                    onDone: { target: 'code' },
                    onError: { target: 'email', actions: { type: 'keepFailure', params: errorOf } },
                  },
                },
                code: {
                  type: 'parallel',
                  on: { 'recovery.changeEmail': { target: 'email', actions: ['clearFailure', 'forgetRecoveryCode'] } },
                  states: {
                    resend: {
                      initial: 'waiting',
                      states: {
                        waiting: { entry: 'startCountdown', ...countingDown('ready') },
                        ready: { on: { 'recovery.resend': { target: 'sending', actions: 'clearFailure' } } },
                        sending: {
                          invoke: {
                            id: 'resendRecoveryCode',
                            src: 'requestRecoveryCode',
                            input: ({ context }) => ({ email: context.recoveryEmail ?? '' }),
                            onDone: { target: 'waiting' },
                            onError: { target: 'ready', actions: { type: 'keepFailure', params: errorOf } },
                          },
                        },
                      },
                    },
                    entry: {
                      initial: 'editing',
                      states: {
                        editing: {
                          on: {
                            'recovery.submitCode': {
                              target: 'verifying',
                              actions: [
                                'clearFailure',
                                { type: 'keepRecoveryCode', params: ({ event }) => event.code },
                              ],
                            },
                          },
                        },
                        verifying: {
                          invoke: {
                            id: 'verifyRecoveryCode',
                            src: 'verifyRecoveryCode',
                            input: ({ context }) => ({
                              email: context.recoveryEmail ?? '',
                              code: context.recoveryCode ?? '',
                            }),
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
                    input: ({ context }) => ({ email: context.recoveryEmail ?? '', code: context.recoveryCode ?? '' }),
                    onDone: { target: 'done' },
                    onError: [
                      // The code stopped being valid (a newer code was sent, it expired or was burnt): back to the
                      // code step, where the message shows on the code field and a new code can be asked for.
                      {
                        guard: { type: 'isCodeRefusal', params: errorOf },
                        target: 'code',
                        actions: { type: 'keepFailure', params: errorOf },
                      },
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
  },
});
