import { assign, setup } from 'xstate';
import { failureOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { BoxPrize, Opened, OpeningOutput, SaleRequest, Sold } from './boxes.types';
import { buildReel, REEL_ITEM_WIDTH, type Reel } from './reel';

/** The reel turns at least this long, even when the draw is in at once (a real case-opening spin). */
export const MIN_SPIN_MS = 1500;
/** Then it slows down onto the drawn prize over this long (the screen's transition uses the same figure). */
export const LAND_MS = 3500;
/** With `prefers-reduced-motion`: no spin, a short fade onto the prize. */
export const REDUCED_MIN_SPIN_MS = 0;
export const REDUCED_LAND_MS = 200;

export interface BoxOpeningInput {
  /** The player's owned box (`UserBox.id`). */
  userBoxId: number;
  /** The box's prizes (the reel's tiles). */
  prizes: BoxPrize[];
  /** Seeds the reel's strip (which tiles pass by; the drawn one is the platform's). */
  seed: number;
}

export interface BoxOpeningContext extends BoxOpeningInput {
  /** The player's system asks for reduced motion (read when they press open: `opening.spin`). */
  reducedMotion: boolean;
  opened: Opened | null;
  reel: Reel<BoxPrize> | null;
  balance: number | null;
  /** This browser's re-computation of the revealed draw (./shared/boxes-fair.ts): null until it is done. */
  verified: boolean | null;
  failure: Failure | null;
}

/** What the verification re-computes: the revealed draw and the box's prizes. */
export interface VerifyInput {
  opened: Opened | null;
  prizes: BoxPrize[];
}

export type BoxOpeningEvent =
  | { type: 'opening.spin'; reducedMotion: boolean }
  | { type: 'opening.retry'; reducedMotion: boolean }
  | { type: 'opening.collect' }
  | { type: 'opening.sell' };

/**
 * Opening an owned box (spec §7 POST /boxes/open): `ready` → `opening.spin` → `spinning`, where the draw
 * (POST /boxes/open) and the reel's minimum spin run side by side; the reel lands (`landing`, then `revealed`) only
 * once BOTH the answer is in and the minimum time has passed, onto the strip built for the drawn prize (./reel.ts).
 * Reduced motion (`reducedMotion` of `opening.spin`, read from the player's system when they press it): no spin
 * and a short landing. A refusal while spinning → `failed` (§8's text; nothing moved: the
 * box is still owned), `opening.retry` spins again. Revealed: the draw is re-computed in the browser from the revealed seed (`verified`); `opening.collect` → `collected` (the prize stays the
 * player's, under /account/items), or `opening.sell` → `selling` (POST /prizes/sell) → `sold` with the balance; a
 * refused sale goes back to `revealed` with its text.
 */
export const boxOpeningMachine = setup({
  types: {
    context: {} as BoxOpeningContext,
    events: {} as BoxOpeningEvent,
    input: {} as BoxOpeningInput,
    output: {} as OpeningOutput,
  },
  actors: {
    openBox: notSupplied<Opened, { userBoxId: number }>('boxOpening', 'openBox'),
    sell: notSupplied<Sold, SaleRequest>('boxOpening', 'sell'),
    /** Re-computes the revealed draw in the browser (hash, roll, prize): true when everything matches. */
    verify: notSupplied<boolean, VerifyInput>('boxOpening', 'verify'),
  },
  actions: {
    keepMotion: assign({
      reducedMotion: ({ context, event }) =>
        event.type === 'opening.spin' || event.type === 'opening.retry' ? event.reducedMotion : context.reducedMotion,
    }),
  },
  delays: {
    minSpin: ({ context }) => (context.reducedMotion ? REDUCED_MIN_SPIN_MS : MIN_SPIN_MS),
    land: ({ context }) => (context.reducedMotion ? REDUCED_LAND_MS : LAND_MS),
  },
}).createMachine({
  id: 'boxOpening',
  context: ({ input }) => ({
    ...input,
    reducedMotion: false,
    opened: null,
    reel: null,
    balance: null,
    verified: null,
    failure: null,
  }),
  initial: 'ready',
  output: ({ context }): OpeningOutput =>
    context.balance !== null
      ? { outcome: 'sold', balance: context.balance }
      : { outcome: 'collected', prize: context.opened?.prize as NonNullable<Opened['prize']> },
  states: {
    ready: {
      on: { 'opening.spin': { target: 'spinning', actions: 'keepMotion' } },
    },
    spinning: {
      type: 'parallel',
      entry: assign({ failure: null }),
      states: {
        draw: {
          initial: 'waiting',
          states: {
            waiting: {
              invoke: {
                src: 'openBox',
                input: ({ context }) => ({ userBoxId: context.userBoxId }),
                onDone: {
                  target: 'drawn',
                  actions: assign({
                    opened: ({ event }) => event.output,
                    reel: ({ context, event }) =>
                      buildReel({
                        prizes: context.prizes,
                        drawn: event.output.prize.prize,
                        itemWidth: REEL_ITEM_WIDTH,
                        seed: context.seed,
                      }),
                  }),
                },
                onError: {
                  target: '#boxOpening.failed',
                  actions: assign({ failure: ({ event }) => failureOf(event.error) }),
                },
              },
            },
            drawn: { type: 'final' },
          },
        },
        clock: {
          initial: 'turning',
          states: {
            turning: { after: { minSpin: 'turned' } },
            turned: { type: 'final' },
          },
        },
      },
      onDone: { target: 'landing' },
    },
    /** The strip slows down onto the drawn prize. */
    landing: {
      after: { land: 'revealed' },
    },
    /**
     * The prize is shown; the draw is re-computed in the browser from the revealed seed (a failed check, or one that
     * could not run, shows as not verified).
     */
    revealed: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ opened: context.opened, prizes: context.prizes }),
        onDone: { actions: assign({ verified: ({ event }) => event.output }) },
        onError: { actions: assign({ verified: false }) },
      },
      on: {
        'opening.collect': { target: 'collected' },
        'opening.sell': { target: 'selling' },
      },
    },
    selling: {
      invoke: {
        src: 'sell',
        input: ({ context }) => ({ kind: 'prize' as const, id: context.opened?.prize.id ?? 0 }),
        onDone: { target: 'sold', actions: assign({ balance: ({ event }) => event.output.balance }) },
        onError: { target: 'revealed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    /** The draw was refused (nothing moved: the box is still owned). */
    failed: {
      on: { 'opening.retry': { target: 'spinning', actions: 'keepMotion' } },
    },
    collected: { type: 'final' },
    sold: { type: 'final' },
  },
});
