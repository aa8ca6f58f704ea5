import { assign, setup, type EventObject } from 'xstate';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput } from '../realtime/channel.types';
import type { BetsFeedContext, BetsFeedEvent, BetsFeedInput, ProcessedBet } from './bets-feed.types';
import { notSuppliedCallback } from '../kernel/not-supplied';
import type { FictitiousBetsInput } from './bets-feed.types';
import { toSeed } from './fictitious';
import { BETS_FEED_SIZE, pairEvent, prepend } from './pairing';
import { HIGH_ROLLER_MIN_BET } from './bets-feed.tabs';
import { playerChannel, publicChannel } from '../../shared/channels';

export { BETS_FEED_HELD_MAX, BETS_FEED_SIZE, multiplierOf, settle } from './pairing';
export { HIGH_ROLLER_MIN_BET, tabOf } from './bets-feed.tabs';

/**
 * Fictitious bets fill a quiet feed and never push out fresh real ones: once a real bet is settled on the public
 * channel the generator rests until no real bet has been settled for this long.
 */
export const REAL_BETS_QUIET_MS = 30_000;
/** The generator's seed when none is given (tests and charts: the same bets every run). */
export const DEFAULT_FICTITIOUS_SEED = 0x5eed;

/** §7: the brand's public channel. */
export const publicChannelName = publicChannel;
/** §7: the player's own channel (the session joins it too; the adapter shares one subscription). */
export const playerChannelName = (playerId: number) => playerChannel(playerId);

export const isHighRoller = (bet: ProcessedBet) => bet.bet_amount >= HIGH_ROLLER_MIN_BET;

/**
 * The live bets feed (spec §4 Bets feed, §9), three regions:
 *
 * - `live`: idle (no brand yet, or stopped) or listening. Listening, it invokes the brand's public channel
 *   (`publicChannel`, BetPlaced). A `bet` and its `win` (same transaction, in either order) make one processed
 *   bet (`pairEvent`); the last 5 are kept (`bets`), and the last 5 of at least `HIGH_ROLLER_MIN_BET` too
 *   (`highRollers`). A repeat of a shown bet is ignored, so a bet shows at most once. Listening is `quiet`
 *   (the fictitious generator, `fictitiousBets`, adds a bet every 1500 ms) or `busy` (a real bet was settled
 *   less than `realBetsQuiet`, 30 s, ago: the generator rests, real bets are not pushed out by drawn ones).
 * - `mine`: off, or on while the root says a signed-in player's user channel is joined (`betsFeed.player`): it
 *   invokes that channel (`playerChannel`, BetPlaced: the player's own bets with their own name) and pairs them
 *   into `mine` the same way. Another player, or none, forgets them.
 * - `tab`: all, highRollers or mine: what the list shows (`betsFeed.showTab`).
 */
export const betsFeedMachine = setup({
  types: {
    context: {} as BetsFeedContext,
    events: {} as BetsFeedEvent,
    input: {} as BetsFeedInput | undefined,
  },
  delays: {
    realBetsQuiet: REAL_BETS_QUIET_MS,
  },
  actors: {
    /** The channel machine provided with the pusher-js adapter (src/app); unprovided it fails loudly. */
    publicChannel: channelMachine,
    /** The same, for the signed-in player's own channel. */
    playerChannel: channelMachine,
    /**
     * The fictitious generator (`fictitious-bets.machine.ts`): the app supplies it fetched in a chunk of its own
     * (src/app/fictitious-bets.ts), tests supply the machine itself. Unsupplied it fails loudly.
     */
    fictitiousBets: notSuppliedCallback<EventObject, FictitiousBetsInput>('betsFeed', 'fictitiousBets'),
  },
  guards: {
    fromPublicChannel: ({ context, event }) =>
      event.type === 'realtime.betPlaced' &&
      context.casinoId !== null &&
      event.channel === publicChannelName(context.casinoId),
    fromPlayerChannel: ({ context, event }) =>
      event.type === 'realtime.betPlaced' &&
      context.playerId !== null &&
      event.channel === playerChannelName(context.playerId),
    settlesPublicBet: ({ context, event }) =>
      event.type === 'realtime.betPlaced' &&
      context.casinoId !== null &&
      event.channel === publicChannelName(context.casinoId) &&
      pairEvent({ held: context.held, bets: context.bets }, event.data).settled !== null,
    isPlayer: ({ event }) => event.type === 'betsFeed.player' && event.playerId !== null,
    isSamePlayer: ({ context, event }) => event.type === 'betsFeed.player' && event.playerId === context.playerId,
    showsAll: ({ event }) => event.type === 'betsFeed.showTab' && event.tab === 'all',
    showsHighRollers: ({ event }) => event.type === 'betsFeed.showTab' && event.tab === 'highRollers',
  },
  actions: {
    rememberBrand: assign({
      casinoId: ({ context, event }) => (event.type === 'betsFeed.start' ? event.casinoId : context.casinoId),
    }),
    pairPublic: assign(({ context, event }) => {
      if (event.type !== 'realtime.betPlaced') return {};
      const next = pairEvent({ held: context.held, bets: context.bets }, event.data);
      return {
        held: next.held,
        bets: next.bets,
        highRollers:
          next.settled && isHighRoller(next.settled) ? prepend(context.highRollers, next.settled) : context.highRollers,
      };
    }),
    addFictitious: assign(({ context, event }) => {
      if (event.type !== 'betsFeed.fictitious') return {};
      return {
        bets: prepend(context.bets, event.bet, BETS_FEED_SIZE),
        highRollers: isHighRoller(event.bet) ? prepend(context.highRollers, event.bet) : context.highRollers,
        fictitious: { ...context.fictitious, seed: event.seed },
      };
    }),
    forgetHeld: assign({ held: [] }),
    rememberPlayer: assign({
      playerId: ({ context, event }) => (event.type === 'betsFeed.player' ? event.playerId : context.playerId),
    }),
    forgetPlayer: assign({ playerId: null }),
    pairMine: assign(({ context, event }) => {
      if (event.type !== 'realtime.betPlaced') return {};
      const next = pairEvent({ held: context.mineHeld, bets: context.mine }, event.data);
      return { mineHeld: next.held, mine: next.bets };
    }),
    forgetMine: assign({ mineHeld: [], mine: [] }),
  },
}).createMachine({
  id: 'betsFeed',
  context: ({ input }) => ({
    casinoId: null,
    held: [],
    bets: [],
    highRollers: [],
    playerId: null,
    mineHeld: [],
    mine: [],
    fictitious: {
      seed: toSeed(input?.fictitious?.seed ?? DEFAULT_FICTITIOUS_SEED),
      now: input?.fictitious?.now ?? (() => Date.now()),
      ...(input?.fictitious?.games ? { games: input.fictitious.games } : {}),
    },
  }),
  type: 'parallel',
  states: {
    live: {
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
            'betsFeed.stop': { target: 'idle', actions: 'forgetHeld' },
            /** Another brand (or the same one again): re-subscribe to its channel. */
            'betsFeed.start': { target: 'listening', reenter: true, actions: ['forgetHeld', 'rememberBrand'] },
          },
          initial: 'quiet',
          states: {
            /** No real bet lately: the generator draws one every 1500 ms. */
            quiet: {
              invoke: { id: 'fictitiousBets', src: 'fictitiousBets', input: ({ context }) => context.fictitious },
              on: {
                'betsFeed.fictitious': { actions: 'addFictitious' },
                'realtime.betPlaced': [
                  { guard: 'settlesPublicBet', target: 'busy', actions: 'pairPublic' },
                  { guard: 'fromPublicChannel', actions: 'pairPublic' },
                ],
              },
            },
            /** A real bet was just settled: the generator rests until real bets have been quiet for 30 s. */
            busy: {
              after: { realBetsQuiet: { target: 'quiet' } },
              on: {
                'realtime.betPlaced': [
                  { guard: 'settlesPublicBet', target: 'busy', reenter: true, actions: 'pairPublic' },
                  { guard: 'fromPublicChannel', actions: 'pairPublic' },
                ],
              },
            },
          },
        },
      },
    },
    mine: {
      initial: 'off',
      states: {
        off: {
          on: {
            'betsFeed.player': { guard: 'isPlayer', target: 'on', actions: 'rememberPlayer' },
          },
        },
        on: {
          invoke: {
            id: 'playerChannel',
            src: 'playerChannel',
            input: ({ context }): ChannelInput => ({
              channel: playerChannelName(context.playerId ?? 0),
              events: ['BetPlaced'],
            }),
          },
          on: {
            'realtime.betPlaced': { guard: 'fromPlayerChannel', actions: 'pairMine' },
            'betsFeed.player': [
              { guard: 'isSamePlayer' },
              { guard: 'isPlayer', target: 'on', reenter: true, actions: ['forgetMine', 'rememberPlayer'] },
              { target: 'off', actions: ['forgetMine', 'forgetPlayer'] },
            ],
          },
        },
      },
    },
    tab: {
      initial: 'all',
      on: {
        'betsFeed.showTab': [
          { guard: 'showsAll', target: '.all' },
          { guard: 'showsHighRollers', target: '.highRollers' },
          { target: '.mine' },
        ],
      },
      states: {
        all: {},
        highRollers: {},
        mine: {},
      },
    },
  },
});
