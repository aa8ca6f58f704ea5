import { assign, setup } from 'xstate';
import { failureOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { SaleOutput, SaleRequest, Sold } from './boxes.types';

export interface BoxSaleInput extends SaleRequest {
  /** What the platform will credit (the listing's `sell_value`, centavos): shown in the confirmation. */
  value: number;
}

export interface BoxSaleContext extends BoxSaleInput {
  balance: number | null;
  failure: Failure | null;
}

export type BoxSaleEvent =
  { type: 'sale.start' } | { type: 'sale.confirm' } | { type: 'sale.cancel' } | { type: 'sale.retry' };

/**
 * Selling a prize or an unopened box back (spec §7 POST /prizes/sell, /boxes/sell), with a confirmation:
 * `idle` → `sale.start` → `confirming` (the value shown) → `sale.confirm` → `selling` → `sold` (final: the balance
 * after the credit) or `failed` (§8's text; `sale.retry` sells again, `sale.cancel` gives up). `sale.cancel` from
 * idle or confirming ends it as `cancelled` (final). Sold once: nothing is heard while selling.
 */
export const boxSaleMachine = setup({
  types: {
    context: {} as BoxSaleContext,
    events: {} as BoxSaleEvent,
    input: {} as BoxSaleInput,
    output: {} as SaleOutput,
  },
  actors: {
    sell: notSupplied<Sold, SaleRequest>('boxSale', 'sell'),
  },
}).createMachine({
  id: 'boxSale',
  context: ({ input }) => ({ ...input, balance: null, failure: null }),
  initial: 'idle',
  output: ({ context }): SaleOutput =>
    context.balance !== null ? { outcome: 'sold', balance: context.balance } : { outcome: 'cancelled' },
  states: {
    idle: {
      on: {
        'sale.start': { target: 'confirming' },
        'sale.cancel': { target: 'cancelled' },
      },
    },
    confirming: {
      on: {
        'sale.confirm': { target: 'selling' },
        'sale.cancel': { target: 'cancelled' },
      },
    },
    selling: {
      invoke: {
        src: 'sell',
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: { target: 'sold', actions: assign({ balance: ({ event }) => event.output.balance, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: {
        'sale.retry': { target: 'selling' },
        'sale.cancel': { target: 'cancelled' },
      },
    },
    sold: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
