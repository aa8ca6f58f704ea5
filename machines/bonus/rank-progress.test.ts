import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankBadgePath, rankProgress, sortedLevels } from './rank-progress';

const levels = [
  { level: 1, name: 'Bronze', totalBet: 0 },
  { level: 2, name: 'Prata', totalBet: 10_000 },
  { level: 3, name: 'Ouro', totalBet: 50_000 },
];

describe('rank progress', () => {
  it('is the rounded percentage between the current level and the next', () => {
    expect(rankProgress(levels, 1, 3_333)).toEqual({
      level: 1,
      nextLevel: 2,
      percent: 33,
      needed: 6_667,
      badge: '/assets/images/ranks/1.webp',
    });
    expect(rankProgress(levels, 2, 30_000)).toMatchObject({ nextLevel: 3, percent: 50, needed: 20_000 });
    expect(rankProgress(levels, 1, 9_950).percent).toBe(100); // 99.5 rounds up
    expect(rankProgress(levels, 1, 9_949).percent).toBe(99);
  });

  it('exactly on a threshold is 0 of the new level, and 100 of the one before', () => {
    expect(rankProgress(levels, 2, 10_000)).toMatchObject({ percent: 0, needed: 40_000 });
    expect(rankProgress(levels, 1, 10_000)).toMatchObject({ percent: 100, needed: 0 });
  });

  it('is clamped to 0–100 (a bet below the level, or already past the next)', () => {
    expect(rankProgress(levels, 2, 5_000).percent).toBe(0);
    expect(rankProgress(levels, 1, 80_000)).toMatchObject({ percent: 100, needed: 0 });
  });

  it('at or above the top level: 100 with no needed bet', () => {
    expect(rankProgress(levels, 3, 60_000)).toEqual({
      level: 3,
      nextLevel: null,
      percent: 100,
      needed: null,
      badge: '/assets/images/ranks/3.webp',
    });
    expect(rankProgress(levels, 7, 0)).toMatchObject({ level: 7, nextLevel: null, percent: 100, needed: null });
    expect(rankProgress([], 1, 0)).toMatchObject({ percent: 100, needed: null });
  });

  it('reads unsorted levels in order', () => {
    const shuffled = [levels[2], levels[0], levels[1]];
    expect(rankProgress(shuffled, 1, 5_000)).toMatchObject({ nextLevel: 2, percent: 50 });
  });

  it('a missing or malformed level is level 1', () => {
    for (const bad of [undefined, null, 0, -2, 1.5, '2', Number.NaN]) {
      expect(rankProgress(levels, bad, 5_000)).toMatchObject({ level: 1, nextLevel: 2, percent: 50 });
      expect(rankBadgePath(bad)).toBe('/assets/images/ranks/1.webp');
    }
  });

  it('a player level missing from the list counts from the highest level below it', () => {
    const gappy = [levels[0], { level: 4, totalBet: 100_000 }];
    expect(rankProgress(gappy, 2, 50_000)).toMatchObject({ level: 2, nextLevel: 4, percent: 50 });
  });

  it('two levels with the same threshold: the next is reached at once', () => {
    expect(rankProgress([levels[0], { level: 2, totalBet: 0 }], 1, 0)).toMatchObject({ percent: 100, needed: 0 });
  });

  it('leaves malformed levels out; a malformed total bet is 0', () => {
    const messy = [
      null,
      'x',
      { level: 0, totalBet: 5 },
      { level: 2, totalBet: -1 },
      ...levels,
      { level: 2, totalBet: 1 },
    ];
    expect(sortedLevels(messy)).toEqual(levels);
    expect(sortedLevels('nope' as unknown as unknown[])).toEqual([]);
    expect(rankProgress(levels, 1, Number.POSITIVE_INFINITY).percent).toBe(0);
  });

  it('is always an integer within 0–100', () => {
    const level = fc.record({ level: fc.integer({ min: 1, max: 10 }), totalBet: fc.integer({ min: 0, max: 1e7 }) });
    fc.assert(
      fc.property(fc.array(level), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 2e7 }), (ls, l, bet) => {
        const { percent, needed } = rankProgress(ls, l, bet);
        return Number.isInteger(percent) && percent >= 0 && percent <= 100 && (needed === null || needed >= 0);
      }),
    );
  });
});
