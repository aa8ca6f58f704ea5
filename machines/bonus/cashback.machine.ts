import { assign, setup } from 'xstate';
import { errorOf, type Failure, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { CashbackClaimInput, CashbackContext, CashbackEvent, CashbackInput, CashbackItem } from './bonus.types';
import { availableCount, cashbackSummary } from './cashback';
import { readCashbackItems, readList } from './read-list';

const outputOf = ({ event }: { event: { output: unknown } }) => event.output;
const itemOf = (context: CashbackContext, id: unknown) => context.items.find((item) => item.id === id);

/** The claim refused here: nothing of that item is available now (or it is not in the list). */
export const NOTHING_AVAILABLE: Failure = {
  status: 0,
  messages: [{ id: 'bonus.cashback.nothing_available' }],
  fields: {},
};

/**
 * The player's cashback (spec §3 Cashback item, §4 Cashback, §7 GET /bonuses/cashback and POST
 * /bonuses/cashback/claim, §8, §9 Cashback counting in ./cashback.ts).
 *
 * - loading → ready (the list and its counts at `now`) or failed (the failure kept; `cashback.retry` loads again).
 *   A body that is not a list is a failure; malformed rows are left out.
 * - `cashback.tick { now }` (sent by the app as time passes) recounts what is unlocked, in any state.
 * - ready: `cashback.claim { id }` of an item with something available → claiming → a reload of the list (§4: a
 *   successful claim is followed by a reload) or back to ready with the claim's failure kept and the list as it
 *   was. A claim of an item with nothing available (or not in the list) is refused here with a message and never
 *   sent. Claims while one is in flight or while the list loads are ignored: one claim at a time.
 * - `cashback.reload` from ready loads again; the list shown stays while it loads.
 */
export const cashbackMachine = setup({
  types: {
    context: {} as CashbackContext,
    events: {} as CashbackEvent,
    input: {} as CashbackInput,
  },
  actors: {
    loadCashback: notSupplied<unknown>('cashback', 'loadCashback'),
    claimCashback: notSupplied<unknown, CashbackClaimInput>('cashback', 'claimCashback'),
  },
  guards: {
    isList: (_, body: unknown) => readList(body) !== null,
    canClaim: ({ context, event }) => {
      if (event.type !== 'cashback.claim') return false;
      const item = itemOf(context, event.id);
      return item !== undefined && availableCount(item, context.now) > 0;
    },
  },
  actions: {
    keepList: assign(({ context }, body: unknown) => {
      const items: CashbackItem[] = readCashbackItems(readList(body) ?? []);
      return { items, summary: cashbackSummary(items, context.now), failure: null };
    }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    tick: assign(({ context, event }) => {
      if (event.type !== 'cashback.tick' || !Number.isFinite(event.now)) return {};
      return { now: event.now, summary: cashbackSummary(context.items, event.now) };
    }),
    startClaim: assign(({ event }) => ({
      claiming: event.type === 'cashback.claim' ? event.id : null,
      claimFailure: null,
    })),
    refuseClaim: assign({ claimFailure: NOTHING_AVAILABLE }),
    claimDone: assign({ claiming: null }),
    keepClaimFailure: assign({ claiming: null, claimFailure: (_, error: unknown) => failureOf(error) }),
  },
}).createMachine({
  id: 'cashback',
  context: ({ input }) => ({
    items: [],
    now: input.now,
    summary: cashbackSummary([], input.now),
    failure: null,
    claimFailure: null,
    claiming: null,
  }),
  on: { 'cashback.tick': { actions: 'tick' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCashback',
        src: 'loadCashback',
        onDone: [
          {
            guard: { type: 'isList', params: outputOf },
            target: 'ready',
            actions: { type: 'keepList', params: outputOf },
          },
          { target: 'failed', actions: { type: 'keepFailure', params: () => new TypeError('not a list') } },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
    ready: {
      on: {
        'cashback.claim': [
          { guard: 'canClaim', target: 'claiming', actions: 'startClaim' },
          { actions: 'refuseClaim' },
        ],
        'cashback.reload': 'loading',
      },
    },
    claiming: {
      invoke: {
        id: 'claimCashback',
        src: 'claimCashback',
        input: ({ context }) => ({ id: context.claiming ?? '' }),
        onDone: { target: 'loading', actions: 'claimDone' },
        onError: { target: 'ready', actions: { type: 'keepClaimFailure', params: errorOf } },
      },
    },
    failed: { on: { 'cashback.retry': 'loading' } },
  },
});
