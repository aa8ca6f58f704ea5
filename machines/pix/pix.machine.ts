import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { checkAmount, messagesOf } from './amount';
import type {
  CheckStatusInput,
  CreatePixInput,
  DepositTracking,
  PaymentEventsInput,
  PixCode,
  PixContext,
  PixEvent,
  PixInput,
  PixStatus,
} from './pix.types';

/** Spec §9: a pix code expires 5 minutes after it is generated. */
export const PIX_EXPIRY_MS = 5 * 60_000;
/** The countdown ticks once a second. */
export const PIX_TICK_MS = 1000;
/** Preset amounts offered when the app gives none (centavos). */
export const DEFAULT_PIX_PRESETS = [2000, 5000, 10_000, 20_000, 50_000] as const;
/** Status codes of §4 that end a deposit. */
const APPROVED = 1;
const CANCELLED = 2;

const missing = (name: string) => () => {
  throw new Error(`pix machine: the ${name} actor was not supplied (use .provide())`);
};

/**
 * One pix deposit (spec §4 Pix payment).
 * States: choosing (amount: presets or free input, within the brand's min and max) → generating →
 * awaitingPayment (QR + copia e cola, countdown from 5:00; waiting, or checking the status after the live
 * channel reconnects) → paid (PaymentApproved arrived, or the status check found it approved; tracked) |
 * expired (offer a new code) | failed (§8 message, retry).
 */
export const pixMachine = setup({
  types: {
    context: {} as PixContext,
    events: {} as PixEvent,
    input: {} as PixInput,
  },
  actors: {
    createPix: fromPromise<PixCode, CreatePixInput>(async () => missing('createPix')()),
    checkStatus: fromPromise<PixStatus, CheckStatusInput>(async () => missing('checkStatus')()),
    /** Sends back `realtime.paymentApproved` and `pix.reconnected` for the player's channel. */
    paymentEvents: fromCallback<{ type: string }, PaymentEventsInput>(() => missing('paymentEvents')()),
    /** Pushes the §4 tracking events (first_deposit, purchase) to the tag manager's dataLayer. */
    trackDeposit: fromPromise<void, DepositTracking>(async () => missing('trackDeposit')()),
  },
  delays: {
    pixExpiry: ({ context }) => context.pix?.expiresInMs ?? PIX_EXPIRY_MS,
    tick: PIX_TICK_MS,
  },
  guards: {
    amountIsValid: ({ context }) => context.amountProblem === null && context.amount !== null,
    isOurPayment: ({ context, event }) => event.type === 'realtime.paymentApproved' && event.data.amount === context.pix?.amount,
    isApproved: (_, output: PixStatus) => output.status === APPROVED,
    isCancelled: (_, output: PixStatus) => output.status === CANCELLED,
  },
  actions: {
    setAmountText: assign(({ context, event }) => {
      const text = event.type === 'pix.amountChanged' ? event.text : context.amountText;
      const { centavos, problem } = checkAmount(text, context.minDeposit, context.maxDeposit);
      return { amountText: text, amount: centavos, amountProblem: problem };
    }),
    choosePreset: assign(({ context, event }) => {
      if (event.type !== 'pix.presetChosen') return {};
      const text = `${Math.floor(event.amount / 100)},${String(event.amount % 100).padStart(2, '0')}`;
      const { centavos, problem } = checkAmount(text, context.minDeposit, context.maxDeposit);
      return { amountText: text, amount: centavos, amountProblem: problem };
    }),
    markSubmitted: assign({ submitted: true }),
    clearErrors: assign({ errors: [] }),
    keepPix: assign((_, pix: PixCode) => ({ pix, remainingMs: pix.expiresInMs, errors: [] })),
    keepError: assign({ errors: (_, error: unknown) => messagesOf(error) }),
    tick: assign({ remainingMs: ({ context }) => Math.max(0, context.remainingMs - PIX_TICK_MS) }),
    applyPayment: assign(({ context, event }) =>
      event.type === 'realtime.paymentApproved'
        ? { balance: event.data.balance, depositCount: context.depositCount + 1, remainingMs: 0 }
        : {},
    ),
    applyBalance: assign({
      balance: ({ context, event }) => (event.type === 'realtime.paymentApproved' ? event.data.balance : context.balance),
    }),
    applyStatus: assign((_, output: PixStatus) => ({ balance: output.balance, depositCount: output.depositCount, remainingMs: 0 })),
    expire: assign({ remainingMs: 0 }),
    forgetPix: assign({ pix: null, remainingMs: 0, errors: [] }),
  },
}).createMachine({
  id: 'pix',
  context: ({ input }) => ({
    minDeposit: input.minDeposit,
    maxDeposit: input.maxDeposit,
    presets: (input.presets ?? DEFAULT_PIX_PRESETS).filter((p) => p >= input.minDeposit && p <= input.maxDeposit),
    userId: input.userId,
    depositCount: input.depositCount,
    amountText: '',
    amount: null,
    amountProblem: 'required',
    submitted: false,
    pix: null,
    remainingMs: 0,
    balance: null,
    errors: [],
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'pix.amountChanged': { actions: 'setAmountText' },
        'pix.presetChosen': { actions: 'choosePreset' },
        'pix.submit': [
          { guard: 'amountIsValid', target: 'generating', actions: ['markSubmitted', 'clearErrors'] },
          { actions: 'markSubmitted' },
        ],
      },
    },
    generating: {
      invoke: {
        id: 'createPix',
        src: 'createPix',
        input: ({ context }) => ({ amount: context.amount ?? 0 }),
        onDone: { target: 'awaitingPayment', actions: { type: 'keepPix', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    awaitingPayment: {
      invoke: { id: 'paymentEvents', src: 'paymentEvents', input: ({ context }) => ({ userId: context.userId }) },
      after: { pixExpiry: { target: 'expired', actions: 'expire' } },
      on: {
        'realtime.paymentApproved': [
          { guard: 'isOurPayment', target: 'paid', actions: 'applyPayment' },
          { actions: 'applyBalance' },
        ],
        'pix.changeAmount': { target: 'choosing', actions: 'forgetPix' },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { tick: { target: 'waiting', reenter: true, actions: 'tick' } },
          on: { 'pix.reconnected': { target: 'checking' } },
        },
        /** A payment approved while the tab was offline shows as paid once the channel is back. */
        checking: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ id: context.pix?.id ?? 0 }),
            onDone: [
              {
                guard: { type: 'isApproved', params: ({ event }) => event.output },
                target: '#pix.paid',
                actions: { type: 'applyStatus', params: ({ event }) => event.output },
              },
              { guard: { type: 'isCancelled', params: ({ event }) => event.output }, target: '#pix.expired', actions: 'expire' },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    paid: {
      invoke: {
        id: 'trackDeposit',
        src: 'trackDeposit',
        input: ({ context }) => ({
          // §4: first_deposit when deposit_count (this deposit included) is 1 or less; purchase for every deposit.
          events: context.depositCount <= 1 ? ['first_deposit', 'purchase'] : ['purchase'],
          amount: context.pix?.amount ?? 0,
          txid: context.pix?.txid ?? '',
          depositCount: context.depositCount,
        }),
      },
      on: { 'pix.changeAmount': { target: 'choosing', actions: 'forgetPix' } },
    },
    expired: {
      on: {
        'pix.newCode': { target: 'generating', actions: 'forgetPix' },
        'pix.changeAmount': { target: 'choosing', actions: 'forgetPix' },
      },
    },
    failed: {
      on: {
        'pix.retry': { target: 'generating', actions: 'clearErrors' },
        'pix.changeAmount': { target: 'choosing', actions: 'clearErrors' },
      },
    },
  },
});
