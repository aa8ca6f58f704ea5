import { assign, setup } from 'xstate';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { BetsHistoryContext, BetsHistoryEvent, BetsPage } from './bets-history.types';

/**
 * The player's game rounds and sports bets, newest first, one page of 15 at a time (spec §7
 * GET wallet/bets?page).
 *
 * - `loading` → `shown` (an empty first page is the empty state), or `failed` with §8's text and a retry.
 * - `bets.page` to another page that exists → `loading` (the rows shown stay meanwhile); a page out of range, not
 *   whole, or the one shown is ignored.
 * - A failure on a later page keeps the rows and the page shown; the retry asks again for the page wanted.
 */
export const betsHistoryMachine = setup({
  types: {
    context: {} as BetsHistoryContext,
    events: {} as BetsHistoryEvent,
  },
  actors: {
    loadBets: notSupplied<BetsPage, { page: number }>('betsHistory', 'loadBets'),
  },
  guards: {
    isOtherValidPage: ({ context, event }) =>
      event.type === 'bets.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= context.lastPage &&
      event.page !== context.page,
  },
}).createMachine({
  id: 'betsHistory',
  context: { rows: [], page: 1, lastPage: 1, total: 0, requested: 1, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBets',
        input: ({ context }) => ({ page: context.requested }),
        onDone: {
          target: 'shown',
          actions: assign(({ event }) => ({ ...event.output, requested: event.output.page, failure: null })),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    shown: {
      on: {
        'bets.page': {
          guard: 'isOtherValidPage',
          target: 'loading',
          actions: assign({ requested: ({ event }) => event.page }),
        },
      },
    },
    failed: {
      on: { 'bets.retry': { target: 'loading' } },
    },
  },
});
