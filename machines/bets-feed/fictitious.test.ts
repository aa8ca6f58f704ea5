import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskName } from './masking';
import {
  drawAmount,
  drawFictitiousBet,
  drawMultiplier,
  draws,
  FICTITIOUS_GAMES,
  FICTITIOUS_NAMES,
  HIGH_BAND,
  LOW_BAND,
  LOW_BAND_PROBABILITY,
  MAX_WIN_MULTIPLIER,
  MIN_WIN_MULTIPLIER,
  nextRandom,
  toSeed,
} from './fictitious';

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe('fictitious draws (§9)', () => {
  it('an amount is in the low band (R$ 0,40 – 150) or the high band (R$ 500 – 50.000), in steps', () => {
    fc.assert(
      fc.property(unit, unit, (band, at) => {
        const amount = drawAmount(band, at);
        const expected = band < LOW_BAND_PROBABILITY ? LOW_BAND : HIGH_BAND;
        expect(Number.isInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(expected.min);
        expect(amount).toBeLessThanOrEqual(expected.max);
        expect(amount % expected.step).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('the low band is drawn with probability 0.6 (10,000 draws from a seed)', () => {
    let seed = 12345;
    let low = 0;
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      const draw = drawFictitiousBet(seed, 0);
      if (draw.bet.bet_amount <= LOW_BAND.max) low += 1;
      seed = draw.seed;
    }
    expect(low / n).toBeGreaterThan(0.58);
    expect(low / n).toBeLessThan(0.62);
  });

  it('a multiplier is 0 (a loss) or within its bounds, two decimals', () => {
    fc.assert(
      fc.property(unit, unit, (outcome, tail) => {
        const m = drawMultiplier(outcome, tail);
        if (m === 0) return;
        expect(m).toBeGreaterThanOrEqual(MIN_WIN_MULTIPLIER);
        expect(m).toBeLessThanOrEqual(MAX_WIN_MULTIPLIER);
        expect(Math.round(m * 100) / 100).toBe(m);
      }),
    );
  });

  it('the same seed and date give the same bet; the bet is a consistent processed bet with a masked name', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: 4_102_444_800_000 }), (seed, date) => {
        const a = drawFictitiousBet(seed, date);
        expect(drawFictitiousBet(seed, date)).toEqual(a);
        expect(a.seed).not.toBe(toSeed(seed));
        expect(a.bet.fictitious).toBe(true);
        expect(a.bet.date).toBe(new Date(date).toISOString());
        expect(FICTITIOUS_GAMES).toContain(a.bet.game);
        expect(FICTITIOUS_NAMES.map(maskName)).toContain(a.bet.user);
        expect(Number.isInteger(a.bet.win_amount)).toBe(true);
        expect(a.bet.win_amount === 0 || a.bet.win_amount > a.bet.bet_amount).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('uniform draws stay in [0, 1) and a sequence of draws is the draws one by one', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const [v, next] = nextRandom(seed);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(1);
        const [values, after] = draws(seed, 3);
        expect(values[0]).toBe(v);
        expect(draws(next, 2)).toEqual([values.slice(1), after]);
      }),
    );
    expect(toSeed(-1)).toBe(2 ** 32 - 1);
    expect(toSeed(Number.NaN)).toBe(0);
    expect(drawFictitiousBet(1, Number.NaN).bet.date).toBe(new Date(0).toISOString());
    expect(FICTITIOUS_GAMES).toContain(drawFictitiousBet(1, 0, []).bet.game);
  });
});
