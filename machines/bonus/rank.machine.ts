import { assign, raise, setup } from 'xstate';
import { errorOf, failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { readList } from './read-list';
import { readVip, type RankAnswer, type RankContext, type RankEvent, type RankInput } from './rank.types';

const outputOf = ({ event }: { event: { output: unknown } }) => event.output;

/**
 * /ranking (spec §3 Ranking entry, §4 Rank progress, §7 GET /ranking; the VIP section: GET /profile/vip).
 * Two regions:
 *
 * - `data`: loading (the levels and, for a signed-in player, the VIP standing) → ready, or failed (the failure
 *   kept; `rank.retry` loads again; a body that is not a list of levels, or a player's standing that is malformed, is
 *   a failure too). From ready, `rank.refresh` (the app sends it when the player's balance changes: a bet was
 *   recorded) reads the standing again in `refreshing`, the last one staying shown; a refresh asked meanwhile starts
 *   over. A failed refresh keeps the last standing (its failure kept). A guest has no standing: nothing to refresh.
 * - `moment`: idle, or celebrating when a refresh finds the player's level above the one shown (the level-up moment,
 *   with confetti where motion is welcome); `rank.dismiss` ends it; a further level-up while celebrating shows the
 *   new level. The first load never celebrates: only a rise seen on this page does.
 */
export const rankMachine = setup({
  types: {
    context: {} as RankContext,
    events: {} as RankEvent,
    input: {} as RankInput,
  },
  actors: {
    loadRank: notSupplied<RankAnswer, RankInput>('rank', 'loadRank'),
    loadVip: notSupplied<unknown>('rank', 'loadVip'),
  },
  guards: {
    isPlayer: ({ context }) => context.player,
    isRank: ({ context }, answer: RankAnswer) =>
      readList(answer.levels) !== null && (!context.player || readVip(answer.vip) !== null),
    levelRose: ({ context }, body: unknown) => {
      const vip = readVip(body);
      return vip !== null && context.vip !== null && vip.level > context.vip.level;
    },
    isVip: (_, body: unknown) => readVip(body) !== null,
  },
  actions: {
    keepRank: assign({
      levels: (_, answer: RankAnswer) => readList(answer.levels) ?? [],
      vip: ({ context }, answer: RankAnswer) => (context.player ? readVip(answer.vip) : null),
      failure: null,
    }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    keepVip: assign({ vip: (_, body: unknown) => readVip(body), refreshFailure: null }),
    keepRefreshFailure: assign({ refreshFailure: (_, error: unknown) => failureOf(error) }),
    keepLevelUp: assign({
      levelUp: ({ context }, body: unknown) => ({ from: context.vip?.level ?? 1, to: readVip(body)?.level ?? 1 }),
    }),
    announceLevelUp: raise({ type: 'rank.levelRose' } as const),
    forgetLevelUp: assign({ levelUp: null }),
  },
}).createMachine({
  id: 'rank',
  context: ({ input }) => ({
    player: input.player,
    levels: null,
    vip: null,
    failure: null,
    refreshFailure: null,
    levelUp: null,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadRank',
            src: 'loadRank',
            input: ({ context }) => ({ player: context.player }),
            onDone: [
              {
                guard: { type: 'isRank', params: ({ event }) => event.output },
                target: 'ready',
                actions: { type: 'keepRank', params: ({ event }) => event.output },
              },
              { target: 'failed', actions: { type: 'keepFailure', params: () => new TypeError('not a ranking') } },
            ],
            onError: { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
          },
        },
        ready: { on: { 'rank.refresh': { guard: 'isPlayer', target: 'refreshing' } } },
        refreshing: {
          on: { 'rank.refresh': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'loadVip',
            src: 'loadVip',
            onDone: [
              {
                guard: { type: 'levelRose', params: outputOf },
                target: 'ready',
                actions: [
                  { type: 'keepLevelUp', params: outputOf },
                  { type: 'keepVip', params: outputOf },
                  'announceLevelUp',
                ],
              },
              {
                guard: { type: 'isVip', params: outputOf },
                target: 'ready',
                actions: { type: 'keepVip', params: outputOf },
              },
              {
                target: 'ready',
                actions: { type: 'keepRefreshFailure', params: () => new TypeError('not a VIP standing') },
              },
            ],
            onError: { target: 'ready', actions: { type: 'keepRefreshFailure', params: errorOf } },
          },
        },
        failed: { on: { 'rank.retry': 'loading' } },
      },
    },
    moment: {
      initial: 'idle',
      states: {
        idle: { on: { 'rank.levelRose': 'celebrating' } },
        celebrating: {
          on: {
            'rank.dismiss': { target: 'idle', actions: 'forgetLevelUp' },
            'rank.levelRose': { target: 'celebrating', reenter: true },
          },
        },
      },
    },
  },
});
