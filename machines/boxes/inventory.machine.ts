import { assign, emit, sendTo, setup } from 'xstate';
import { failureOf, type Failure } from '../kernel/api-error';
import { notSupplied, notSuppliedCallback } from '../kernel/not-supplied';
import type { ChannelInput } from '../realtime/channel.types';
import { boxOpeningMachine } from './box-opening.machine';
import { reelSeedOf } from './box-page.machine';
import { boxSaleMachine, type BoxSaleInput } from './box-sale.machine';
import type { BoxesEmitted, BoxPrize, OpeningOutput, SaleOutput, UserBox, UserPrize } from './boxes.types';
import { playerChannel } from '../../shared/channels';

export interface InventoryInput {
  playerId: number;
  locale: 'pt' | 'en';
}

export interface Inventory {
  boxes: UserBox[];
  prizes: UserPrize[];
}

export interface InventoryContext extends InventoryInput, Inventory {
  /** What is being sold (the sale flow's input), while it is. */
  sale: BoxSaleInput | null;
  /** The owned box being opened here, and its box's prizes (the reel's tiles) once fetched. */
  opening: UserBox | null;
  openingPrizes: BoxPrize[];
  /** A box was granted while the lists were busy: they are fetched again once idle. */
  stale: boolean;
  failure: Failure | null;
}

export type InventoryEvent =
  | { type: 'inventory.retry' }
  /** The player sells one of their unopened boxes or prizes (the sale flow asks them to confirm). */
  | { type: 'inventory.sell'; kind: 'box' | 'prize'; id: number }
  /** The player opens one of their unopened boxes here, on the reel. */
  | { type: 'inventory.open'; id: number }
  /** The player closes the reel (before spinning: the box stays theirs, unopened). */
  | { type: 'inventory.closeOpening' }
  /** The player's channel: the platform granted them a box (`NotifyNewUserBox`). */
  | { type: 'realtime.notifyNewUserBox' }
  /**
   * The player's channel joined (first time or again): a box granted before it listened was never heard, so the
   * lists are fetched again (as the pix machine asks its payment's status on every join).
   */
  | { type: 'inventory.channelJoined' };

/**
 * /account/boxes and /account/items: the player's boxes (GET /boxes/user/get) and prizes
 * (GET /prizes/user), `loading` → `ready` or `failed` (§8's text, `inventory.retry`).
 *
 * - `inventory.sell` (an owned box or prize of the lists) → `selling`: the sale flow (`sale`,
 *   ./box-sale.machine.ts) asks the player to confirm with the value; sold → the balance goes to the session
 *   (`wallet.balanceReported`) and the lists are fetched again; cancelled → `ready`.
 * - `inventory.open` (an owned box of the list) → `opening`: its prizes are fetched, then the reel's opening flow
 *   (`opening`, ./box-opening.machine.ts) runs here; collected or sold (the balance reported) or closed, the lists
 *   are fetched again.
 * - Live: a box granted on the player's channel (`NotifyNewUserBox`) fetches the lists again (`refreshing`), at
 *   once when idle, else once the sale is over; so does every (re)join of the channel (`inventory.channelJoined`),
 *   for what was granted while it was not yet listening.
 */
export const inventoryMachine = setup({
  types: {
    context: {} as InventoryContext,
    events: {} as InventoryEvent,
    input: {} as InventoryInput,
    emitted: {} as BoxesEmitted,
  },
  actors: {
    loadInventory: notSupplied<Inventory, { locale: 'pt' | 'en' }>('inventory', 'loadInventory'),
    /** A box's prizes (GET /boxes/get/{id}/prizes), for the reel. */
    loadPrizes: notSupplied<BoxPrize[], { boxId: number; locale: 'pt' | 'en' }>('inventory', 'loadPrizes'),
    sale: boxSaleMachine,
    opening: boxOpeningMachine,
    /** The player's channel (the app supplies the realtime channel; its events come to this flow). */
    userChannel: notSuppliedCallback<{ type: string }, ChannelInput>('inventory', 'userChannel'),
  },
  guards: {
    stale: ({ context }) => context.stale,
    sold: ({ event }) => (event as { output?: SaleOutput }).output?.outcome === 'sold',
    soldPrize: ({ event }) => (event as { output?: OpeningOutput }).output?.outcome === 'sold',
    ownsBox: ({ context, event }) =>
      event.type === 'inventory.open' && context.boxes.some((b) => b.id === event.id && b.status === 'owned'),
    sellable: ({ context, event }) =>
      event.type === 'inventory.sell' &&
      (event.kind === 'box'
        ? context.boxes.some((b) => b.id === event.id && b.status === 'owned')
        : context.prizes.some((p) => p.id === event.id && p.status === 'owned')),
  },
  actions: {
    startOpening: assign({
      opening: ({ context, event }) =>
        event.type === 'inventory.open' ? (context.boxes.find((b) => b.id === event.id) ?? null) : null,
      failure: null,
    }),
    startSale: assign({
      sale: ({ context, event }) =>
        event.type !== 'inventory.sell'
          ? null
          : {
              kind: event.kind,
              id: event.id,
              value:
                event.kind === 'box'
                  ? (context.boxes.find((b) => b.id === event.id)?.box.sell_value ?? 0)
                  : (context.prizes.find((p) => p.id === event.id)?.prize.sell_value ?? 0),
            },
    }),
    /** A refresh left for the player's action: the lists are fetched again once it is over. */
    markStale: assign({ stale: true }),
    keepInventory: assign((_, inventory: Inventory) => ({
      boxes: inventory.boxes,
      prizes: inventory.prizes,
      failure: null,
    })),
  },
}).createMachine({
  id: 'inventory',
  context: ({ input }) => ({
    ...input,
    boxes: [],
    prizes: [],
    sale: null,
    opening: null,
    openingPrizes: [],
    stale: false,
    failure: null,
  }),
  invoke: {
    src: 'userChannel',
    input: ({ context }) => ({
      channel: playerChannel(context.playerId),
      events: ['NotifyNewUserBox'] as const,
    }),
  },
  on: {
    'realtime.notifyNewUserBox': { actions: assign({ stale: true }) },
    'inventory.channelJoined': { actions: assign({ stale: true }) },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        src: 'loadInventory',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: 'ready', actions: { type: 'keepInventory', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: { 'inventory.retry': { target: 'loading' } },
    },
    ready: {
      always: { guard: 'stale', target: 'refreshing' },
      on: {
        'inventory.open': { guard: 'ownsBox', target: 'opening', actions: 'startOpening' },
        'inventory.sell': { guard: 'sellable', target: 'selling', actions: 'startSale' },
      },
    },
    selling: {
      entry: sendTo('sale', { type: 'sale.start' as const }),
      exit: assign({ sale: null }),
      invoke: {
        id: 'sale',
        src: 'sale',
        input: ({ context }) => context.sale ?? { kind: 'prize' as const, id: 0, value: 0 },
        onDone: [
          {
            guard: 'sold',
            target: 'refreshing',
            actions: emit(({ event }) => ({
              type: 'wallet.balanceReported' as const,
              balance: event.output.outcome === 'sold' ? event.output.balance : 0,
            })),
          },
          { target: 'ready' },
        ],
      },
    },
    /**
     * An owned box opened here: its prizes are fetched (`preparing`; a refusal goes back with its text), then the
     * opening flow runs (`opening`: the reel). Once collected or sold (the balance reported), or closed before
     * spinning, the lists are fetched again.
     */
    opening: {
      exit: assign({ opening: null, openingPrizes: [] }),
      initial: 'preparing',
      states: {
        preparing: {
          invoke: {
            src: 'loadPrizes',
            input: ({ context }) => ({ boxId: context.opening?.box.id ?? 0, locale: context.locale }),
            onDone: { target: 'running', actions: assign({ openingPrizes: ({ event }) => event.output }) },
            onError: {
              target: '#inventory.ready',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
        running: {
          invoke: {
            id: 'opening',
            src: 'opening',
            input: ({ context }) => ({
              userBoxId: context.opening?.id ?? 0,
              prizes: context.openingPrizes,
              seed: context.opening ? reelSeedOf(context.opening) : 0,
            }),
            onDone: [
              {
                guard: 'soldPrize',
                target: '#inventory.refreshing',
                actions: emit(({ event }) => ({
                  type: 'wallet.balanceReported' as const,
                  balance: event.output.outcome === 'sold' ? event.output.balance : 0,
                })),
              },
              { target: '#inventory.refreshing' },
            ],
          },
        },
      },
      on: { 'inventory.closeOpening': { target: 'refreshing' } },
    },
    /** Fetched again (a sale, a granted box); the lists keep showing meanwhile. */
    /**
     * The lists are on screen while they are fetched again: the player's open or sell is taken at once (the fetch
     * is dropped and done again once that is over), never lost.
     */
    refreshing: {
      entry: assign({ stale: false }),
      on: {
        'inventory.open': { guard: 'ownsBox', target: 'opening', actions: ['startOpening', 'markStale'] },
        'inventory.sell': { guard: 'sellable', target: 'selling', actions: ['startSale', 'markStale'] },
      },
      invoke: {
        src: 'loadInventory',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: 'ready', actions: { type: 'keepInventory', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
});
