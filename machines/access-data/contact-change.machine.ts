import { assign, setup } from 'xstate';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { countingDown, resendCountdownMachine, type CountdownTick } from '../kernel/resend-countdown.machine';
import type {
  ContactChangeConfirm,
  ContactChangeContext,
  ContactChangeEvent,
  ContactChangeInput,
  ContactChangeRequest,
} from './access-data.types';
import { codeProblemOf, isCode, RESEND_WAIT_MS, resendWaitOf, WHEN_TOLD_TO_WAIT } from './code-problem';

const SECOND_MS = 1000;

/**
 * The change of the player's e-mail or phone on /user/edit/access-data (the `account-sessions` sandbox
 * extension: POST /profile/change-email|phone with the new value and the current password sends a code to the NEW
 * address, POST …/confirm with the code makes it the player's, verified).
 *
 * - closed: `change.open` → editing.
 * - editing: `change.submit` (the new value; the password is in the drop, never here) → sending → code; a refusal
 *   (wrong password, the address taken or invalid) stays in editing with its text under the field; asked within
 *   §9's 20 s of the last code (the platform's 429 with `Retry-After`) it stays saying how long to wait.
 *   `change.cancel` → closed.
 * - code (parallel):
 *   - resend: `counting` from 20 s (§9's resend wait) a second at a time by the kernel's `resendCountdown` child (`resendIn`), then `ready`:
 *     `change.resend` → editing (the value kept, the password asked again: a new code needs it).
 *   - entry: `change.submitCode` with 6 digits → confirming → done; anything else is refused before any call
 *     (`format`). A refused code says why (wrong 422, expired or none 410, too many 429); another failure (409,
 *     the address taken meanwhile) shows §8's text.
 *   `change.cancel` → closed.
 * - done: `changed` holds the new address (the page's parent takes it); `change.open` starts another change.
 * - `change.dismiss` anywhere only closes the message shown.
 */
export const contactChangeMachine = setup({
  types: {
    context: {} as ContactChangeContext,
    events: {} as ContactChangeEvent | CountdownTick,
    input: {} as ContactChangeInput,
  },
  actors: {
    resendCountdown: resendCountdownMachine,
    requestChange: notSupplied<void, ContactChangeRequest>('contact change', 'requestChange'),
    confirmChange: notSupplied<void, ContactChangeConfirm>('contact change', 'confirmChange'),
  },
  guards: {
    wellFormed: ({ event }) => event.type === 'change.submitCode' && isCode(event.code.trim()),
    isCodeProblem: (_, error: unknown) => codeProblemOf(error) !== null,
    toldToWait: (_, error: unknown) => resendWaitOf(error) !== null,
  },
  actions: {
    startCountdown: assign({ resendIn: RESEND_WAIT_MS / SECOND_MS }),
    keepSeconds: assign({
      resendIn: ({ context, event }) => (event.type === 'countdown.tick' ? event.seconds : context.resendIn),
    }),
    clear: assign({ problem: null, notice: null, failure: null }),
    keepValue: assign({ value: ({ event }) => (event.type === 'change.submit' ? event.value.trim() : '') }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error), notice: null }),
    keepProblem: assign({ problem: (_, error: unknown) => codeProblemOf(error), failure: null, notice: null }),
    refuseFormat: assign({ problem: 'format', failure: null, notice: null }),
    noteSent: assign({
      notice: ({ context }) => ({
        id: `profile.access.change.sent_${context.channel}`,
        values: { address: context.value },
      }),
      problem: null,
      failure: null,
    }),
    /** A new address asked for within §9's wait of the last code: the form stays, saying how long to wait. */
    waitAsTold: assign({
      notice: (_, error: unknown) => ({
        id: 'profile.access.change.wait',
        values: { seconds: resendWaitOf(error) ?? RESEND_WAIT_MS / SECOND_MS },
      }),
      problem: null,
      failure: null,
    }),
    noteResend: assign({ notice: { id: 'profile.access.change.password_again' }, problem: null, failure: null }),
    markChanged: assign({
      current: ({ context }) => context.value,
      changed: ({ context }) => context.value,
      problem: null,
      failure: null,
      notice: ({ context }) => ({ id: `profile.access.change.done_${context.channel}` }),
    }),
    forget: assign({ value: '', problem: null, notice: null, failure: null }),
  },
}).createMachine({
  id: 'contactChange',
  context: ({ input }) => ({
    ...input,
    value: '',
    changed: null,
    resendIn: 0,
    problem: null,
    notice: null,
    failure: null,
  }),
  initial: 'closed',
  on: { 'change.dismiss': { actions: 'clear' } },
  states: {
    closed: {
      on: { 'change.open': { target: 'editing', actions: 'forget' } },
    },
    editing: {
      on: {
        'change.submit': { target: 'sending', actions: ['clear', 'keepValue'] },
        'change.cancel': { target: 'closed', actions: 'forget' },
      },
    },
    sending: {
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ channel: context.channel, value: context.value }),
        onDone: { target: 'code', actions: 'noteSent' },
        onError: [
          { ...WHEN_TOLD_TO_WAIT, target: 'editing' },
          { target: 'editing', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    code: {
      type: 'parallel',
      entry: 'startCountdown',
      on: { 'change.cancel': { target: 'closed', actions: 'forget' } },
      states: {
        resend: {
          initial: 'counting',
          states: {
            counting: countingDown('ready'),
            ready: { on: { 'change.resend': { target: '#contactChange.editing', actions: 'noteResend' } } },
          },
        },
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'change.submitCode': [
                  { guard: 'wellFormed', target: 'confirming', actions: 'clear' },
                  { actions: 'refuseFormat' },
                ],
              },
            },
            confirming: {
              invoke: {
                id: 'confirmChange',
                src: 'confirmChange',
                input: ({ context, event }) => ({
                  channel: context.channel,
                  code: event.type === 'change.submitCode' ? event.code.trim() : '',
                }),
                onDone: { target: '#contactChange.done', actions: 'markChanged' },
                onError: [
                  {
                    guard: { type: 'isCodeProblem', params: errorOf },
                    target: 'editing',
                    actions: { type: 'keepProblem', params: errorOf },
                  },
                  { target: 'editing', actions: { type: 'keepFailure', params: errorOf } },
                ],
              },
            },
          },
        },
      },
    },
    done: {
      on: { 'change.open': { target: 'editing', actions: 'forget' } },
    },
  },
});
