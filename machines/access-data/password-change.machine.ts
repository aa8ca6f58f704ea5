import { assign, setup } from 'xstate';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { countingDown, resendCountdownMachine, type CountdownTick } from '../kernel/resend-countdown.machine';
import type {
  PasswordChangeContext,
  PasswordChangeEvent,
  PasswordChangeInput,
  PasswordCodeInput,
} from './access-data.types';
import { codeProblemOf, isCode, RESEND_WAIT_MS, resendWaitOf, WHEN_TOLD_TO_WAIT } from './code-problem';

const SECOND_MS = 1000;

/**
 * The signed-in player's password change on /user/edit/access-data (§7 POST
 * /auth/request-password-change sends a code to the e-mail, then POST /auth/verify-code and POST
 * /auth/reset-password, which keeps this session and ends the others).
 *
 * - idle: `password.start` → requesting → code; a refusal stays idle with §8's text.
 * - code (parallel): resend counts down §9's 20 s a second at a time by the kernel's `resendCountdown` child (`resendIn`), then `password.resend` sends a
 *   new code (and counts again); `password.submitCode` with 6 digits → verifying → password (anything else is
 *   refused before any call); a refused code says why (wrong, expired, too many tries). The platform holds the
 *   same wait: a code asked for too soon (another tab) is 429 with the seconds left and nothing sent, so the code
 *   sent a moment ago is the one to type (`sent_recently`) and the countdown runs from the platform's figure.
 * - password: `password.submit` (the passwords are in the drop, never here) → changing → done; a refused code (it
 *   expired meanwhile) goes back to the code step, another refusal (a weak password) stays with its text.
 * - `password.cancel` from the code or password step, and from done, goes back to idle and forgets the code;
 *   `password.dismiss` only closes the message shown; `password.emailChanged` (the page changed the e-mail) sends
 *   later codes to the new one.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent | CountdownTick,
    input: {} as PasswordChangeInput,
  },
  actors: {
    resendCountdown: resendCountdownMachine,
    requestCode: notSupplied<void>('password change', 'requestCode'),
    verifyCode: notSupplied<void, PasswordCodeInput>('password change', 'verifyCode'),
    changePassword: notSupplied<void, PasswordCodeInput>('password change', 'changePassword'),
  },
  guards: {
    wellFormed: ({ event }) => event.type === 'password.submitCode' && isCode(event.code.trim()),
    isCodeProblem: (_, error: unknown) => codeProblemOf(error) !== null,
    isCodeRefusal: (_, error: unknown) => (failureOf(error).fields.code?.length ?? 0) > 0,
    toldToWait: (_, error: unknown) => resendWaitOf(error) !== null,
  },
  actions: {
    startCountdown: assign({ resendIn: RESEND_WAIT_MS / SECOND_MS }),
    waitAsTold: assign({
      resendIn: (_, error: unknown) => resendWaitOf(error) ?? RESEND_WAIT_MS / SECOND_MS,
      notice: { id: 'profile.access.code.sent_recently' },
      problem: null,
      failure: null,
    }),
    keepSeconds: assign({
      resendIn: ({ context, event }) => (event.type === 'countdown.tick' ? event.seconds : context.resendIn),
    }),
    clear: assign({ problem: null, notice: null, failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error), notice: null }),
    keepProblem: assign({ problem: (_, error: unknown) => codeProblemOf(error), failure: null, notice: null }),
    refuseFormat: assign({ problem: 'format', failure: null, notice: null }),
    noteSent: assign({ notice: { id: 'profile.access.code.sent_email' }, problem: null, failure: null }),
    keepCode: assign({ code: ({ event }) => (event.type === 'password.submitCode' ? event.code.trim() : null) }),
    forget: assign({ code: null, problem: null, notice: null, failure: null }),
    noteChanged: assign({ code: null, notice: { id: 'profile.access.password.changed' }, failure: null }),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ ...input, code: null, resendIn: 0, problem: null, notice: null, failure: null }),
  initial: 'idle',
  on: {
    'password.dismiss': { actions: 'clear' },
    'password.emailChanged': {
      actions: assign({
        email: ({ context, event }) => (event.type === 'password.emailChanged' ? event.email : context.email),
      }),
    },
  },
  states: {
    idle: {
      on: { 'password.start': { target: 'requesting', actions: 'clear' } },
    },
    requesting: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        onDone: { target: 'code', actions: ['startCountdown', 'noteSent'] },
        onError: [
          { ...WHEN_TOLD_TO_WAIT, target: 'code' },
          { target: 'idle', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    code: {
      type: 'parallel',
      on: { 'password.cancel': { target: 'idle', actions: 'forget' } },
      states: {
        resend: {
          initial: 'counting',
          states: {
            counting: countingDown('ready'),
            ready: { on: { 'password.resend': { target: 'resending', actions: 'clear' } } },
            resending: {
              invoke: {
                id: 'resendCode',
                src: 'requestCode',
                onDone: { target: 'counting', actions: ['startCountdown', 'noteSent'] },
                onError: [
                  { ...WHEN_TOLD_TO_WAIT, target: 'counting' },
                  { target: 'ready', actions: { type: 'keepFailure', params: errorOf } },
                ],
              },
            },
          },
        },
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'password.submitCode': [
                  { guard: 'wellFormed', target: 'verifying', actions: ['clear', 'keepCode'] },
                  { actions: 'refuseFormat' },
                ],
              },
            },
            verifying: {
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ email: context.email, code: context.code ?? '' }),
                onDone: { target: '#passwordChange.password' },
                onError: [
                  {
                    guard: { type: 'isCodeProblem', params: errorOf },
                    target: 'editing',
                    actions: [{ type: 'keepProblem', params: errorOf }, assign({ code: null })],
                  },
                  { target: 'editing', actions: [{ type: 'keepFailure', params: errorOf }, assign({ code: null })] },
                ],
              },
            },
          },
        },
      },
    },
    password: {
      on: {
        'password.submit': { target: 'changing', actions: 'clear' },
        'password.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    changing: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ email: context.email, code: context.code ?? '' }),
        onDone: { target: 'done', actions: 'noteChanged' },
        onError: [
          {
            // The code stopped being valid meanwhile (expired, replaced): back to the code step to ask another.
            guard: { type: 'isCodeRefusal', params: errorOf },
            target: 'code',
            actions: [{ type: 'keepProblem', params: errorOf }, assign({ code: null }), 'startCountdown'],
          },
          { target: 'password', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    done: {
      on: { 'password.cancel': { target: 'idle', actions: 'forget' } },
    },
  },
});
