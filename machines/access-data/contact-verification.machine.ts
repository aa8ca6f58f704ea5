import { assign, setup } from 'xstate';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { countingDown, resendCountdownMachine, type CountdownTick } from '../kernel/resend-countdown.machine';
import type { CodeSent, ContactContext, ContactEvent, ContactInput } from './access-data.types';
import { codeProblemOf, isCode, RESEND_WAIT_MS, resendWaitOf, WHEN_TOLD_TO_WAIT } from './code-problem';

const SECOND_MS = 1000;

/**
 * The verification of the player's e-mail or phone on /user/edit/access-data (§7 POST /auth/verify-email,
 * /auth/verify-phone: without `code` a 6-digit code is sent, with it the code is checked).
 *
 * - start → `verified` when it already is, `noPhone` when the phone channel has no number, else `idle`.
 * - idle: `contact.send` → sending (the code is sent) → codeSent; a refusal stays idle with §8's text.
 * - codeSent (parallel):
 *   - resend: `counting` from 20 s (§9's resend wait, the recovery's constant) a second at a time by the kernel's `resendCountdown` child (`resendIn`),
 *     then `ready`: `contact.resend` → resending → counting again (a refusal: ready with the text).
 *   - The platform holds the same wait: a code asked for too soon (another tab, a reload) is 429 with the seconds
 *     left, and nothing is sent. Then the code sent a moment ago is the one to type (`sent_recently`), and the
 *     countdown runs from the platform's figure, from idle as from a resend.
 *   - entry: `contact.submit` with 6 digits → verifying → `verified`; anything else is refused before any call
 *     (`format`). A refusal says why (`problem`): wrong (422), expired or none waiting (410), too many tries (429);
 *     any other failure shows §8's text.
 * - verified: nothing more to do.
 * - `contact.changed` (from any state; the page's contact change confirmed a new address with its code) → verified,
 *   with the new address.
 */
export const contactVerificationMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent | CountdownTick,
    input: {} as ContactInput,
  },
  actors: {
    resendCountdown: resendCountdownMachine,
    sendCode: notSupplied<CodeSent, { channel: ContactInput['channel'] }>('contact verification', 'sendCode'),
    checkCode: notSupplied<void, { channel: ContactInput['channel']; code: string }>(
      'contact verification',
      'checkCode',
    ),
  },
  guards: {
    alreadyVerified: ({ context }) => context.verified,
    noPhoneNumber: ({ context }) => context.channel === 'phone' && !context.address,
    wasAlreadyVerified: (_, output: CodeSent) => output.verified,
    wellFormed: ({ event }) => event.type === 'contact.submit' && isCode(event.code.trim()),
    isCodeProblem: (_, error: unknown) => codeProblemOf(error) !== null,
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
    noteSent: assign({ notice: { id: 'profile.access.code.sent' }, problem: null, failure: null }),
    takeChanged: assign({
      address: ({ context, event }) => (event.type === 'contact.changed' ? event.address : context.address),
      verified: true,
      problem: null,
      failure: null,
      notice: null,
    }),
    markVerified: assign({
      verified: true,
      problem: null,
      failure: null,
      notice: { id: 'profile.access.verified_now' },
    }),
  },
}).createMachine({
  id: 'contactVerification',
  context: ({ input }) => ({ ...input, resendIn: 0, problem: null, notice: null, failure: null }),
  initial: 'start',
  on: { 'contact.changed': { target: '.verified', actions: 'takeChanged' } },
  states: {
    start: {
      always: [
        { guard: 'alreadyVerified', target: 'verified' },
        { guard: 'noPhoneNumber', target: 'noPhone' },
        { target: 'idle' },
      ],
    },
    /** The phone channel without a number: nothing to verify. */
    noPhone: {},
    idle: {
      on: {
        'contact.send': { target: 'sending', actions: 'clear' },
        'contact.dismiss': { actions: 'clear' },
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ channel: context.channel }),
        onDone: [
          {
            guard: { type: 'wasAlreadyVerified', params: ({ event }) => event.output },
            target: 'verified',
            actions: 'markVerified',
          },
          { target: 'codeSent', actions: ['startCountdown', 'noteSent'] },
        ],
        onError: [
          { ...WHEN_TOLD_TO_WAIT, target: 'codeSent' },
          { target: 'idle', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    codeSent: {
      type: 'parallel',
      on: { 'contact.dismiss': { actions: 'clear' } },
      states: {
        resend: {
          initial: 'counting',
          states: {
            counting: countingDown('ready'),
            ready: { on: { 'contact.resend': { target: 'resending', actions: 'clear' } } },
            resending: {
              invoke: {
                id: 'resendCode',
                src: 'sendCode',
                input: ({ context }) => ({ channel: context.channel }),
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
                'contact.submit': [
                  { guard: 'wellFormed', target: 'verifying', actions: 'clear' },
                  { actions: 'refuseFormat' },
                ],
              },
            },
            verifying: {
              invoke: {
                id: 'checkCode',
                src: 'checkCode',
                input: ({ context, event }) => ({
                  channel: context.channel,
                  code: event.type === 'contact.submit' ? event.code.trim() : '',
                }),
                onDone: { target: '#contactVerification.verified', actions: 'markVerified' },
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
    verified: {
      on: { 'contact.dismiss': { actions: 'clear' } },
    },
  },
});
