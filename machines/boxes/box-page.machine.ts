import { assign, emit, setup } from 'xstate';
import { failureOf, statusOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { boxOpeningMachine } from './box-opening.machine';
import { boxPurchaseMachine } from './box-purchase.machine';
import type { BoxesEmitted, BoxPageData, OpeningOutput, PurchaseOutput, UserBox } from './boxes.types';

export interface BoxPageInput {
  /** The box's slug (`/casino/box/:name`). */
  name: string;
  locale: 'pt' | 'en';
  signedIn: boolean;
}

export interface BoxPageContext extends BoxPageInput {
  data: BoxPageData | null;
  /** The owned box being opened (the reel's). */
  opening: UserBox | null;
  failure: Failure | null;
}

export type BoxPageEvent =
  | { type: 'boxPage.retry' }
  /** The player opens one of their unopened boxes of this kind. */
  | { type: 'boxPage.open'; userBoxId: number }
  /** The player leaves the reel before spinning (the box stays theirs, unopened). */
  | { type: 'boxPage.later' };

/** The seed of a reel's strip, from the owned box (the drawn tile itself is the platform's). */
export const reelSeedOf = (userBox: Pick<UserBox, 'id' | 'nonce'>): number =>
  (Math.imul(userBox.id, 2654435761) ^ userBox.nonce) >>> 0;

/**
 * /casino/box/:name: the box, its prizes with their odds, and for a signed-in player the provably-fair
 * commitment their next purchase is bound to and their unopened boxes of this kind (`loading` → `ready`;
 * `notFound` for an unknown box, `failed` with §8's text and `boxPage.retry` otherwise).
 *
 * - `ready` runs the purchase flow (`purchase`, ./box-purchase.machine.ts). Bought → the balance goes to the session
 *   (`wallet.balanceReported`) and the reel opens for the new box (`opening`); not enough balance →
 *   `boxes.depositWanted` (the app opens the deposit) and a fresh purchase flow.
 * - `boxPage.open` (one of the player's unopened boxes) → `opening` runs the opening flow (`opening`,
 *   ./box-opening.machine.ts). Once collected or sold (the balance reported), or left before spinning
 *   (`boxPage.later`), the page is fetched again (`refreshing`: the next commitment, the boxes left).
 */
export const boxPageMachine = setup({
  types: {
    context: {} as BoxPageContext,
    events: {} as BoxPageEvent,
    input: {} as BoxPageInput,
    emitted: {} as BoxesEmitted,
  },
  actors: {
    loadBoxPage: notSupplied<BoxPageData, BoxPageInput>('boxPage', 'loadBoxPage'),
    purchase: boxPurchaseMachine,
    opening: boxOpeningMachine,
  },
  guards: {
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    bought: ({ event }) => (event as { output?: PurchaseOutput }).output?.outcome === 'owned',
    soldPrize: ({ event }) => (event as { output?: OpeningOutput }).output?.outcome === 'sold',
    ownsBox: ({ context, event }) =>
      event.type === 'boxPage.open' && (context.data?.owned.some((b) => b.id === event.userBoxId) ?? false),
  },
  actions: {
    keepData: assign({ data: (_, data: BoxPageData) => data, failure: null }),
  },
}).createMachine({
  id: 'boxPage',
  context: ({ input }) => ({ ...input, data: null, opening: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBoxPage',
        input: ({ context }) => ({ name: context.name, locale: context.locale, signedIn: context.signedIn }),
        onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    failed: {
      on: { 'boxPage.retry': { target: 'loading' } },
    },
    notFound: {},
    ready: {
      invoke: {
        id: 'purchase',
        src: 'purchase',
        input: ({ context }) => ({ boxId: context.data?.box.id ?? 0 }),
        onDone: [
          {
            guard: 'bought',
            target: 'opening',
            actions: [
              assign({
                opening: ({ event }) => (event.output.outcome === 'owned' ? event.output.userBox : null),
              }),
              emit(({ event }) => ({
                type: 'wallet.balanceReported' as const,
                balance: event.output.outcome === 'owned' ? event.output.balance : 0,
              })),
            ],
          },
          { target: 'ready', reenter: true, actions: emit({ type: 'boxes.depositWanted' as const }) },
        ],
      },
      on: {
        'boxPage.open': {
          guard: 'ownsBox',
          target: 'opening',
          actions: assign({
            opening: ({ context, event }) => context.data?.owned.find((b) => b.id === event.userBoxId) ?? null,
          }),
        },
      },
    },
    opening: {
      exit: assign({ opening: null }),
      invoke: {
        id: 'opening',
        src: 'opening',
        input: ({ context }) => ({
          userBoxId: context.opening?.id ?? 0,
          prizes: context.data?.prizes ?? [],
          seed: context.opening ? reelSeedOf(context.opening) : 0,
        }),
        onDone: [
          {
            guard: 'soldPrize',
            target: 'refreshing',
            actions: emit(({ event }) => ({
              type: 'wallet.balanceReported' as const,
              balance: event.output.outcome === 'sold' ? event.output.balance : 0,
            })),
          },
          { target: 'refreshing' },
        ],
      },
      on: { 'boxPage.later': { target: 'refreshing' } },
    },
    /** The next commitment and the boxes left, fetched again; the page keeps showing meanwhile. */
    refreshing: {
      invoke: {
        src: 'loadBoxPage',
        input: ({ context }) => ({ name: context.name, locale: context.locale, signedIn: context.signedIn }),
        onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
});
