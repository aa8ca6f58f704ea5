import { assign, emit, enqueueActions, setup, type AnyActorRef } from 'xstate';
import { couponMachine } from '../bonus/coupon.machine';
import { messagesOf } from '../kernel/api-error';
import { centavosToText, checkAmount } from '../kernel/money';
import { notSupplied } from '../kernel/not-supplied';
import { channelMachine } from '../realtime/channel.machine';
import type {
  CheckStatusInput,
  CreatePixInput,
  DepositTracking,
  PixCode,
  PixContext,
  PixEmitted,
  PixEvent,
  PixInput,
  PixStatus,
} from './pix.types';
import { playerChannel } from '../../shared/channels';

/** Spec §9: a pix code expires 5 minutes after it is generated. */
export const PIX_EXPIRY_MS = 5 * 60_000;
/** The countdown ticks once a second. */
export const PIX_TICK_MS = 1000;
/** Preset amounts offered when the app gives none (centavos). */
export const DEFAULT_PIX_PRESETS = [2000, 5000, 10_000, 20_000, 50_000] as const;
/** Status codes of §4 the machine reads (0 pending; a deposit never takes 3–5). */
const APPROVED = 1;
const CANCELLED = 2;

/** The code of the coupon field when its check says valid (the coupon machine's `valid` state), else null. */
export function validCouponOf(coupon: AnyActorRef | undefined): string | null {
  const snapshot = coupon?.getSnapshot() as
    { matches?: (s: string) => boolean; context?: { code?: unknown } } | undefined;
  if (!snapshot?.matches?.('valid')) return null;
  const code = snapshot.context?.code;
  return typeof code === 'string' && code !== '' ? code : null;
}

type LiveEvent = Extract<PixEvent, { type: 'realtime.paymentApproved' | 'realtime.paymentRefused' }>;
const identifies = (event: PixEvent): event is LiveEvent =>
  event.type === 'realtime.paymentApproved' || event.type === 'realtime.paymentRefused';
/** The event names our deposit: its id or its txid. The amount never identifies a deposit. */
const isOurs = (context: PixContext, event: PixEvent) =>
  identifies(event) &&
  context.pix !== null &&
  ((event.data.id !== undefined && event.data.id === context.pix.id) ||
    (event.data.txid !== undefined && event.data.txid === context.pix.txid));

/**
 * One pix deposit (spec §4 Pix payment).
 * States: choosing (amount: presets or free input, within the brand's min and max) → generating →
 * awaitingPayment (QR + copia e cola, countdown from 5:00; waiting, or checking the status with the server) →
 * paid | refused | confirmingExpiry → expired | failed (§8 message, retry).
 *
 * - A live event is ours only when its `id` or `txid` is our deposit's: PaymentApproved → paid, PaymentRefused →
 *   refused. Another deposit's event (even of the same amount) changes nothing. A PaymentApproved that names no
 *   deposit at all is not taken as ours either: it only makes the machine ask the server (status check).
 * - The status is also checked each time the live channel is (re)subscribed: approved → paid, cancelled before
 *   the code's expiry → refused, cancelled at expiry → expired, pending → keep waiting; a failed check keeps
 *   waiting (the expiry check below still comes).
 * - When the 5-minute timer ends the machine does not say expired on its own: it asks the server first
 *   (confirmingExpiry). Approved → paid; refused → refused; pending or cancelled → expired (`checked`, and the
 *   view says the bank confirmed when the server answered cancelled). If that check fails, the machine cannot
 *   know: it shows expired (`unchecked`: the code can no longer be paid) with the §8 message of the failure and
 *   a "check again" (pix.recheck) that asks the server once more, besides a new code.
 * - The balance is not kept here: every balance the machine learns (a status check's wallet, its own
 *   PaymentApproved) is emitted as `wallet.balanceReported` for the balance's owner (the session).
 */
export const pixMachine = setup({
  types: {
    context: {} as PixContext,
    events: {} as PixEvent,
    input: {} as PixInput,
    emitted: {} as PixEmitted,
  },
  actors: {
    createPix: notSupplied<PixCode, CreatePixInput>('pix', 'createPix'),
    checkStatus: notSupplied<PixStatus, CheckStatusInput>('pix', 'checkStatus'),
    /**
     * The player's channel (the app provides the realtime channel machine): sends back `realtime.paymentApproved`,
     * `realtime.paymentRefused`, and `pix.reconnected` on every (re)join.
     */
    paymentEvents: channelMachine,
    /** The coupon check of the deposit's coupon field (the app provides it with the real check). */
    depositCoupon: couponMachine,
    /** Pushes the §4 tracking events (first_deposit, purchase) to the tag manager's dataLayer. */
    trackDeposit: notSupplied<void, DepositTracking>('pix', 'trackDeposit'),
  },
  delays: {
    pixExpiry: ({ context }) => context.pix?.expiresInMs ?? PIX_EXPIRY_MS,
    tick: PIX_TICK_MS,
  },
  guards: {
    amountIsValid: ({ context }) => context.amountProblem === null && context.amount !== null,
    isOurPayment: ({ context, event }) => event.type === 'realtime.paymentApproved' && isOurs(context, event),
    isOurRefusal: ({ context, event }) => event.type === 'realtime.paymentRefused' && isOurs(context, event),
    /** A PaymentApproved without id and txid: maybe ours, maybe not; only the server can say. */
    namesNoDeposit: ({ event }) =>
      event.type === 'realtime.paymentApproved' && event.data.id === undefined && event.data.txid === undefined,
    isApproved: (_, output: PixStatus) => output.status === APPROVED,
    isRefused: (_, output: PixStatus) => output.status === CANCELLED && output.refused,
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
      const text = centavosToText(event.amount);
      const { centavos, problem } = checkAmount(text, context.minDeposit, context.maxDeposit);
      return { amountText: text, amount: centavos, amountProblem: problem };
    }),
    markSubmitted: assign({ submitted: true }),
    clearErrors: assign({ errors: [] }),
    keepPix: assign((_, pix: PixCode) => ({ pix, remainingMs: pix.expiresInMs, serverStatus: null, errors: [] })),
    keepError: assign({ errors: (_, error: unknown) => messagesOf(error) }),
    tick: assign({ remainingMs: ({ context }) => Math.max(0, context.remainingMs - PIX_TICK_MS) }),
    /** Our PaymentApproved: this deposit is counted (deposit_count includes it from now on), with its coupon's result. */
    markPaid: assign(({ context, event }) => ({
      depositCount: context.depositCount + 1,
      remainingMs: 0,
      coupon:
        event.type === 'realtime.paymentApproved' && event.data.coupon
          ? {
              code: event.data.coupon.code,
              outcome: event.data.coupon.outcome,
              bonus: event.data.coupon.bonus,
              wageringMultiple: event.data.coupon.wagering_multiple,
            }
          : context.coupon,
    })),
    applyStatus: assign(({ context }, output: PixStatus) => ({
      serverStatus: output.status,
      depositCount: output.depositCount,
      coupon: output.coupon ?? context.coupon,
    })),
    /** The one way a balance leaves this machine: to the balance's owner (the root routes it to the session). */
    reportBalance: emit(({ context }, balance: number) => ({
      type: 'wallet.balanceReported' as const,
      balance,
      depositCount: context.depositCount,
    })),
    expire: assign({ remainingMs: 0 }),
    forgetPix: assign({ pix: null, remainingMs: 0, serverStatus: null, coupon: null, errors: [] }),
    /** The coupon field's flow, child `coupon`, only where deposit bonuses may be offered. */
    startCoupon: enqueueActions(({ context, enqueue }) => {
      if (context.couponAllowed) enqueue.spawnChild('depositCoupon', { id: 'coupon' });
    }),
  },
}).createMachine({
  id: 'pix',
  context: ({ input }) => ({
    couponAllowed: input.isRegulated !== true,
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
    serverStatus: null,
    coupon: null,
    errors: [],
  }),
  // The deposit's coupon field (a brand that is not regulated), alive as long as the panel's flow.
  entry: 'startCoupon',
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
        input: ({ context, self }) => {
          // (A pure transition, as the chart's path tests make, has no live children: no coupon then.)
          const live = self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined;
          const coupon = validCouponOf(live?.children?.coupon);
          return { amount: context.amount ?? 0, ...(coupon ? { coupon } : {}) };
        },
        onDone: { target: 'awaitingPayment', actions: { type: 'keepPix', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    awaitingPayment: {
      invoke: {
        id: 'paymentEvents',
        src: 'paymentEvents',
        input: ({ context }) => ({
          channel: playerChannel(context.userId),
          events: ['PaymentApproved', 'PaymentRefused'],
        }),
      },
      /** The timer ends: ask the server before saying expired. */
      after: { pixExpiry: { target: 'confirmingExpiry', actions: 'expire' } },
      on: {
        'realtime.paymentApproved': {
          guard: 'isOurPayment',
          target: 'paid',
          actions: ['markPaid', { type: 'reportBalance', params: ({ event }) => event.data.balance }],
        },
        'realtime.paymentRefused': { guard: 'isOurRefusal', target: 'refused', actions: 'expire' },
        'pix.changeAmount': { target: 'choosing', actions: 'forgetPix' },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { tick: { target: 'waiting', reenter: true, actions: 'tick' } },
          on: {
            'pix.reconnected': { target: 'checking' },
            'realtime.paymentApproved': { guard: 'namesNoDeposit', target: 'checking' },
          },
        },
        /** A payment approved (or refused) while the tab was offline shows once the channel is back. */
        checking: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ id: context.pix?.id ?? 0 }),
            onDone: [
              {
                guard: { type: 'isApproved', params: ({ event }) => event.output },
                target: '#pix.paid',
                actions: [
                  { type: 'applyStatus', params: ({ event }) => event.output },
                  { type: 'reportBalance', params: ({ event }) => event.output.balance },
                  'expire',
                ],
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: '#pix.refused',
                actions: [
                  { type: 'applyStatus', params: ({ event }) => event.output },
                  { type: 'reportBalance', params: ({ event }) => event.output.balance },
                  'expire',
                ],
              },
              {
                guard: { type: 'isCancelled', params: ({ event }) => event.output },
                target: '#pix.expired.checked',
                actions: [
                  { type: 'applyStatus', params: ({ event }) => event.output },
                  { type: 'reportBalance', params: ({ event }) => event.output.balance },
                  'expire',
                ],
              },
              {
                target: 'waiting',
                actions: [
                  { type: 'applyStatus', params: ({ event }) => event.output },
                  { type: 'reportBalance', params: ({ event }) => event.output.balance },
                ],
              },
            ],
            onError: { target: 'waiting' },
          },
          on: {
            // A check already in flight may predate that payment: ask again.
            'realtime.paymentApproved': { guard: 'namesNoDeposit', target: 'checking', reenter: true },
          },
        },
      },
    },
    /** The timer ended: the server says whether the deposit was paid, refused, or is over. */
    confirmingExpiry: {
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: ({ context }) => ({ id: context.pix?.id ?? 0 }),
        onDone: [
          {
            guard: { type: 'isApproved', params: ({ event }) => event.output },
            target: 'paid',
            actions: [
              { type: 'applyStatus', params: ({ event }) => event.output },
              { type: 'reportBalance', params: ({ event }) => event.output.balance },
            ],
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'refused',
            actions: [
              { type: 'applyStatus', params: ({ event }) => event.output },
              { type: 'reportBalance', params: ({ event }) => event.output.balance },
            ],
          },
          {
            target: 'expired.checked',
            actions: [
              { type: 'applyStatus', params: ({ event }) => event.output },
              { type: 'reportBalance', params: ({ event }) => event.output.balance },
            ],
          },
        ],
        onError: {
          target: 'expired.unchecked',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
      on: { 'pix.changeAmount': { target: 'choosing', actions: 'forgetPix' } },
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
    /** The bank refused (cancelled) the pending deposit: nothing was credited; a new deposit may start. */
    refused: {
      on: {
        'pix.newCode': { target: 'generating', actions: 'forgetPix' },
        'pix.changeAmount': { target: 'choosing', actions: 'forgetPix' },
      },
    },
    expired: {
      initial: 'checked',
      states: {
        /** The server answered: not paid (pending at its end, or cancelled). */
        checked: {},
        /** The check failed: the code can no longer be paid, but whether it was paid in time is unknown. */
        unchecked: {
          on: { 'pix.recheck': { target: '#pix.confirmingExpiry', actions: 'clearErrors' } },
        },
      },
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
