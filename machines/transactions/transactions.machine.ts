import { assign, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import type { TransactionsContext, TransactionsEvent, TransactionsPage } from './transactions.types';

/**
 * The player's money history, one page at a time (spec §3 Transaction, §7 GET /wallet/transactions?page).
 * States: loading, shown, failed ('Failed to fetch transactions.', §8, with a retry).
 */
export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent,
  },
  actors: {
    loadPage: notSupplied<TransactionsPage, { page: number }>('transactions', 'loadPage'),
  },
  guards: {
    isOtherValidPage: ({ context, event }) =>
      event.type === 'transactions.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= context.lastPage &&
      event.page !== context.page,
  },
  actions: {
    request: assign({
      requested: ({ context, event }) => (event.type === 'transactions.page' ? event.page : context.requested),
    }),
  },
}).createMachine({
  id: 'transactions',
  context: { rows: [], page: 1, lastPage: 1, requested: 1 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ page: context.requested }),
        onDone: {
          target: 'shown',
          actions: assign(({ event }) => ({ ...event.output, requested: event.output.page })),
        },
        onError: { target: 'failed' },
      },
    },
    shown: {
      on: { 'transactions.page': { guard: 'isOtherValidPage', target: 'loading', actions: 'request' } },
    },
    failed: {
      on: { 'transactions.retry': { target: 'loading' } },
    },
  },
});
