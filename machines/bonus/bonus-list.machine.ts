import { assign, setup } from 'xstate';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { BonusListContext, BonusListEvent, BonusListInput } from './bonus.types';
import { readList } from './read-list';

const outputOf = ({ event }: { event: { output: unknown } }) => event.output;

/**
 * One list of the bonus store (spec §3 Bonus store: coupons, ranking and cashback lists, each with a loading flag
 * and an error; §7 Bonuses: GET /bonuses/coupons, GET /ranking; §8: their failures are stored as error state).
 *
 * - loading → loaded (the list, read as the data body or the array itself) or failed (the failure kept; a body
 *   that is neither is a failure too).
 * - `list.retry` from failed and `list.reload` from loaded load again; the last list read stays shown meanwhile
 *   and after a failure.
 */
export const bonusListMachine = setup({
  types: {
    context: {} as BonusListContext,
    events: {} as BonusListEvent,
    input: {} as BonusListInput,
  },
  actors: {
    loadList: notSupplied<unknown, BonusListInput>('bonus list', 'loadList'),
  },
  guards: {
    isList: (_, body: unknown) => readList(body) !== null,
  },
  actions: {
    keepList: assign({ items: (_, body: unknown) => readList(body), failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
  },
}).createMachine({
  id: 'bonusList',
  context: ({ input }) => ({ kind: input.kind, items: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadList',
        src: 'loadList',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          {
            guard: { type: 'isList', params: outputOf },
            target: 'loaded',
            actions: { type: 'keepList', params: outputOf },
          },
          {
            target: 'failed',
            actions: { type: 'keepFailure', params: () => new TypeError('not a list') },
          },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
    loaded: { on: { 'list.reload': 'loading' } },
    failed: { on: { 'list.retry': 'loading' } },
  },
});
