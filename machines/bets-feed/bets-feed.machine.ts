import { assign, setup } from 'xstate';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput } from '../realtime/channel.types';
import type { BetEvent, BetsFeedContext, BetsFeedEvent, ProcessedBet } from './bets-feed.types';

/** §9: recent bets kept. */
export const BETS_FEED_SIZE = 5;
/**
 * Bets waiting for their win, at most (oldest dropped first). The spec does not bound them; without a bound a
 * bet whose win never comes would stay for good.
 */
export const BETS_FEED_HELD_MAX = 50;

/** §7: the brand's public channel. */
export const publicChannelName = (casinoId: number) => `universal-public.${casinoId}`;

/** win / bet to two decimals; 0 when nothing was bet. */
export function multiplierOf(betCentavos: number, winCentavos: number): number {
  return betCentavos > 0 ? Math.round((winCentavos / betCentavos) * 100) / 100 : 0;
}

/** §4: the held bet and its win become one processed bet. */
export function settle(bet: BetEvent, win: BetEvent): ProcessedBet {
  return {
    transaction: bet.transaction,
    game: win.game || bet.game,
    user: bet.user || win.user,
    bet_amount: bet.amount,
    win_amount: win.amount,
    multiplier: multiplierOf(bet.amount, win.amount),
    date: win.date,
  };
}

/**
 * The live bets feed (spec §4 Bets feed). Listens to the brand's public channel through the channel machine
 * (`publicChannel`, invoked while listening): a `bet` is held as unprocessed by its transaction; a `win` with the
 * same transaction makes a processed bet, newest first, and removes the held one. Only the last 5 are kept.
 * A win with no held bet (a repeat, or one that came before its bet) is ignored, so a bet shows at most once.
 * States: idle (no brand yet, or stopped), listening.
 */
export const betsFeedMachine = setup({
  types: {
    context: {} as BetsFeedContext,
    events: {} as BetsFeedEvent,
  },
  actors: {
    /** The channel machine provided with the pusher-js adapter (src/app); unprovided it fails loudly. */
    publicChannel: channelMachine,
  },
  guards: {
    isBet: ({ event }) => event.type === 'realtime.betPlaced' && event.data.type === 'bet',
    settlesHeldBet: ({ context, event }) =>
      event.type === 'realtime.betPlaced' &&
      event.data.type === 'win' &&
      context.held.some((b) => b.transaction === event.data.transaction),
  },
  actions: {
    rememberBrand: assign({
      casinoId: ({ context, event }) => (event.type === 'betsFeed.start' ? event.casinoId : context.casinoId),
    }),
    holdBet: assign({
      held: ({ context, event }) => {
        if (event.type !== 'realtime.betPlaced') return context.held;
        const others = context.held.filter((b) => b.transaction !== event.data.transaction);
        return [...others, event.data].slice(-BETS_FEED_HELD_MAX);
      },
    }),
    settleBet: assign(({ context, event }) => {
      if (event.type !== 'realtime.betPlaced') return {};
      const win = event.data;
      const bet = context.held.find((b) => b.transaction === win.transaction);
      if (!bet) return {};
      return {
        held: context.held.filter((b) => b !== bet),
        bets: [settle(bet, win), ...context.bets.filter((b) => b.transaction !== win.transaction)].slice(
          0,
          BETS_FEED_SIZE,
        ),
      };
    }),
    forgetHeld: assign({ held: [] }),
  },
}).createMachine({
  id: 'betsFeed',
  context: { casinoId: null, held: [], bets: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'betsFeed.start': { target: 'listening', actions: 'rememberBrand' },
      },
    },
    listening: {
      invoke: {
        id: 'publicChannel',
        src: 'publicChannel',
        input: ({ context }): ChannelInput => ({
          channel: publicChannelName(context.casinoId ?? 0),
          events: ['BetPlaced'],
        }),
      },
      on: {
        'realtime.betPlaced': [
          { guard: 'isBet', actions: 'holdBet' },
          { guard: 'settlesHeldBet', actions: 'settleBet' },
        ],
        'betsFeed.stop': { target: 'idle', actions: 'forgetHeld' },
        /** Another brand (or the same one again): re-subscribe to its channel. */
        'betsFeed.start': { target: 'listening', reenter: true, actions: ['forgetHeld', 'rememberBrand'] },
      },
    },
  },
});
