import { assign, setup } from 'xstate';
import { failureOf, statusOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { Bought, PurchaseOutput } from './boxes.types';

export interface BoxPurchaseInput {
  boxId: number;
}

export interface BoxPurchaseContext {
  boxId: number;
  /**
   * The purchase's idempotency key (POST /boxes/buy `request_id`), chosen when the player confirms and kept for a
   * retry: a repeat of a purchase that went through answers with the same box and debits nothing more.
   */
  requestId: string | null;
  bought: Bought | null;
  failure: Failure | null;
}

export type BoxPurchaseEvent =
  | { type: 'purchase.start' }
  /** `requestId`: a fresh key per confirmation (the app's random UUID; 8–64 of A-Z a-z 0-9 _ -). */
  | { type: 'purchase.confirm'; requestId: string }
  | { type: 'purchase.cancel' }
  | { type: 'purchase.retry' }
  | { type: 'purchase.dismiss' };

export interface BuyRequest {
  boxId: number;
  requestId: string;
}

/** POST /boxes/buy's refusal for lack of money: 422 with `errors.balance` (the contract's only 422 on balance). */
export function isShortOfFunds(error: unknown): boolean {
  if (statusOf(error) !== 422) return false;
  return Object.hasOwn(failureOf(error).fields, 'balance');
}

/**
 * Buying a box (spec §7 POST /boxes/buy): `idle` → `purchase.start` → `confirming` (the price shown;
 * `purchase.cancel` goes back) → `purchase.confirm` → `buying` → `owned` (final: the owned box and the balance after
 * the debit; the confirmation's `requestId` goes with it, and with a retry, so the purchase happens once). Not enough balance (422 on `balance`) → `needsDeposit` (final: the page asks the app to open the
 * deposit); any other refusal → `failed` with §8's text (`purchase.retry` buys again, `purchase.dismiss` goes back
 * to idle). One purchase at a time: nothing else is heard while buying.
 */
export const boxPurchaseMachine = setup({
  types: {
    context: {} as BoxPurchaseContext,
    events: {} as BoxPurchaseEvent,
    input: {} as BoxPurchaseInput,
    output: {} as PurchaseOutput,
  },
  actors: {
    buyBox: notSupplied<Bought, BuyRequest>('boxPurchase', 'buyBox'),
  },
  guards: {
    shortOfFunds: ({ event }) => isShortOfFunds((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'boxPurchase',
  context: ({ input }) => ({ boxId: input.boxId, requestId: null, bought: null, failure: null }),
  initial: 'idle',
  output: ({ context }): PurchaseOutput =>
    context.bought
      ? { outcome: 'owned', userBox: context.bought.userBox, balance: context.bought.balance }
      : { outcome: 'needsDeposit' },
  states: {
    idle: {
      on: { 'purchase.start': { target: 'confirming', actions: assign({ failure: null }) } },
    },
    confirming: {
      on: {
        'purchase.confirm': {
          target: 'buying',
          actions: assign({ requestId: ({ event }) => event.requestId }),
        },
        'purchase.cancel': { target: 'idle' },
      },
    },
    buying: {
      invoke: {
        src: 'buyBox',
        input: ({ context }) => ({ boxId: context.boxId, requestId: context.requestId ?? '' }),
        onDone: { target: 'owned', actions: assign({ bought: ({ event }) => event.output, failure: null }) },
        onError: [
          { guard: 'shortOfFunds', target: 'needsDeposit' },
          { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    failed: {
      on: {
        'purchase.retry': { target: 'buying' },
        'purchase.dismiss': { target: 'idle', actions: assign({ failure: null }) },
      },
    },
    /** Bought: the owned box and the balance after the debit are the output. */
    owned: { type: 'final' },
    /** Not enough balance: the page asks the app to open the deposit (output `needsDeposit`). */
    needsDeposit: { type: 'final' },
  },
});
