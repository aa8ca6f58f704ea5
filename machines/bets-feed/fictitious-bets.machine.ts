import { enqueueActions, setup } from 'xstate';
import type { BetsFeedEvent, FictitiousBetsInput } from './bets-feed.types';
import { drawFictitiousBet, FICTITIOUS_BET_INTERVAL_MS, toSeed } from './fictitious';

/**
 * The fictitious bet generator (spec §4 Bets feed, §9): every `fictitiousBetInterval` (1500 ms) it draws one
 * processed bet from its seed (`drawFictitiousBet`: §9's amounts, a masked name, an outcome) and sends it to its
 * parent, the bets feed, as `betsFeed.fictitious` with the next seed. Invoked by the bets feed while it listens;
 * stopping it stops the draws. The seed and the clock come in through `input`, so tests are deterministic.
 */
export const fictitiousBetsMachine = setup({
  types: {
    input: {} as FictitiousBetsInput,
    context: {} as FictitiousBetsInput,
    emitted: {} as Extract<BetsFeedEvent, { type: 'betsFeed.fictitious' }>,
  },
  delays: {
    /** §9: fictitious bet generator interval. */
    fictitiousBetInterval: FICTITIOUS_BET_INTERVAL_MS,
  },
  actions: {
    drawBet: enqueueActions(({ context, enqueue, self }) => {
      const draw = drawFictitiousBet(context.seed, context.now(), context.games);
      const event = { type: 'betsFeed.fictitious' as const, bet: draw.bet, seed: draw.seed };
      enqueue.assign({ seed: draw.seed });
      // To the bets feed that invokes it, and to `actor.on` listeners (the app runs it from its own chunk).
      enqueue.emit(event);
      if (self._parent) enqueue.sendParent(event);
    }),
  },
}).createMachine({
  id: 'fictitiousBets',
  context: ({ input }) => ({
    seed: toSeed(input.seed),
    now: input.now,
    ...(input.games ? { games: input.games } : {}),
  }),
  initial: 'drawing',
  states: {
    drawing: {
      after: { fictitiousBetInterval: { target: 'drawing', reenter: true, actions: 'drawBet' } },
    },
  },
});
