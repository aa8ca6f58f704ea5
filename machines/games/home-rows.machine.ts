import { assign, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import { gamesErrorOf } from './games-error';
import type { HomeGameRow, HomeRowsContext, HomeRowsEvent, HomeRowsInput } from './home-rows.types';

/**
 * The home page's rows of games (featured, by category, by provider: §7 GET featured/home-games): `loading`
 * (skeleton rows), `ready` with the rows (rows without games are left out), or `failed` with a retry. One flow per
 * language and player (the root starts another when either changes).
 */
export const homeRowsMachine = setup({
  types: {
    context: {} as HomeRowsContext,
    events: {} as HomeRowsEvent,
    input: {} as HomeRowsInput,
  },
  actors: {
    fetchRows: notSupplied<HomeGameRow[], HomeRowsInput>('home rows', 'fetchRows'),
  },
  actions: {
    keepRows: assign({ rows: (_, rows: HomeGameRow[]) => rows.filter((row) => row.games.length > 0), error: null }),
    keepError: assign({ error: (_, error: unknown) => gamesErrorOf(error) }),
  },
}).createMachine({
  id: 'homeRows',
  context: ({ input }) => ({ locale: input.locale, rows: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchRows',
        src: 'fetchRows',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: 'ready', actions: { type: 'keepRows', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    ready: {},
    failed: { on: { 'homeRows.retry': { target: 'loading' } } },
  },
});
