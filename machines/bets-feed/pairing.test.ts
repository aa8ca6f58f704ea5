import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetEvent, ProcessedBet } from './bets-feed.types';
import { BETS_FEED_HELD_MAX, multiplierOf, pairEvent, prepend, type PairingState } from './pairing';

/**
 * Property tests of the pairing rule (§4 Bets feed): a bet and its win (same transaction) make one processed bet,
 * whichever comes first, so any interleaving of the bets and the wins yields the same processed set.
 */

interface Round {
  transaction: string;
  bet: number;
  win: number;
  game: string;
  user: string;
  date: string;
}

const roundArb = fc.record({
  bet: fc.integer({ min: 0, max: 10_000_000 }),
  win: fc.integer({ min: 0, max: 100_000_000 }),
  game: fc.string({ maxLength: 20 }),
  user: fc.string({ maxLength: 12 }),
  date: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
});

/** Rounds with distinct transactions (at most the held bound: nothing is dropped for room). */
const roundsArb = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 0, maxLength: Math.min(30, BETS_FEED_HELD_MAX) })
  .chain((ids) => fc.tuple(...ids.map((id) => roundArb.map((r): Round => ({ ...r, transaction: id })))));

const eventsOf = (round: Round): [BetEvent, BetEvent] => [
  {
    type: 'bet',
    transaction: round.transaction,
    game: round.game,
    user: round.user,
    amount: round.bet,
    date: round.date,
  },
  {
    type: 'win',
    transaction: round.transaction,
    game: round.game,
    user: round.user,
    amount: round.win,
    date: round.date,
  },
];

const UNBOUNDED = { size: Number.MAX_SAFE_INTEGER };

function run(events: BetEvent[], options = UNBOUNDED): PairingState {
  return events.reduce<PairingState>((state, event) => pairEvent(state, event, options), { held: [], bets: [] });
}

const byTransaction = (bets: ProcessedBet[]) =>
  [...bets].sort((a, b) => (a.transaction < b.transaction ? -1 : a.transaction > b.transaction ? 1 : 0));

const expected = (rounds: Round[]): ProcessedBet[] =>
  byTransaction(
    rounds.map((r) => ({
      transaction: r.transaction,
      game: r.game,
      user: r.user,
      bet_amount: r.bet,
      win_amount: r.win,
      multiplier: multiplierOf(r.bet, r.win),
      date: r.date,
    })),
  );

/** Any order of the events: a permutation of every bet and win (bets and wins interleaved in any way). */
const shuffledArb = (events: BetEvent[]) =>
  fc.array(fc.nat(), { minLength: events.length, maxLength: events.length }).map((keys) =>
    events
      .map((e, i) => [keys[i] ?? 0, i, e] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map((x) => x[2]),
  );

describe('pairing rule (property tests)', () => {
  it('any interleaving of the bets and the wins yields the same processed set, with nothing left held', () => {
    fc.assert(
      fc.property(
        roundsArb.chain((rounds) => fc.tuple(fc.constant(rounds), shuffledArb(rounds.flatMap(eventsOf)))),
        ([rounds, events]) => {
          const state = run(events);
          expect(byTransaction(state.bets)).toEqual(expected(rounds));
          expect(state.held).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('two different interleavings of the same events give the same processed set', () => {
    fc.assert(
      fc.property(
        roundsArb.chain((rounds) => {
          const events = rounds.flatMap(eventsOf);
          return fc.tuple(shuffledArb(events), shuffledArb(events));
        }),
        ([a, b]) => {
          expect(byTransaction(run(a).bets)).toEqual(byTransaction(run(b).bets));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('repeated events (a redelivery) never list a transaction twice nor change the processed set', () => {
    fc.assert(
      fc.property(
        roundsArb.chain((rounds) => {
          const events = rounds.flatMap(eventsOf);
          return fc.tuple(
            fc.constant(rounds),
            shuffledArb(events),
            fc.array(fc.nat({ max: Math.max(0, events.length - 1) }), { maxLength: 20 }),
          );
        }),
        ([rounds, events, repeats]) => {
          const withRepeats = [...events, ...repeats.flatMap((i) => (events[i] ? [events[i]] : []))];
          const state = run(withRepeats);
          const ids = state.bets.map((b) => b.transaction);
          expect(new Set(ids).size).toBe(ids.length);
          expect(byTransaction(state.bets)).toEqual(expected(rounds));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the kept list is the last `size` settled, newest first; the held events never exceed their bound', () => {
    fc.assert(
      fc.property(
        roundsArb.chain((rounds) => fc.tuple(fc.constant(rounds), shuffledArb(rounds.flatMap(eventsOf)))),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        ([, events], size, heldMax) => {
          let state: PairingState = { held: [], bets: [] };
          let unbounded: PairingState = { held: [], bets: [] };
          let small: PairingState = { held: [], bets: [] };
          for (const event of events) {
            state = pairEvent(state, event, { size, heldMax: Number.MAX_SAFE_INTEGER });
            unbounded = pairEvent(unbounded, event, UNBOUNDED);
            expect(state.bets).toEqual(unbounded.bets.slice(0, size));
            small = pairEvent(small, event, { size, heldMax });
            expect(small.held.length).toBeLessThanOrEqual(heldMax);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prepend keeps a transaction once, newest first, at most `size`', () => {
    const bet = (transaction: string): ProcessedBet => ({
      transaction,
      game: 'g',
      user: 'u',
      bet_amount: 1,
      win_amount: 0,
      multiplier: 0,
      date: '',
    });
    expect(prepend([bet('a'), bet('b')], bet('a'), 5).map((b) => b.transaction)).toEqual(['a', 'b']);
    expect(prepend([bet('a'), bet('b')], bet('c'), 2).map((b) => b.transaction)).toEqual(['c', 'a']);
  });
});
